/**
 * End-to-end, in Debian's Chromium: the games kept for tests, listed by the catalog when the page sets
 * `ROUNDTABLE_FIXTURES` before its scripts run, have no folder under src/tables: they are played on the generic
 * table (the view as the engine gives it, one button per legal move) against the bots of the page's worker,
 * which loads their engines from the catalog. Nothing of theirs is written in apps/web.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { LINES } from '@roundtable/catalog/lines';
import { instant, useStaticClient } from './harness.ts';

const client = useStaticClient();

async function newPage(fixtures: boolean): Promise<Page> {
  const context = await client.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
  const page = await context.newPage();
  await instant(page);
  if (fixtures)
    await page.addInitScript(() => ((globalThis as { ROUNDTABLE_FIXTURES?: boolean }).ROUNDTABLE_FIXTURES = true));
  page.on('pageerror', (e) => console.error('page error:', e.message));
  return page;
}

/** Sets up a local match of `game` from the home screen with `seats` (`human`, `bot:easy`…). */
async function startLocal(page: Page, game: string, seats: string[]): Promise<void> {
  await page.goto(`${client.url}/`);
  await page.click(`[data-testid=play-${game}]`);
  await page.waitForSelector('[data-testid=create]:not([disabled])');
  if (await page.$('[data-testid=players]')) await page.selectOption('[data-testid=players]', String(seats.length));
  for (let i = 0; i < seats.length; i++) await page.selectOption(`[data-testid=seat-${i}]`, seats[i] as string);
  await page.fill('[data-testid=seed]', '3');
  await page.click('[data-testid=create]');
  await page.waitForSelector('[data-testid=generic-table]');
}

/** Clicks one of this screen's move buttons whenever it has some, until the match is finished. */
async function clickToEnd(page: Page, limit: number): Promise<number> {
  for (let i = 0; i < limit; i++) {
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid=table]')?.getAttribute('data-status') === 'finished' ||
        document.querySelector('[data-testid=generic-table] [data-move]') !== null,
    );
    if ((await page.getAttribute('[data-testid=table]', 'data-status')) === 'finished') return i;
    const ply = await page.getAttribute('[data-testid=table]', 'data-ply');
    await page.click('[data-testid=generic-table] [data-move]');
    await page.waitForFunction(
      (before) => document.querySelector('[data-testid=table]')?.getAttribute('data-ply') !== before,
      ply,
    );
  }
  throw new Error(`no end after ${limit} moves`);
}

describe('the games kept for tests, in a page', () => {
  it('the home screen lists the catalog’s games, the fixtures only when they are on', async () => {
    for (const on of [false, true]) {
      const page = await newPage(on);
      await page.goto(`${client.url}/`);
      await page.waitForSelector('.game-card');
      const cards = await page.$$eval('.game-card', (els) => els.map((e) => e.getAttribute('data-game')));
      const listed = LINES.map((l) => l.descriptor).filter((d) => on || !d.fixture);
      expect(cards).toEqual(listed.map((d) => d.id));
      await page.context().close();
    }
  });

  it('Stones: played on the generic table against a bot, to its end in words from the descriptor', async () => {
    const page = await newPage(true);
    await startLocal(page, 'stones', ['human', 'bot:easy']);
    expect(await clickToEnd(page, 20)).toBeGreaterThan(0);
    await page.waitForSelector('[data-testid=end-reason]');
    expect(await page.textContent('[data-testid=end-reason]')).toBe('The last stone was taken.');
    await page.context().close();
  });

  it('Sealed: the generic table shows this seat its own hand only, and two bots play theirs', async () => {
    const page = await newPage(true);
    await startLocal(page, 'sealed', ['human', 'bot:easy', 'bot:greedy']);
    const view = JSON.parse((await page.textContent('[data-testid=generic-view]')) ?? '{}') as { hand: number[] };
    expect(view.hand).toHaveLength(3);
    expect(JSON.stringify(view)).not.toContain('"hands"');
    expect(await clickToEnd(page, 10)).toBe(3);
    await page.waitForSelector('[data-testid=end-reason]');
    expect(await page.textContent('[data-testid=end-reason]')).toBe('Every card is down: the highest row wins.');
    await page.context().close();
  });
});
