/**
 * A card-game review read as a newcomer would, in Chromium: the players' names as at the table, every decision in
 * the words of the table's log with one numbering, the table as the deciding player saw it, the moves the strong
 * bot weighed (best first, the one played apart), the graphs and the key moments; in English and in French, on a
 * desktop and a 390 px phone. The same record reviewed by the server shows the same page as the worker's.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { gameById } from '@roundtable/catalog';
import { Match, createRng, headline, movesInWords, nextInt, type AnyGame, type Seat } from '@roundtable/core';
import { screenshot } from './harness.ts';
import { useRealServer } from './real-server.ts';
import { noSidewaysScroll } from './study-helpers.ts';

const client = useRealServer();

/** A short match of random moves (a low review budget: a few seconds in the page's worker). */
function shortMatch(id: string, players: number, seed: number, plies: number): Match {
  const made = Match.create(gameById(id) as AnyGame, { players, seed });
  if (!made.ok) throw new Error(made.error.code);
  const m = made.value;
  const rng = createRng(`review/${seed}`);
  while (!m.outcome() && m.ply < plies) {
    const seat = m.toMove()[0] as Seat;
    const legal = m.legalNotation(seat);
    m.play(seat, legal[nextInt(rng, legal.length)] as string);
  }
  return m;
}

const SEATS = [
  { kind: 'human', name: 'Alice' },
  { kind: 'bot', level: 'easy' },
  { kind: 'human', name: 'Bertrand' },
];
const NAMES = { en: ['Alice', 'Bot 2', 'Bertrand'], fr: ['Alice', 'Robot 2', 'Bertrand'] };

async function openLocal(id: string, m: Match): Promise<Page> {
  const context = await client.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
  const page = await context.newPage();
  await page.addInitScript(
    (r) => {
      localStorage.setItem('rt.lang', 'en');
      localStorage.setItem('rt.local', JSON.stringify(r));
    },
    { gameId: id, seats: SEATS, options: m.options, seed: m.seed, moves: m.history },
  );
  await page.goto(`${client.url}/#/review/local/${id}`);
  await page.waitForSelector('[data-testid=decision], [data-testid=review-error]', { timeout: 50_000 });
  expect(await page.$('[data-testid=review-error]')).toBeNull();
  return page;
}

const listed = (page: Page): Promise<{ ply: number; text: string }[]> =>
  page.$$eval('[data-testid=decisions] li', (lis) =>
    lis.map((li) => ({ ply: Number(li.getAttribute('data-ply')), text: (li.textContent ?? '').trim() })),
  );

/** What a newcomer must find on the page, in `lang`: names, the log's words, the table, the choices, the graphs. */
async function readsAsNewcomer(page: Page, id: string, m: Match, lang: 'en' | 'fr'): Promise<void> {
  const game = gameById(id) as AnyGame;
  const names = NAMES[lang];
  const seatsText = await page.textContent('[data-testid=review-seats]');
  for (const n of names) expect(seatsText).toContain(n);
  const body = (await page.textContent('[data-testid=review]')) ?? '';
  expect(body).not.toMatch(/(?<![A-Za-z] )(Knight|Chevalier|Seat) \d/);
  // Every decision once, numbered once, in the log's words with the names at the table.
  if ((await page.getAttribute('[data-testid=all-decisions]', 'aria-pressed')) !== 'true')
    await page.click('[data-testid=all-decisions]');
  const told = movesInWords(game, m, lang, (s) => names[s] ?? '');
  const rows = await listed(page);
  expect(rows.map((r) => r.ply)).toEqual(m.history.map((_, i) => i + 1));
  rows.forEach((r, i) => {
    const words = headline(told[i] ?? [], m.history[i]!.seat)?.text ?? '';
    expect(r.text.startsWith(`${r.ply}. ${words}`), `${r.text} / ${r.ply}. ${words}`).toBe(true);
    expect(r.text).not.toMatch(/^\d+\. \d+\./);
  });
  // The decision picked: its words, the table as its player saw it, the move played apart from the others.
  const ply = Number(await page.getAttribute('[data-testid=decision]', 'data-ply'));
  const { seat, move } = m.history[ply - 1]!;
  const own = (told[ply - 1] ?? []).map((e) => e.text);
  for (const t of own) expect(await page.textContent('[data-testid=told]')).toContain(t);
  expect(await page.textContent('.review-table h2')).toContain(names[seat]);
  expect(await page.$('.review-table [data-testid=hand]')).not.toBeNull();
  const alternatives = await page.$$eval('[data-testid=alternatives] li', (lis) =>
    lis.map((li) => ({ move: li.getAttribute('data-move'), value: Number(li.getAttribute('data-value')) })),
  );
  expect(alternatives.map((a) => a.move)).not.toContain(move);
  const values = alternatives.map((a) => a.value);
  expect(values).toEqual([...values].sort((a, b) => b - a));
  for (const a of alternatives) expect(await page.textContent('[data-testid=alternatives]')).not.toContain(a.move!);
  // The graphs: a line per player with a judged decision.
  expect(await page.$$eval('[data-testid=expected-graph] polyline', (l) => l.length)).toBeGreaterThanOrEqual(2);
  expect(await page.$('[data-testid=luck-graph]')).not.toBeNull();
  expect(await page.textContent('[data-testid=verdict]')).toMatch(lang === 'fr' ? /\u00a0[:;]|Coup/ : /\w/);
}

