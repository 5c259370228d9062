/**
 * Issue 25: the holes a hostile player found in accounts, caps, chat and ratings, each tried again here against the
 * real server (HTTP and WebSocket, on SQLite; on PostgreSQL through test/postgres/abuse.test.ts; across two
 * processes in cluster-abuse.test.ts). Every refusal has its code (and its wait where there is one), stores
 * nothing, and other clients are served meanwhile. 127.0.0.1 and 127.0.0.2 are two clients' addresses.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Limits } from '../src/config.ts';
import { apiFrom, Client, testServer, type TestServer } from './helpers.ts';

const ME = '127.0.0.1';
const OTHER = '127.0.0.2';
const PASSWORD = 'a long password';
const servers: TestServer[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.stop();
});

/** A server with the default limits but those given (and sign-ups enough for a test's accounts). */
async function start(limits: Partial<Limits> = {}): Promise<TestServer> {
  const s = await testServer({ limits: { signupsPerAddress: 100, ...limits } });
  servers.push(s);
  return s;
}

async function signUp(server: TestServer, name: string, from = ME): Promise<string> {
  const r = await apiFrom(server, from, 'POST', '/api/accounts', { name, password: PASSWORD });
  expect(r.status).toBe(201);
  return /^(rt_session=[^;]*)/.exec(String(r.headers['set-cookie']))![1]!;
}

const as =
  (server: TestServer, cookie: string | null, from = ME) =>
  (method: string, path: string, body?: unknown) =>
    apiFrom(server, from, method, path, body, cookie ? { cookie } : {});

async function seat(server: TestServer, token: string): Promise<Client> {
  const c = await Client.connect(server.ws);
  expect((await c.request({ t: 'attach', token })).t).toBe('attached');
  return c;
}

const codes = (rs: { body: any }[]): string[] => rs.map((r) => r.body?.error?.code ?? 'ok').sort();
const count = (xs: readonly string[], x: string): number => xs.filter((y) => y === x).length;

describe('logins', () => {
  it('a burst of parallel logins gets 10 password checks in all, then even the right password is refused; another client signs up meanwhile', async () => {
    const server = await start();
    await signUp(server, 'Sir Kay');
    let wrong = 0;
    let busy: any = null;
    let other: Promise<{ status: number; body: any }> | null = null;
    for (let round = 0; round < 20; round++) {
      const burst = Array.from({ length: 30 }, (_, i) =>
        apiFrom(server, ME, 'POST', '/api/session', { name: 'Sir Kay', password: `guess ${round} ${i}` }),
      );
      // Someone else signs up while the first burst is under way.
      other ??= apiFrom(server, OTHER, 'POST', '/api/accounts', { name: 'Sir Ector', password: PASSWORD });
      const answers = await Promise.all(burst);
      wrong += answers.filter((r) => r.body.error.code === 'WRONG_LOGIN').length;
      busy ??= answers.find((r) => r.body.error.code === 'LOGIN_BUSY') ?? null;
      if (answers.every((r) => r.body.error.code === 'LOGIN_RATE_LIMITED')) break;
    }
    // Counted before the hash: exactly the 10 failures the window holds were checked, whatever the parallelism.
    expect(wrong).toBe(10);
    // Checks from one address beyond the 2 it may have queued are refused at once, with the wait.
    expect(busy).toMatchObject({ status: 503, body: { error: { code: 'LOGIN_BUSY', details: { retrySeconds: 1 } } } });
    const right = await apiFrom(server, ME, 'POST', '/api/session', { name: 'Sir Kay', password: PASSWORD });
    expect(right.status).toBe(429);
    expect(right.body.error).toMatchObject({
      code: 'LOGIN_RATE_LIMITED',
      details: { retrySeconds: expect.any(Number) },
    });
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(800);
    expect((await other!).status).toBe(201);
    // The other client logs in to its own account: the name's window is not its address's.
    expect(
      (await apiFrom(server, OTHER, 'POST', '/api/session', { name: 'Sir Ector', password: PASSWORD })).status,
    ).toBe(200);
  });

  it('sign-ups per address are capped (SIGNUP_RATE_LIMITED, with the wait); a taken name costs no place; nothing is stored', async () => {
    const server = await start({ signupsPerAddress: 2 });
    await signUp(server, 'Sir Bors');
    expect((await apiFrom(server, ME, 'POST', '/api/accounts', { name: 'SIR BORS', password: PASSWORD })).status).toBe(
      409,
    );
    await signUp(server, 'Sir Lionel');
    const third = await apiFrom(server, ME, 'POST', '/api/accounts', { name: 'Sir Elyan', password: PASSWORD });
    expect(third.status).toBe(429);
    expect(third.body.error).toMatchObject({
      code: 'SIGNUP_RATE_LIMITED',
      details: { max: 2, retrySeconds: expect.any(Number) },
    });
    expect(third.body.error.details.retrySeconds).toBeGreaterThan(86_000);
    expect(third.headers['set-cookie']).toBeUndefined();
    expect((await apiFrom(server, ME, 'POST', '/api/session', { name: 'Sir Elyan', password: PASSWORD })).status).toBe(
      401,
    );
    await signUp(server, 'Sir Elyan', OTHER);
  });
});

