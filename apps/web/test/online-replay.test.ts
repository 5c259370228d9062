/**
 * End-to-end through the real Round Table server: the replay of a finished online card game. A person plays a
 * Tournament against two server bots to its end; in the replay (the server's `/api/matches/:id/replay/:ply`),
 * each step highlights the log entry that tells it, keeps it in sight, and marks on the table what it refers
 * to — as the hot-seat replay does.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { closeEndPanel, instant, legalMoves, screenshot, typeMove } from './harness.ts';
import { useRealServer } from './real-server.ts';

const real = useRealServer({ botMs: 20 });

/** Plays this screen's moves (the first legal one) until the match is over. */
async function playToEnd(page: Page): Promise<void> {
  for (let i = 0; i < 400; i++) {
    await page.waitForFunction(
      () => {
        const t = document.querySelector('[data-testid=table]');
        return (
          t?.getAttribute('data-status') === 'finished' ||
          (t?.getAttribute('data-active') !== '' && document.querySelectorAll('[data-testid=legal] option').length > 0)
        );
      },
      null,
      { timeout: 30_000 },
    );
    if ((await page.getAttribute('[data-testid=table]', 'data-status')) === 'finished') return;
    const legal = await legalMoves(page);
    const ply = await page.getAttribute('[data-testid=table]', 'data-ply');
    await typeMove(page, legal.find((m) => m.startsWith('play ')) ?? (legal[0] as string));
    await page.waitForFunction(
      (p) => {
        const t = document.querySelector('[data-testid=table]');
        return t?.getAttribute('data-ply') !== p || t?.getAttribute('data-status') === 'finished';
      },
      ply,
      { timeout: 30_000 },
    );
  }
  throw new Error('the match did not end in 400 moves');
}

describe('online replay of a card game', () => {
  it('each step highlights its log entry, in sight, and marks the move on the table', async () => {
    const context = await real.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
    const page = await context.newPage();
    await instant(page);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${real.url}/#/new/tournament`);
    await page.waitForSelector('[data-testid=create]:not([disabled])');
    await page.check('[data-testid=where-online]');
    await page.selectOption('[data-testid=seat-1]', 'bot:random');
    await page.selectOption('[data-testid=seat-2]', 'bot:random');
    await page.fill('[data-testid=opt-life]', '50');
    await page.click('[data-testid=create]');
    await page.waitForSelector('[data-testid=hand]');
    await playToEnd(page);
    await page.waitForSelector('[data-testid=end-panel][open]');
    await closeEndPanel(page);
    await page.waitForSelector('[data-testid=replay]');
    const max = Number(await page.getAttribute('[data-testid=replay]', 'max'));
    expect(max).toBeGreaterThan(10);

    // Step through the replay: every step highlights one entry, the one that tells that step, in sight.
    const told: string[] = [];
    const steps = [1, 2, Math.floor(max / 3), Math.floor(max / 2), max - 2];
    for (const ply of steps) {
      await page.fill('[data-testid=replay]', String(ply));
      await page.waitForFunction(
        (p) => (document.querySelector('[data-testid=replay-at]')?.textContent ?? '').match(/\d+/)?.[0] === String(p),
        ply,
      );
      // The highlight moves, and the log scrolls it into sight, a frame or two after the step: wait for that.
      await page
        .waitForFunction(
          (prev) => {
            const els = Array.from(document.querySelectorAll('[role=log] .log-entry.current'));
            const log = document.querySelector('[role=log]')?.getBoundingClientRect();
            if (els.length !== 1 || !log) return false;
            const r = els[0]!.getBoundingClientRect();
            return r.top >= log.top - 1 && r.bottom <= log.bottom + 1 && (els[0]!.textContent ?? '') !== prev;
          },
          told[told.length - 1] ?? null,
          { timeout: 10_000 },
        )
        .catch(() => {});
      const current = await page.$$eval('[role=log] .log-entry.current', (els) => {
        const log = document.querySelector('[role=log]')!.getBoundingClientRect();
        return els.map((e) => {
          const r = e.getBoundingClientRect();
          return {
            text: e.textContent ?? '',
            step: e.getAttribute('data-step'),
            inside: r.top >= log.top - 1 && r.bottom <= log.bottom + 1,
          };
        });
      });
      expect(current, `one current entry at step ${ply}`).toHaveLength(1);
      expect(current[0]!.inside, 'the current entry is in sight').toBe(true);
      told.push(current[0]!.text);
      // What the entry refers to (the card just played, the seat that took the wounds) is marked on the table.
      const refs = (await page.getAttribute('[role=log] .log-entry.current', 'data-refs')) ?? '';
      const onTable = await page.evaluate(
        (rs) =>
          rs
            .split(' ')
            .filter(Boolean)
            .some((r) => {
              const seat = /^seat:(\d+)$/.exec(r);
              return (
                document.querySelector(
                  seat ? `.board-area [data-seat="${seat[1]}"]` : `.board-area [data-ref~="${r}"]`,
                ) !== null
              );
            }),
        refs,
      );
      if (onTable) await page.waitForSelector('.board-area .ref-mark', { timeout: 5_000 });
    }
    // Different steps, different entries: the highlight follows the replay.
    expect(new Set(told).size).toBeGreaterThan(3);
    // The step forward moves the highlight to a later entry.
    const before = Number(await page.getAttribute('[role=log] .log-entry.current', 'data-index'));
    await page.fill('[data-testid=replay]', '1');
    await page.waitForFunction(
      () => (document.querySelector('[data-testid=replay-at]')?.textContent ?? '').match(/\d+/)?.[0] === '1',
    );
    await page.click('[data-testid=replay-forward]');
    await page.click('[data-testid=replay-forward]');
    await page.waitForFunction(
      () => (document.querySelector('[data-testid=replay-at]')?.textContent ?? '').match(/\d+/)?.[0] === '3',
    );
    await page.waitForFunction(
      (b) => Number(document.querySelector('[role=log] .log-entry.current')?.getAttribute('data-index')) < b,
      before,
    );
    await screenshot(page, 'online-tournament-replay');

    // Opened again later (a reload, the link from "My matches"): the whole match is told again, from the views.
    await page.reload();
    await page.waitForSelector('[data-testid=table][data-status=finished]');
    await closeEndPanel(page);
    await page.waitForSelector('[data-testid=replay]');
    const entries = await page.$$eval('[role=log] .log-entry', (els) => els.length);
    console.log(
      `after a reload: ${entries} log entries, replay max ${await page.getAttribute('[data-testid=replay]', 'max')}`,
    );
    expect(entries).toBeGreaterThan(max / 2);
    // The same step highlights the same words as before the reload.
    for (const [i, ply] of steps.entries()) {
      await page.fill('[data-testid=replay]', String(ply));
      await page.waitForFunction(
        (p) => (document.querySelector('[data-testid=replay-at]')?.textContent ?? '').match(/\d+/)?.[0] === String(p),
        ply,
      );
      await page.waitForSelector('[role=log] .log-entry.current', { timeout: 10_000 });
      // The highlight follows the step a frame or two later: wait for it to settle on the same words.
      await page
        .waitForFunction(
          (want) => document.querySelector('[role=log] .log-entry.current')?.textContent === want,
          told[i],
          { timeout: 10_000 },
        )
        .catch(() => {});
      expect(await page.textContent('[role=log] .log-entry.current'), `step ${ply} after a reload`).toBe(told[i]);
    }
    expect(errors).toEqual([]);
    await context.close();
  }, 300_000);
});
