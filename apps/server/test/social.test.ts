// At the table, through real HTTP and WebSocket clients: chat (two channels, history, mute, limits), resigning,
// offers (draw, rematch; takeback refused), rated matches and their ratings, correspondence clocks.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { api, Client, storeKind, testServer, type TestServer } from './helpers.ts';

const cheap = { N: 1 << 10, r: 8, p: 1 };
let server: TestServer;
beforeAll(async () => {
  server = await testServer({ passwordCost: cheap });
});
afterAll(async () => {
  await server?.stop();
});

async function signUp(name: string): Promise<string> {
  const res = await fetch(`${server.url}/api/accounts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, password: 'a long password' }),
  });
  expect(res.status).toBe(201);
  return /^(rt_session=[^;]*)/.exec(res.headers.get('set-cookie') ?? '')![1]!;
}

function withCookie(cookie: string | undefined) {
  return (method: string, path: string, body?: unknown) => api(server, method, path, body, cookie ? { cookie } : {});
}

/** A WebSocket client sending a session cookie with its upgrade, as a browser would. */
async function connect(cookie?: string): Promise<Client> {
  const ws = new WebSocket(server.ws, cookie ? { headers: { cookie } } : {});
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return new (Client as unknown as new (ws: WebSocket) => Client)(ws);
}

async function seat(token: string, cookie?: string): Promise<Client> {
  const c = await connect(cookie);
  await c.request({ t: 'attach', token });
  return c;
}

function seats(tokens: { token: string }[]): Promise<Client[]> {
  return Promise.all(tokens.map((t) => seat(t.token)));
}

const settle = (ms = 150) => new Promise((r) => setTimeout(r, ms));

describe('chat', () => {
  it('in a game with secrets: reaches the other seat, never a spectator; spectators have their own channel', async () => {
    const made = await api(server, 'POST', '/api/matches', {
      game: 'joust',
      seats: [
        { kind: 'human', name: 'Iseult' },
        { kind: 'human', name: 'Tristan' },
      ],
    });
    expect(made.status).toBe(201);
    const id = made.body.match.id;
    const [a, b] = await seats(made.body.tokens);
    const lurker = await connect();
    await lurker.request({ t: 'attach', match: id });
    const viewerCookie = await signUp('King Mark');
    const viewer = await connect(viewerCookie);
    await viewer.request({ t: 'attach', match: id });

    expect(await a!.request({ t: 'chat', text: '  I hold the <b>Maiden</b>  ' })).toMatchObject({ t: 'ok' });
    const heard = await b!.wait((m) => m.t === 'chat');
    expect(heard).toMatchObject({
      match: id,
      channel: 'players',
      from: { seat: 0, name: 'Iseult' },
      text: 'I hold the <b>Maiden</b>',
    });
    expect(typeof heard.at).toBe('number');

    // A spectator writes to the spectators' channel only, and must be signed in to.
    expect((await lurker.request({ t: 'chat', text: 'hello' })).code).toBe('CHAT_NEEDS_ACCOUNT');
    await viewer.request({ t: 'chat', text: 'Tristan has it' });
    expect(await lurker.wait((m) => m.t === 'chat')).toMatchObject({
      channel: 'spectators',
      from: { seat: null, name: 'King Mark' },
      text: 'Tristan has it',
    });
    await settle();
    for (const c of [lurker, viewer]) expect(c.raw.some((r) => r.includes('Maiden'))).toBe(false);
    for (const c of [a!, b!]) expect(c.raw.some((r) => r.includes('Tristan has it'))).toBe(false);

    // History on attach, filtered the same way.
    const again = await seat(made.body.tokens[1].token);
    expect((await again.seen((m) => m.t === 'chat-history')).lines.map((l: any) => l.text)).toEqual([
      'I hold the <b>Maiden</b>',
    ]);
    const late = await connect();
    await late.request({ t: 'attach', match: id });
    expect((await late.seen((m) => m.t === 'chat-history')).lines.map((l: any) => l.text)).toEqual(['Tristan has it']);
    for (const c of [a, b, lurker, viewer, again, late]) c!.close();
  });

  it('is muted per connection, limited in length and rate, and open to everyone in a game without secrets', async () => {
    const made = await api(server, 'POST', '/api/matches', {
      game: 'camelot',
      seats: [
        { kind: 'human', name: 'Gawain' },
        { kind: 'human', name: 'Green Knight' },
      ],
    });
    const id = made.body.match.id;
    const [a, b] = await seats(made.body.tokens);
    const lurker = await connect();
    await lurker.request({ t: 'attach', match: id });
    await a!.request({ t: 'chat', text: 'one' });
    expect(await lurker.wait((m) => m.t === 'chat')).toMatchObject({ channel: 'players', text: 'one' });
    expect(await b!.request({ t: 'mute', on: true })).toMatchObject({ t: 'muted', on: true });
    await a!.request({ t: 'chat', text: 'two' });
    await lurker.wait((m) => m.t === 'chat' && m.text === 'two');
    await settle();
    expect(b!.messages.filter((m) => m.t === 'chat').map((m) => m.text)).toEqual(['one']);
    expect((await a!.request({ t: 'chat', text: 'x'.repeat(501) })).code).toBe('BAD_MESSAGE');
    expect((await a!.request({ t: 'chat', text: '   ' })).code).toBe('BAD_MESSAGE');
    for (const text of ['three', 'four', 'five']) expect((await a!.request({ t: 'chat', text })).t).toBe('ok');
    const limited = await a!.request({ t: 'chat', text: 'six' });
    expect(limited).toMatchObject({ code: 'CHAT_RATE_LIMITED', details: { max: 5, seconds: 10 } });
    const history = await connect();
    await history.request({ t: 'attach', match: id });
    expect((await history.seen((m) => m.t === 'chat-history')).lines.map((l: any) => l.text)).toEqual([
      'one',
      'two',
      'three',
      'four',
      'five',
    ]);
    for (const c of [a, b, lurker, history]) c!.close();
  });
});

describe('resigning and offers', () => {
  it('a draw is agreed in Camelot; a takeback is refused; a declined offer changes nothing', async () => {
    const made = await api(server, 'POST', '/api/matches', {
      game: 'camelot',
      seats: [{ kind: 'human' }, { kind: 'human' }],
    });
    const id = made.body.match.id;
    const [a, b] = await seats(made.body.tokens);
    expect((await a!.request({ t: 'offer', kind: 'takeback' })).code).toBe('OFFER_NOT_ALLOWED'); // no move yet
    expect((await b!.request({ t: 'answer', kind: 'takeback', accept: true })).code).toBe('NO_OFFER');
    expect((await a!.request({ t: 'offer', kind: 'rematch' })).code).toBe('OFFER_NOT_ALLOWED'); // not over yet
    await a!.request({ t: 'offer', kind: 'draw' });
    expect(await b!.wait((m) => m.t === 'offer')).toMatchObject({ kind: 'draw', by: 0 });
    expect((await a!.request({ t: 'answer', kind: 'draw', accept: true })).code).toBe('NO_OFFER'); // not one's own
    // Black reloads the page: the offer still open is told again on attach (and not to a spectator).
    const again = await connect();
    await again.request({ t: 'attach', token: made.body.tokens[1].token });
    expect(await again.seen((m) => m.t === 'offer')).toMatchObject({ kind: 'draw', by: 0 });
    const watcher = await connect();
    await watcher.request({ t: 'attach', match: id });
    await watcher.seen((m) => m.t === 'chat-history');
    await settle();
    expect(watcher.messages.some((m) => m.t === 'offer')).toBe(false);
    again.close();
    watcher.close();
    await b!.request({ t: 'answer', kind: 'draw', accept: false });
    expect(await a!.wait((m) => m.t === 'offer' && m.accepted === false)).toMatchObject({ kind: 'draw' });
    expect((await api(server, 'GET', `/api/matches/${id}`)).body.match.status).toBe('active');
    await b!.request({ t: 'offer', kind: 'draw' });
    await a!.request({ t: 'answer', kind: 'draw', accept: true });
    const ended = await b!.wait((m) => m.t === 'update' && m.status === 'finished');
    expect(ended.outcome).toEqual({ winners: [], draw: true, reason: 'agreement' });
    expect((await a!.request({ t: 'resign' })).code).toBe('MATCH_CLOSED');
    const lurker = await connect();
    await lurker.request({ t: 'attach', match: id });
    expect((await lurker.request({ t: 'resign' })).code).toBe('NOT_A_PLAYER');
    for (const c of [a, b, lurker]) c!.close();
  });

  it('a takeback is refused without consent, and once agreed the move is gone, also from storage', async () => {
    const made = await api(server, 'POST', '/api/matches', {
      game: 'camelot',
      seats: [{ kind: 'human' }, { kind: 'human' }],
    });
    const id = made.body.match.id;
    const [a, b] = await seats(made.body.tokens);
    const legal = await a!.request({ t: 'legal' });
    const start = await a!.seen((m) => m.t === 'attached');
    await a!.request({ t: 'move', move: legal.moves[0] });
    await a!.request({ t: 'offer', kind: 'takeback' });
    await b!.seen((m) => m.t === 'offer' && m.kind === 'takeback');
    await b!.request({ t: 'answer', kind: 'takeback', accept: false });
    const record = async () => (await api(server, 'GET', `/api/matches/${id}/record`)).body.moves.length;
    expect(await record()).toBe(1); // refused: nothing changed
    expect((await a!.request({ t: 'answer', kind: 'takeback', accept: true })).code).toBe('NO_OFFER');
    await a!.request({ t: 'offer', kind: 'takeback' });
    await b!.request({ t: 'answer', kind: 'takeback', accept: true });
    const back = await a!.seen((m) => m.t === 'update' && m.ply === 0);
    expect(back.view).toEqual(start.view);
    expect(back.yourTurn).toBe(true);
    expect(await record()).toBe(0);
    // White plays again, from the same position.
    const again = await a!.request({ t: 'move', move: legal.moves[1] });
    expect(again.ply).toBe(1);
    expect((await a!.request({ t: 'offer', kind: 'draw' })).t).toBe('ok');
    for (const c of [a, b]) c!.close();
    const joust = await api(server, 'POST', '/api/matches', {
      game: 'joust',
      seats: [{ kind: 'human' }, { kind: 'human' }],
    });
    const j = await seat(joust.body.tokens[0].token);
    expect((await j.request({ t: 'offer', kind: 'takeback' })).code).toBe('OFFER_NOT_ALLOWED');
    j.close();
  });

  it('a rematch reaches a seat that was connected nowhere when it came back, with a token made for it then', async () => {
    const made = await api(server, 'POST', '/api/matches', {
      game: 'camelot',
      seats: [
        { kind: 'human', name: 'Erec' },
        { kind: 'human', name: 'Enide' },
      ],
    });
    const id = made.body.match.id;
    const [a, b] = await seats(made.body.tokens);
    await a!.request({ t: 'resign' });
    await b!.wait((m) => m.t === 'update' && m.status === 'finished');
    // Erec offers a rematch and goes; Enide accepts while he is connected nowhere.
    await a!.request({ t: 'offer', kind: 'rematch' });
    await b!.wait((m) => m.t === 'offer' && m.kind === 'rematch');
    a!.close();
    await b!.wait((m) => m.t === 'seats' && m.seats[0].connected === false);
    await b!.request({ t: 'answer', kind: 'rematch', accept: true });
    const rb = await b!.seen((m) => m.t === 'rematch');
    const stored = (): unknown => {
      const db = new Database(join(server.dir, 'accounts.db'), { readonly: true });
      const row = db.prepare('SELECT data FROM clocks WHERE match_id = ?').get(`rematch:${id}`) as
        { data: string } | undefined;
      db.close();
      return row && JSON.parse(row.data);
    };
    // What is stored for him meanwhile names his seat, never a token (the operator sees no seat's token).
    if (storeKind() === 'sqlite') expect(stored()).toEqual({ next: rb.next, seats: [0] });
    // He comes back to the old match: told once, with a token of his own made now, which opens his new seat.
    const back = await seat(made.body.tokens[0].token);
    const ra = await back.seen((m) => m.t === 'rematch');
    expect(ra).toMatchObject({ match: id, next: rb.next, seat: 0 });
    expect(ra.token).not.toBe(rb.token);
    back.close();
    if (storeKind() === 'sqlite') expect(stored()).toEqual({ next: rb.next, seats: [] });
    const again = await seat(made.body.tokens[0].token);
    await again.seen((m) => m.t === 'chat-history');
    await settle();
    expect(again.messages.some((m) => m.t === 'rematch')).toBe(false);
    again.close();
    for (const [token, expected] of [
      [ra.token, 0],
      [rb.token, 1],
    ] as const) {
      const c = await seat(token);
      expect(await c.seen((m) => m.t === 'attached')).toMatchObject({ match: rb.next, seat: expected });
      c.close();
    }
    b!.close();
  });

  it('in a game of three, the seat of a player who resigns goes to a bot and the game goes on', async () => {
    const made = await api(server, 'POST', '/api/matches', {
      game: 'lancelot',
      seats: [{ kind: 'human' }, { kind: 'human' }, { kind: 'human' }],
    });
    const id = made.body.match.id;
    const b = await seat(made.body.tokens[1].token);
    await b.request({ t: 'resign' });
    const summary = (await api(server, 'GET', `/api/matches/${id}`)).body.match;
    expect(summary.status).toBe('active');
    expect(summary.seats[1]).toMatchObject({ kind: 'bot', level: 'medium' });
    b.close();
  });
});

describe('rated matches', () => {
  it('are between signed-in players only, and a resignation moves both ratings; a rematch keeps the seats', async () => {
    const lot = await signUp('King Lot');
    const pell = await signUp('King Pellinore');
    const asLot = withCookie(lot);
    const asPell = withCookie(pell);
    expect(
      (
        await api(server, 'POST', '/api/matches', {
          game: 'camelot',
          rated: true,
          seats: [{ kind: 'human' }, { kind: 'open' }],
        })
      ).body.error.code,
    ).toBe('RATED_NEEDS_ACCOUNT');
    expect(
      (
        await asLot('POST', '/api/matches', {
          game: 'camelot',
          rated: true,
          seats: [{ kind: 'human' }, { kind: 'bot', level: 'easy' }],
        })
      ).body.error.code,
    ).toBe('RATED_SEATS');
    expect(
      (
        await asLot('POST', '/api/matches', {
          game: 'camelot',
          rated: true,
          seats: [{ kind: 'human' }, { kind: 'human' }],
        })
      ).body.error.code,
    ).toBe('RATED_SEATS');
    // Without a clock a losing player could stall it for ever.
    expect(
      (
        await asLot('POST', '/api/matches', {
          game: 'camelot',
          rated: true,
          seats: [{ kind: 'human' }, { kind: 'open' }],
        })
      ).body.error.code,
    ).toBe('RATED_NEEDS_CLOCK');
    const made = await asLot('POST', '/api/matches', {
      game: 'camelot',
      rated: true,
      clock: { moveSeconds: 300 },
      seats: [{ kind: 'human' }, { kind: 'open' }],
    });
    expect(made.status).toBe(201);
    expect(made.body.match.rated).toBe(true);
    const id = made.body.match.id;
    const guest = await api(server, 'POST', `/api/matches/${id}/join`, {});
    expect(guest.status).toBe(401);
    expect(guest.body.error.code).toBe('RATED_NEEDS_ACCOUNT');
    expect((await asLot('POST', `/api/matches/${id}/join`, {})).body.error.code).toBe('ALREADY_SEATED');
    const joined = await asPell('POST', `/api/matches/${id}/join`, {});
    expect(joined.status).toBe(200);
    const a = await seat(made.body.tokens[0].token);
    const b = await seat(joined.body.token);
    await b.request({ t: 'resign' });
    expect((await a.wait((m) => m.t === 'update' && m.status === 'finished')).outcome).toEqual({
      winners: [0],
      draw: false,
      reason: 'resignation',
    });
    // Both are rated, and provisional (one rated game of the ten that put an account on the leaderboard).
    let player: any;
    for (let i = 0; i < 50; i++) {
      player = (await api(server, 'GET', `/api/players/${encodeURIComponent('king pellinore')}`)).body;
      if (player.ratings.length === 1) break;
      await settle(50);
    }
    expect(player).toMatchObject({
      name: 'King Pellinore',
      ratings: [{ game: 'camelot', games: 1, provisional: true, history: [{ match: id }] }],
    });
    expect(player.ratings[0].rating).toBeLessThan(1500);
    expect(player.ratings[0].deviation).toBeLessThan(350);
    expect((await api(server, 'GET', '/api/players/King%20Lot')).body.ratings[0].rating).toBeGreaterThan(1500);
    expect((await api(server, 'GET', '/api/ratings/camelot')).body.ratings).toEqual([]);
    expect((await api(server, 'GET', '/api/players/Nobody%20Here')).status).toBe(404);
    expect((await api(server, 'GET', '/api/ratings/chess')).body.error.code).toBe('UNKNOWN_GAME');

    // A rematch: both agree, each seat gets its new token, the accounts hold the new seats.
    await a.request({ t: 'offer', kind: 'rematch' });
    await b.wait((m) => m.t === 'offer' && m.kind === 'rematch');
    await b.request({ t: 'answer', kind: 'rematch', accept: true });
    const [ra, rb] = await Promise.all([a.seen((m) => m.t === 'rematch'), b.seen((m) => m.t === 'rematch')]);
    expect(ra.next).toBe(rb.next);
    expect([ra.seat, rb.seat]).toEqual([0, 1]);
    expect(a.raw.some((r) => r.includes(rb.token))).toBe(false); // each seat sees only its own token
    const next = (await api(server, 'GET', `/api/matches/${ra.next}`)).body.match;
    expect(next).toMatchObject({
      status: 'active',
      rated: true,
      seats: [{ name: 'King Lot' }, { name: 'King Pellinore' }],
    });
    expect((await asPell('GET', '/api/me/matches')).body.matches[0]).toMatchObject({ seat: 1, match: { id: ra.next } });
    const c = await seat(rb.token);
    expect((await c.seen((m) => m.t === 'attached')).seat).toBe(1);
    for (const x of [a, b, c]) x.close();
  });
});

describe('correspondence clocks', () => {
  it('days per move: the deadline is days away, and a restart keeps it', async () => {
    // A data folder of our own, so the second server finds the first one's matches (on PostgreSQL: its database).
    const dataDir = mkdtempSync(join(tmpdir(), 'rt-social-'));
    const own = await testServer({ passwordCost: cheap, dataDir });
    const made = await api(own, 'POST', '/api/matches', {
      game: 'camelot',
      clock: { days: 3 },
      seats: [{ kind: 'human' }, { kind: 'human' }],
    });
    expect(made.status).toBe(201);
    expect(made.body.match.clock).toEqual({ moveSeconds: 3 * 86_400, days: 3 });
    const c = await Client.connect(own.ws);
    const attached = await c.request({ t: 'attach', token: made.body.tokens[0].token });
    expect(attached.deadline - Date.now()).toBeGreaterThan(3 * 86_400_000 - 60_000);
    c.close();
    await own.close();
    const again = await testServer({ passwordCost: cheap, dataDir });
    try {
      const d = await Client.connect(again.ws);
      const back = await d.request({ t: 'attach', token: made.body.tokens[0].token });
      expect(back.deadline).toBe(attached.deadline);
      d.close();
      expect(
        (
          await api(again, 'POST', '/api/matches', {
            game: 'camelot',
            clock: { days: 31 },
            seats: [{ kind: 'human' }, { kind: 'human' }],
          })
        ).body.error.code,
      ).toBe('BAD_REQUEST');
    } finally {
      await again.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('Fischer clocks', () => {
  it('a bank per seat runs only while that seat is to move; the increment is added after a move; running out loses', async () => {
    const made = await api(server, 'POST', '/api/matches', {
      game: 'camelot',
      clock: { baseSeconds: 2, incrementSeconds: 1 },
      seats: [{ kind: 'human' }, { kind: 'human' }],
    });
    expect(made.status).toBe(201);
    expect(made.body.match.clock).toEqual({ moveSeconds: 2, baseSeconds: 2, incrementSeconds: 1 });
    const [a, b] = await seats(made.body.tokens);
    const start = await a!.seen((m) => m.t === 'attached');
    expect(start.clocks).toMatchObject({ banks: [2000, 2000], running: [0] });
    expect(start.deadline).toBe(start.clocks.since + 2000);
    const legal = await a!.request({ t: 'legal' });
    const moved = await a!.request({ t: 'move', move: legal.moves[0] });
    // White used a little of its 2 s and got 1 s back; Black's bank has not run.
    expect(moved.clocks.running).toEqual([1]);
    expect(moved.clocks.banks[0]).toBeGreaterThan(2000);
    expect(moved.clocks.banks[0]).toBeLessThanOrEqual(3000);
    expect(moved.clocks.banks[1]).toBe(2000);
    expect(moved.deadline).toBe(moved.clocks.since + 2000);
    // Black does not move: its bank runs out, and in a two-player game that loses.
    const ended = await b!.wait((m) => m.t === 'update' && m.status !== 'active', 8000);
    expect(ended).toMatchObject({ status: 'abandoned', outcome: { winners: [0], draw: false, reason: 'timeout' } });
    expect(Date.now() - moved.clocks.since).toBeGreaterThanOrEqual(1900);
    for (const c of [a, b]) c!.close();
    const secret = await api(server, 'POST', '/api/matches', {
      game: 'joust',
      clock: { baseSeconds: 60, incrementSeconds: 5 },
      seats: [{ kind: 'human' }, { kind: 'open' }],
    });
    expect(secret.status).toBe(400);
    expect(secret.body.error.code).toBe('FISCHER_WITH_SECRETS');
  });

  it('the banks survive a restart', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'rt-fischer-'));
    const own = await testServer({ passwordCost: cheap, dataDir });
    const made = await api(own, 'POST', '/api/matches', {
      game: 'camelot',
      clock: { baseSeconds: 600, incrementSeconds: 5 },
      seats: [{ kind: 'human' }, { kind: 'human' }],
    });
    const c = await Client.connect(own.ws);
    await c.request({ t: 'attach', token: made.body.tokens[0].token });
    const legal = await c.request({ t: 'legal' });
    await new Promise((r) => setTimeout(r, 300));
    const moved = await c.request({ t: 'move', move: legal.moves[0] });
    expect(moved.clocks.banks[0]).toBeLessThan(605_000 - 250);
    c.close();
    await new Promise((r) => setTimeout(r, 100));
    await own.close();
    const again = await testServer({ passwordCost: cheap, dataDir });
    try {
      const d = await Client.connect(again.ws);
      const back = await d.request({ t: 'attach', token: made.body.tokens[1].token });
      expect(back.clocks).toEqual(moved.clocks);
      expect(back.deadline).toBe(moved.deadline);
      d.close();
    } finally {
      await again.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('play now', () => {
  it('pairs two people asking for the same game and clock; someone asking for another clock waits apart', async () => {
    const gaheris = await signUp('Sir Gaheris');
    const asking = (body: unknown, cookie?: string) => withCookie(cookie)('POST', '/api/play-now', body);
    const other = asking({ game: 'camelot', players: 2, clock: { moveSeconds: 60 }, waitSeconds: 2 });
    const first = asking({ game: 'camelot', players: 2, clock: { days: 2 } }, gaheris);
    await settle(200);
    const second = asking({ game: 'camelot', players: 2, clock: { days: 2 }, name: 'Lynette' });
    const [a, b] = await Promise.all([first, second]);
    expect(a.status).toBe(200);
    expect(a.body).toMatchObject({
      seat: 0,
      against: 'people',
      match: { status: 'active', clock: { days: 2 }, seats: [{ name: 'Sir Gaheris' }, { name: 'Lynette' }] },
    });
    expect(b.body).toMatchObject({ seat: 1, against: 'people', match: { id: a.body.match.id } });
    expect(a.body.token).not.toBe(b.body.token);
    const c = await seat(b.body.token);
    expect((await c.seen((m) => m.t === 'attached')).seat).toBe(1);
    c.close();
    expect((await withCookie(gaheris)('GET', '/api/me/matches')).body.matches[0]).toMatchObject({
      seat: 0,
      yourTurn: true,
      match: { id: a.body.match.id },
    });
    const alone = await other;
    expect(alone.status).toBe(409);
    expect(alone.body.error.code).toBe('NO_OPPONENT');
  });

  it('someone who went away is not paired', async () => {
    const gone = new AbortController();
    const left = fetch(`${server.url}/api/play-now`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ game: 'lancelot', players: 2 }),
      signal: gone.signal,
    }).catch((e: Error) => e.name);
    await settle(200);
    gone.abort();
    expect(await left).toBe('AbortError');
    await settle(200);
    const alone = await api(server, 'POST', '/api/play-now', { game: 'lancelot', players: 2, waitSeconds: 1 });
    expect(alone.body.error.code).toBe('NO_OPPONENT');
  });

  it('offers bots after the wait the person chose; refuses what cannot be played', async () => {
    const started = Date.now();
    const r = await api(server, 'POST', '/api/play-now', {
      game: 'tournament',
      players: 3,
      botAfterSeconds: 1,
      botLevel: 'random',
    });
    expect(r.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(r.body).toMatchObject({
      seat: 0,
      against: 'bots',
      match: {
        status: 'active',
        seats: [{ kind: 'human' }, { kind: 'bot', level: 'random' }, { kind: 'bot', level: 'random' }],
      },
    });
    expect((await api(server, 'POST', '/api/play-now', { game: 'camelot', players: 3 })).body.error.code).toBe(
      'BAD_REQUEST',
    );
    expect((await api(server, 'POST', '/api/play-now', { game: 'chess', players: 2 })).body.error.code).toBe(
      'UNKNOWN_GAME',
    );
    expect(
      (await api(server, 'POST', '/api/play-now', { game: 'camelot', players: 2, rated: true })).body.error.code,
    ).toBe('RATED_NEEDS_ACCOUNT');
    expect(
      (
        await api(server, 'POST', '/api/play-now', {
          game: 'camelot',
          players: 2,
          botLevel: 'godlike',
          botAfterSeconds: 1,
        })
      ).body.error.code,
    ).toBe('UNKNOWN_BOT');
  });
});