describe('matches in play, whichever way they come into being', () => {
  it('one rematch per finished match, counted against the address: a flood of offers over 10 connections makes one match', async () => {
    const server = await start({ matchesPerAddress: 2 });
    const made = await as(server, null)('POST', '/api/matches', {
      game: 'camelot',
      seats: [{ kind: 'human' }, { kind: 'bot', level: 'easy' }],
    });
    expect(made.status).toBe(201);
    const token = made.body.tokens[0].token;
    const first = await seat(server, token);
    expect((await first.request({ t: 'resign' })).t).toBe('ok');
    const conns = [first, ...(await Promise.all(Array.from({ length: 9 }, () => seat(server, token))))];
    const answers = await Promise.all(
      conns.flatMap((c) => [c.request({ t: 'offer', kind: 'rematch' }), c.request({ t: 'offer', kind: 'rematch' })]),
    );
    const got = answers.map((a) => (a.t === 'error' ? a.code : a.t));
    expect(count(got, 'ok')).toBe(1);
    expect(got.filter((c) => c !== 'ok').every((c) => c === 'REMATCH_DONE' || c === 'OFFER_RATE_LIMITED')).toBe(true);
    expect(count(got, 'OFFER_RATE_LIMITED')).toBe(20 - 6);
    const limited = answers.find((a) => a.code === 'OFFER_RATE_LIMITED');
    expect(limited.details).toMatchObject({ max: 6, seconds: 60, retrySeconds: expect.any(Number) });
    const rematch = await first.seen((m) => m.t === 'rematch');
    const active = (await as(server, null)('GET', '/api/matches?status=active')).body.matches;
    expect(active.map((m: any) => m.id)).toEqual([rematch.next]);
    // The rematch is this address's: one more match is allowed (2 in play), then TOO_MANY_MATCHES.
    const two = { game: 'camelot', seats: [{ kind: 'human' }, { kind: 'open' }] };
    expect((await as(server, null)('POST', '/api/matches', two)).status).toBe(201);
    const refused = await as(server, null)('POST', '/api/matches', two);
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatchObject({
      code: 'TOO_MANY_MATCHES',
      details: { count: 2, max: 2, of: 'address' },
    });
    expect((await as(server, null, OTHER)('POST', '/api/matches', two)).status).toBe(201);
    for (const c of conns) c.close();
  });

  it('play-now never pairs an address with itself, and its matches count against every address they seat', async () => {
    const server = await start({ matchesPerAddress: 1 });
    const ask = (from: string, cookie: string | null = null) =>
      as(server, cookie, from)('POST', '/api/play-now', { game: 'camelot', players: 2, waitSeconds: 30 });
    // 20 requests from one address: one waits, 19 are refused at once (none is paired with another).
    const burst = Array.from({ length: 20 }, () => ask(ME));
    const answered: number[] = [];
    burst.forEach((p, i) => void p.then(() => answered.push(i)));
    await expect.poll(() => answered.length, { timeout: 10_000 }).toBe(19);
    const refusals = await Promise.all(answered.map((i) => burst[i]!));
    expect(refusals.every((r) => r.status === 409)).toBe(true);
    expect(refusals[0]!.body.error).toMatchObject({ code: 'ALREADY_WAITING', details: { by: 'address' } });
    expect((await as(server, null)('GET', '/api/matches?status=active')).body.matches).toEqual([]);
    // Another address pairs with the one waiting.
    const waiting = burst.find((_, i) => !answered.includes(i))!;
    const [mine, theirs] = await Promise.all([waiting, ask(OTHER)]);
    expect(theirs.status).toBe(200);
    expect(mine.body.match.id).toBe(theirs.body.match.id);
    // That match is in play for both addresses (cap 1): each is refused before it waits.
    for (const from of [ME, OTHER]) {
      const again = await ask(from);
      expect(again.status).toBe(429);
      expect(again.body.error).toMatchObject({ code: 'TOO_MANY_MATCHES', details: { count: 1, max: 1 } });
    }
  });

  it('an account waits once, whatever address it asks from: its newer request replaces the older', async () => {
    const server = await start();
    const cookie = await signUp(server, 'Sir Dagonet');
    const body = { game: 'lancelot', players: 2, waitSeconds: 30 };
    const older = as(server, cookie, ME)('POST', '/api/play-now', body);
    await new Promise((r) => setTimeout(r, 300));
    const newer = as(server, cookie, OTHER)('POST', '/api/play-now', body);
    expect((await older).body.error.code).toBe('PLAY_NOW_REPLACED');
    const [paired, stranger] = await Promise.all([
      newer,
      as(server, null, '127.0.0.3')('POST', '/api/play-now', { ...body, name: 'Lynette' }),
    ]);
    expect(paired.body.match.id).toBe(stranger.body.match.id);
    expect(paired.body.match.seats.map((s: any) => s.name)).toEqual(['Sir Dagonet', 'Lynette']);
  });

  it('imports are counted per address and hour (TOO_MANY_IMPORTS)', async () => {
    const server = await start({ importsPerAddress: 2 });
    const record = { game: 'camelot', players: 2, options: {}, seed: 1, moves: [] };
    expect((await as(server, null)('POST', '/api/records', record)).status).toBe(201);
    expect((await as(server, null)('POST', '/api/records', record)).status).toBe(201);
    const third = await as(server, null)('POST', '/api/records', record);
    expect(third.status).toBe(429);
    expect(third.body.error).toMatchObject({ code: 'TOO_MANY_IMPORTS', details: { max: 2 } });
    expect(Number(third.headers['retry-after'])).toBe(third.body.error.details.retrySeconds);
    expect((await as(server, null, OTHER)('POST', '/api/records', record)).status).toBe(201);
  });
});

