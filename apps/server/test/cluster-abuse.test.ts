// Issue 25, across two server processes on one PostgreSQL and one Redis: the limits that must be shared hold
// whichever process a request reaches. A login burst split over both gets the name's 10 password checks in all;
// creations split over both stop at the address's cap; one account joining through both at once gets one seat;
// 20 connections of one seat, half on each process, say 5 lines between them; and play-now does not pair an
// address with itself through two processes. Malformed messages published straight onto a process's channels are
// refused and change nothing.
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiFrom, Client, dropTestDatabase, spawnServerProcess, testDatabase, testServices } from './helpers.ts';

const ME = '127.0.0.1';
const OTHER = '127.0.0.2';
const PASSWORD = 'a long password';
const children: ChildProcess[] = [];
const databases: string[] = [];

interface Proc {
  readonly child: ChildProcess;
  readonly url: string;
  readonly ws: string;
}

let a: Proc;
let b: Proc;

beforeAll(async () => {
  const database = await testDatabase();
  databases.push(database);
  const args = [
    '--database',
    database,
    '--redis',
    testServices().redis,
    '--lease-ms',
    '1500',
    '--bot-workers',
    '1',
    '--max-matches-per-address',
    '3',
    '--max-signups-per-address',
    '100',
  ];
  // The first one alone applies the migrations; then the second.
  a = await spawnServerProcess(args, children);
  b = await spawnServerProcess(args, children);
}, 60_000);
afterAll(async () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  for (const d of databases) await dropTestDatabase(d).catch(() => undefined);
});

async function signUp(p: Proc, name: string): Promise<string> {
  const r = await apiFrom(p, ME, 'POST', '/api/accounts', { name, password: PASSWORD });
  expect(r.status).toBe(201);
  return /^(rt_session=[^;]*)/.exec(String(r.headers['set-cookie']))![1]!;
}

const codes = (rs: { body: any }[]): string[] => rs.map((r) => r.body?.error?.code ?? 'ok').sort();

describe('limits shared by two processes', () => {
  it('a login burst split over both processes gets 10 password checks in all', async () => {
    await signUp(a, 'Sir Kay');
    let wrong = 0;
    for (let round = 0; round < 20; round++) {
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          apiFrom(i % 2 ? a : b, ME, 'POST', '/api/session', { name: 'Sir Kay', password: `guess ${round} ${i}` }),
        ),
      );
      wrong += answers.filter((r) => r.body.error.code === 'WRONG_LOGIN').length;
      if (answers.every((r) => r.body.error.code === 'LOGIN_RATE_LIMITED')) break;
    }
    expect(wrong).toBe(10);
    for (const p of [a, b])
      expect((await apiFrom(p, OTHER, 'POST', '/api/session', { name: 'Sir Kay', password: PASSWORD })).status).toBe(
        429,
      );
  });

  it('creations from one address split over both processes stop at its cap', async () => {
    const two = { game: 'camelot', seats: [{ kind: 'human' }, { kind: 'open' }] };
    const burst = await Promise.all(
      Array.from({ length: 12 }, (_, i) => apiFrom(i % 2 ? a : b, OTHER, 'POST', '/api/matches', two)),
    );
    expect(burst.filter((r) => r.status === 201)).toHaveLength(3);
    expect(burst.filter((r) => r.status === 429).every((r) => r.body.error.code === 'TOO_MANY_MATCHES')).toBe(true);
    const open = (await apiFrom(a, ME, 'GET', '/api/matches?status=open&limit=200')).body.matches;
    expect(open).toHaveLength(3);
  });

  it('one account joining through both processes at once gets one seat', async () => {
    const lot = await signUp(a, 'King Lot');
    const pell = await signUp(b, 'King Pellinore');
    const made = await apiFrom(
      a,
      ME,
      'POST',
      '/api/matches',
      {
        game: 'lancelot',
        rated: true,
        clock: { days: 1 },
        seats: [{ kind: 'human' }, { kind: 'open' }, { kind: 'open' }],
      },
      { cookie: lot },
    );
    expect(made.status).toBe(201);
    const id = made.body.match.id;
    const joins = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        apiFrom(i % 2 ? a : b, OTHER, 'POST', `/api/matches/${id}/join`, {}, { cookie: pell }),
      ),
    );
    expect(codes(joins)).toEqual([...Array(5).fill('ALREADY_SEATED'), 'ok']);
    const summary = (await apiFrom(b, ME, 'GET', `/api/matches/${id}`)).body.match;
    expect(summary.seats.map((s: any) => s.kind)).toEqual(['human', 'human', 'open']);
  });

  it('20 connections of one seat, half on each process, say 5 lines in 10 s between them', async () => {
    const made = await apiFrom(a, '127.0.0.3', 'POST', '/api/matches', {
      game: 'camelot',
      seats: [{ kind: 'human', name: 'Dinadan' }, { kind: 'open' }],
    });
    const token = made.body.tokens[0].token;
    const conns = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const c = await Client.connect((i % 2 ? a : b).ws);
        expect((await c.request({ t: 'attach', token })).t).toBe('attached');
        return c;
      }),
    );
    const answers = await Promise.all(
      conns.flatMap((c, i) => Array.from({ length: 5 }, (_, j) => c.request({ t: 'chat', text: `line ${i}.${j}` }))),
    );
    expect(answers.filter((x) => x.t === 'ok')).toHaveLength(5);
    expect(answers.filter((x) => x.code === 'CHAT_RATE_LIMITED')).toHaveLength(95);
    const reader = await Client.connect(b.ws);
    await reader.request({ t: 'attach', match: made.body.match.id });
    expect((await reader.seen((m) => m.t === 'chat-history')).lines).toHaveLength(5);
    for (const c of [...conns, reader]) c.close();
  });

  it('play-now does not pair an address with itself through two processes', async () => {
    const body = { game: 'joust', players: 2, waitSeconds: 30 };
    // Through a and b at once: whichever reaches the Redis queue second is refused there, at once.
    const asks = [a, b].map((p) => apiFrom(p, '127.0.0.4', 'POST', '/api/play-now', body));
    const answered: number[] = [];
    asks.forEach((p, i) => void p.then(() => answered.push(i)));
    await expect.poll(() => answered.length, { timeout: 10_000 }).toBe(1);
    const refused = await asks[answered[0]!]!;
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ code: 'ALREADY_WAITING', details: { by: 'address' } });
    const waiting = asks[1 - answered[0]!]!;
    const [mine, theirs] = await Promise.all([waiting, apiFrom(b, '127.0.0.5', 'POST', '/api/play-now', body)]);
    expect(theirs.status).toBe(200);
    expect(mine.body.match.id).toBe(theirs.body.match.id);
  });
});

