/**
 * Issue 25 in the browser: the limits' refusals are sentences where a person meets them, in English and French.
 * Sign-ups past the address's day; a rated match asked without a clock (said on the form, before the server
 * refuses it); play-now from a second tab of the same address; chat lines past the seat's rate, with the wait;
 * provisional ratings (the leaderboard says when a player appears, the player page says "provisional").
 * Debian's Chromium against the real server, the built client; every page of this file comes from 127.0.0.1.
 */
import { request } from 'node:http';
import WebSocket from 'ws';
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { instant, screenshot } from './harness.ts';
import { useRealServer } from './real-server.ts';

const PASSWORD = 'correct horse battery';
const real = useRealServer({
  passwordCost: { N: 1 << 10, r: 8, p: 1 },
  limits: { signupsPerAddress: 2, pairSameAddress: false },
});

async function newContext(locale = 'en-GB'): Promise<{ context: BrowserContext; page: Page }> {
  const context = await real.browser.newContext({ viewport: { width: 1280, height: 900 }, locale });
  const page = await context.newPage();
  await instant(page);
  page.on('pageerror', (e) => console.error('page error:', e.message));
  return { context, page };
}

async function submitSignUp(page: Page, name: string): Promise<void> {
  await page.goto(`${real.url}/#/signup`);
  await page.waitForSelector('[data-testid=signup-form]');
  await page.fill('[data-testid=account-name]', name);
  await page.fill('[data-testid=account-password]', PASSWORD);
  await page.click('[data-testid=account-submit]');
  await page.waitForSelector('[data-testid=account-done], [data-testid=account-error]');
}

const text = async (page: Page, testid: string): Promise<string> => {
  await page.waitForSelector(`[data-testid=${testid}]`);
  return (await page.textContent(`[data-testid=${testid}]`)) ?? '';
};

const cookieOf = async (context: BrowserContext): Promise<string> => {
  const c = (await context.cookies(real.url)).find((x) => x.name === 'rt_session');
  if (!c) throw new Error('no session cookie');
  return `rt_session=${c.value}`;
};