/**
 * The same record reviewed by the server (`#/review/m/<match>`) shows the same page as the worker's review on
 * `local`, but for the names: an imported record has none, so the table calls its seats Player 1, 2, 3.
 */
async function sameOnline(local: Page, m: Match): Promise<void> {
  const imported = await fetch(`${client.url}/api/records`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ game: 'joust', players: 3, options: m.options, seed: m.seed, moves: m.history }),
  });
  const id = ((await imported.json()) as { match: { id: string } }).match.id;
  const online = await local.context().newPage();
  await online.goto(`${client.url}/#/review/m/${id}`);
  await online.click('[data-testid=review-request]');
  await online.waitForSelector('[data-testid=decision]', { timeout: 50_000 });
  expect(await online.textContent('[data-testid=review-seats]')).toContain('Player 2');
  await online.click('[data-testid=all-decisions]');
  const unnamed = (t: string): string => t.replace(/Alice|Bot 2|Bertrand|Player \d/g, '·');
  for (const selector of ['[data-testid=decision]', '[data-testid=moments]', '[data-testid=decisions]'])
    expect(unnamed((await online.textContent(selector)) ?? '')).toBe(
      unnamed((await local.textContent(selector)) ?? ''),
    );
  expect(await online.innerHTML('[data-testid=expected-graph] svg')).toBe(
    await local.innerHTML('[data-testid=expected-graph] svg'),
  );
  await online.close();
}

describe('A card-game review a player can follow', () => {
  for (const [id, plies] of [
    ['joust', 16],
    ['tournament', 14],
  ] as const) {
    it(`${id}: names, the log's words, the table at each decision, the others weighed and the graphs, in English and French, on a desktop and a 390 px phone${id === 'joust' ? '; the server’s review of the same record shows the same page' : ''}`, async () => {
      const m = shortMatch(id, 3, 4, plies);
      const page = await openLocal(id, m);
      await readsAsNewcomer(page, id, m, 'en');
      await screenshot(page, `card-review-${id}-en`);
      if (id === 'joust') await sameOnline(page, m);
      // Another decision picked from the list: the table follows.
      const other = m.history.findIndex((h, i) => i > 0 && h.seat !== m.history[0]!.seat) + 1;
      await page.click(`[data-testid=decisions] li[data-ply="${other}"] button`);
      expect(await page.getAttribute('[data-testid=decision]', 'data-ply')).toBe(String(other));
      await page.setViewportSize({ width: 390, height: 844 });
      await noSidewaysScroll(page, `the ${id} review on a phone`);
      await screenshot(page, `card-review-${id}-phone-en`);
      await page.click('[data-testid=lang]');
      await page.waitForFunction(() => document.querySelector('h1')?.textContent?.includes('Analyse'));
      await readsAsNewcomer(page, id, m, 'fr');
      await noSidewaysScroll(page, `the ${id} review on a phone, in French`);
      await screenshot(page, `card-review-${id}-phone-fr`);
      await page.setViewportSize({ width: 1280, height: 900 });
      await screenshot(page, `card-review-${id}-fr`);
      await page.context().close();
    });
  }
});
