/**
 * Learning from games in Chromium: the analysis board (first evaluation, moves building variations, back and
 * forth, export and import, the link), the review of a match, and puzzles; in English and French, on a phone,
 * with the keyboard, and axe-clean.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot } from './harness.ts';
import { useRealServer } from './real-server.ts';
import { axeClean, clickMove, keyMove, noSidewaysScroll } from './study-helpers.ts';

// The real server serves the client: the online review and an account's puzzle rating need it, the rest runs in
// the browser alone.
const client = useRealServer({ passwordCost: { N: 1 << 10, r: 8, p: 1 } });

async function open(path: string, options: { phone?: boolean; lang?: 'en' | 'fr' } = {}): Promise<Page> {
  const context = await client.browser.newContext(
    options.phone
      ? { viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true, locale: 'en-GB' }
      : { viewport: { width: 1280, height: 900 }, locale: 'en-GB' },
  );
  const page = await context.newPage();
  await page.addInitScript((lang) => localStorage.setItem('rt.lang', lang), options.lang ?? 'en');
  await page.goto(`${client.url}/#${path}`);
  return page;
}

const treeMoves = (page: Page): Promise<string[]> =>
  page.$$eval('[data-testid=tree] .tree-move', (bs) => bs.map((b) => (b.firstChild?.textContent ?? '').trim()));

describe('The analysis board', () => {
  it('evaluates the start at once, builds variations from moves played freely, steps through them, and exports and re-opens them by link', async () => {
    const page = await open('/analysis/camelot');
    await page.waitForSelector('[data-testid=evaluation]');
    // The page measures its first evaluation (the figure: packages/ai/bench/review.ts prints the search's own).
    const first = await page.evaluate(() => performance.getEntriesByName('rt-first-eval')[0]?.duration ?? -1);
    expect(first).toBeGreaterThan(0);
    expect(await page.textContent('[data-testid=best-line]')).toMatch(/[A-L]\d+-/);

    await clickMove(page, 'F6-F5');
    await page.waitForSelector('[data-testid=tree] [data-path="0"]');
    await clickMove(page, 'G10-G9');
    await page.click('[data-testid=back]');
    await clickMove(page, 'E10-E9');
    await page.waitForSelector('[data-testid=tree] [data-path="0.1"]');
    expect(await treeMoves(page)).toEqual(['F6-F5', 'G10-G9', 'E10-E9']);
    expect(await page.textContent('[data-testid=tree]')).toContain('(');
    await page.fill('[data-testid=comment]', 'A quiet reply');
    await page.click('[data-testid=to-start]');
    await page.keyboard.press('ArrowRight');
    expect(await page.getAttribute('[data-testid=tree] [data-path="0"]', 'aria-current')).toBe('true');
    await page.keyboard.press('End');
    expect(await page.getAttribute('[data-testid=tree] [data-path="0.0"]', 'aria-current')).toBe('true');

    await page.click('summary >> text=Export');
    const text = await page.inputValue('[data-testid=export]');
    expect(text).toContain('[Game "camelot"]');
    expect(text).toMatch(/1\. F6-F5 G10-G9 \(1\.\.\. E10-E9 \{A quiet reply\}\)/);
    const link = await page.inputValue('[data-testid=link]');
    const again = await page.context().newPage();
    await again.goto(link);
    await again.waitForSelector('[data-testid=tree] [data-path="0.1"]');
    expect(await treeMoves(again)).toEqual(['F6-F5', 'G10-G9', 'E10-E9']);
    await again.click('summary >> text=Export');
    expect(await again.inputValue('[data-testid=export]')).toBe(text);
    await screenshot(page, 'analysis-camelot');
    await axeClean(page, 'the analysis board');
    await page.context().close();
  });

  it('refuses a bad record with the line and the reason, and stops and starts the engine', async () => {
    const page = await open('/analysis/camelot');
    await page.waitForSelector('[data-testid=evaluation]');
    await page.click('[data-testid=engine-toggle]');
    await page.waitForSelector('[data-testid=engine-toggle][aria-pressed=false]');
    await page.click('summary >> text=Import');
    await page.fill('[data-testid=import]', '[Game "camelot"]\n\n1. F6-F5 G10-G9 2. F5-F9');
    await page.click('[data-testid=load]');
    expect(await page.textContent('[data-testid=import-error]')).toMatch(/line 3, column 20: F7 is occupied/);
    await page.click('[data-testid=engine-toggle]');
    await page.waitForSelector('[data-testid=evaluation]');
    await page.context().close();
  });

  it('sets a position up by hand: pieces put on squares, the side to move, then analysed', async () => {
    const page = await open('/analysis/camelot');
    await page.waitForSelector('[data-testid=evaluation]');
    await page.click('summary >> text=Set up a position');
    await page.click('[data-testid=editor] button >> text=Empty the board');
    await page.check('[data-testid=editor] input[name=editor-piece] >> nth=1');
    await page.click('[data-testid=editor] [data-square=E5]');
    await page.click('[data-testid=editor] [data-square=H5]');
    await page.check('[data-testid=editor] input[name=editor-piece] >> nth=3');
    await page.click('[data-testid=editor] [data-square=E6]');
    await page.click('[data-testid=setup]');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=board] [data-piece]').length === 3);
    // White to move must jump the last black piece (two white pieces: not the bare draw): the engine sees the win.
    await page.waitForSelector('[data-testid=mate]');
    expect(await page.textContent('[data-testid=mate]')).toBe('White wins in 1 move');
    expect(await page.textContent('[data-testid=best-line]')).toBe('E5xE7');
    expect(await page.inputValue('[data-testid=position-now]')).toBe(
      '2/8/10/12/12/12/12/12/12/12/4m7/4M2M4/12/10/8/2 w 0,0 0 1',
    );
    await axeClean(page, 'the position editor');
    await page.context().close();
  });

  it('reads Lancelot at two, in French, on a phone without sideways scrolling', async () => {
    const page = await open('/analysis/lancelot', { phone: true, lang: 'fr' });
    await page.waitForSelector('[data-testid=evaluation]');
    expect(await page.textContent('h1')).toContain('Échiquier d’analyse');
    expect(await page.textContent('[data-testid=chances]')).toMatch(/\d+\u00a0%/);
    await noSidewaysScroll(page, 'the Lancelot analysis board on a phone');
    await screenshot(page, 'analysis-lancelot-phone-fr');
    await axeClean(page, 'the Lancelot analysis board in French');
    await page.context().close();
  });
});

/** A record of this browser's hot-seat match, as the local session keeps it. */
async function withLocalMatch(page: Page, record: Record<string, unknown>): Promise<void> {
  await page.evaluate((r) => localStorage.setItem('rt.local', JSON.stringify(r)), record);
}

