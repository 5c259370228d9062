/**
 * End-to-end, in Debian's Chromium against the real Round Table server (HTTP + WebSocket, serving the built
 * client): accounts (sign up, refusals as sentences, log out, log in), guest seats claimed into My matches with
 * "Your turn", another device taking its seat without a token, a rated Camelot match between two accounts made
 * from the form (Rated, a Fischer clock) whose end moves both ratings on the leaderboard and the player page,
 * and "play now" pairing two people, or offering bots to a lone one. Every new page is scanned with axe-core and
 * photographed on a desktop and a phone.
 */
import WebSocket from 'ws';
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { screenshot, instant } from './harness.ts';
import { useRealServer } from './real-server.ts';
import { axeClean } from './axe.ts';

const PASSWORD = 'correct horse battery';

// One rated game puts an account on the leaderboard here (refusals.test.ts shows provisional ratings).
const real = useRealServer({ passwordCost: { N: 1 << 10, r: 8, p: 1 }, limits: { provisionalGames: 1 } });

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

/** Fills the sign-up or login form and submits it. */
async function submitAccount(page: Page, mode: 'signup' | 'login', name: string, password: string): Promise<void> {
  await page.goto(`${real.url}/#/${mode}`);
  await page.waitForSelector(`[data-testid=${mode}-form]`);
  await page.fill('[data-testid=account-name]', name);
  await page.fill('[data-testid=account-password]', password);
  await page.click('[data-testid=account-submit]');
}

async function refusal(page: Page): Promise<string> {
  await page.waitForSelector('[data-testid=account-error]');
  return (await page.textContent('[data-testid=account-error]')) ?? '';
}

async function signedUp(page: Page, name: string): Promise<void> {
  await submitAccount(page, 'signup', name, PASSWORD);
  await page.waitForSelector('[data-testid=account-done]');
  await page.waitForFunction((n) => document.querySelector('[data-testid=me-name]')?.textContent === n, name);
}

const sessionCookie = async (context: BrowserContext): Promise<string> => {
  const c = (await context.cookies(real.url)).find((x) => x.name === 'rt_session');
  if (!c) throw new Error('no session cookie');
  return `rt_session=${c.value}`;
};

const meStatus = async (cookie: string): Promise<number> =>
  (await fetch(`${real.url}/api/me`, { headers: { cookie } })).status;

/** The tokens this browser keeps (session/tokens.ts). */
const storedSeats = (page: Page): Promise<{ match: string; seat: number; token: string }[]> =>
  page.evaluate(() => JSON.parse(localStorage.getItem('rt.seats') ?? '[]'));

