// The table across server processes (PostgreSQL + Redis): two seats connected to two processes chat both ways,
// see each other connected, agree a takeback offered on one process and accepted on the other, resign from the
// process that does not own the match (the match ends and both ratings move), and a seat that was connected
// nowhere when its rematch was agreed finds it when it attaches again (once); play-now pairs people asking through
// different processes; a process killed stops counting as its seats' connection. The owner killed (SIGKILL) mid-conversation
// loses no chat line, and /healthz says when Redis is away.
import type { ChildProcess } from 'node:child_process';
import pg from 'pg';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, Client, dropTestDatabase, spawnServerProcess, testDatabase, testServices } from './helpers.ts';
import { Relay } from './proxy.ts';

const LEASE_MS = 1500;
const children: ChildProcess[] = [];
const databases: string[] = [];

interface Proc {
  readonly child: ChildProcess;
  readonly url: string;
  readonly ws: string;
}

async function cluster(n: number, redis = testServices().redis): Promise<Proc[]> {
  const database = await testDatabase();
  databases.push(database);
  const args = [
    '--database',
    database,
    '--redis',
    redis,
    '--lease-ms',
    String(LEASE_MS),
    '--bot-workers',
    '1',
    '--max-matches-per-address',
    '100000',
    '--max-sockets-per-address',
    '100000',
    // Every client here is 127.0.0.1: play-now pairs two of them, and one game puts an account on the leaderboard.
    '--pair-same-address',
    'on',
    '--max-signups-per-address',
    '100000',
    '--hash-per-address',
    '1000',
    '--provisional-games',
    '0',
  ];
  // The first one alone applies the migrations; then the others start together.
  const first = await spawnServerProcess(args, children);
  return [first, ...(await Promise.all(Array.from({ length: n - 1 }, () => spawnServerProcess(args, children))))];
}

beforeAll(() => void testServices());
afterAll(async () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  for (const d of databases) await dropTestDatabase(d).catch(() => undefined);
});

