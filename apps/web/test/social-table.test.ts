/**
 * The online table's social side (issue 18) through the real server and the built client: signed-in players chat
 * both ways (text stays text), a spectator of a game with secrets reads only the spectators' channel, Fischer
 * clocks tick on both screens, a draw offer is declined, a resignation ends the match and rates it; the turn
 * notice when the page is hidden; a takeback needs the other player's consent; a rematch moves both seats.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { SCREENSHOTS, instant, legalMoves, screenshot, typeMove } from './harness.ts';
import { createFromPage, useRealServer } from './real-server.ts';
import { axeClean } from './axe.ts';

const PASSWORD = 'correct horse battery';

// One rated game puts an account on the leaderboard here (refusals.test.ts shows provisional ratings).
const real = useRealServer({ limits: { provisionalGames: 1 } });

async function newContext(
  options: { phone?: boolean; notifications?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await real.browser.newContext({
    viewport: options.phone ? { width: 390, height: 844 } : { width: 1280, height: 900 },
    ...(options.phone ? { hasTouch: true, deviceScaleFactor: 2 } : {}),
    locale: 'en-GB',
    ...(options.notifications ? { permissions: ['notifications'] } : {}),
  });
  const page = await context.newPage();
  await instant(page);
  page.on('pageerror', (e) => console.error('page error:', e.message));
  return { context, page };
}

/** Signs up through the account page; the session cookie then identifies the WebSocket too. */
async function signUpUi(page: Page, name: string): Promise<void> {
  await page.goto(`${real.url}/#/signup`);
  await page.fill('[data-testid=account-name]', name);
  await page.fill('[data-testid=account-password]', PASSWORD);
  await page.click('[data-testid=account-submit]');
  await page.waitForSelector('[data-testid=account-done]');
}

/** Signs up through the API of the browser context (its cookie jar keeps the session, as a sign-up page would). */
async function signUp(context: BrowserContext, name: string): Promise<void> {
  const res = await context.request.post(`${real.url}/api/accounts`, { data: { name, password: PASSWORD } });
  expect(res.status(), await res.text()).toBe(201);
}

/** Creates a match from the page (its cookie: the creator's account), keeps the seat token as the client does, opens the table. */
async function openNewMatch(page: Page, body: Record<string, unknown>): Promise<string> {
  await page.goto(`${real.url}/`);
  const answer = await createFromPage(page, body);
  await page.goto(`${real.url}/#/m/${answer}`);
  await page.waitForSelector('[data-testid=table]');
  return answer;
}

async function joinByLink(page: Page, id: string, name: string): Promise<void> {
  await page.goto(`${real.url}/#/m/${id}/join`);
  await page.fill('[data-testid=join-name]', name);
  await page.click('[data-testid=join]');
  await page.waitForFunction(
    () => document.querySelector('[data-testid=table]')?.getAttribute('data-status') === 'active',
  );
}

async function chat(page: Page, text: string): Promise<void> {
  await page.fill('[data-testid=chat-input]', text);
  await page.click('[data-testid=chat-send]');
  await page.waitForFunction(
    (t) => Array.from(document.querySelectorAll('[data-testid=chat-text]')).some((e) => e.textContent === t),
    text,
  );
}

const chatTexts = (page: Page): Promise<string[]> =>
  page.$$eval('[data-testid=chat-text]', (els) => els.map((e) => e.textContent ?? ''));
const clockMs = async (page: Page, seat: number): Promise<number> =>
  Number(await page.getAttribute(`[data-testid=clock-${seat}]`, 'data-ms'));

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

