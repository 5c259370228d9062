/**
 * End-to-end, in Debian's Chromium: the end-of-game panel on a phone. Every game watched to its end between bots,
 * in French (the longer words): no word of the panel is broken across two lines ("Che-valier"), and nothing is
 * wider than the dialog.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { chooseSeats, instant, screenshot, useStaticClient, watchToEnd } from './harness.ts';

const client = useStaticClient();

async function start(page: Page, game: string, seats: string[], seed: string): Promise<void> {
  await page.goto(`${client.url}/#/new/${game}`);
  await page.waitForSelector('[data-testid=create]:not([disabled])');
  await chooseSeats(page, seats);
  await page.fill('[data-testid=seed]', seed);
  await page.click('[data-testid=create]');
  await page.waitForSelector('[data-testid=table]');
}

/** The words of the panel that the browser laid out on more than one line, and how far the content overflows. */
async function brokenWords(page: Page): Promise<{ broken: string[]; overflow: number; where: string; words: number }> {
  return page.evaluate(() => {
    const panel = document.querySelector('[data-testid=end-panel]') as HTMLElement;
    const broken: string[] = [];
    let words = 0;
    const walker = document.createTreeWalker(panel, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const text = n.textContent ?? '';
      const el = n.parentElement;
      if (
        !el ||
        el.closest('.sr-only') ||
        (el.closest('thead') && getComputedStyle(el.closest('thead') as Element).position === 'absolute')
      )
        continue;
      for (const m of text.matchAll(/[^\s]+/g)) {
        const range = document.createRange();
        range.setStart(n, m.index ?? 0);
        range.setEnd(n, (m.index ?? 0) + m[0].length);
        const lines = new Set(
          Array.from(range.getClientRects())
            .filter((r) => r.width > 0)
            .map((r) => Math.round(r.top)),
        );
        words++;
        if (lines.size > 1) broken.push(m[0]);
      }
    }
    // What sticks out of the dialog's box (the header row hidden from sight for screen readers aside).
    const box = panel.getBoundingClientRect();
    let overflow = Math.max(0, panel.scrollWidth - panel.clientWidth);
    let where = '';
    for (const el of Array.from(panel.querySelectorAll('*'))) {
      if (el.closest('thead, .sr-only')) continue;
      const r = el.getBoundingClientRect();
      const out = Math.max(r.right - box.right, box.left - r.left);
      if (r.width > 0 && out > overflow) {
        overflow = out;
        where = `${el.tagName} "${(el.textContent ?? '').slice(0, 30)}"`;
      }
    }
    return { broken, overflow, where, words };
  });
}

const CASES = [
  { game: 'shadows', seats: ['bot:random', 'bot:random', 'bot:random', 'bot:random'], seed: '7' },
  { game: 'tournament', seats: ['bot:random', 'bot:random', 'bot:random'], seed: '6' },
  { game: 'camelot', seats: ['bot:greedy', 'bot:greedy'], seed: '3' },
  { game: 'lancelot', seats: ['bot:random', 'bot:random', 'bot:random'], seed: '4' },
  { game: 'joust', seats: ['bot:random', 'bot:random', 'bot:random'], seed: '5' },
] as const;

describe('the end panel on a phone', () => {
  for (const c of CASES) {
    it(`${c.game}: no word broken across lines, nothing wider than the dialog (fr, 360 px)`, async () => {
      const context = await client.browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'fr-FR' });
      const page = await context.newPage();
      await instant(page);
      await start(page, c.game, [...c.seats], c.seed);
      // The match is set up on a desktop (the form is not under test here), then watched on a phone.
      await page.setViewportSize({ width: 360, height: 780 });
      await watchToEnd(page);
      const found = await brokenWords(page);
      expect(found.words, 'the panel has words').toBeGreaterThan(8);
      expect(found.broken, 'words split over two lines').toEqual([]);
      expect(found.overflow, `content wider than the dialog: ${found.where}`).toBeLessThanOrEqual(1);
      // Each figure keeps its column's name next to it once the table is stacked.
      const labelled = await page.$$eval('[data-testid=end-scores] td[data-label]', (tds) =>
        tds.map((td) => getComputedStyle(td, '::before').content),
      );
      for (const l of labelled) expect(l).toMatch(/\S/);
      await screenshot(page, `end-panel-phone-${c.game}-fr`);
      await context.close();
    }, 120_000);
  }
});