async function signUp(p: Proc, name: string): Promise<string> {
  const res = await fetch(`${p.url}/api/accounts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, password: 'a long password' }),
  });
  expect(res.status).toBe(201);
  return /^(rt_session=[^;]*)/.exec(res.headers.get('set-cookie') ?? '')![1]!;
}

/** A seat's connection to process `p` (with a session cookie, as a browser would send it). */
async function seat(p: Proc, token: string, cookie?: string): Promise<Client> {
  const ws = new WebSocket(p.ws, cookie ? { headers: { cookie } } : {});
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const c = new (Client as unknown as new (ws: WebSocket) => Client)(ws);
  const attached = await c.request({ t: 'attach', token });
  expect(attached.t, JSON.stringify(attached)).toBe('attached');
  return c;
}

/** Sends `msg` until it is not refused for want of an owner (the owner died: another one takes over). */
async function untilOwned(c: Client, msg: Record<string, unknown>, ms = 20_000): Promise<any> {
  const until = Date.now() + ms;
  for (;;) {
    const answer = await c.request(msg);
    if (answer.code !== 'OWNER_UNAVAILABLE' || Date.now() > until) return answer;
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The first message received since message number `from` that matches (received already or to come). */
async function since(c: Client, from: number, pred: (m: any) => boolean): Promise<any> {
  await expect.poll(() => c.messages.slice(from).some(pred), { timeout: 10_000 }).toBe(true);
  return c.messages.slice(from).find(pred);
}

const connected = (m: any): boolean => m.t === 'seats' && m.seats.every((s: any) => s.connected);

describe('the table across two processes', () => {
  it('chat both ways, presence, a takeback offered on one process and accepted on the other, a resignation from the non-owner that rates both, a rematch kept for a seat connected nowhere; play-now pairs people asking through different processes; a killed process: its seats stop counting', async () => {
    const [a, b] = (await cluster(2)) as [Proc, Proc];
    const database = databases.at(-1)!;
    const lot = await signUp(a, 'King Lot');
    const pell = await signUp(b, 'King Pellinore');
    // Created on a (which owns it); Pellinore joins through b (the join is forwarded to a).
    const made = await api(
      a,
      'POST',
      '/api/matches',
      { game: 'camelot', rated: true, clock: { days: 3 }, seats: [{ kind: 'human' }, { kind: 'open' }] },
      { cookie: lot },
    );
    expect(made.status).toBe(201);
    const id: string = made.body.match.id;
    const joined = await api(b, 'POST', `/api/matches/${id}/join`, {}, { cookie: pell });
    expect(joined.status).toBe(200);
    const white = await seat(a, made.body.tokens[0].token, lot);
    const black = await seat(b, joined.body.token, pell);

    // Presence: each process counts the other's connection.
    await white.seen(connected);
    await black.seen(connected);
    for (const p of [a, b]) {
      await expect
        .poll(async () => (await api(p, 'GET', `/api/matches/${id}`)).body.match.seats.map((s: any) => s.connected), {
          timeout: 10_000,
        })
        .toEqual([true, true]);
    }

    // Chat both ways: from the owner's process to the other, and back (forwarded to the owner, told to b).
    expect((await white.request({ t: 'chat', text: 'Well met, Pellinore.' })).t).toBe('ok');
    expect((await black.wait((m) => m.t === 'chat')).text).toBe('Well met, Pellinore.');
    const w2 = white.messages.length;
    expect((await black.request({ t: 'chat', text: 'And you, Lot.' })).t).toBe('ok');
    const back = await since(white, w2, (m) => m.t === 'chat');
    expect(back).toMatchObject({
      text: 'And you, Lot.',
      from: { seat: 1, name: 'King Pellinore' },
      channel: 'players',
    });
    // Muting is the connection's own: a muted seat on b reads no chat line, the other still does.
    const onlooker = await Client.connect(b.ws);
    await onlooker.request({ t: 'attach', match: id });
    expect((await black.request({ t: 'mute', on: true })).on).toBe(true);
    await white.request({ t: 'chat', text: 'Are you there?' });
    // A spectator on b reads it (a game without secrets: everyone reads both channels), so b has it.
    expect((await onlooker.wait((m) => m.t === 'chat')).text).toBe('Are you there?');
    onlooker.close();
    expect((await black.request({ t: 'mute', on: false })).on).toBe(false);
    await white.request({ t: 'chat', text: 'Now you are.' });
    expect((await black.wait((m) => m.t === 'chat')).text).toBe('Now you are.');
    expect(black.messages.some((m) => m.t === 'chat' && m.text === 'Are you there?')).toBe(false);

    // Two moves, black's crossing to a; black (on b) asks to take its move back, white (on a) agrees.
    const legal = await white.request({ t: 'legal' });
    expect((await white.request({ t: 'move', move: legal.moves[0] })).ply).toBe(1);
    await black.wait((m) => m.t === 'update' && m.ply === 1 && m.yourTurn);
    const blackLegal = await black.request({ t: 'legal' });
    expect((await black.request({ t: 'move', move: blackLegal.moves[0] })).ply).toBe(2);
    await white.wait((m) => m.t === 'update' && m.ply === 2);
    expect((await black.request({ t: 'offer', kind: 'takeback' })).t).toBe('ok');
    expect(await white.wait((m) => m.t === 'offer' && m.kind === 'takeback')).toMatchObject({ by: 1 });
    const [w0, b0] = [white.messages.length, black.messages.length];
    expect((await white.request({ t: 'answer', kind: 'takeback', accept: true })).t).toBe('ok');
    expect(
      await since(black, b0, (m) => m.t === 'offer' && m.kind === 'takeback' && m.accepted === true),
    ).toMatchObject({ by: 1 });
    // Both processes show the position before black's move, black to play again.
    expect(await since(black, b0, (m) => m.t === 'update' && m.ply === 1)).toMatchObject({
      yourTurn: true,
      status: 'active',
    });
    expect(await since(white, w0, (m) => m.t === 'update' && m.ply === 1)).toMatchObject({ yourTurn: false });
    expect((await api(b, 'GET', `/api/matches/${id}/record`)).body.moves).toHaveLength(1);

    // Black resigns from b (which does not own the match): it ends, and both ratings move.
    const [w1, b1] = [white.messages.length, black.messages.length];
    expect((await black.request({ t: 'resign' })).t).toBe('ok');
    const outcome = { winners: [0], draw: false, reason: 'resignation' };
    expect((await since(white, w1, (m) => m.t === 'update' && m.status === 'finished')).outcome).toEqual(outcome);
    expect((await since(black, b1, (m) => m.t === 'update' && m.status === 'finished')).outcome).toEqual(outcome);
    await expect
      .poll(async () => (await api(b, 'GET', '/api/ratings/camelot')).body.ratings.map((r: any) => r.name), {
        timeout: 10_000,
      })
      .toEqual(['King Lot', 'King Pellinore']);
    const board = (await api(b, 'GET', '/api/ratings/camelot')).body.ratings;
    expect(board[0].rating).toBeGreaterThan(1500);
    expect(board[1].rating).toBeLessThan(1500);

    // A rematch offered on a; white then leaves (connected nowhere), black accepts on b.
    const b2 = black.messages.length;
    await white.request({ t: 'offer', kind: 'rematch' });
    await since(black, b2, (m) => m.t === 'offer' && m.kind === 'rematch');
    white.close();
    // b hears from a that white is gone before black answers.
    await since(black, b2, (m) => m.t === 'seats' && m.seats[0].connected === false && m.seats[1].connected === true);
    await black.request({ t: 'answer', kind: 'rematch', accept: true });
    const rb = await black.seen((m) => m.t === 'rematch');
    expect(rb).toMatchObject({ match: id, seat: 1 });
    // What is stored for white meanwhile names its seat, never a token (the operator sees no seat's token).
    const db = new pg.Client({ connectionString: database });
    await db.connect();
    const record = (await db.query<{ data: string }>('SELECT data FROM clocks WHERE match_id = $1', [`rematch:${id}`]))
      .rows[0]?.data;
    await db.end();
    expect(JSON.parse(record!)).toEqual({ next: rb.next, seats: [0] });
    // White comes back later, through b: it is told of the rematch, with its own seat's token only; once.
    const late = await seat(b, made.body.tokens[0].token);
    const ra = await late.seen((m) => m.t === 'rematch');
    expect(ra).toMatchObject({ match: id, next: rb.next, seat: 0 });
    expect(late.raw.some((r) => r.includes(rb.token))).toBe(false);
    expect(black.raw.some((r) => r.includes(ra.token))).toBe(false);
    late.close();
    expect(rb.token).not.toBe(ra.token);
    const later = await seat(a, made.body.tokens[0].token);
    await later.seen((m) => m.t === 'chat-history');
    expect(later.messages.some((m) => m.t === 'rematch')).toBe(false);
    later.close();
    // Both tokens open their seats of the new match.
    for (const [token, expected] of [
      [ra.token, 0],
      [rb.token, 1],
    ] as const) {
      const c = await seat(a, token);
      expect(await c.seen((m) => m.t === 'attached')).toMatchObject({ match: rb.next, seat: expected });
      c.close();
    }
    black.close();

    // Play now: two people asking through two processes meet (the queue is in Redis).
    const [first, second] = await Promise.all([
      api(a, 'POST', '/api/play-now', { game: 'joust', players: 2, name: 'Enide', waitSeconds: 20 }),
      api(b, 'POST', '/api/play-now', { game: 'joust', players: 2, name: 'Erec', waitSeconds: 20 }),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(first.body.match.id).toBe(second.body.match.id);
    expect(first.body.against).toBe('people');
    expect([first.body.seat, second.body.seat].sort()).toEqual([0, 1]);
    const names = (await api(b, 'GET', `/api/matches/${first.body.match.id}`)).body.match.seats
      .map((s: any) => s.name)
      .sort();
    expect(names).toEqual(['Enide', 'Erec']);
    for (const answer of [first, second]) {
      const c = await seat(answer === first ? b : a, answer.body.token);
      expect((await c.seen((m) => m.t === 'attached')).seat).toBe(answer.body.seat);
      c.close();
    }

    // A process killed (SIGKILL) says nothing more: the owner stops counting the seats connected there.
    const last = await api(a, 'POST', '/api/matches', {
      game: 'camelot',
      seats: [{ kind: 'human' }, { kind: 'human' }],
    });
    const lastId: string = last.body.match.id;
    const far = await seat(b, last.body.tokens[1].token);
    const seatsOn = async (p: Proc): Promise<boolean[]> =>
      (await api(p, 'GET', `/api/matches/${lastId}`)).body.match.seats.map((s: any) => s.connected);
    await expect.poll(() => seatsOn(a), { timeout: 10_000 }).toEqual([false, true]);
    const gone = new Promise<void>((r) => b.child.once('exit', () => r()));
    b.child.kill('SIGKILL');
    await gone;
    far.close();
    await expect.poll(() => seatsOn(a), { timeout: 15_000 }).toEqual([false, false]);
    a.child.kill('SIGTERM');
  }, 60_000);

  it('the owner killed mid-conversation: no chat line is lost, the conversation goes on through the survivor; /healthz says when Redis is away', async () => {
    const target = new URL(testServices().redis);
    const relay = await Relay.start({ host: target.hostname, port: Number(target.port) });
    const [a, b] = (await cluster(2, relay.url(testServices().redis))) as [Proc, Proc];
    try {
      const made = await api(a, 'POST', '/api/matches', {
        game: 'camelot',
        seats: [
          { kind: 'human', name: 'Gawain' },
          { kind: 'human', name: 'Ragnelle' },
        ],
      });
      expect(made.status).toBe(201);
      const id: string = made.body.match.id;
      const [t0, t1] = made.body.tokens.map((t: any) => t.token) as [string, string];
      const gawain = await seat(a, t0);
      const ragnelle = await seat(b, t1);
      const said = ['What do women most desire?', 'Their own way.', 'Then have it.', 'I shall.'];
      for (const [i, text] of said.entries()) {
        const [speaker, hearer] = i % 2 === 0 ? [gawain, ragnelle] : [ragnelle, gawain];
        expect((await speaker.request({ t: 'chat', text })).t).toBe('ok');
        expect((await hearer.wait((m) => m.t === 'chat')).text).toBe(text);
      }

      // The owner dies. Gawain comes back through b: the whole conversation is there.
      const exited = new Promise<void>((r) => a.child.once('exit', () => r()));
      a.child.kill('SIGKILL');
      await exited;
      gawain.close();
      const back = await seat(b, t0);
      const history = await back.seen((m) => m.t === 'chat-history');
      expect(history.lines.map((l: any) => l.text)).toEqual(said);
      // b takes the match over (the lease runs out): the conversation goes on.
      expect((await untilOwned(ragnelle, { t: 'chat', text: 'Still here.' })).t).toBe('ok');
      expect((await back.wait((m) => m.t === 'chat')).text).toBe('Still here.');
      const reread = await seat(b, t1);
      expect((await reread.seen((m) => m.t === 'chat-history')).lines.map((l: any) => l.text)).toEqual([
        ...said,
        'Still here.',
      ]);
      for (const c of [back, ragnelle, reread]) c.close();
      expect((await api(b, 'GET', `/api/matches/${id}`)).body.match.status).toBe('active');

      // Redis: up, then away (503, named among the problems), then back.
      const health = async (): Promise<[number, string]> => {
        const h = await api(b, 'GET', '/healthz');
        return [h.status, h.body.problems.some((p: string) => /Redis/.test(p)) ? 'down' : 'up'];
      };
      expect(await health()).toEqual([200, 'up']);
      relay.break();
      await expect.poll(health, { timeout: 15_000 }).toEqual([503, 'down']);
      relay.mend();
      await expect.poll(health, { timeout: 15_000 }).toEqual([200, 'up']);
    } finally {
      for (const p of [a, b]) if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGTERM');
      await relay.close();
    }
  }, 60_000);
});