describe('messages between processes are checked', () => {
  /** The lines a process logs from now on, parsed (pino's JSON lines). */
  const logOf = (p: Proc): any[] => {
    const lines: any[] = [];
    let rest = '';
    p.child.stdout!.on('data', (chunk: Buffer) => {
      const text = rest + chunk.toString();
      const parts = text.split('\n');
      rest = parts.pop()!;
      for (const l of parts) lines.push(JSON.parse(l));
    });
    return lines;
  };
  const refusals = (lines: any[]): any[] =>
    lines.filter((l) => l.level === 40 && l.msg === 'cluster: refused a malformed message from another process');

  it('malformed messages are refused: a warning says what was wrong, a request is answered BAD_CLUSTER_MESSAGE at once, the match is unchanged and plays on', async () => {
    const logA = logOf(a);
    const logB = logOf(b);
    const made = await apiFrom(a, '127.0.0.6', 'POST', '/api/matches', {
      game: 'camelot',
      seed: 8,
      seats: [{ kind: 'human' }, { kind: 'human' }],
    });
    expect(made.status).toBe(201);
    const id: string = made.body.match.id;
    // Created on a, which owns it; black plays through b, which follows a and forwards black's moves there.
    const white = await Client.connect(a.ws);
    const black = await Client.connect(b.ws);
    expect((await white.request({ t: 'attach', token: made.body.tokens[0].token })).t).toBe('attached');
    expect((await black.request({ t: 'attach', token: made.body.tokens[1].token })).t).toBe('attached');
    const play = async (c: Client, ply: number): Promise<void> => {
      const legal = await c.request({ t: 'legal' });
      expect(await c.request({ t: 'move', move: legal.moves[0] })).toMatchObject({ t: 'update', ply: ply + 1 });
    };
    await play(white, 0);
    await black.wait((m) => m.t === 'update' && m.yourTurn === true);
    await play(black, 1);
    await white.wait((m) => m.t === 'update' && m.yourTurn === true);
    const look = async (p: Proc): Promise<any> => {
      const s = await Client.connect(p.ws);
      const seen = await s.request({ t: 'attach', match: id });
      s.close();
      return seen;
    };
    const before = await look(a);
    expect(before.ply).toBe(2);

    const db = new pg.Client({ connectionString: databases[0] });
    await db.connect();
    const owner: string = (await db.query('SELECT owner FROM match_leases WHERE match_id = $1', [id])).rows[0].owner;
    await db.end();
    // A process of the test's own: what a refused request is answered reaches it.
    const sender = `test-${randomBytes(4).toString('hex')}`;
    const sub = new Redis(testServices().redis);
    const pub = new Redis(testServices().redis);
    const answers: any[] = [];
    try {
      await sub.subscribe(`rt:n:${sender}`);
      sub.on('message', (_channel: string, text: string) => answers.push(JSON.parse(text)));
      const toA = (msg: unknown): Promise<number> =>
        pub.publish(`rt:n:${owner}`, typeof msg === 'string' ? msg : JSON.stringify(msg));
      const sent = Date.now();
      await toA('garbage {');
      await toA({ k: 'call', id, call: { k: 'teleport', seat: 0 }, from: sender, req: 101 });
      await toA({ k: 'move', id, seat: 0, ply: 2, from: sender, req: 102, until: Date.now() + 3000 });
      await toA({ k: 'call', id, call: { k: 'reissue', seat: '0' }, from: sender, req: 103 });
      // A request of a kind this build does not know (a newer build's, say): both kinds of answer go back.
      await toA({ k: 'move-v2', id, from: sender, req: 104 });
      // An update of b's copy, its ply of the wrong type: b refuses it rather than playing it.
      const legal = await white.request({ t: 'legal' });
      const update = { k: 'move', ply: '2', seat: 0, move: legal.moves[0], status: 'active', outcome: null };
      expect(
        await pub.publish(`rt:m:${id}`, JSON.stringify({ ...update, clock: { deadline: null, banks: null } })),
      ).toBe(1);

      const bad = (reason: RegExp): unknown => ({ code: 'BAD_CLUSTER_MESSAGE', reason: expect.stringMatching(reason) });
      await expect.poll(() => answers.length, { timeout: 2500 }).toBe(5);
      expect(Date.now() - sent).toBeLessThan(3000);
      expect(answers).toEqual(
        expect.arrayContaining([
          { k: 'result', req: 101, result: { ok: false, error: bad(/^call\.k: /) } },
          { k: 'err', req: 102, error: bad(/^text: .*expected string/) },
          { k: 'result', req: 103, result: { ok: false, error: bad(/^call\.seat: /) } },
          { k: 'err', req: 104, error: bad(/^k: /) },
          { k: 'result', req: 104, result: { ok: false, error: bad(/^k: /) } },
        ]),
      );
    } finally {
      sub.disconnect();
      pub.disconnect();
    }

    // Each refusal was logged at warn, naming the channel and where the message was wrong.
    await expect.poll(() => refusals(logA).length).toBe(5);
    expect(refusals(logA).every((l) => l.channel === `rt:n:${owner}`)).toBe(true);
    expect(refusals(logA).map((l) => l.issues[0])).toEqual([
      expect.stringMatching(/^\(message\): not JSON/),
      expect.stringMatching(/^call\.k: /),
      expect.stringMatching(/^text: /),
      expect.stringMatching(/^call\.seat: /),
      expect.stringMatching(/^k: /),
    ]);
    await expect.poll(() => refusals(logB).length).toBe(1);
    expect(refusals(logB)[0]).toMatchObject({
      channel: `rt:m:${id}`,
      kind: 'move',
      issues: [expect.stringMatching(/^ply: /)],
    });

    // Nothing changed: both processes show the match as it was, and it plays on, moves crossing as before.
    for (const p of [a, b]) expect(await look(p)).toMatchObject({ ply: 2, view: before.view });
    // The seat of the call with a seat of the wrong type keeps its token (unchecked, that call reissued it).
    const again = await Client.connect(a.ws);
    expect((await again.request({ t: 'attach', token: made.body.tokens[0].token })).t).toBe('attached');
    again.close();
    await play(white, 2);
    await black.wait((m) => m.t === 'update' && m.yourTurn === true);
    await play(black, 3);
    const record = await apiFrom(b, ME, 'GET', `/api/matches/${id}/record`);
    expect(record.body.moves).toHaveLength(4);
    white.close();
    black.close();
  });
});
