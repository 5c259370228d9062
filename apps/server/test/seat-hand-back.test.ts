// A seat held by a bot and handed back, through real HTTP and WebSocket clients, in games of three: in Les
// Chevaliers (no clock) a player connected nowhere past the absence wait is replaced by a bot so the others play on;
// back with the seat's token, the seat is theirs again and they play on, with a summary of what the seat saw
// meanwhile (its own narration: never what another seat saw). In a rated joust with a clock, a player gone past the
// clock is held the same way, and the ratings follow the rule (absence/ and README): a seat its person took back
// is rated on the result, a seat a bot still holds at the end is rated as a resignation. A rematch keeps the
// match's `hold`: its chosen bot, or "off".
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameById } from '@roundtable/catalog';
import type { LogEntry, Seat, Viewer } from '@roundtable/core';
import { INITIAL, rateMultiplayer, ranksFromWinners } from '../src/accounts/ratings.ts';
import { startOf } from '../src/match/rebuild.ts';
import { playNotation } from '../src/rules.ts';
import { PostgresStore } from '../src/storage/postgres.ts';
import { SqliteStore } from '../src/storage/sqlite.ts';
import type { Store } from '../src/storage/store.ts';
import { api, Client, storeKind, testDatabase, testServer, dropTestDatabase, type TestServer } from './helpers.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const cheap = { N: 1 << 10, r: 8, p: 1 };
let server: TestServer;
let store: Store;
let dir: string;
let database: string | null = null;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'rt-hand-back-'));
  if (storeKind() === 'postgres') {
    database = await testDatabase();
    store = await PostgresStore.open(database);
  } else store = new SqliteStore(dir);
  server = await testServer({
    passwordCost: cheap,
    dataDir: dir,
    store,
    slowPlay: { absenceWaitMs: 300, absenceCheckMs: 100 },
  });
});
afterAll(async () => {
  await server?.stop();
  if (database) await dropTestDatabase(database);
  rmSync(dir, { recursive: true, force: true });
});

async function connect(cookie?: string): Promise<Client> {
  const ws = new WebSocket(server.ws, cookie ? { headers: { cookie } } : {});
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return new (Client as unknown as new (ws: WebSocket) => Client)(ws);
}

async function attach(token: string): Promise<Client> {
  const c = await connect();
  await c.request({ t: 'attach', token });
  return c;
}