/** A POST with a session cookie, from `localAddress` (127.0.0.2 is another client's address). */
function post(path: string, body: unknown, cookie: string, localAddress = '127.0.0.1'): Promise<any> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${real.url}${path}`,
      { method: 'POST', localAddress, headers: { 'content-type': 'application/json', cookie } },
      (res) => {
        let text = '';
        res.on('data', (c) => (text += c));
        res.on('end', () => resolve(JSON.parse(text)));
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

describe('the limits’ refusals, in words', () => {
  it('sign-ups past the address’s day, a rated form without a clock, a second play-now tab, chat too fast, provisional ratings', async () => {
    const a = await newContext();
    const b = await newContext();
    await submitSignUp(a.page, 'Sir Gareth');
    await submitSignUp(b.page, 'Sir Gaheris');
    for (const { page } of [a, b]) await page.waitForSelector('[data-testid=account-done]');

    // A third account from the same address the same day: refused, with the wait; in French too.
    const c = await newContext();
    await submitSignUp(c.page, 'Sir Agravain');
    expect(await text(c.page, 'account-error')).toBe(
      'Too many accounts were made from your address today (at most 2). Try again in 24 hours.',
    );
    await screenshot(c.page, 'refusal-signup-desktop');
    const fr = await newContext('fr-FR');
    await submitSignUp(fr.page, 'Sire Agravain');
    expect(await text(fr.page, 'account-error')).toBe(
      'Trop de comptes ont été créés depuis votre adresse aujourd’hui (au plus 2). Réessayez dans 24 heures.',
    );

    // A rated match needs a clock: said on the form, and the form is not sent without one.
    await a.page.goto(`${real.url}/#/new/camelot`);
    await a.page.waitForSelector('[data-testid=create]:not([disabled])');
    await a.page.check('[data-testid=where-online]');
    await a.page.check('[data-testid=rated]');
    expect(await text(a.page, 'rated-clock')).toContain('A rated match has a clock, so that nobody can stall it');
    expect(await a.page.isDisabled('[data-testid=create]')).toBe(true);
    await screenshot(a.page, 'refusal-rated-clock-desktop');
    await a.page.check('[data-testid=clock-move]');
    await a.page.fill('[data-testid=clock-seconds]', '60');
    await a.page.waitForSelector('[data-testid=rated-clock]', { state: 'detached' });
    expect(await a.page.isDisabled('[data-testid=create]')).toBe(false);

    // Play now from two tabs of one address: the second is told why it is not paired with the first.
    const search = async (page: Page): Promise<void> => {
      await page.goto(`${real.url}/#/play-now`);
      await page.waitForSelector('[data-testid=pn-search]');
      await page.check('[data-testid=pn-bots-no]');
      await page.click('[data-testid=pn-search]');
    };
    await search(a.page);
    await a.page.waitForSelector('[data-testid=searching]');
    await search(b.page);
    expect(await text(b.page, 'pn-error')).toBe(
      'Someone at your address is already looking for this game: “Play now” never pairs an address with itself. To play each other, create a match and send its link.',
    );
    await screenshot(b.page, 'refusal-play-now-same-address-desktop');
    await a.page.click('[data-testid=cancel-search]');
    await a.page.waitForSelector('[data-testid=pn-error]');

    // Chat: a seat says 5 lines in 10 s, over all its tabs; the sixth is refused with the wait.
    const made = await post(
      '/api/matches',
      { game: 'camelot', seats: [{ kind: 'human' }, { kind: 'open' }] },
      await cookieOf(a.context),
    );
    await a.page.goto(`${real.url}/#/m/${made.match.id}`);
    await a.page.waitForSelector('[data-testid=chat-input]');
    for (let i = 1; i <= 5; i++) {
      await a.page.fill('[data-testid=chat-input]', `line ${i}`);
      await a.page.click('[data-testid=chat-send]');
      await a.page.waitForFunction(
        (t) => Array.from(document.querySelectorAll('[data-testid=chat-text]')).some((e) => e.textContent === t),
        `line ${i}`,
      );
    }
    await a.page.fill('[data-testid=chat-input]', 'line 6');
    await a.page.click('[data-testid=chat-send]');
    await a.page.waitForFunction(() => document.querySelector('[data-testid=chat-error]')?.textContent !== '');
    expect(await a.page.textContent('[data-testid=chat-error]')).toMatch(
      /^Slow down: at most 5 lines every 10 seconds, over all your tabs and devices\. Try again in \d+ s\.$/,
    );
    await screenshot(a.page, 'refusal-chat-rate-desktop');

    // One rated game: both players are rated, provisional, and not on the leaderboard yet.
    const rated = await post(
      '/api/matches',
      { game: 'camelot', rated: true, clock: { days: 1 }, seats: [{ kind: 'human' }, { kind: 'open' }] },
      await cookieOf(a.context),
    );
    // (From another address: a rated match seats an address once.)
    const joined = await post(`/api/matches/${rated.match.id}/join`, {}, await cookieOf(b.context), '127.0.0.2');
    const ws = new WebSocket(`${real.url.replace('http', 'ws')}/ws`);
    const answered = (id: number): Promise<unknown> =>
      new Promise((resolve) =>
        ws.on('message', (m) => {
          const msg = JSON.parse(String(m)) as { id?: number };
          if (msg.id === id) resolve(msg);
        }),
      );
    await new Promise((r) => ws.once('open', r));
    ws.send(JSON.stringify({ t: 'attach', token: joined.token, id: 1 }));
    expect(await answered(1)).toMatchObject({ t: 'attached' });
    ws.send(JSON.stringify({ t: 'resign', id: 2 }));
    expect(await answered(2)).toMatchObject({ t: 'ok' });
    ws.close();
    // (Rated once the end is stored.)
    await expect
      .poll(async () => ((await (await fetch(`${real.url}/api/players/Sir%20Gareth`)).json()) as any).ratings.length)
      .toBe(1);
    await a.page.goto(`${real.url}/#/players/${encodeURIComponent('Sir Gareth')}`);
    await a.page.waitForSelector('[data-testid=provisional]');
    expect(await a.page.textContent('[data-testid=provisional]')).toBe('provisional');
    await a.page.goto(`${real.url}/#/ratings/camelot`);
    expect(await text(a.page, 'provisional-note')).toBe(
      'Players appear here after 10 rated games of this game; until then their rating is provisional.',
    );
    await a.page.waitForSelector('[data-testid=nobody]');
    await screenshot(a.page, 'refusal-leaderboard-provisional-desktop');
    for (const x of [a, b, c, fr]) await x.context.close();
  }, 120_000);
});
