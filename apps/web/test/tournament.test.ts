/**
 * End-to-end, in Debian's Chromium: the Tournament at Camelot table, a hot-seat match against two bots played to
 * its end through the table (cards clicked in the hand, Merlin declared with the chooser, godsends and heroes
 * picked with their buttons, the move box as a fallback), with a greyed-out card's reason and a screenshot.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { nextTurn, screenshot, typeMove, useStaticClient, instant } from './harness.ts';

const client = useStaticClient();

async function startLocal(page: Page, seats: string[], life: number, seed: string): Promise<void> {
  await page.goto(`${client.url}/`);
  await page.click('[data-testid=play-tournament]');
  await page.waitForSelector('[data-testid=create]:not([disabled])');
  if (await page.$('[data-testid=players]')) await page.selectOption('[data-testid=players]', String(seats.length));
  for (let i = 0; i < seats.length; i++) await page.selectOption(`[data-testid=seat-${i}]`, seats[i] as string);
  await page.fill('[data-testid=opt-life]', String(life));
  await page.fill('[data-testid=seed]', seed);
  await page.click('[data-testid=create]');
  await page.waitForSelector('.tournament-table, [data-testid=privacy]');
}


describe('Tournament at Camelot', () => {
  it('plays a whole 3-knight match against two bots through the table', async () => {
    const started = Date.now();
    const context = await client.browser.newContext({ viewport: { width: 1100, height: 900 }, locale: 'en-GB' });
    const page = await context.newPage();
    await instant(page);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await startLocal(page, ['human', 'bot:easy', 'bot:easy'], 250, '12');
    let ply: string | null = null;
    let moves = 0;
    let explained = false;
    let declared = false;
    let shot = false;
    const used = { card: 0, button: 0, typed: 0, power: 0 };
    for (; moves < 400; moves++) {
      const legal = await nextTurn(page, ply, 20_000);
      if (legal === null) break;
      ply = await page.getAttribute('[data-testid=table]', 'data-ply');
      // Once: click a greyed-out card and read the engine's reason.
      if (!explained && legal.some((m) => m.startsWith('play ')) && (await page.$('[data-testid=unplayable]'))) {
        await page.click('[data-testid=unplayable]', { force: true });
        await page.waitForFunction(() => (document.querySelector('[data-testid=reason]')?.textContent ?? '') !== '');
        const reason = (await page.textContent('[data-testid=reason]')) ?? '';
        expect(reason).toMatch(/follow|Alchemy|discard|dishonour/i);
        explained = true;
      }
      // The table's picture: later in the match, with cards in the combat and in the wound piles.
      if (!shot && (await page.$$('[data-testid=played]')).length >= 1 && (await page.$$('[data-testid^=pile-] .card')).length >= 4) {
        if (await page.$('[data-testid=unplayable]')) {
          await page.click('[data-testid=unplayable]', { force: true });
          await page.waitForFunction(() => (document.querySelector('[data-testid=reason]')?.textContent ?? '') !== '');
        }
        await screenshot(page, 'tournament-table');
        shot = true;
      }
      // Merlin or Apprenti in hand: declare it with the chooser (suit, then value).
      const joker = legal.find((m) => /^play (merlin|apprenti) /.test(m));
      if (!declared && joker) {
        await page.click(`[data-testid=hand] [data-card=${joker.split(' ')[1]}]`);
        await page.waitForSelector('[data-testid=declare]');
        if (!(await page.$('[data-testid=declare] .t-values'))) await page.click('[data-testid=declare] .t-suit');
        await page.click('[data-testid=declare] .t-values button');
        declared = true;
        used.card++;
        continue;
      }
      // Once: use a power through its button (and its arguments' chooser when it has some).
      if (used.power === 0 && (await page.$('[data-testid=powers] button'))) {
        await page.click('[data-testid=powers] button');
        if (await page.$('[data-testid=power-args]')) await page.click('[data-testid=power-args] button[data-move]');
        used.power++;
        continue;
      }
      const playable = await page.$('[data-testid=hand] [data-testid=playable]:not([data-card=merlin]):not([data-card=apprenti])');
      if (playable) {
        await playable.click();
        used.card++;
      } else if (await page.$('[data-testid=choices] button')) {
        await page.click('[data-testid=choices] button');
        used.button++;
      } else {
        await typeMove(page, legal[0] as string);
        used.typed++;
      }
    }
    expect(await page.textContent('[data-testid=status]')).toMatch(/Game over/);
    expect(explained).toBe(true);
    expect(errors).toEqual([]);
    // Every knight's life is shown, and at least one has reached 0.
    const lives = await page.$$eval('[data-testid^=life-]', (els) => els.map((e) => Number.parseInt(e.textContent ?? '', 10)));
    expect(lives).toHaveLength(3);
    expect(Math.min(...lives)).toBeLessThanOrEqual(0);
    console.log(`tournament: ${moves} moves by the person (${JSON.stringify(used)}, declared Merlin/Apprenti: ${declared}); ${await page.textContent('[data-testid=status]')}; ${((Date.now() - started) / 1000).toFixed(1)} s`);
    if (!shot) await screenshot(page, 'tournament-table');
    await screenshot(page, 'tournament-end');
    await context.close();
  }, 60_000);

  it('fits a phone in French, with hero and godsend cards labelled', async () => {
    const context = await client.browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'fr-FR', isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await instant(page);
    await startLocal(page, ['human', 'bot:easy', 'bot:easy'], 400, '3');
    await page.waitForSelector('[data-testid=hand]');
    expect(await page.textContent('.tournament-table')).toContain('Votre main');
    expect(await page.$$eval('.t-house', (els) => els.length)).toBeGreaterThan(0);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(400);
    await screenshot(page, 'tournament-phone-fr');
    await context.close();
  }, 30_000);
});