async function signUp(name: string): Promise<string> {
  const res = await fetch(`${server.url}/api/accounts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, password: 'a long password' }),
  });
  expect(res.status).toBe(201);
  return /^(rt_session=[^;]*)/.exec(res.headers.get('set-cookie') ?? '')![1]!;
}

/** Plays the seat's first legal move whenever it is its turn, until stopped; counts the moves it made. */
function autoplay(c: Client): { stop(): void; moves(): number } {
  let busy = false;
  let stopped = false;
  let made = 0;
  const latest = (f: (m: any) => boolean) => [...c.messages].reverse().find(f);
  const tick = async (): Promise<void> => {
    if (busy || stopped || c.closed) return;
    const last = latest((m) => m.t === 'attached' || m.t === 'update');
    if (!last?.yourTurn || last.status !== 'active') return;
    // A seat a bot holds is not this connection's to play.
    const mine = latest((m) => m.t === 'attached')?.seat;
    const seats = latest((m) => m.t === 'seats' || m.t === 'attached')?.seats;
    if (seats?.[mine]?.kind !== 'human') return;
    busy = true;
    try {
      const legal = await c.request({ t: 'legal' });
      if (!stopped && legal.moves?.length) {
        const answer = await c.request({ t: 'move', move: legal.moves[made % legal.moves.length] });
        if (answer.t === 'update') made++;
      }
    } catch {
      // The connection closed, or the match moved on: the next message tries again.
    } finally {
      busy = false;
    }
    setImmediate(() => void tick());
  };
  c.ws.on('message', () => void tick());
  void tick();
  return {
    stop: () => void (stopped = true),
    moves: () => made,
  };
}

/** The narration of `viewer` over plies [from, to) of a stored match, from its own views, as the game tells it. */
async function narration(id: string, viewer: Viewer, from: number, to: number): Promise<LogEntry[]> {
  const stored = (await store.loadMatch(id))!;
  const game = gameById(stored.match.game)!;
  const state = startOf(game, stored.match);
  expect(state.ok).toBe(true);
  let s = (state as { value: unknown }).value;
  const out: LogEntry[] = [];
  const name = (seat: Seat) => stored.seats[seat]?.name ?? game.seatName(seat, stored.match.players, 'en');
  for (let i = 0; i < to; i++) {
    const m = stored.moves[i]!;
    const next = playNotation(game, s, m.seat, m.move);
    if (!next.ok) throw new Error(`move ${i} does not replay`);
    if (i >= from) {
      const known = game.perfectInformation || m.seat === viewer;
      out.push(
        ...game.narrate!(game.view(s, viewer), game.view(next.value.state, viewer), {
          viewer,
          lang: 'en',
          players: stored.match.players,
          name,
          move: known ? { seat: m.seat, notation: next.value.notation } : null,
        }),
      );
    }
    s = next.value.state;
  }
  return out;
}

async function until<T>(f: () => Promise<T | null | undefined | false>, ms: number, what: string): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await f();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('a seat held by a bot and handed back', () => {
  it('Chevaliers without a clock: a player gone past the absence wait is held by a bot; back with the token, the seat is theirs and they play on, with a summary of what the seat saw and nothing more', async () => {
    const made = await api(server, 'POST', '/api/matches', {
      game: 'shadows',
      // A deal whose game lasts (a random one may see every knight fall before Tristan is back).
      seed: 'hand-back-1',
      hold: { bot: 'random' },
      seats: [
        { kind: 'human', name: 'Gawain' },
        { kind: 'human', name: 'Kay' },
        { kind: 'human', name: 'Tristan' },
      ],
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const id = made.body.match.id as string;
    const tokens = made.body.tokens.map((t: { token: string }) => t.token) as string[];
    const a = await attach(tokens[0]!);
    const b = await attach(tokens[1]!);
    const players = [autoplay(a), autoplay(b)];
    // Tristan (seat 2) never comes: at his turn a bot takes the seat, and the game goes on.
    await a.seen((m) => m.t === 'seats' && m.seats[2].kind === 'bot', 15_000);
    const spans = await until(
      async () => {
        const held = (await api(server, 'GET', `/api/matches/${id}/held`)).body;
        const stored = await store.loadMatch(id);
        const botMoves = stored!.moves.filter((m, i) => m.seat === 2 && i >= (held.spans[0]?.from ?? 1e9)).length;
        return botMoves >= 2 && held.spans;
      },
      15_000,
      'the bot to play for seat 2',
    );
    expect(spans).toMatchObject([{ seat: 2, to: null, level: 'random' }]);
    // No summary without the seat's token; another seat's token has no hold of its own.
    expect((await api(server, 'GET', `/api/matches/${id}/held`)).body.summary).toBeUndefined();
    const others = await api(server, 'GET', `/api/matches/${id}/held`, undefined, {
      authorization: `Bearer ${tokens[0]}`,
    });
    expect(others.body.summary).toBeUndefined();
    // Tristan comes back with his token: the seat is his again at once (even within a turn of several steps the bot
    // was playing), and he plays on. Gawain and Kay pause meanwhile, so the table waits for him.
    for (const p of players) p.stop();
    const c = await attach(tokens[2]!);
    await c.seen((m) => m.t === 'seats' && m.seats[2].kind === 'human', 10_000);
    const tristan = autoplay(c);
    const again = [autoplay(a), autoplay(b)];
    await until(async () => tristan.moves() >= 1, 15_000, 'Tristan to play a move');
    for (const p of [...again, tristan]) p.stop();
    const back = await api(server, 'GET', `/api/matches/${id}/held`, undefined, {
      authorization: `Bearer ${tokens[2]}`,
    });
    expect(back.status).toBe(200);
    const summary = back.body.summary;
    expect(back.body.spans[0].to).toBe(summary.to);
    const stored = (await store.loadMatch(id))!;
    const botPlies = stored.moves.flatMap((m, i) => (m.seat === 2 && i >= summary.from && i < summary.to ? [i] : []));
    expect(botPlies.length).toBeGreaterThanOrEqual(2);
    // Tristan's own moves after the hand-back are not the bot's.
    expect(stored.moves.some((m, i) => m.seat === 2 && i >= summary.to)).toBe(true);
    // Exactly his own narration of those plies: what a spectator saw, and what only his seat saw (his hand).
    const his = await narration(id, 2, summary.from, summary.to);
    expect(summary.lines.map((l: { text: string }) => l.text)).toEqual(his.map((e) => e.text));
    const seen = await narration(id, 'spectator', summary.from, summary.to);
    expect(summary.lines.filter((l: { private?: boolean }) => !l.private).map((l: { text: string }) => l.text)).toEqual(
      seen.map((e) => e.text),
    );
    // What only Gawain or Kay saw is not in it (unless Tristan saw the same words of his own).
    const mine = new Set(his.map((e) => e.text));
    for (const seat of [0, 1]) {
      const secret = (await narration(id, seat, summary.from, summary.to)).filter(
        (e) => e.private && !mine.has(e.text),
      );
      for (const e of secret) expect(JSON.stringify(summary)).not.toContain(e.text);
    }
    expect(summary.lines.some((l: { bot: boolean }) => l.bot)).toBe(true);
    for (const x of [a, b, c]) x.close();
  });

  it('a rated joust with a clock: a player gone past the clock is held; back, they play to the end; ratings follow the rule', async () => {
    const cookies = await Promise.all(['Sir Bors', 'Sir Bedivere', 'Sir Percival'].map(signUp));
    const made = await api(
      server,
      'POST',
      '/api/matches',
      {
        game: 'joust',
        rated: true,
        clock: { moveSeconds: 1 },
        hold: { bot: 'random' },
        seats: [{ kind: 'human' }, { kind: 'open' }, { kind: 'open' }],
      },
      { cookie: cookies[0]! },
    );
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const id = made.body.match.id as string;
    const j1 = await api(server, 'POST', `/api/matches/${id}/join`, { seat: 1 }, { cookie: cookies[1]! });
    const j2 = await api(server, 'POST', `/api/matches/${id}/join`, { seat: 2 }, { cookie: cookies[2]! });
    expect([j1.status, j2.status]).toEqual([200, 200]);
    const a = await attach(made.body.tokens[0].token);
    const b = await attach(j1.body.token);
    const players = [autoplay(a), autoplay(b)];
    // Percival (seat 2) does not come: his clock runs out, a bot holds his seat, the match goes on (not abandoned).
    await a.seen((m) => m.t === 'seats' && m.seats[2].kind === 'bot', 15_000);
    expect((await api(server, 'GET', `/api/matches/${id}`)).body.match.status).toBe('active');
    const c = await attach(j2.body.token);
    await c.seen((m) => m.t === 'seats' && m.seats[2].kind === 'human', 10_000);
    const percival = autoplay(c);
    // Bors and Bedivere go: their clocks run out in turn and bots hold their seats; Percival plays to the end.
    for (const p of players) p.stop();
    a.close();
    b.close();
    const end = await c.seen((m) => m.t === 'update' && m.status !== 'active', 30_000);
    percival.stop();
    expect(end.status).toBe('finished');
    const summary = (await api(server, 'GET', `/api/matches/${id}`)).body.match;
    const held = summary.seats.map((s: { kind: string }) => s.kind === 'bot');
    expect(held[2]).toBe(false);
    // The rule: ranks from the result; a seat a bot still holds at the end ranks as a resignation.
    const ranks = ranksFromWinners(3, end.outcome.winners).map((r, seat) => (held[seat] ? 3 : r));
    const expected = rateMultiplayer([INITIAL, INITIAL, INITIAL], ranks);
    const names = ['Sir Bors', 'Sir Bedivere', 'Sir Percival'];
    for (let seat = 0; seat < 3; seat++) {
      const player = await until(
        async () => {
          const p = (await api(server, 'GET', `/api/players/${encodeURIComponent(names[seat]!)}`)).body;
          return p.ratings?.length === 1 && p;
        },
        5000,
        `${names[seat]}'s rating`,
      );
      expect(player.ratings[0].rating).toBeCloseTo(expected[seat]!.rating, 6);
    }
    const spans = (await api(server, 'GET', `/api/matches/${id}/held`)).body.spans;
    expect(spans.find((s: { seat: number }) => s.seat === 2)).toMatchObject({ level: 'random' });
    expect(spans.find((s: { seat: number }) => s.seat === 2).to).not.toBeNull();
    c.close();
  });
});

