/**
 * Bot accounts in Debian's Chromium against the real server (issue 38): the account page turns an account into a
 * bot account (a warning, a confirmation, the token shown once), a person challenges it from its player page and
 * reads its answer, then reads that a challenge it never answered lapsed, challenges "Round Table easy" and finds its seat marked BOT at the table, and the leaderboard
 * has its people / engines filter. Photographed on a desktop and a phone, in English and French.
 */
import WebSocket from 'ws';
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { instant, screenshot } from './harness.ts';
import { useRealServer } from './real-server.ts';
import { axeClean } from './axe.ts';

const PASSWORD = 'correct horse battery';
// One rated game puts an account on the leaderboard here; a challenge nobody answers lapses after 6 s (not 24 h):
// long enough for the engine's program below to decline one on a loaded machine.
const LAPSE_MS = 6000;
const real = useRealServer({
  passwordCost: { N: 1 << 10, r: 8, p: 1 },
  limits: { provisionalGames: 1, challengeLapseMs: LAPSE_MS },
});

async function newContext(phone = false, locale = 'en-GB'): Promise<{ context: BrowserContext; page: Page }> {
  const context = await real.browser.newContext(
    phone
      ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale }
      : { viewport: { width: 1280, height: 900 }, locale },
  );
  const page = await context.newPage();
  await instant(page);
  page.on('pageerror', (e) => console.error('page error:', e.message));
  return { context, page };
}

/** Signs up through the page's own origin (the session cookie lands in this browser). */
async function signUp(page: Page, name: string, lang: 'en' | 'fr' = 'en'): Promise<void> {
  await page.goto(`${real.url}/#/`);
  await page.evaluate(
    async ([n, p]) => {
      await fetch('/api/accounts', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: n, password: p }),
      });
    },
    [name, PASSWORD] as const,
  );
  await page.evaluate((l) => localStorage.setItem('rt.lang', l), lang);
  // The app asks who its visitor is when it starts.
  await page.reload();
  await page.waitForFunction((n) => document.querySelector('[data-testid=me-name]')?.textContent === n, name);
}