describe('accounts', () => {
  it('sign up (refusals as sentences), guest seats claimed into My matches with "Your turn", log out, log in, another device', async () => {
    // An account already holds this name.
    expect(
      (
        await fetch(`${real.url}/api/accounts`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ name: 'Morgan', password: PASSWORD }),
        })
      ).status,
    ).toBe(201);

    const { context, page } = await newContext();
    // As a guest: an online Camelot match against a server bot; White (this seat) is to move.
    await page.goto(`${real.url}/#/new/camelot`);
    await page.waitForSelector('[data-testid=create]:not([disabled])');
    await page.check('[data-testid=where-online]');
    await expect.poll(() => page.inputValue('[data-testid=seat-1]')).toBe('open');
    // Bot levels carry their measured ratings; Rated is explained, not offered, to a guest.
    const botOptions = await page.$$eval('[data-testid=seat-1] option', (os) => os.map((o) => o.textContent ?? ''));
    expect(botOptions.some((o) => o.includes('strong (≈2126)'))).toBe(true);
    expect(await page.isDisabled('[data-testid=rated]')).toBe(true);
    expect(await page.textContent('[data-testid=rated-why]')).toContain('log in or sign up');
    await page.selectOption('[data-testid=seat-1]', 'bot:random');
    await page.click('[data-testid=create]');
    await page.waitForSelector('[data-testid=table]');
    const [guestSeat] = await storedSeats(page);
    expect(guestSeat?.seat).toBe(0);
    const matchId = guestSeat!.match;

    // Sign-up refusals, said as sentences.
    await submitAccount(page, 'signup', 'x', PASSWORD);
    expect(await refusal(page)).toContain('This name cannot be used');
    await axeClean(page, 'sign-up with an error');
    await screenshot(page, 'social-signup-error-desktop');
    await submitAccount(page, 'signup', 'Gawain', 'short');
    expect(await refusal(page)).toBe('The password must be 8 to 200 characters long.');
    await submitAccount(page, 'signup', 'MORGAN', PASSWORD);
    expect(await refusal(page)).toContain('This name is already taken');

    // The sign-up: the guest seat becomes the account's, and the person is told so.
    await signedUp(page, 'Gawain');
    expect(await page.getAttribute('[data-testid=claimed]', 'data-count')).toBe('1');
    expect(await page.textContent('[data-testid=claimed]')).toBe(
      '1 match played as a guest on this browser is now yours.',
    );
    await screenshot(page, 'social-signed-up-desktop');

    await page.click('[data-testid=go-my-matches]');
    await page.waitForSelector('[data-testid=me-matches] li');
    // The top bar counts the matches waiting for this person's move.
    await page.waitForFunction(() => document.querySelector('[data-testid=nav-turns]')?.textContent?.startsWith('1'));
    const first = await page.$eval('[data-testid=me-matches] li', (li) => ({
      id: li.getAttribute('data-match'),
      turn: li.getAttribute('data-your-turn'),
      text: li.textContent,
    }));
    expect(first).toMatchObject({ id: matchId, turn: 'true' });
    expect(first.text).toContain('Your turn');
    expect(first.text).toContain('Camelot');
    await axeClean(page, 'my matches');
    await screenshot(page, 'social-my-matches-desktop');

    // Log out: the top bar says so, and the session cookie no longer works anywhere.
    const cookie = await sessionCookie(context);
    expect(await meStatus(cookie)).toBe(200);
    await page.click('[data-testid=logout]');
    await page.waitForSelector('[data-testid=nav-login]');
    expect(await meStatus(cookie)).toBe(401);

    // Log in: a wrong password, then the right one.
    await submitAccount(page, 'login', 'Gawain', 'not my password');
    expect(await refusal(page)).toBe('Wrong name or password.');
    await axeClean(page, 'login with an error');
    await submitAccount(page, 'login', 'gawain', PASSWORD);
    await page.waitForSelector('[data-testid=account-done]');
    await page.waitForFunction(() => document.querySelector('[data-testid=me-name]')?.textContent === 'Gawain');
    // Claimed at the sign-up already: not counted again.
    expect(await page.getAttribute('[data-testid=claimed]', 'data-count')).toBe('0');
    await context.close();

    // Another device (a phone, no token there): the same account's match is there, and its seat plays.
    const phone = await newContext(true);
    await submitAccount(phone.page, 'login', 'Gawain', PASSWORD);
    await phone.page.waitForSelector('[data-testid=account-done]');
    expect(await storedSeats(phone.page)).toEqual([]);
    await phone.page.goto(`${real.url}/#/me`);
    await phone.page.waitForSelector(`[data-testid=me-matches] li[data-match="${matchId}"][data-your-turn=true]`);
    await screenshot(phone.page, 'social-my-matches-phone');
    await phone.page.click(`[data-testid=me-matches] li[data-match="${matchId}"] a`);
    await phone.page.waitForFunction(
      () => document.querySelector('[data-testid=table]')?.getAttribute('data-active') === '0',
      null,
      { timeout: 20_000 },
    );
    // The lobby marks it too.
    await phone.page.goto(`${real.url}/#/lobby`);
    await phone.page.waitForSelector('[data-testid=lobby-your-turn]');
    await screenshot(phone.page, 'social-lobby-phone');
    // After 10 failures for a name, even the right password waits: said with the wait.
    for (let i = 0; i < 10; i++) {
      const r = await fetch(`${real.url}/api/session`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Morgan', password: `guess number ${i}` }),
      });
      expect(r.status).toBe(401);
    }
    await submitAccount(phone.page, 'login', 'Morgan', PASSWORD);
    expect(await refusal(phone.page)).toMatch(
      /^Too many failed attempts for this name\. Try again in \d+ (minutes|seconds)\.$/,
    );
    await screenshot(phone.page, 'social-login-limited-phone');
    await phone.page.goto(`${real.url}/#/signup`);
    await phone.page.waitForSelector('[data-testid=signup-form]');
    await screenshot(phone.page, 'social-signup-phone');
    await axeClean(phone.page, 'sign-up on a phone');
    await phone.context.close();
  }, 120_000);

  it('a rated Camelot match with a Fischer clock, made from the form between two accounts: the leaderboard and the player page follow', async () => {
    const a = await newContext();
    const b = await newContext();
    await signedUp(a.page, 'Lancelot du Lac');
    await signedUp(b.page, 'Tristan');

    await a.page.goto(`${real.url}/#/new/camelot`);
    await a.page.waitForSelector('[data-testid=create]:not([disabled])');
    await a.page.check('[data-testid=where-online]');
    await expect.poll(() => a.page.inputValue('[data-testid=seat-1]')).toBe('open');
    await a.page.check('[data-testid=clock-fischer]');
    await a.page.fill('[data-testid=clock-minutes]', '3');
    await a.page.fill('[data-testid=clock-increment]', '2');
    await a.page.check('[data-testid=rated]');
    await axeClean(a.page, 'new match, rated, Fischer');
    await screenshot(a.page, 'social-new-match-rated-desktop');
    await a.page.click('[data-testid=create]');
    await a.page.waitForSelector('[data-testid=invite]');
    const [seatA] = await storedSeats(a.page);
    const id = seatA!.match;
    const made = (await (await fetch(`${real.url}/api/matches/${id}`)).json()) as {
      match: { rated?: boolean; clock: unknown };
    };
    expect(made.match).toMatchObject({ rated: true, clock: { baseSeconds: 180, incrementSeconds: 2 } });

    // Lancelot on another device (no token there), while the seat is still open: his own seat, not a join page.
    const other = await newContext();
    await submitAccount(other.page, 'login', 'Lancelot du Lac', PASSWORD);
    await other.page.waitForSelector('[data-testid=account-done]');
    await other.page.goto(`${real.url}/#/m/${id}`);
    await other.page.waitForSelector('[data-testid=table]');
    expect(await other.page.$('[data-testid=join]')).toBeNull();
    await other.page.waitForFunction(() =>
      /Lancelot du Lac[^·]*· You/.test(document.querySelector('.seat-list')?.textContent ?? ''),
    );
    await other.context.close();

    // Signed in, the invitation link seats Tristan at once (no name asked: the account's is used).
    await b.page.goto(await a.page.inputValue('[data-testid=invite]'));
    await b.page.waitForSelector('[data-testid=table]');
    expect(await b.page.$('[data-testid=join-name]')).toBeNull();
    await a.page.waitForFunction(() => (document.querySelector('.seat-list')?.textContent ?? '').includes('Tristan'));

    // The end, through the server: Lancelot resigns with his seat's token.
    const ws = new WebSocket(`${real.url.replace('http', 'ws')}/ws`);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    const answers: { t: string; id?: number }[] = [];
    ws.on('message', (d) => answers.push(JSON.parse(d.toString())));
    ws.send(JSON.stringify({ t: 'attach', token: seatA!.token, id: 1 }));
    await expect.poll(() => answers.some((m) => m.t === 'attached')).toBe(true);
    ws.send(JSON.stringify({ t: 'resign', id: 2 }));
    await expect.poll(() => answers.find((m) => m.id === 2)?.t).toBe('ok');
    ws.close();

    // The leaderboard: both names, the winner above 1500 and the loser below; the bots as reference lines.
    await expect
      .poll(
        async () =>
          ((await (await fetch(`${real.url}/api/ratings/camelot`)).json()) as { ratings: unknown[] }).ratings.length,
      )
      .toBe(2);
    await b.page.goto(`${real.url}/#/ratings/camelot`);
    await b.page.waitForSelector('[data-testid=leaderboard] tr[data-player="Lancelot du Lac"]');
    const rating = async (name: string): Promise<number> =>
      Number(await b.page.textContent(`[data-testid=leaderboard] tr[data-player="${name}"] [data-testid=rating]`));
    expect(await rating('Tristan')).toBeGreaterThan(1500);
    expect(await rating('Lancelot du Lac')).toBeLessThan(1500);
    expect(
      await b.page.$$eval('[data-testid=leaderboard] tr[data-bot]', (rows) =>
        rows.map((r) => r.getAttribute('data-bot')),
      ),
    ).toEqual(['strong', 'medium', 'easy', 'greedy', 'random']);
    await axeClean(b.page, 'leaderboard');
    await screenshot(b.page, 'social-leaderboard-desktop');

    // The player page: the rating, its chart (the start and one match), the match linking to its replay.
    await b.page.click('[data-testid=leaderboard] tr[data-player="Lancelot du Lac"] a');
    await b.page.waitForSelector('[data-testid=player-page]');
    expect(Number(await b.page.textContent('[data-testid=player-rating]'))).toBeLessThan(1500);
    expect(await b.page.getAttribute('[data-testid=rating-chart]', 'data-points')).toBe('2');
    expect(await b.page.getAttribute('[data-testid=player-history] [data-testid=replay-link]', 'href')).toBe(
      `#/m/${id}`,
    );
    await b.page.waitForSelector('[data-testid=player-history] [data-testid=result]');
    expect(await b.page.textContent('[data-testid=player-history] tbody tr')).toMatch(/Tristan.*Lost/);
    await axeClean(b.page, 'player page');
    await screenshot(b.page, 'social-player-desktop');

    const phone = await newContext(true, 'fr-FR');
    await phone.page.goto(`${real.url}/#/ratings/camelot`);
    await phone.page.waitForSelector('[data-testid=leaderboard] tr[data-player="Tristan"]');
    await screenshot(phone.page, 'social-leaderboard-phone');
    await phone.page.goto(`${real.url}/#/players/Tristan`);
    await phone.page.waitForSelector('[data-testid=rating-chart]');
    await screenshot(phone.page, 'social-player-phone');
    await axeClean(phone.page, 'player page on a phone');
    // The new-match form on a phone, in French: the time controls, and Rated explained to a guest.
    await phone.page.goto(`${real.url}/#/new/camelot`);
    await phone.page.waitForSelector('[data-testid=create]:not([disabled])');
    await phone.page.check('[data-testid=where-online]');
    await phone.page.check('[data-testid=clock-days]');
    await phone.page.fill('[data-testid=clock-days-count]', '31');
    await phone.page.waitForSelector('[data-testid=clock-error]');
    expect(await phone.page.isDisabled('[data-testid=create]')).toBe(true);
    await phone.page.fill('[data-testid=clock-days-count]', '3');
    await phone.page.waitForSelector('[data-testid=clock-error]', { state: 'detached' });
    expect(await phone.page.textContent('[data-testid=rated-why]')).toContain('connectez-vous');
    await axeClean(phone.page, 'new match on a phone, in French');
    await screenshot(phone.page, 'social-new-match-phone-fr');

    // A name nobody holds is said so; in French, the refusals too.
    await phone.page.goto(`${real.url}/#/players/Nobody%20Here`);
    await phone.page.waitForSelector('[data-testid=player-error]');
    expect(await phone.page.textContent('[data-testid=player-error]')).toBe('Aucun joueur ne porte ce nom.');
    await submitAccount(phone.page, 'login', 'Tristan', 'pas le bon mot de passe');
    expect(await refusal(phone.page)).toBe('Nom ou mot de passe incorrect.');
    await screenshot(phone.page, 'social-login-error-phone-fr');
    for (const c of [a, b, phone]) await c.context.close();
  }, 120_000);

  it('play now pairs two people asking for the same game and clock, offers bots to a lone one, and can be cancelled', async () => {
    const one = await newContext();
    const two = await newContext();
    const ask = async (page: Page, bots: boolean): Promise<void> => {
      await page.goto(`${real.url}/#/`);
      await page.click('[data-testid=play-now-camelot]');
      await page.waitForSelector('[data-testid=pn-search]');
      expect(await page.inputValue('[data-testid=pn-game]')).toBe('camelot');
      await page.check('[data-testid=clock-move]');
      await page.fill('[data-testid=clock-seconds]', '45');
      if (bots) {
        await page.check('[data-testid=pn-bots-yes]');
        await page.fill('[data-testid=pn-bot-after]', '2');
      } else {
        await page.check('[data-testid=pn-bots-no]');
      }
      await page.click('[data-testid=pn-search]');
      // Searching, or already seated (someone was waiting), or refused.
      await page.waitForSelector('[data-testid=searching], [data-testid=table], [data-testid=pn-error]');
      expect((await page.$('[data-testid=pn-error]')) && (await page.textContent('[data-testid=pn-error]'))).toBeNull();
    };
    await one.page.goto(`${real.url}/#/`);
    await one.page.waitForSelector('[data-testid=play-now-camelot]');
    await screenshot(one.page, 'social-home-desktop');
    await one.page.goto(`${real.url}/#/play-now`);
    await one.page.waitForSelector('[data-testid=pn-search]');
    await axeClean(one.page, 'play now');
    await screenshot(one.page, 'social-play-now-desktop');

    // Cancel: back to the form, told so; the server forgets the request (a later pair is not matched with it).
    await ask(one.page, false);
    await one.page.waitForSelector('[data-testid=searching]');
    await screenshot(one.page, 'social-play-now-searching-desktop');
    await axeClean(one.page, 'play now, searching');
    await one.page.click('[data-testid=cancel-search]');
    await one.page.waitForSelector('[data-testid=pn-error]');
    expect(await one.page.textContent('[data-testid=pn-error]')).toBe('Search cancelled.');

    // Two people, the same game and clock: seated at one table, each with their own token.
    await ask(one.page, false);
    await ask(two.page, false);
    await one.page.waitForSelector('[data-testid=table]', { timeout: 20_000 });
    await two.page.waitForSelector('[data-testid=table]', { timeout: 20_000 });
    const [s1] = await storedSeats(one.page);
    const [s2] = await storedSeats(two.page);
    expect(s1!.match).toBe(s2!.match);
    expect(new Set([s1!.seat, s2!.seat])).toEqual(new Set([0, 1]));
    const paired = (await (await fetch(`${real.url}/api/matches/${s1!.match}`)).json()) as {
      match: { seats: { kind: string }[]; clock: unknown };
    };
    expect(paired.match.seats.map((s) => s.kind)).toEqual(['human', 'human']);
    expect(paired.match.clock).toMatchObject({ moveSeconds: 45 });

    // Alone, with bots offered after 2 s: a table against a bot.
    const lone = await newContext(true);
    await ask(lone.page, true);
    await lone.page.waitForSelector('[data-testid=searching]');
    await screenshot(lone.page, 'social-play-now-searching-phone');
    await lone.page.waitForSelector('[data-testid=table]', { timeout: 30_000 });
    const [s3] = await storedSeats(lone.page);
    const vsBots = (await (await fetch(`${real.url}/api/matches/${s3!.match}`)).json()) as {
      match: { seats: { seat: number; kind: string }[] };
    };
    expect(vsBots.match.seats.find((s) => s.seat !== s3!.seat)?.kind).toBe('bot');
    await lone.page.goto(`${real.url}/#/play-now`);
    await lone.page.waitForSelector('[data-testid=pn-search]');
    await screenshot(lone.page, 'social-play-now-phone');
    for (const c of [one, two, lone]) await c.context.close();
  }, 120_000);
});