describe('one account, one seat', () => {
  it('five joins of one account at once get one seat of a rated match; its creator none; a freed seat can be taken again', async () => {
    const server = await start();
    const lot = await signUp(server, 'King Lot');
    const pell = await signUp(server, 'King Pellinore');
    const clockless = await as(server, lot)('POST', '/api/matches', {
      game: 'lancelot',
      rated: true,
      seats: [{ kind: 'human' }, { kind: 'open' }, { kind: 'open' }],
    });
    expect(clockless.body.error.code).toBe('RATED_NEEDS_CLOCK');
    const made = await as(server, lot)('POST', '/api/matches', {
      game: 'lancelot',
      rated: true,
      clock: { days: 2 },
      seats: [{ kind: 'human' }, { kind: 'open' }, { kind: 'open' }],
    });
    expect(made.status).toBe(201);
    const id = made.body.match.id;
    const joins = await Promise.all(
      Array.from({ length: 5 }, () => as(server, pell, OTHER)('POST', `/api/matches/${id}/join`, {})),
    );
    expect(codes(joins)).toEqual(['ALREADY_SEATED', 'ALREADY_SEATED', 'ALREADY_SEATED', 'ALREADY_SEATED', 'ok']);
    expect(joins.find((j) => j.status !== 200)!.status).toBe(409);
    expect((await as(server, lot)('POST', `/api/matches/${id}/join`, {})).body.error.code).toBe('ALREADY_SEATED');
    // A third account at an address already seated (a puppet beside its player) is refused too.
    const puppet = await signUp(server, 'Sir Puppet', OTHER);
    const same = await as(server, puppet, OTHER)('POST', `/api/matches/${id}/join`, {});
    expect(same.status).toBe(409);
    expect(same.body.error.code).toBe('RATED_SAME_ADDRESS');
    const summary = (await as(server, null)('GET', `/api/matches/${id}`)).body.match;
    expect(summary.seats.map((s: any) => s.kind)).toEqual(['human', 'human', 'open']);
    // Pellinore leaves before the start (the seat is free again), and may take one seat again, once.
    const token = joins.find((j) => j.status === 200)!.body.token;
    expect((await as(server, pell, OTHER)('POST', `/api/matches/${id}/leave`, { token })).status).toBe(200);
    const back = await Promise.all(
      Array.from({ length: 3 }, () => as(server, pell, OTHER)('POST', `/api/matches/${id}/join`, {})),
    );
    expect(codes(back)).toEqual(['ALREADY_SEATED', 'ALREADY_SEATED', 'ok']);
    expect((await as(server, pell, OTHER)('GET', '/api/me/matches')).body.matches).toMatchObject([
      { match: { id }, seat: back.find((j) => j.status === 200)!.body.seat },
    ]);
    // The same holds for a casual match.
    const casual = await as(server, lot)('POST', '/api/matches', {
      game: 'camelot',
      seats: [{ kind: 'human' }, { kind: 'open' }],
    });
    expect((await as(server, lot)('POST', `/api/matches/${casual.body.match.id}/join`, {})).body.error.code).toBe(
      'ALREADY_SEATED',
    );
  });
});