/** What a phone shows (the viewport, where the chat drawer sits), not the whole page. */
async function phoneShot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`) });
}

describe('the online table', () => {
  it('signed-in players chat, watch their Fischer clocks tick, decline a draw, and one resigns: the match is rated', async () => {
    const a = await newContext();
    const b = await newContext({ phone: true });
    await signUpUi(a.page, 'Arthur Pendragon');
    await signUpUi(b.page, 'Morgan le Fay');
    // A rated Camelot match with a Fischer clock, from the new-match form.
    await a.page.goto(`${real.url}/#/new/camelot`);
    await a.page.waitForSelector('[data-testid=create]:not([disabled])');
    await a.page.check('[data-testid=where-online]');
    await a.page.check('[data-testid=clock-fischer]');
    await a.page.fill('[data-testid=clock-minutes]', '5');
    await a.page.fill('[data-testid=clock-increment]', '2');
    await a.page.check('[data-testid=rated]');
    await a.page.click('[data-testid=create]');
    await a.page.waitForSelector('[data-testid=invite]');
    const invite = await a.page.inputValue('[data-testid=invite]');
    // Signed in, the invitation link seats her at once, under her account's name.
    await b.page.goto(invite);
    await b.page.waitForFunction(
      () => document.querySelector('[data-testid=table]')?.getAttribute('data-status') === 'active',
    );
    // Names and presence, as both screens see them.
    for (const p of [a.page, b.page]) {
      await p.waitForFunction(
        () => document.querySelectorAll('[data-testid^=presence-][data-connected=true]').length === 2,
      );
      expect(await p.textContent('.seat-list')).toContain('Arthur Pendragon');
      expect(await p.textContent('.seat-list')).toContain('Morgan le Fay');
    }
    expect(await a.page.textContent('[data-testid=clock-note]')).toContain('5 min + 2 s');

    // The clocks: White's bank runs on both screens, Black's stands at 5:00.
    for (const p of [a.page, b.page]) {
      await p.waitForSelector('[data-testid=clock-0][data-running=true]');
      const first = await clockMs(p, 0);
      expect(first).toBeLessThanOrEqual(300_000);
      expect(first).toBeGreaterThan(280_000);
      await expect.poll(() => clockMs(p, 0), { timeout: 5000 }).toBeLessThan(first - 900);
      expect(await clockMs(p, 1)).toBe(300_000);
      expect(await p.textContent('[data-testid=clock-1]')).toBe('5:00');
    }

    // Ticking redraws the clocks only: over three seconds the board does not change, the running clock does.
    const ticks = await a.page.evaluate(async () => {
      const count = (el: Element | null): { n: number; stop: () => void } => {
        const r = { n: 0, stop: () => {} };
        if (!el) return r;
        const o = new MutationObserver((m) => (r.n += m.length));
        o.observe(el, { subtree: true, childList: true, attributes: true, characterData: true });
        r.stop = () => o.disconnect();
        return r;
      };
      const board = count(document.querySelector('.board-area'));
      const clock = count(document.querySelector('[data-testid=clock-0]'));
      await new Promise((r) => setTimeout(r, 3000));
      board.stop();
      clock.stop();
      return { board: board.n, clock: clock.n };
    });
    console.log(`mutations in 3 s of ticking: board ${ticks.board}, White's clock ${ticks.clock}`);
    expect(ticks.board).toBe(0);
    expect(ticks.clock).toBeGreaterThanOrEqual(2);

    // Chat both ways; markup in a line stays text.
    const hostile = 'Hail <img src=x onerror="window.__pwned=1"> & <b>bold</b>';
    const said = Date.now();
    await chat(a.page, hostile);
    // On her phone the chat is a drawer, closed: the new line is counted on its button.
    await b.page.waitForFunction(
      () => document.querySelector('[data-testid=chat-unread]')?.textContent?.startsWith('1') ?? false,
    );
    await phoneShot(b.page, 'social-table-phone-unread');
    console.log(
      `a chat line from one screen counted on the other in ${Date.now() - said} ms (typed, sent, stored, relayed)`,
    );
    await b.page.click('[data-testid=chat-toggle]');
    await b.page.waitForFunction(
      (t) => Array.from(document.querySelectorAll('[data-testid=chat-text]')).some((e) => e.textContent === t),
      hostile,
    );
    expect(await b.page.$$('[data-testid=chat-lines] img, [data-testid=chat-lines] b')).toHaveLength(0);
    expect(await b.page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(await b.page.textContent('[data-testid=chat-lines]')).toContain('Arthur Pendragon');
    await chat(b.page, 'Well met, Arthur.');
    await a.page.waitForFunction(() =>
      (document.querySelector('[data-testid=chat-lines]')?.textContent ?? '').includes('Well met, Arthur.'),
    );
    expect(await b.page.$('[data-testid=chat-unread]')).toBeNull();
    // Muted, Arthur is sent nothing; unmuted, the next line comes (and the one said meanwhile never did).
    await a.page.check('[data-testid=chat-mute]');
    await a.page.waitForSelector('[data-testid=chat-muted]');
    await chat(b.page, 'Are you there?');
    await a.page.uncheck('[data-testid=chat-mute]');
    await a.page.waitForSelector('[data-testid=chat-muted]', { state: 'detached' });
    await chat(b.page, 'There you are.');
    await a.page.waitForFunction(() =>
      Array.from(document.querySelectorAll('[data-testid=chat-text]')).some((e) => e.textContent === 'There you are.'),
    );
    expect(await chatTexts(a.page)).not.toContain('Are you there?');
    await phoneShot(b.page, 'social-table-phone-chat');
    await b.page.click('[data-testid=chat] .chat-close');
    await b.page.waitForSelector('[data-testid=chat-lines]', { state: 'hidden' });
    // The counter counts toward the limit; over it, the line cannot be sent.
    await a.page.fill('[data-testid=chat-input]', 'x'.repeat(501));
    expect(await a.page.textContent('[data-testid=chat-count]')).toContain('501/500');
    expect(await a.page.isDisabled('[data-testid=chat-send]')).toBe(true);
    await a.page.fill('[data-testid=chat-input]', '');
    // Too many lines: the server's limit in a sentence.
    for (let i = 0; i < 6; i++) {
      await a.page.fill('[data-testid=chat-input]', `line ${i}`);
      await a.page.click('[data-testid=chat-send]');
      await a.page.waitForFunction(
        (n) =>
          Array.from(document.querySelectorAll('[data-testid=chat-text]')).some((e) => e.textContent === `line ${n}`) ||
          (document.querySelector('[data-testid=chat-error]')?.textContent ?? '') !== '',
        i,
      );
    }
    expect(await a.page.textContent('[data-testid=chat-error]')).toMatch(
      /^Slow down: at most 5 lines every 10 seconds/,
    );
    // The newest line is in sight.
    await a.page.waitForFunction(() => {
      const box = document.querySelector('[data-testid=chat-lines]');
      return box !== null && box.scrollHeight - box.scrollTop - box.clientHeight < 2;
    });
    await axeClean(a.page, 'the table with the chat open');
    await screenshot(a.page, 'social-table-desktop');

    // White moves; Black's bank starts and White's stops.
    await waitActive(a.page);
    await typeMove(a.page, 'F7-F8');
    await b.page.waitForSelector('[data-testid=clock-1][data-running=true]');
    await a.page.waitForSelector('[data-testid=clock-0][data-running=false]');
    await expect.poll(() => clockMs(b.page, 1), { timeout: 5000 }).toBeLessThan(299_000);

    // Black offers a draw; White declines; both read the answer.
    await b.page.click('[data-testid=offer-draw]');
    await b.page.waitForSelector('[data-testid=waiting-draw]');
    await phoneShot(b.page, 'social-table-phone-offer');
    await a.page.waitForSelector('[data-testid=offer-banner-draw]');
    expect(await a.page.textContent('[data-testid=offer-banner-draw]')).toContain('Morgan le Fay offers a draw.');
    await screenshot(a.page, 'social-table-draw-offer');
    await a.page.click('[data-testid=decline-draw]');
    for (const p of [a.page, b.page]) {
      await p.waitForSelector('[data-testid=offer-result][data-kind=draw][data-accepted=false]');
      expect(await p.textContent('[data-testid=offer-result]')).toContain('Draw declined');
    }
    expect(await a.page.getAttribute('[data-testid=table]', 'data-status')).toBe('active');

    // White resigns, after saying so twice.
    await a.page.click('[data-testid=resign]');
    await a.page.waitForSelector('[data-testid=resign-dialog][open]');
    await a.page.click('[data-testid=resign-cancel]');
    await a.page.waitForSelector('[data-testid=resign-dialog]', { state: 'detached' });
    expect(await a.page.getAttribute('[data-testid=table]', 'data-status')).toBe('active');
    await a.page.click('[data-testid=resign]');
    await a.page.click('[data-testid=resign-confirm]');
    for (const p of [a.page, b.page]) {
      await p.waitForSelector('[data-testid=end-panel][open]');
      expect(await p.getAttribute('[data-testid=table]', 'data-status')).toBe('finished');
    }
    expect(await b.page.textContent('[data-testid=end-headline]')).toContain('Morgan le Fay');
    await screenshot(b.page, 'social-table-resigned');

    // Both names are on the leaderboard now, the winner first.
    await a.page.goto(`${real.url}/#/ratings/camelot`);
    await a.page.waitForFunction(() => {
      const t = document.querySelector('[data-testid=leaderboard]')?.textContent ?? '';
      return t.includes('Arthur Pendragon') && t.includes('Morgan le Fay');
    });
    const board = (await a.page.textContent('[data-testid=leaderboard]')) ?? '';
    expect(board.indexOf('Morgan le Fay')).toBeLessThan(board.indexOf('Arthur Pendragon'));
    await a.context.close();
    await b.context.close();
  }, 120_000);

  it('a spectator of a Tournament being played reads the spectators only, and the players do not read them', async () => {
    const a = await newContext();
    const watcher = await newContext({ phone: true });
    await signUp(watcher.context, 'Dagonet');
    const id = await openNewMatch(a.page, {
      game: 'tournament',
      seats: [
        { kind: 'human', name: 'Percival' },
        { kind: 'bot', level: 'random' },
        { kind: 'bot', level: 'random' },
      ],
    });
    await a.page.waitForFunction(
      () => document.querySelector('[data-testid=table]')?.getAttribute('data-status') === 'active',
    );
    await chat(a.page, 'My hand is all purple.');
    await watcher.page.goto(`${real.url}/#/m/${id}`);
    await watcher.page.waitForSelector('[data-testid=table]');
    // The player sees who watches, live, and so does the spectator: an account by its name.
    const watchedBy = (page: Page, names: string) =>
      page.waitForFunction(
        (n) => document.querySelector('[data-testid=spectators]')?.getAttribute('data-names') === n,
        names,
      );
    await watchedBy(a.page, 'Dagonet');
    expect(await a.page.textContent('[data-testid=spectators]')).toContain('Watching: Dagonet.');
    await watchedBy(watcher.page, 'Dagonet');
    // On a phone the chat is a drawer, closed at first.
    await watcher.page.click('[data-testid=chat-toggle]');
    await watcher.page.waitForSelector('[data-testid=chat-rule]');
    expect(await watcher.page.textContent('[data-testid=chat-rule]')).toContain(
      'players and spectators do not read each other',
    );
    await chat(watcher.page, 'Percival holds purple, I bet.');
    await phoneShot(watcher.page, 'social-table-phone-spectator');
    await axeClean(watcher.page, 'a phone with the chat drawer open');
    // Read again from the server (the history after a reload): each side has its own line only.
    await watcher.page.reload();
    await watcher.page.waitForFunction(() =>
      Array.from(document.querySelectorAll('[data-testid=chat-text]')).some(
        (e) => e.textContent === 'Percival holds purple, I bet.',
      ),
    );
    // Lines from before this visit are not counted as new on the closed drawer's button.
    expect(await watcher.page.$('[data-testid=chat-unread]')).toBeNull();
    await watcher.page.click('[data-testid=chat-toggle]');
    expect(await chatTexts(watcher.page)).toEqual(['Percival holds purple, I bet.']);
    await a.page.reload();
    await a.page.waitForFunction(() =>
      Array.from(document.querySelectorAll('[data-testid=chat-text]')).some(
        (e) => e.textContent === 'My hand is all purple.',
      ),
    );
    expect(await chatTexts(a.page)).toEqual(['My hand is all purple.']);
    expect(await a.page.textContent('[data-testid=chat-rule]')).toContain('spectators do not read the players');
    // The spectator's reload left one of them watching, not two; once gone, nobody.
    await watchedBy(a.page, 'Dagonet');
    expect(await a.page.getAttribute('[data-testid=spectators]', 'data-anonymous')).toBe('0');
    await watcher.context.close();
    await watchedBy(a.page, '');
    expect(await a.page.textContent('[data-testid=spectators]')).toContain('Nobody is watching.');
    await a.context.close();
  }, 90_000);

  it('tells the player whose page is hidden that it is their turn: the title and a notification', async () => {
    const a = await newContext({ notifications: true });
    await a.page.addInitScript(() => {
      const w = window as unknown as {
        __notes: { title: string; body: string }[];
        __focus: number;
        __last: Notification | null;
        Notification: typeof Notification;
      };
      w.__notes = [];
      w.__focus = 0;
      w.__last = null;
      const Real = window.Notification;
      const Fake = function (this: unknown, title: string, options?: NotificationOptions) {
        w.__notes.push({ title, body: options?.body ?? '' });
        const n = new Real(title, options);
        w.__last = n;
        return n;
      } as unknown as typeof Notification;
      Object.defineProperty(Fake, 'permission', { get: () => Real.permission });
      (Fake as unknown as { requestPermission: () => Promise<NotificationPermission> }).requestPermission = () =>
        Real.requestPermission();
      w.Notification = Fake;
      const focus = window.focus.bind(window);
      window.focus = () => {
        w.__focus++;
        focus();
      };
    });
    const id = await openNewMatch(a.page, {
      game: 'camelot',
      seats: [
        { kind: 'human', name: 'Gawain' },
        { kind: 'bot', level: 'greedy' },
      ],
      clock: { moveSeconds: 60 },
    });
    expect(id).toBeTruthy();
    // A clock per move: a minute for the seat to move, counting down.
    await a.page.waitForSelector('[data-testid=clock-0][data-running=true]');
    const left = await clockMs(a.page, 0);
    expect(left).toBeLessThanOrEqual(60_000);
    expect(left).toBeGreaterThan(40_000);
    await expect.poll(() => clockMs(a.page, 0), { timeout: 5000 }).toBeLessThan(left - 900);
    // Not asked on load: a button asks.
    await a.page.waitForSelector('[data-testid=notify]');
    await a.page.click('[data-testid=notify]');
    await a.page.waitForSelector('[data-testid=notify]', { state: 'detached' });
    const title = await a.page.title();
    const legal = await waitActive(a.page);
    // The page goes to the background; the move is played, the bot answers, the turn comes back.
    await a.page.evaluate(() => {
      Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(await a.page.evaluate(() => (window as unknown as { __notes: unknown[] }).__notes.length)).toBe(0);
    const ply = await a.page.getAttribute('[data-testid=table]', 'data-ply');
    await typeMove(a.page, legal.includes('F7-F8') ? 'F7-F8' : (legal[0] as string));
    await a.page.waitForFunction(
      (before) =>
        document.querySelector('[data-testid=table]')?.getAttribute('data-ply') !== before &&
        document.querySelector('[data-testid=table]')?.getAttribute('data-active') !== '',
      ply,
      { timeout: 20_000 },
    );
    await a.page.waitForFunction(() => (window as unknown as { __notes: unknown[] }).__notes.length === 1);
    const notes = await a.page.evaluate(
      () => (window as unknown as { __notes: { title: string; body: string }[] }).__notes,
    );
    expect(notes[0]).toEqual({ title: 'Camelot', body: 'It is your turn.' });
    expect(await a.page.title()).toBe(`(Your turn) ${title}`);
    // A click on it brings the tab forward.
    await a.page.evaluate(() => (window as unknown as { __last: Notification }).__last.onclick?.(new Event('click')));
    expect(await a.page.evaluate(() => (window as unknown as { __focus: number }).__focus)).toBe(1);
    // Back on the page: the title is put back.
    await a.page.evaluate(() => {
      Object.defineProperty(document, 'hidden', { configurable: true, get: () => false });
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await a.page.waitForFunction((t) => document.title === t, title);
    await a.context.close();
  }, 90_000);

  it('a take-back needs the other player: declined, nothing changes; accepted, the move is undone', async () => {
    const a = await newContext();
    const b = await newContext();
    const id = await openNewMatch(a.page, {
      game: 'camelot',
      seats: [{ kind: 'human', name: 'Bors' }, { kind: 'open' }],
      clock: { days: 2 },
    });
    await joinByLink(b.page, id, 'Lionel');
    // Correspondence: the seat to move has two days, told in days and hours; the other shows no clock.
    await b.page.waitForSelector('[data-testid=clock-0][data-running=true]');
    expect(await b.page.textContent('[data-testid=clock-0]')).toMatch(/^(2 days 0 h|1 day 23 h) left$/);
    expect(await b.page.$('[data-testid=clock-1]')).toBeNull();
    expect(await b.page.textContent('[data-testid=clock-note]')).toContain('2 days per move');
    const legal = await waitActive(a.page);
    const squares = (p: Page): Promise<string[]> =>
      p.$$eval('[data-testid=board] g[data-piece]', (els) =>
        els.map((e) => e.getAttribute('data-square') ?? '').sort(),
      );
    const start = await squares(b.page);
    expect(start).toContain('F7');
    expect(start).not.toContain('F8');
    await typeMove(a.page, 'F7-F8');
    await b.page.waitForFunction(() => document.querySelector('[data-testid=board] g[data-square=F8]') !== null);
    const moved = await squares(b.page);
    // Black has played nothing yet: nothing of his to take back, so no button (White has one).
    await a.page.waitForSelector('[data-testid=offer-takeback]');
    expect(await b.page.$('[data-testid=offer-takeback]')).toBeNull();
    // Asked, then declined: the move stays.
    await a.page.click('[data-testid=offer-takeback]');
    await a.page.waitForSelector('[data-testid=waiting-takeback]');
    await b.page.waitForSelector('[data-testid=offer-banner-takeback]');
    expect(await b.page.textContent('[data-testid=offer-banner-takeback]')).toContain(
      'Bors asks to take back their last move.',
    );
    expect(await squares(a.page)).toEqual(moved);
    await b.page.click('[data-testid=decline-takeback]');
    await a.page.waitForSelector('[data-testid=offer-result][data-kind=takeback][data-accepted=false]');
    expect(await a.page.textContent('[data-testid=offer-result]')).toContain('Take-back declined');
    expect(await squares(a.page)).toEqual(moved);
    expect(await squares(b.page)).toEqual(moved);
    await waitActive(b.page);
    // Asked again and accepted: both tables are back before the move, and it is White's turn again.
    await a.page.click('[data-testid=offer-takeback]');
    await b.page.waitForSelector('[data-testid=offer-banner-takeback]');
    await b.page.click('[data-testid=accept-takeback]');
    for (const p of [a.page, b.page]) {
      await p.waitForSelector('[data-testid=offer-result][data-kind=takeback][data-accepted=true]');
      await p.waitForFunction(
        () =>
          document.querySelector('[data-testid=board] g[data-square=F7]') !== null &&
          document.querySelector('[data-testid=board] g[data-square=F8]') === null,
      );
      expect(await squares(p)).toEqual(start);
    }
    expect(await a.page.textContent('[data-testid=offer-result]')).toContain('Take-back accepted');
    // A guest watching reads the players (a game without secrets), and is asked to sign in before writing.
    await chat(a.page, 'Thank you, Lionel.');
    const guest = await newContext();
    await guest.page.goto(`${real.url}/#/m/${id}`);
    await guest.page.waitForFunction(() =>
      Array.from(document.querySelectorAll('[data-testid=chat-text]')).some(
        (e) => e.textContent === 'Thank you, Lionel.',
      ),
    );
    await guest.page.waitForSelector('[data-testid=chat-sign-in] a[href="#/login"]');
    expect(await guest.page.isVisible('[data-testid=chat-input]')).toBe(false);
    await guest.context.close();
    expect((await waitActive(a.page)).sort()).toEqual([...legal].sort());
    // The log is told again without the move taken back.
    await a.page.waitForFunction(
      () => !/\bF7\b[^.]*\bF8\b/.test(document.querySelector('[data-testid=log]')?.textContent ?? ''),
    );
    await a.context.close();
    await b.context.close();
  }, 90_000);

  it('a rematch agreed at the end moves both seats to the new match', async () => {
    const a = await newContext();
    const b = await newContext();
    const id = await openNewMatch(a.page, {
      game: 'camelot',
      seats: [{ kind: 'human', name: 'Tristan' }, { kind: 'open' }],
    });
    await joinByLink(b.page, id, 'Isolde');
    await a.page.click('[data-testid=resign]');
    await a.page.click('[data-testid=resign-confirm]');
    await b.page.waitForSelector('[data-testid=end-panel][open]');
    await a.page.waitForSelector('[data-testid=end-panel][open]');
    // From the end panel; the other sees the offer as a banner (her end panel makes way for it).
    await a.page.click('[data-testid=end-panel] [data-testid=rematch]');
    await a.page.waitForSelector('[data-testid=waiting-rematch]');
    await b.page.waitForSelector('[data-testid=offer-banner-rematch]');
    expect(await b.page.textContent('[data-testid=offer-banner-rematch]')).toContain('Tristan offers a rematch.');
    // Isolde reads French.
    await b.page.click('[data-testid=lang]');
    await b.page.waitForFunction(() =>
      (document.querySelector('[data-testid=offer-banner-rematch]')?.textContent ?? '').includes(
        'Tristan propose une revanche.',
      ),
    );
    expect(await b.page.textContent('[data-testid=accept-rematch]')).toBe('Accepter');
    await screenshot(b.page, 'social-table-rematch-fr');
    await b.page.click('[data-testid=accept-rematch]');
    for (const p of [a.page, b.page]) {
      await p.waitForFunction((old) => /^#\/m\/[^/]+$/.test(location.hash) && !location.hash.includes(old), id);
      await p.waitForFunction(
        () =>
          document.querySelector('[data-testid=table]')?.getAttribute('data-status') === 'active' &&
          document.querySelector('[data-testid=table]')?.getAttribute('data-connection') === 'online',
      );
      expect(await p.textContent('.seat-list')).toContain(p === a.page ? 'You' : 'Vous');
    }
    const next = (await a.page.evaluate(() => location.hash)).split('/')[2] as string;
    expect(await b.page.evaluate(() => location.hash)).toBe(`#/m/${next}`);
    // Each seat's token for the new match is kept, as for any match.
    const seatOf = (p: Page): Promise<number | undefined> =>
      p.evaluate(
        (m) =>
          (JSON.parse(localStorage.getItem('rt.seats') ?? '[]') as { match: string; seat: number }[]).find(
            (s) => s.match === m,
          )?.seat,
        next,
      );
    expect(new Set([await seatOf(a.page), await seatOf(b.page)])).toEqual(new Set([0, 1]));
    await waitActive(a.page);
    await a.context.close();
    await b.context.close();
  }, 90_000);
});