describe('The review of a match', () => {
  it('Camelot: a planted blunder is classed and its better move drawn on the board; the opening is not flagged; the graph picks a move', async () => {
    const page = await open('/');
    const moves = ['C6-E8', 'J11-H9', 'G6-G8', 'D11-F9', 'D7-C7', 'F9xD7xB7'];
    await withLocalMatch(page, {
      gameId: 'camelot',
      seats: [{ kind: 'human' }, { kind: 'bot', level: 'easy' }],
      options: {},
      seed: 1,
      moves: moves.map((move, i) => ({ seat: i % 2, move })),
    });
    await page.goto(`${client.url}/#/review/local/camelot`);
    await page.waitForSelector('[data-testid=review-moves], [data-testid=review-error]', { timeout: 60_000 });
    expect(await page.$('[data-testid=review-error]')).toBeNull();
    // The page opens on the first flagged move.
    expect(await page.getAttribute('[data-testid=review-ply]', 'data-ply')).toBe('5');
    expect(await page.getAttribute('[data-testid=verdict]', 'data-class')).toBe('blunder');
    const better = await page.textContent('[data-testid=better-move]');
    expect(better).toMatch(/^[A-L]\d+-/);
    expect(await page.getAttribute('[data-testid=hint]', 'data-move')).toBe(better);
    for (const ply of [1, 2, 3, 4])
      expect(await page.getAttribute(`[data-testid=review-moves] [data-ply="${ply}"]`, 'data-class')).toBe('');
    expect(await page.textContent('[data-testid=blunders-0]')).toBe('1');
    // A click on the graph's left edge goes to the start; the arrows step from there.
    const box = (await page.$('[data-testid=eval-graph]'))!;
    const b = (await box.boundingBox())!;
    await page.mouse.click(b.x + 2, b.y + b.height / 2);
    expect(await page.getAttribute('[data-testid=review-ply]', 'data-ply')).toBe('0');
    await page.keyboard.press('ArrowRight');
    expect(await page.getAttribute('[data-testid=review-ply]', 'data-ply')).toBe('1');
    await screenshot(page, 'review-camelot');
    await axeClean(page, 'the Camelot review');
    await page.click('[data-testid=to-analysis]');
    await page.waitForSelector('[data-testid=tree] [data-path="0"][aria-current=true]');
    await page.context().close();
  });

  it('Joust: each decision with the strong bot’s preference and the loss, each seat’s luck, in French on a phone', async () => {
    const page = await open('/', { phone: true, lang: 'fr' });
    const { gameById } = await import('@roundtable/catalog');
    const { Match, createRng, nextInt } = await import('@roundtable/core');
    const made = Match.create(gameById('joust')!, { players: 3, seed: 4 });
    if (!made.ok) throw new Error('setup');
    const m = made.value;
    const rng = createRng('study');
    while (!m.outcome()) {
      const seat = m.toMove()[0]!;
      const legal = m.legalNotation(seat);
      m.play(seat, legal[nextInt(rng, legal.length)]!);
    }
    await withLocalMatch(page, {
      gameId: 'joust',
      seats: [{ kind: 'human' }, { kind: 'bot', level: 'easy' }, { kind: 'bot', level: 'easy' }],
      options: m.options,
      seed: 4,
      moves: m.history,
    });
    await page.goto(`${client.url}/#/review/local/joust`);
    await page.waitForSelector('[data-testid=all-decisions]', { timeout: 120_000 });
    await page.click('[data-testid=all-decisions]');
    await page.waitForSelector('[data-testid=decisions] li');
    expect(await page.textContent('h1')).toContain('Analyse de la partie');
    expect(await page.textContent('[data-testid=decision]')).toMatch(
      /Les autres coups pesés par le robot fort|Coup forcé/,
    );
    for (const seat of [0, 1, 2])
      expect(await page.textContent(`[data-testid=luck-${seat}]`)).toMatch(/^[+−]\d+\u00a0%$/);
    await noSidewaysScroll(page, 'the joust review on a phone');
    await screenshot(page, 'review-joust-phone-fr');
    await axeClean(page, 'the joust review in French');
    await page.context().close();
  });
});

