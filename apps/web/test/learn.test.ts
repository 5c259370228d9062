/**
 * End-to-end, in Debian's Chromium: the guided first games ("Learn to play", `#/learn/<game>`). Each lesson is
 * followed step by step on the real table — a wrong move is refused with the step's hint and the step stays —
 * to its "now play a real game" end; one lesson in French; an unknown lesson; an axe-core scan of a lesson page.
 */
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { LESSON_IDS } from '../src/learn/index.ts';
import { instant, screenshot, useStaticClient } from './harness.ts';

const client = useStaticClient();
const require = createRequire(import.meta.url);

async function open(lang: 'en' | 'fr', path: string, viewport = { width: 1280, height: 800 }): Promise<Page> {
  const context = await client.browser.newContext({ viewport, locale: lang === 'fr' ? 'fr-FR' : 'en-GB' });
  const page = await context.newPage();
  await instant(page);
  await page.addInitScript((l) => localStorage.setItem('rt.lang', l), lang);
  page.on('pageerror', (e) => console.error('page error:', e.message));
  await page.goto(`${client.url}/${path}`);
  return page;
}

const step = (page: Page): Promise<string | null> => page.getAttribute('[data-testid=lesson]', 'data-step');
const phase = (page: Page): Promise<string | null> => page.getAttribute('[data-testid=lesson]', 'data-phase');

/** Plays a Camelot move by clicking each square of its path, where a person clicks (a piece drawn on it takes the click). */
async function clickCamelot(page: Page, move: string): Promise<void> {
  for (const sq of move.toUpperCase().split(/[-X]/))
    await page.click(`[data-testid=board] rect[data-square=${sq}]`, { force: true });
}

/** Plays a card game's move as a person does: its button, else the card in hand (then its target, if asked). */
async function act(page: Page, move: string): Promise<void> {
  await page.waitForSelector('[data-testid=lesson][data-phase=doing]');
  const button = await page.$(`button[data-move="${move}"]`);
  if (button) return button.click();
  const [verb, card] = move.split(' ') as [string, string];
  await page.click(verb === 'use' ? `[data-power="${card}"]` : `[data-testid=hand] [data-card="${card}"]`);
  if ((await phase(page)) === 'doing') {
    const chosen = await page.$(`button[data-move="${move}"]`);
    if (chosen) await chosen.click();
  }
}

/** Waits for the step's move to be taken, checks the step's lesson shows, and goes on. */
async function nextStep(page: Page): Promise<void> {
  await page.waitForSelector('[data-testid=lesson][data-phase=done]');
  expect(await page.textContent('[data-testid=lesson-done]')).not.toBe('');
  const from = Number(await step(page));
  await page.click('[data-testid=lesson-next]');
  // The next step's table must be up before anything is clicked on it (a loaded machine renders late).
  await page.waitForFunction(
    (n) =>
      document.querySelector('[data-testid=lesson-end]') !== null ||
      document.querySelector(`[data-testid=lesson][data-step="${n}"][data-phase=doing]`) !== null,
    from + 1,
  );
}