describe('chat', () => {
  it('20 connections of one seat say 5 lines in 10 s between them, and only those are stored', async () => {
    const server = await start();
    const made = await as(server, null)('POST', '/api/matches', {
      game: 'camelot',
      seats: [{ kind: 'human', name: 'Dinadan' }, { kind: 'open' }],
    });
    const token = made.body.tokens[0].token;
    const conns = await Promise.all(Array.from({ length: 20 }, () => seat(server, token)));
    const answers = await Promise.all(
      conns.flatMap((c, i) => Array.from({ length: 5 }, (_, j) => c.request({ t: 'chat', text: `line ${i}.${j}` }))),
    );
    const got = answers.map((a) => (a.t === 'error' ? a.code : a.t));
    expect(count(got, 'ok')).toBe(5);
    expect(count(got, 'CHAT_RATE_LIMITED')).toBe(95);
    expect(answers.find((a) => a.code === 'CHAT_RATE_LIMITED').details).toMatchObject({
      max: 5,
      seconds: 10,
      retrySeconds: expect.any(Number),
    });
    const reader = await Client.connect(server.ws);
    await reader.request({ t: 'attach', match: made.body.match.id });
    expect((await reader.seen((m) => m.t === 'chat-history')).lines).toHaveLength(5);
    for (const c of [...conns, reader]) c.close();
  });

  it('a spectator account says 5 lines in 10 s over all the matches it watches', async () => {
    const server = await start();
    const cookie = await signUp(server, 'Sir Dinadan');
    const ids: string[] = [];
    for (let i = 0; i < 2; i++)
      ids.push(
        (
          await as(server, null)('POST', '/api/matches', {
            game: 'camelot',
            seats: [{ kind: 'human' }, { kind: 'open' }],
          })
        ).body.match.id,
      );
    const watchers = await Promise.all(
      ids.map(async (match) => {
        const c = await Client.connect(server.ws, { headers: { cookie } });
        await c.request({ t: 'attach', match });
        return c;
      }),
    );
    const got: string[] = [];
    for (let i = 0; i < 6; i++) {
      const a = await watchers[i % 2]!.request({ t: 'chat', text: `kibitz ${i}` });
      got.push(a.t === 'error' ? a.code : a.t);
    }
    expect(got).toEqual(['ok', 'ok', 'ok', 'ok', 'ok', 'CHAT_RATE_LIMITED']);
    for (const c of watchers) c.close();
  });

  it("a WebSocket opened by another site gets no account: it cannot chat under the player's name", async () => {
    const server = await start();
    const cookie = await signUp(server, 'King Mark');
    const made = await as(server, cookie)('POST', '/api/matches', {
      game: 'camelot',
      seats: [{ kind: 'human' }, { kind: 'open' }],
    });
    const id = made.body.match.id;
    const evil = await Client.connect(server.ws, { headers: { cookie, origin: 'http://evil.example' } });
    const attached = await evil.request({ t: 'attach', match: id });
    expect(attached.seat).toBeNull();
    expect(await evil.request({ t: 'chat', text: 'I resign, sorry' })).toMatchObject({
      t: 'error',
      code: 'CHAT_NEEDS_ACCOUNT',
    });
    // The same cookie from a page of this site is the player (and its seat).
    const host = new URL(server.url).host;
    const own = await Client.connect(server.ws, { headers: { cookie, origin: `http://${host}` } });
    expect((await own.request({ t: 'attach', match: id })).seat).toBe(0);
    expect((await own.request({ t: 'chat', text: 'hello' })).t).toBe('ok');
    const reader = await Client.connect(server.ws);
    await reader.request({ t: 'attach', match: id });
    expect((await reader.seen((m) => m.t === 'chat-history')).lines.map((l: any) => l.text)).toEqual(['hello']);
    for (const c of [evil, own, reader]) c.close();
  });
});