/** The puzzle on screen: its id and solution (read from the shipped data, as the page does). */
async function currentPuzzle(page: Page): Promise<{ id: string; solution: string[] }> {
  await page.waitForSelector('[data-testid=puzzle][data-phase=solving]');
  const id = (await page.getAttribute('[data-testid=puzzle]', 'data-id')) as string;
  const { puzzleById } = await import('@roundtable/puzzles');
  const p = puzzleById(id);
  if (!p) throw new Error(`unknown puzzle ${id}`);
  return { id, solution: [...p.solution] };
}

/** Plays the solver's moves of the solution (the page answers with the opponent's). */
async function solve(page: Page, solution: string[], move: (page: Page, m: string) => Promise<void>): Promise<void> {
  for (let k = 0; k < solution.length; k += 2) {
    await move(page, solution[k] as string);
    if (k + 2 < solution.length)
      await page.waitForSelector(`[data-testid=puzzle][data-played="${k + 2}"][data-phase=solving]`);
  }
  await page.waitForSelector('[data-testid=puzzle][data-phase=solved]');
}

const rating = async (page: Page): Promise<number> => Number(await page.textContent('[data-testid=player-rating]'));

describe('Puzzles', () => {
  it('a guest solves three puzzles one after another: a wrong move is told so and retried, and the rating moves', async () => {
    const page = await open('/puzzles');
    await page.waitForSelector('[data-testid=puzzle]');
    expect(await rating(page)).toBe(1500);
    // First puzzle: a wrong move first (any legal move but the solution's), then the right one.
    const first = await currentPuzzle(page);
    const { Match } = await import('@roundtable/core');
    const { gameById } = await import('@roundtable/catalog');
    const { puzzleById } = await import('@roundtable/puzzles');
    const made = Match.create(gameById('camelot')!, { position: puzzleById(first.id)!.position });
    if (!made.ok) throw new Error('position');
    const seat = made.value.toMove()[0]!;
    const wrong = made.value.legalNotation(seat).find((m) => m !== first.solution[0])!;
    await clickMove(page, wrong);
    await page.waitForSelector('[data-testid=puzzle][data-phase=wrong]');
    expect(await page.textContent('[data-testid=feedback]')).toMatch(/Not the move/);
    await page.waitForSelector('[data-testid=rating-change]');
    const afterMiss = await rating(page);
    expect(afterMiss).toBeLessThan(1500);
    await page.click('[data-testid=retry]');
    await solve(page, first.solution, clickMove);
    await page.click('[data-testid=next]');
    // Two more, solved at the first try: the rating goes up each time.
    let last = afterMiss;
    for (let n = 0; n < 2; n++) {
      await page.waitForFunction(
        (id) => document.querySelector('[data-testid=puzzle]')?.getAttribute('data-id') !== id,
        first.id,
      );
      const p = await currentPuzzle(page);
      await solve(page, p.solution, clickMove);
      expect(await page.textContent('[data-testid=feedback]')).toMatch(/Solved/);
      await page.waitForFunction(
        (r) => Number(document.querySelector('[data-testid=player-rating]')?.textContent) > r,
        last,
      );
      last = await rating(page);
      if (n === 0) await page.click('[data-testid=next]');
    }
    // Kept in the browser for the next visit.
    const saved = await page.evaluate(() => JSON.parse(localStorage.getItem('rt.puzzles') ?? 'null'));
    expect(saved.rating.attempts).toBe(3);
    await axeClean(page, 'the puzzles page');
    await page.context().close();
  });

  it('is solved with the keyboard alone, shows hints and the solution, in French on a phone', async () => {
    const page = await open('/puzzles', { phone: true, lang: 'fr' });
    await page.waitForSelector('[data-testid=puzzle]');
    expect(await page.textContent('h1')).toContain('Problèmes');
    const p = await currentPuzzle(page);
    await page.focus('[data-testid=board]');
    await solve(page, p.solution, keyMove);
    expect(await page.textContent('[data-testid=feedback]')).toMatch(/Résolu\u00a0!/);
    await noSidewaysScroll(page, 'a solved puzzle on a phone');
    await page.focus('[data-testid=next]');
    await page.keyboard.press('Enter');
    await page.waitForSelector('[data-testid=hint-button]');
    // Hints and the solution with the keyboard as well: each button pressed with Enter.
    const press = async (selector: string): Promise<void> => {
      await page.focus(selector);
      await page.keyboard.press('Enter');
    };
    await press('[data-testid=hint-button]');
    await page.waitForSelector('[data-testid=hint-text]');
    expect(await page.textContent('[data-testid=hint-text]')).toMatch(/Thème/);
    await press('[data-testid=hint-button]');
    await page.waitForSelector('[data-testid=hint]');
    await press('[data-testid=show-solution]');
    await page.waitForSelector('[data-testid=solution]');
    expect(await page.textContent('[data-testid=solution]')).toMatch(/Solution\u00a0: [A-L]\d+/);
    await noSidewaysScroll(page, 'the puzzles page on a phone');
    await screenshot(page, 'puzzles-phone-fr');
    await axeClean(page, 'the puzzles page in French');
    await page.context().close();
  });
});