describe('Learn to play', () => {
  it('Camelot: the home page link, every step by clicks on the board, a wrong move refused, the end', async () => {
    const page = await open('en', '');
    await page.click('[data-testid=learn-camelot]');
    await page.waitForSelector('[data-testid=lesson][data-step="1"] [data-testid=board]');
    expect(await page.getAttribute('[data-testid=lesson]', 'data-steps')).toBe('6');
    expect(await page.textContent('[data-testid=lesson-progress]')).toContain('Step 1 of 6');
    // Step 1, a plain move: moving the knight instead is refused with the hint; the step stays.
    await clickCamelot(page, 'E5-D5');
    expect(await page.textContent('[data-testid=lesson-hint]')).toContain('F6');
    expect(await step(page)).toBe('1');
    expect(await phase(page)).toBe('doing');
    await screenshot(page, 'learn-camelot-hint');
    await clickCamelot(page, 'F6-F7');
    await nextStep(page);
    // The canter: a plain step is refused.
    await clickCamelot(page, 'E6-F6');
    expect(await page.textContent('[data-testid=lesson-hint]')).toMatch(/plain move/);
    expect(await step(page)).toBe('2');
    await clickCamelot(page, 'E6-E8');
    await nextStep(page);
    for (const move of ['F6xF8', 'C6xC8', 'D6-D8xD10', 'F15-F16']) {
      await clickCamelot(page, move);
      if (move === 'D6-D8xD10') await screenshot(page, 'learn-camelot-charge');
      await nextStep(page);
    }
    await page.waitForSelector('[data-testid=lesson-end]');
    expect(await page.textContent('[data-testid=lesson-end]')).toContain('Now play a real game');
    await screenshot(page, 'learn-camelot-end');
    await page.click('[data-testid=lesson-play]');
    await page.waitForFunction(() => location.hash === '#/new/camelot');
    await page.context().close();
  }, 90_000);

  it('Lancelot: placing, chivalry (a refused square explained), capturing, row and column, winning', async () => {
    const page = await open('en', '#/learn/lancelot');
    await page.waitForSelector('[data-testid=lesson][data-step="1"] [data-testid=board]');
    const place = (sq: string) => page.click(`[data-testid=board] g[data-square=${sq}]`, { force: true });
    // A square other than the one asked for is refused with the step's hint.
    await place('E5');
    expect(await page.textContent('[data-testid=lesson-hint]')).toContain('G7');
    expect(await step(page)).toBe('1');
    await place('G7');
    await nextStep(page);
    // Chivalry: a third knight on row 5 is refused by the rule itself, explained; the step stays.
    await place('G5');
    expect(await page.textContent('[data-testid=lesson-hint]')).toMatch(/row 5/i);
    await screenshot(page, 'learn-lancelot-chivalry');
    expect(await phase(page)).toBe('doing');
    await place('G8');
    await nextStep(page);
    await place('D10');
    expect(await page.textContent('[data-testid=lesson-hint]')).toContain('row 6');
    await place('G6');
    await screenshot(page, 'learn-lancelot-capture');
    await nextStep(page);
    await place('H8');
    await nextStep(page);
    await place('F7');
    await nextStep(page);
    await page.waitForSelector('[data-testid=lesson-end]');
    await screenshot(page, 'learn-lancelot-end');
    await page.context().close();
  }, 90_000);

  it('Joust: a tournament won with colour, support and action cards, then a withdrawal', async () => {
    const page = await open('en', '#/learn/joust');
    await page.waitForSelector('[data-testid=lesson][data-step="1"] [data-testid=choices]');
    // A colour other than the one asked for is refused with the hint.
    await act(page, 'start blue');
    expect(await page.textContent('[data-testid=lesson-hint]')).toMatch(/red/);
    expect(await step(page)).toBe('1');
    const moves = [
      'start red',
      'play red-4',
      'play squire-2',
      'end',
      'play red-3',
      'play riposte @1',
      'end',
      'start blue',
      'play blue-2',
      'end',
      'withdraw',
    ];
    for (const [i, move] of moves.entries()) {
      expect(await step(page)).toBe(String(i + 1));
      await act(page, move);
      if (move === 'play riposte @1') await screenshot(page, 'learn-joust-action');
      await nextStep(page);
    }
    await page.waitForSelector('[data-testid=lesson-end]');
    await page.context().close();
  }, 90_000);

  it('Tournament, in French: leading, a hero’s power, following the suit, a lost combat and the end of the round', async () => {
    const page = await open('fr', '#/learn/tournament');
    await page.waitForSelector('[data-testid=lesson][data-step="1"] [data-testid=hand]');
    expect(await page.textContent('[data-testid=lesson-progress]')).toContain('Étape 1 sur 4');
    await act(page, 'play so9');
    expect(await page.textContent('[data-testid=lesson-hint]')).toContain('Épée 12');
    expect(await step(page)).toBe('1');
    await act(page, 'play sw12');
    await nextStep(page);
    // The hero's power first: playing the card at once is refused with the hint.
    await act(page, 'play so9');
    expect(await page.textContent('[data-testid=lesson-hint]')).toContain('+3');
    expect(await phase(page)).toBe('doing');
    await act(page, 'use arthur +3');
    await nextStep(page);
    await act(page, 'play so9');
    await screenshot(page, 'learn-tournament-fr');
    await nextStep(page);
    await act(page, 'play de4');
    await page.waitForSelector('[data-testid=lesson][data-phase=done]');
    await screenshot(page, 'learn-tournament-round-fr');
    await page.click('[data-testid=lesson-next]');
    await page.waitForSelector('[data-testid=lesson-end]');
    expect(await page.textContent('[data-testid=lesson-end]')).toContain('Jouer une vraie partie');
    await page.context().close();
  }, 90_000);

  it('Chevaliers: the Progression of Evil, a quest won, the end of the turn, the traitor accused', async () => {
    const page = await open('en', '#/learn/shadows');
    await page.waitForSelector('[data-testid=lesson][data-step="1"] [data-testid=choices]');
    await act(page, 'evil siege');
    expect(await page.textContent('[data-testid=lesson-hint]')).toMatch(/black card/);
    expect(await step(page)).toBe('1');
    await act(page, 'evil black');
    await nextStep(page);
    await act(page, 'fight fight-2');
    await screenshot(page, 'learn-shadows-quest');
    await nextStep(page);
    await act(page, 'end');
    await nextStep(page);
    await act(page, 'accuse @1');
    expect(await page.textContent('[data-testid=lesson-hint]')).toMatch(/Gawain/);
    expect(await phase(page)).toBe('doing');
    await act(page, 'accuse @2');
    await nextStep(page);
    await page.waitForSelector('[data-testid=lesson-end]');
    await screenshot(page, 'learn-shadows-end');
    await page.context().close();
  }, 90_000);

  it('a step can be skipped; the lesson can be left', async () => {
    const page = await open('en', '#/learn/joust');
    await page.waitForSelector('[data-testid=lesson][data-step="1"]');
    // Skipping plays the step's move (the next step goes on from it) and shows the next step at once.
    await page.click('[data-testid=lesson-skip]');
    await page.waitForSelector('[data-testid=lesson][data-step="2"][data-phase=doing]');
    expect(await page.textContent('[data-testid=lesson-progress]')).toContain('Step 2 of 11');
    await act(page, 'play red-4');
    await nextStep(page);
    expect(await step(page)).toBe('3');
    await page.click('[data-testid=lesson-leave]');
    await page.waitForSelector('[data-testid=learn-joust]');
    await screenshot(page, 'learn-home-links');
    await page.context().close();
  }, 60_000);

  it('an unknown lesson names the five lessons', async () => {
    const page = await open('en', '#/learn/chess');
    await page.waitForSelector('[data-testid=lesson-unknown]');
    expect(await page.textContent('[data-testid=lesson-unknown]')).toContain('chess');
    for (const id of LESSON_IDS) expect(await page.$(`[data-testid=lesson-link-${id}]`)).not.toBeNull();
    await page.context().close();
  }, 30_000);

  it('a lesson page has no serious or critical axe-core violation, on a phone, in French', async () => {
    const page = await open('fr', '#/learn/camelot', { width: 390, height: 844 });
    await page.waitForSelector('[data-testid=lesson] [data-testid=board]');
    expect(await page.textContent('[data-testid=lesson-progress]')).toContain('Étape 1 sur 6');
    await clickCamelot(page, 'E5-D5');
    expect(await page.textContent('[data-testid=lesson-hint]')).toContain('F6');
    await screenshot(page, 'learn-camelot-phone-fr-hint');
    await clickCamelot(page, 'F6-F7');
    await page.waitForSelector('[data-testid=lesson][data-phase=done]');
    await screenshot(page, 'learn-camelot-phone-fr');
    await page.addScriptTag({ path: require.resolve('axe-core/axe.min.js') });
    const serious = (): Promise<string[]> =>
      page.evaluate(async () => {
        const r = await (
          window as unknown as {
            axe: {
              run: (
                c: unknown,
              ) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }>;
            };
          }
        ).axe.run(document);
        return r.violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      });
    expect(await serious()).toEqual([]);
    // A card game's lesson too (the same page, another lesson).
    await page.evaluate(() => (location.hash = '#/learn/shadows'));
    await page.waitForSelector('[data-testid=lesson][data-game=shadows] [data-testid=choices]');
    await screenshot(page, 'learn-shadows-phone-fr');
    expect(await serious()).toEqual([]);
    await page.context().close();
  }, 60_000);
});