describe('a rematch keeps who holds a seat', () => {
  /** The three seats of a finished match agree to a rematch; the new match's tokens, by seat. */
  async function rematchOf(clients: Client[]): Promise<string[]> {
    await clients[0]!.request({ t: 'offer', kind: 'rematch' });
    for (const c of clients.slice(1)) {
      await c.seen((m) => m.t === 'offer' && m.kind === 'rematch');
      await c.request({ t: 'answer', kind: 'rematch', accept: true });
    }
    const told = await Promise.all(clients.map((c) => c.seen((m) => m.t === 'rematch')));
    return told.sort((x, y) => x.seat - y.seat).map((m) => m.token as string);
  }

  it('hold {bot}: the rematch of a Lancelot of three is held by the chosen level, not the default one', async () => {
    const made = await api(server, 'POST', '/api/matches', {
      game: 'lancelot',
      hold: { bot: 'random' },
      seats: [{ kind: 'human' }, { kind: 'human' }, { kind: 'human' }],
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const clients: Client[] = await Promise.all(made.body.tokens.map((t: { token: string }) => attach(t.token)));
    const players = clients.map(autoplay);
    await clients[0]!.seen((m) => m.t === 'update' && m.status === 'finished', 10_000);
    for (const p of players) p.stop();
    const tokens = await rematchOf(clients);
    for (const c of clients) c.close();
    // Seat 2 never comes to the new table: at its turn, connected nowhere, a random bot holds it.
    const back = await Promise.all(tokens.slice(0, 2).map(attach));
    const next = (await back[0]!.seen((m) => m.t === 'attached')).match as string;
    const again = back.map(autoplay);
    await back[0]!.seen((m) => m.t === 'seats' && m.seats[2].kind === 'bot', 5000);
    for (const p of again) p.stop();
    const spans = (await api(server, 'GET', `/api/matches/${next}/held`)).body.spans;
    expect(spans).toMatchObject([{ seat: 2, level: 'random' }]);
    for (const c of back) c.close();
  });

  it('hold "off": the rematch of a joust of three ends abandoned when a clock runs out, as the first match did', async () => {
    const made = await api(server, 'POST', '/api/matches', {
      game: 'joust',
      hold: 'off',
      clock: { moveSeconds: 1 },
      seats: [{ kind: 'human' }, { kind: 'human' }, { kind: 'human' }],
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const clients: Client[] = await Promise.all(made.body.tokens.map((t: { token: string }) => attach(t.token)));
    await clients[0]!.seen((m) => m.t === 'update' && m.status === 'abandoned', 5000);
    const tokens = await rematchOf(clients);
    const next = await attach(tokens[0]!);
    const id = (await next.seen((m) => m.t === 'attached')).match as string;
    const end = await next.seen((m) => m.t === 'update' && m.status !== 'active', 5000);
    expect(end.status).toBe('abandoned');
    expect(
      (await api(server, 'GET', `/api/matches/${id}`)).body.match.seats.map((s: { kind: string }) => s.kind),
    ).toEqual(['human', 'human', 'human']);
    for (const c of [...clients, next]) c.close();
  });
});