describe('Online', () => {
  it('a finished match is reviewed by the server on request, and anyone may read the review', async () => {
    const moves = ['C6-E8', 'J11-H9', 'G6-G8', 'D11-F9', 'D7-C7', 'F9xD7xB7'];
    const imported = await fetch(`${client.url}/api/records`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        game: 'camelot',
        players: 2,
        options: {},
        seed: 1,
        moves: moves.map((move, i) => ({ seat: i % 2, move })),
      }),
    });
    const id = ((await imported.json()) as { match: { id: string } }).match.id;
    const page = await open(`/review/m/${id}`);
    await page.click('[data-testid=review-request]');
    await page.waitForSelector('[data-testid=review-moves]', { timeout: 60_000 });
    expect(await page.getAttribute('[data-testid=verdict]', 'data-class')).toBe('blunder');
    await page.context().close();
  });

  it('a signed-in player’s puzzle rating is kept with the account', async () => {
    const page = await open('/');
    const status = await page.evaluate(async () => {
      const r = await fetch('/api/accounts', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Sir Gareth', password: 'a long password' }),
      });
      return r.status;
    });
    expect(status).toBe(201);
    await page.goto(`${client.url}/#/puzzles`);
    await page.reload();
    await page.waitForSelector('[data-testid=puzzle]');
    expect(await page.textContent('.puzzle-ratings')).toContain('Kept with your account');
    const p = await currentPuzzle(page);
    await solve(page, p.solution, clickMove);
    await page.waitForSelector('[data-testid=rating-change]');
    const me = await page.evaluate(async () => (await fetch('/api/puzzles/me')).json());
    expect(me.tried).toEqual([p.id]);
    expect(me.rating.attempts).toBe(1);
    expect(me.rating.rating).toBeGreaterThan(1500);
    await page.context().close();
  });
});
