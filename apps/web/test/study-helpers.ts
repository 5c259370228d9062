import { expect } from 'vitest';
import type { Page } from 'playwright-core';

export { axeClean } from './axe.ts';

/** Nothing wider than the screen: the page does not scroll sideways. */
export async function noSidewaysScroll(page: Page, what: string): Promise<void> {
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    screen: document.documentElement.clientWidth,
  }));
  expect(widths.page, `${what}: page ${widths.page}px wide on a ${widths.screen}px screen`).toBeLessThanOrEqual(
    widths.screen,
  );
}

/** Plays a Camelot move on the board by clicking each square of its path (a move that may go on ends with Enter). */
export async function clickMove(page: Page, move: string): Promise<void> {
  const squares = move.toUpperCase().split(/[-X]/);
  for (const sq of squares) await page.click(`[data-testid=board] rect[data-square=${sq}]`, { force: true });
  if (await page.$('[data-testid=play-path]')) await page.click('[data-testid=play-path]');
}

/** Plays a Camelot move from the keyboard alone: M to each square of its path on the board grid, Enter on it. */
export async function keyMove(page: Page, move: string): Promise<void> {
  const squares = move.toUpperCase().split(/[-X]/);
  // The board is one Tab stop (a grid): its cursor takes the focus, then M goes from square to square that can act.
  if ((await page.evaluate(() => document.activeElement?.getAttribute('role') ?? null)) !== 'gridcell')
    await page.focus('[data-testid=board] [role=gridcell][tabindex="0"]');
  for (const sq of squares) {
    for (let i = 0; i < 400; i++) {
      const at = await page.evaluate(() => document.activeElement?.getAttribute('data-square') ?? null);
      if (at === sq) break;
      await page.keyboard.press('m');
    }
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-square') ?? null)).toBe(sq);
    await page.keyboard.press('Enter');
  }
  if (await page.$('[data-testid=play-path]')) {
    await page.focus('[data-testid=play-path]');
    await page.keyboard.press('Enter');
  }
}
