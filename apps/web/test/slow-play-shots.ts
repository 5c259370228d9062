// Screenshots of the vacation UI and of the hand-back summary (desktop and 390 px, English and French), into
// artifacts/screenshots/: `npx tsx apps/web/test/slow-play-shots.ts`. Not a test (the session's browser-test budget
// went elsewhere): a real server serving the built client, real accounts, a real match with a seat held by a bot.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import WebSocket from 'ws';
import type { Browser, Page } from 'playwright-core';
import { startServer } from '../../server/src/server.ts';
import { buildClient, launch, removeDir, screenshot } from './harness.ts';

type Msg = Record<string, any>;

/** A seat's socket that plays its first legal move whenever it is its turn, until stopped. */
async function autoplay(wsUrl: string, token: string): Promise<{ pause(): void; stop(): void }> {
  const ws = new WebSocket(wsUrl);
  await new Promise((r) => ws.once('open', r));
  let id = 0;
  let stopped = false;
  let busy = false;
  let last: Msg | null = null;
  const waiting = new Map<number, (m: Msg) => void>();
  const request = (m: Msg): Promise<Msg> =>
    new Promise((resolve) => {
      const n = ++id;
      waiting.set(n, resolve);
      ws.send(JSON.stringify({ ...m, id: n }));
    });
  const tick = async (): Promise<void> => {
    if (busy || stopped || !last?.yourTurn || last.status !== 'active') return;
    busy = true;
    try {
      const legal = await request({ t: 'legal' });
      if (!stopped && legal.moves?.length) await request({ t: 'move', move: legal.moves[0] });
    } finally {
      busy = false;
    }
    setImmediate(() => void tick());
  };
  ws.on('message', (data) => {
    const m = JSON.parse(data.toString()) as Msg;
    if (m.t === 'attached' || m.t === 'update') last = m;
    const n = (m.id ?? m.ack) as number | undefined;
    if (n !== undefined) {
      waiting.get(n)?.(m);
      waiting.delete(n);
    }
    void tick();
  });
  await request({ t: 'attach', token });
  return {
    pause() {
      stopped = true;
    },
    stop() {
      stopped = true;
      ws.close();
    },
  };
}

async function post(url: string, path: string, body: unknown, cookie?: string): Promise<{ body: Msg; cookie: string }> {
  const res = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${path}: ${res.status} ${text}`);
  return {
    body: JSON.parse(text) as Msg,
    cookie: /^(rt_session=[^;]*)/.exec(res.headers.get('set-cookie') ?? '')?.[1] ?? '',
  };
}

/**
 * The page in English and French, desktop and 390 px: the four are open at once (a seat's page that closed would be
 * a player gone again), then pictured.
 */
async function shoot(
  browser: Browser,
  url: string,
  hash: string,
  name: string,
  setup: { cookie?: string; seats?: unknown[]; waitFor: string; act?: (page: Page) => Promise<void> },
): Promise<void> {
  const open = [];
  for (const lang of ['en', 'fr'] as const) {
    for (const [size, viewport] of [
      ['desktop', { width: 1280, height: 900 }],
      ['phone', { width: 390, height: 844 }],
    ] as const) {
      const context = await browser.newContext({ viewport, deviceScaleFactor: 1 });
      if (setup.cookie) {
        const [k, v] = setup.cookie.split('=');
        await context.addCookies([{ name: k!, value: v!, url }]);
      }
      await context.addInitScript(
        ([l, seats]) => {
          localStorage.setItem('rt.lang', l as string);
          if (seats) localStorage.setItem('rt.seats', JSON.stringify(seats));
        },
        [lang, setup.seats ?? null] as const,
      );
      const page = await context.newPage();
      await page.goto(`${url}/${hash}`);
      await setup.act?.(page);
      await page.waitForSelector(setup.waitFor, { timeout: 20_000 });
      open.push({ context, page, file: `${name}-${size}-${lang}` });
    }
  }
  await new Promise((r) => setTimeout(r, 500));
  for (const o of open) await screenshot(o.page, o.file);
  for (const o of open) await o.context.close();
}

const webDir = await buildClient();
const dataDir = mkdtempSync(join(tmpdir(), 'rt-shots-'));
const server = await startServer({
  port: 0,
  dataDir,
  webDir,
  logger: pino({ level: 'silent' }),
  botMs: 50,
  botWorkers: 1,
  passwordCost: { N: 1 << 10, r: 8, p: 1 },
  limits: { signupsPerAddress: 1000 },
  slowPlay: { absenceWaitMs: 300, absenceCheckMs: 100 },
});
const browser = await launch();
try {
  const url = server.url;
  const ector = await post(url, '/api/accounts', { name: 'Sir Ector', password: 'a long password' });
  const kay = await post(url, '/api/accounts', { name: 'Sir Kay', password: 'a long password' });
  const made = await post(
    url,
    '/api/matches',
    { game: 'camelot', clock: { days: 3 }, seats: [{ kind: 'human' }, { kind: 'open' }] },
    ector.cookie,
  );
  const id = made.body.match.id as string;
  await post(url, `/api/matches/${id}/join`, {}, kay.cookie);
  await post(url, '/api/vacation', { days: 7 }, ector.cookie);
  await shoot(browser, url, '#/settings', 'vacation-settings', {
    cookie: ector.cookie,
    waitFor: '[data-testid=vacation-current]',
  });
  await shoot(browser, url, `#/m/${id}`, 'vacation-opponent-table', {
    cookie: kay.cookie,
    waitFor: '[data-testid=away-0]',
  });

  // The choice made at creation: which bot holds the seat of a player gone (a match of three or more).
  await shoot(browser, url, '#/new/joust', 'hold-choice', {
    cookie: kay.cookie,
    waitFor: '[data-testid=hold-field]',
    act: async (page) => {
      await page.click('[data-testid=where-online]');
      await page.selectOption('[data-testid=players]', '3');
    },
  });

  // Les Chevaliers at three: Tristan (seat 2) is gone, a bot holds his seat, then he comes back.
  const shadows = await post(url, '/api/matches', {
    game: 'shadows',
    hold: { bot: 'random' },
    seats: [
      { kind: 'human', name: 'Gawain' },
      { kind: 'human', name: 'Kay' },
      { kind: 'human', name: 'Tristan' },
    ],
  });
  const sid = shadows.body.match.id as string;
  const tokens = (shadows.body.tokens as { seat: number; token: string }[]).map((t) => t.token);
  const wsUrl = `${url.replace('http', 'ws')}/ws`;
  const players = [await autoplay(wsUrl, tokens[0]!), await autoplay(wsUrl, tokens[1]!)];
  // A few moves of the bot, then the others stop too (the match stays in play for the picture).
  let seen = 0;
  for (let i = 0; i < 200 && seen < 6; i++) {
    const held = (await (await fetch(`${url}/api/matches/${sid}/held`)).json()) as { spans: unknown[] };
    if (held.spans.length > 0) seen++;
    await new Promise((r) => setTimeout(r, 100));
  }
  // They stop playing but stay at the table (connected: nobody takes their seats), so the match waits.
  for (const p of players) p.pause();
  const seat = { match: sid, game: 'shadows', seat: 2, token: tokens[2], createdAt: Date.now() };
  await shoot(browser, url, `#/m/${sid}`, 'hand-back-summary', {
    seats: [seat],
    waitFor: '[data-testid=held-summary]',
  });
  for (const p of players) p.stop();
  console.log('screenshots written to artifacts/screenshots/');
} finally {
  await browser.close();
  await server.close();
  removeDir(dataDir);
  removeDir(webDir);
}
