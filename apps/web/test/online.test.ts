/**
 * End-to-end online play through the real Round Table server (HTTP + WebSocket, serving the built client):
 * two browser contexts play each other from an invitation link, one reloads and comes back to its seat, and a
 * match against a server bot is played to its end.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { legalMoves, screenshot, typeMove, instant, closeEndPanel } from './harness.ts';
import { useRealServer } from './real-server.ts';

const real = useRealServer();

async function newPage(): Promise<Page> {
  const context = await real.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
  const page = await context.newPage();
  await instant(page);
  page.on('pageerror', (e) => console.error('page error:', e.message));
  return page;
}

async function waitActive(page: Page): Promise<string[]> {
  await page.waitForFunction(
    () =>
      document.querySelector('[data-testid=table]')?.getAttribute('data-active') !== '' &&
      document.querySelectorAll('[data-testid=legal] option').length > 0,
    null,
    { timeout: 20_000 },
  );
  return legalMoves(page);
}

describe('online', () => {
  it('two browsers play each other from an invitation link, and a reload comes back to the seat', async () => {
    const arthur = await newPage();
    await arthur.goto(`${real.url}/`);
    await arthur.click('[data-testid=play-camelot]');
    await arthur.waitForSelector('[data-testid=create]:not([disabled])');
    await arthur.check('[data-testid=where-online]');
    // Online, the other seat is open by default (not a bot).
    expect(await arthur.inputValue('[data-testid=seat-1]')).toBe('open');
    await arthur.fill('[data-testid=name]', 'Arthur');
    await arthur.click('[data-testid=create]');
    await arthur.waitForSelector('[data-testid=invite]');
    const invite = await arthur.inputValue('[data-testid=invite]');
    expect(invite).toMatch(/#\/m\/[^/]+\/join$/);
    await screenshot(arthur, 'online-invite');

    const guinevere = await newPage();
    await guinevere.goto(invite);
    // A newcomer is asked a name before taking the seat; the table then calls her by it.
    await guinevere.fill('[data-testid=join-name]', 'Guinevere');
    await guinevere.click('[data-testid=join]');
    await guinevere.waitForSelector('[data-testid=board]');
    await arthur.waitForFunction(() => (document.querySelector('.seat-list')?.textContent ?? '').includes('Guinevere'));
    // White (Arthur) moves by clicking the piece and the square.
    await waitActive(arthur);
    await arthur.click('[data-testid=board] g[data-square=F7]');
    await arthur.click('[data-testid=board] rect[data-square=F8]');
    await guinevere.waitForFunction(() =>
      /\bF7\b[^.]*\bF8\b/.test(document.querySelector('[data-testid=log]')?.textContent ?? ''),
    );
    // Black answers with the keyboard.
    const legal = await waitActive(guinevere);
    const answer = legal.find((m) => m === 'G10-G9') ?? (legal[0] as string);
    await typeMove(guinevere, answer);
    // Told in words: the answer's squares, in order, in one entry.
    await arthur.waitForFunction(
      (m) =>
        new RegExp(`\\b${m.split(/[-x]/).join('\\b[^.]*?\\b')}\\b`).test(
          document.querySelector('[data-testid=log]')?.textContent ?? '',
        ),
      answer,
    );
    await arthur.waitForFunction(() =>
      /Your turn/.test(document.querySelector('[data-testid=status]')?.textContent ?? ''),
    );
    await screenshot(guinevere, 'online-camelot-black');

    // An illegal move sent to the server comes back with its reason.
    await waitActive(arthur);
    await typeMove(arthur, 'E6-E9');
    await arthur.waitForFunction(() => (document.querySelector('[data-testid=reason]')?.textContent ?? '') !== '');
    expect(await arthur.textContent('[data-testid=reason]')).toMatch(/E9/);

    // Guinevere reloads: her seat token is in localStorage; she is back on her seat and sees the game.
    await guinevere.reload();
    await guinevere.waitForSelector('[data-testid=board]');
    await guinevere.waitForFunction(
      () => document.querySelector('[data-testid=table]')?.getAttribute('data-connection') === 'online',
    );
    expect(await guinevere.textContent('.seat-list')).toContain('You');
    const pieces = await guinevere.$$eval('[data-testid=board] g[data-piece]', (els) =>
      els.map((e) => e.getAttribute('data-square')),
    );
    expect(pieces).toContain('F8');
    await guinevere.waitForFunction(() =>
      /\bF7\b[^.]*\bF8\b/.test(document.querySelector('[data-testid=log]')?.textContent ?? ''),
    );
    // Arthur plays; the reloaded page gets it and may answer.
    await typeMove(arthur, (await waitActive(arthur))[0] as string);
    await waitActive(guinevere);
    // My matches lists the match for resuming.
    await guinevere.goto(`${real.url}/#/lobby`);
    await guinevere.waitForSelector('[data-testid=my-matches] li');
    await screenshot(guinevere, 'online-lobby');
    await arthur.context().close();
    await guinevere.context().close();
  }, 90_000);

  it('plays the card game against a server bot: a hand, the server legal moves, the table updating', async () => {
    const page = await newPage();
    await page.goto(`${real.url}/#/new/joust`);
    await page.waitForSelector('[data-testid=create]:not([disabled])');
    await page.check('[data-testid=where-online]');
    await page.selectOption('[data-testid=seat-1]', 'bot:random');
    await page.click('[data-testid=create]');
    await page.waitForSelector('[data-testid=hand]');
    for (let i = 0; i < 12; i++) {
      await page.waitForFunction(
        () => {
          const t = document.querySelector('[data-testid=table]');
          return (
            t?.getAttribute('data-status') === 'finished' ||
            (t?.getAttribute('data-active') !== '' &&
              document.querySelectorAll('[data-testid=legal] option').length > 0)
          );
        },
        null,
        { timeout: 20_000 },
      );
      if ((await page.getAttribute('[data-testid=table]', 'data-status')) === 'finished') break;
      const legal = await legalMoves(page);
      if (legal.length === 0) continue;
      const before = await page.evaluate(() => document.querySelector('[data-testid=hand]')?.textContent ?? '');
      const move = (legal.find((m) => /^play (purple|red|blue|yellow|green|squire|maiden)/.test(m)) ??
        legal.find((m) => m === 'end') ??
        legal[0]) as string;
      await typeMove(page, move);
      await page.waitForFunction(
        ([b, m]) =>
          (document.querySelector('[data-testid=hand]')?.textContent ?? '') !== b ||
          m === 'end' ||
          !m?.startsWith('play'),
        [before, move] as const,
      );
    }
    expect(await page.$$eval('[data-testid=hand] .card', (els) => els.length)).toBeGreaterThan(0);
    await screenshot(page, 'online-joust');
    await page.context().close();
  }, 90_000);

  it('plays Lancelot against a server bot to the end', async () => {
    const page = await newPage();
    await page.goto(`${real.url}/#/new/lancelot`);
    await page.waitForSelector('[data-testid=create]:not([disabled])');
    await page.check('[data-testid=where-online]');
    await page.selectOption('[data-testid=seat-1]', 'bot:random');
    await page.fill('[data-testid=opt-target]', '3');
    await page.click('[data-testid=create]');
    await page.waitForSelector('[data-testid=board]');
    for (let i = 0; i < 100; i++) {
      await page.waitForFunction(
        () => {
          const t = document.querySelector('[data-testid=table]');
          return (
            t?.getAttribute('data-status') === 'finished' ||
            (t?.getAttribute('data-active') !== '' &&
              document.querySelectorAll('[data-testid=legal] option').length > 0)
          );
        },
        null,
        { timeout: 20_000 },
      );
      if ((await page.getAttribute('[data-testid=table]', 'data-status')) === 'finished') break;
      const legal = await legalMoves(page);
      const ply = await page.getAttribute('[data-testid=table]', 'data-ply');
      await typeMove(page, legal[i % legal.length] as string);
      await page.waitForFunction(
        (before) => document.querySelector('[data-testid=table]')?.getAttribute('data-ply') !== before,
        ply,
      );
    }
    expect(await page.getAttribute('[data-testid=table]', 'data-status')).toBe('finished');
    await screenshot(page, 'online-lancelot-end');
    // A finished match can be replayed from the server.
    await closeEndPanel(page);
    await page.fill('[data-testid=replay]', '1');
    await page.waitForFunction(() => document.querySelectorAll('[data-knight]').length === 1);
    await page.context().close();
  }, 90_000);
});
