/**
 * End-to-end, in Debian's Chromium: the Camelot board's other ways in — a move made with the keyboard alone
 * (Tab to the board, whose cursor is on a piece that may move, Enter, M to a square of its path, Enter), and a move dragged with the mouse.
 * Two people at one screen, so every move is the person's.
 */
import { describe, expect, it } from 'vitest';
import { nextTurn, screenshot, useStaticClient, instant, tellsMove } from './harness.ts';

const client = useStaticClient();

describe('Camelot board input', () => {
  it('plays a move with the keyboard alone, then one by dragging a piece', async () => {
    const context = await client.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
    const page = await context.newPage();
    await instant(page);
    page.on('pageerror', (e) => console.error('page error:', e.message));
    await page.goto(`${client.url}/`);
    await page.click('[data-testid=play-camelot]');
    await page.waitForSelector('[data-testid=create]:not([disabled])');
    await page.selectOption('[data-testid=seat-0]', 'human');
    await page.selectOption('[data-testid=seat-1]', 'human');
    await page.fill('[data-testid=seed]', '3');
    await page.click('[data-testid=create]');
    await page.waitForSelector('[data-testid=board]');
    let legal = await nextTurn(page, null);
    expect(legal).not.toBeNull();

    // Keyboard: the board is one Tab stop (a grid), its cursor first on a piece of White's that may move; every
    // square is named, the pieces that may move say so.
    const stops = await page.$$eval('[data-testid=board] rect[tabindex="0"]', (els) =>
      els.map((e) => e.getAttribute('data-square')),
    );
    const starts = new Set(legal!.map((m) => m.split(/[-x]/)[0]!.toUpperCase()));
    expect(stops.length).toBe(1);
    expect(starts.has(stops[0]!)).toBe(true);
    expect(await page.getAttribute(`[data-testid=board] rect[data-square=${stops[0]}]`, 'aria-label')).toMatch(
      /^[A-L]\d+, white (man|knight), can move$/,
    );
    const named = await page.$$eval(
      '[data-testid=board] [role=gridcell]',
      (els) => els.filter((e) => !e.getAttribute('aria-label')).length,
    );
    expect(named).toBe(0);
    // Tab from the flip button (just before the board) reaches it.
    await page.focus('[data-testid=flip]');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-square'))).toBe(stops[0]);
    await page.keyboard.press('Enter');
    // Now M goes to the squares that continue a move from that piece.
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=board] rect.next').length > 0);
    await page.keyboard.press('m');
    const focused = await page.evaluate(() => document.activeElement?.getAttribute('data-square') ?? null);
    expect(await page.$(`[data-testid=board] rect.next[data-square=${focused}]`)).not.toBeNull();
    const ply = await page.getAttribute('[data-testid=table]', 'data-ply');
    await page.keyboard.press('Enter');
    // A path that may go on is played with Enter on the board (the focus stays in it).
    if ((await page.getAttribute('[data-testid=table]', 'data-ply')) === ply) await page.keyboard.press('Enter');
    await page.waitForFunction(
      (before) => document.querySelector('[data-testid=table]')?.getAttribute('data-ply') !== before,
      ply,
    );
    // The focus stays on the board, on the square the piece went to (issue 34: never the page's body).
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-square') ?? null)).toBe(focused);
    const log = await page.textContent('[data-testid=log]');
    // The log tells it in words: "… from <first square> … to <the square played>".
    expect(tellsMove(log ?? '', `${stops[0]}-${focused}`)).toBe(true);
    await screenshot(page, 'camelot-keyboard');

    // Drag: Black's piece is pressed on its square and released on a square its move reaches.
    legal = await nextTurn(page, ply);
    const plain = legal!.find((m) => /^[A-L]\d+-[A-L]\d+$/i.test(m))!;
    const [from, to] = plain.toUpperCase().split('-') as [string, string];
    const box = async (square: string) =>
      (await page.$(`[data-testid=board] rect[data-square=${square}]`))!.boundingBox();
    const a = (await box(from))!;
    const b = (await box(to))!;
    const before = await page.getAttribute('[data-testid=table]', 'data-ply');
    await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
    await page.mouse.down();
    await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 5 });
    await page.mouse.up();
    await page.waitForFunction(
      (p) => document.querySelector('[data-testid=table]')?.getAttribute('data-ply') !== p,
      before,
    );
    expect(tellsMove((await page.textContent('[data-testid=log]')) ?? '', `${from}-${to}`)).toBe(true);
    await context.close();
  }, 60_000);
});