describe('ratings', () => {
  it('rated results between two accounts are limited per day; a provisional account is off the leaderboard', async () => {
    const server = await start({ ratedPerPair: 1, provisionalGames: 2 });
    const lot = await signUp(server, 'King Lot');
    const pell = await signUp(server, 'King Pellinore');
    const gawain = await signUp(server, 'Sir Gawain');
    const rated = {
      game: 'camelot',
      rated: true,
      clock: { moveSeconds: 120 },
      seats: [{ kind: 'human' }, { kind: 'open' }],
    };
    const made = await as(server, lot)('POST', '/api/matches', rated);
    const joined = await as(server, pell, OTHER)('POST', `/api/matches/${made.body.match.id}/join`, {});
    const a = await seat(server, made.body.tokens[0].token);
    const b = await seat(server, joined.body.token);
    expect((await b.request({ t: 'resign' })).t).toBe('ok');
    await a.wait((m) => m.t === 'update' && m.status === 'finished');
    const ratingOf = async (name: string): Promise<any> =>
      (await as(server, null)('GET', `/api/players/${encodeURIComponent(name)}`)).body.ratings[0];
    await expect.poll(() => ratingOf('King Lot'), { timeout: 5000 }).toMatchObject({ games: 1, provisional: true });
    // One rated game of the two that make an account established: nobody on the leaderboard yet.
    expect((await as(server, null)('GET', '/api/ratings/camelot')).body.ratings).toEqual([]);
    // The pair had its rated result of the day: no rematch, no other rated match together; a third player may.
    expect((await a.request({ t: 'offer', kind: 'rematch' })).t).toBe('ok');
    const refused = await b.request({ t: 'answer', kind: 'rematch', accept: true });
    expect(refused).toMatchObject({ t: 'error', code: 'RATED_PAIR_LIMIT', details: { max: 1 } });
    expect(refused.details.retrySeconds).toBeGreaterThan(86_000);
    const again = await as(server, lot)('POST', '/api/matches', rated);
    const pair = await as(server, pell, OTHER)('POST', `/api/matches/${again.body.match.id}/join`, {});
    expect(pair.status).toBe(429);
    expect(pair.body.error.code).toBe('RATED_PAIR_LIMIT');
    const third = await as(server, gawain, '127.0.0.3')('POST', `/api/matches/${again.body.match.id}/join`, {});
    expect(third.status).toBe(200);
    const c = await seat(server, again.body.tokens[0].token);
    const d = await seat(server, third.body.token);
    expect((await d.request({ t: 'resign' })).t).toBe('ok');
    // Lot has two rated games now: on the leaderboard, alone (the others are provisional).
    await expect
      .poll(async () => (await as(server, null)('GET', '/api/ratings/camelot')).body.ratings, { timeout: 5000 })
      .toMatchObject([{ name: 'King Lot', games: 2 }]);
    expect(await ratingOf('Sir Gawain')).toMatchObject({ games: 1, provisional: true });
    // A rated play-now without a clock is refused before it waits.
    expect(
      (await as(server, lot)('POST', '/api/play-now', { game: 'camelot', players: 2, rated: true })).body.error.code,
    ).toBe('RATED_NEEDS_CLOCK');
    for (const x of [a, b, c, d]) x.close();
  });
});