describe('bot accounts in the browser', () => {
  it('make a bot account (warning, confirmation, token once); challenge it from its page and read its answer, or that it lapsed; a house bot’s seat is marked BOT', async () => {
    const engine = await newContext();
    await signUp(engine.page, 'Brass Knight');
    await engine.page.goto(`${real.url}/#/settings`);
    await engine.page.waitForSelector('[data-testid=bot-panel] [data-testid=bot-warning]');
    // The button waits for the confirmation.
    expect(await engine.page.isDisabled('[data-testid=bot-make]')).toBe(true);
    await engine.page.check('[data-testid=bot-confirm]');
    await screenshot(engine.page, 'bot-account-make-desktop');
    await engine.page.click('[data-testid=bot-make]');
    await engine.page.waitForSelector('[data-testid=bot-token] input');
    const token = await engine.page.inputValue('[data-testid=bot-token] input');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await engine.page.textContent('[data-testid=bot-token]')).toContain(`--token ${token}`);
    await engine.page.locator('[data-testid=bot-panel]').scrollIntoViewIfNeeded();
    await screenshot(engine.page, 'bot-account-token-desktop');
    await axeClean(engine.page, 'the account page with a bot token');
    // Shown once: a reload shows the bot account, not the token.
    await engine.page.reload();
    await engine.page.waitForSelector('[data-testid=bot-new-token]');
    expect(await engine.page.$('[data-testid=bot-token]')).toBeNull();

    const person = await newContext();
    await signUp(person.page, 'Sir Percival');
    await person.page.goto(`${real.url}/#/players/Brass%20Knight`);
    await person.page.waitForSelector('[data-testid=challenge]');
    expect(await person.page.textContent('h1 [data-testid=bot-mark]')).toBe('BOT');
    await person.page.check('[data-testid=challenge-rated]');
    await person.page.click('[data-testid=challenge-send]');
    await person.page.waitForSelector('[data-testid=challenge-status][data-status=pending]');
    await screenshot(person.page, 'bot-challenge-pending-desktop');
    // The engine's program declines through the bot API; the page reads why.
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const waiting = (await (await fetch(`${real.url}/api/bot/challenges`, { headers })).json()) as {
      challenges: { id: string; rated: boolean }[];
    };
    expect(waiting.challenges).toHaveLength(1);
    expect(waiting.challenges[0]!.rated).toBe(true);
    await fetch(`${real.url}/api/bot/challenges/${waiting.challenges[0]!.id}/decline`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ reason: 'tooFast' }),
    });
    await person.page.waitForSelector('[data-testid=challenge-status][data-status=declined]', { timeout: 10_000 });
    expect(await person.page.textContent('[data-testid=challenge-status]')).toContain('too fast');
    // Challenged again, the engine's program never answers: that challenge lapses, and the page says so (read at the
    // end, in a second tab of the same person, while the rest goes on).
    const unanswered = await person.context.newPage();
    await unanswered.goto(`${real.url}/#/players/Brass%20Knight`);
    await unanswered.waitForSelector('[data-testid=challenge]');
    await unanswered.click('[data-testid=challenge-send]');
    await unanswered.waitForSelector('[data-testid=challenge-status][data-status=pending]');

    // Round Table easy answers at once; its seat at the table says BOT.
    await person.page.goto(`${real.url}/#/players/Round%20Table%20easy`);
    await person.page.waitForSelector('[data-testid=challenge]');
    await person.page.check('[data-testid=challenge-rated]');
    await person.page.click('[data-testid=challenge-send]');
    await person.page.waitForSelector('[data-testid=challenge-status][data-status=accepted] a');
    await person.page.click('[data-testid=challenge-status] a');
    await person.page.waitForFunction(() => document.body.textContent?.includes('Round Table easy · BOT'), null, {
      timeout: 15_000,
    });
    await screenshot(person.page, 'bot-table-desktop');
    // The person resigns (from another connection of the account); both are rated, the engine on the ladder.
    const match = new URL(person.page.url()).hash.split('/')[2]!;
    const cookie = (await person.context.cookies(real.url)).find((c) => c.name === 'rt_session')!;
    const ws = new WebSocket(`${real.url.replace('http', 'ws')}/ws`, {
      headers: { cookie: `rt_session=${cookie.value}` },
    });
    await new Promise((resolve) => ws.once('open', resolve));
    ws.send(JSON.stringify({ t: 'attach', match, id: 1 }));
    await new Promise((resolve) => ws.on('message', (d) => String(d).includes('"attached"') && resolve(null)));
    ws.send(JSON.stringify({ t: 'resign', id: 2 }));
    await new Promise((resolve) => ws.on('message', (d) => String(d).includes('"finished"') && resolve(null)));
    ws.close();
    await person.page.goto(`${real.url}/#/ratings/camelot?kind=engines`);
    await person.page.waitForSelector('[data-testid=kind-engines][aria-current=page]');
    await person.page.waitForSelector('[data-player="Round Table easy"] [data-testid=bot-mark]', { timeout: 10_000 });
    await screenshot(person.page, 'bot-leaderboard-engines-desktop');
    await unanswered.waitForSelector('[data-testid=challenge-status][data-status=lapsed]', {
      timeout: LAPSE_MS + 10_000,
    });
    expect(await unanswered.textContent('[data-testid=challenge-status]')).toBe(
      'Lapsed: the bot did not answer in time. You may send it again.',
    );
    expect(await unanswered.isEnabled('[data-testid=challenge-send]')).toBe(true);
    await engine.context.close();
    await person.context.close();
  });

  it('in French on a phone: the warning, and the challenge form on a bot’s page', async () => {
    const { context, page } = await newContext(true, 'fr-FR');
    await signUp(page, 'Dame Enide', 'fr');
    await page.goto(`${real.url}/#/players/Round%20Table%20medium`);
    await page.waitForSelector('[data-testid=challenge]');
    expect(await page.textContent('[data-testid=challenge] h2')).toBe('Défier ce bot');
    await screenshot(page, 'bot-challenge-phone-fr');
    await page.goto(`${real.url}/#/settings`);
    await page.waitForSelector('[data-testid=bot-warning]');
    expect(await page.textContent('[data-testid=bot-warning]')).toContain('pour toujours');
    await page.locator('[data-testid=bot-panel]').scrollIntoViewIfNeeded();
    await screenshot(page, 'bot-account-make-phone-fr');
    await context.close();
  });
});
