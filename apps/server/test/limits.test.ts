/**
 * Issue 13: no client can exhaust the server. Each cap is reached with its error code while clients from other
 * addresses are still served (the whole of 127.0.0.0/8 is loopback on Linux: 127.0.0.2 is "another address");
 * a match with bot seats and an absent human leaves memory, and its clock still fires from the deadline index.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { DEFAULT_LIMITS, readConfig, ConfigError } from '../src/config.ts';
import { addressKey } from '../src/address.ts';
import { api, Client, testServer, type TestServer } from './helpers.ts';

const OTHER = '127.0.0.2';
const servers: TestServer[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.stop();
});
async function start(
  limits: Partial<{ matchesPerAddress: number; liveMatches: number; socketsPerAddress: number }>,
  more: object = {},
): Promise<TestServer> {
  const s = await testServer({
    limits: { matchesPerAddress: 1000, liveMatches: 1000, socketsPerAddress: 1000, ...limits },
    ...more,
  });
  servers.push(s);
  return s;
}

/** An API call from another local address. */
function apiFrom(
  server: TestServer,
  localAddress: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${server.url}${path}`,
      { method, localAddress, headers: body === undefined ? {} : { 'content-type': 'application/json' } },
      (res) => {
        let text = '';
        res.on('data', (c) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : null }));
      },
    );
    req.on('error', reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

async function connectFrom(url: string, localAddress: string): Promise<Client> {
  // The helper's Client, over a socket bound to another local address.
  const ws = new WebSocket(url, { localAddress });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return new (Client as any)(ws) as Client;
}

const health = async (server: TestServer): Promise<any> => (await api(server, 'GET', '/healthz')).body;
const until = async (what: () => Promise<boolean>, ms: number): Promise<void> => {
  const end = Date.now() + ms;
  while (!(await what())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 100));
  }
};
const TWO_HUMANS = { game: 'camelot', seats: [{ kind: 'human' }, { kind: 'open' }] };

describe('matches in play per address (--max-matches-per-address)', () => {
  it('refuses one more with TOO_MANY_MATCHES (429), even in a burst; other addresses still create; a called-off match frees its place', async () => {
    const server = await start({ matchesPerAddress: 3 });
    const burst = await Promise.all(Array.from({ length: 10 }, () => api(server, 'POST', '/api/matches', TWO_HUMANS)));
    const made = burst.filter((r) => r.status === 201);
    expect(made).toHaveLength(3);
    const refused = burst.find((r) => r.status !== 201)!;
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatchObject({ code: 'TOO_MANY_MATCHES', details: { max: 3 } });
    expect(refused.body.error.message).toContain('at most 3');
    expect((await api(server, 'GET', '/api/matches?limit=200')).body.matches).toHaveLength(3);
    // Another address is served meanwhile, and so is /healthz.
    expect((await apiFrom(server, OTHER, 'POST', '/api/matches', TWO_HUMANS)).status).toBe(201);
    expect(await health(server)).toMatchObject({ ok: true, inPlay: 4, limits: { matchesPerAddress: 3 } });
    // Its creator leaves an open match before anyone joined: it is called off and no longer counts.
    const left = await api(server, 'POST', `/api/matches/${made[0]!.body.match.id}/leave`, {
      token: made[0]!.body.tokens[0].token,
    });
    expect(left.body.match).toMatchObject({ status: 'abandoned', outcome: { reason: 'cancelled' } });
    expect((await api(server, 'POST', '/api/matches', TWO_HUMANS)).status).toBe(201);
    expect((await api(server, 'POST', '/api/matches', TWO_HUMANS)).body.error.code).toBe('TOO_MANY_MATCHES');
  });

  it('counts a finished match no more', async () => {
    const server = await start({ matchesPerAddress: 1 });
    const created = await api(server, 'POST', '/api/matches', {
      game: 'camelot',
      seats: [{ kind: 'human' }, { kind: 'human' }],
      clock: { moveSeconds: 1 },
    });
    expect((await api(server, 'POST', '/api/matches', TWO_HUMANS)).body.error.code).toBe('TOO_MANY_MATCHES');
    // Nobody moves: the clock ends it (abandoned), and the address may create again.
    await until(
      async () => (await api(server, 'GET', `/api/matches/${created.body.match.id}`)).body.match.status === 'abandoned',
      5000,
    );
    expect((await api(server, 'POST', '/api/matches', TWO_HUMANS)).status).toBe(201);
  });
});

describe('WebSocket connections per address (--max-sockets-per-address)', () => {
  it('one more gets TOO_MANY_CONNECTIONS and is closed (4030); other addresses connect; a closed one frees its place', async () => {
    const server = await start({ socketsPerAddress: 5 });
    const mine = await Promise.all(Array.from({ length: 5 }, () => Client.connect(server.ws)));
    const extra = new WebSocket(server.ws);
    const told: any[] = [];
    extra.on('message', (d) => told.push(JSON.parse(d.toString())));
    const closed = await new Promise<{ code: number; reason: string }>((resolve) =>
      extra.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );
    expect(closed).toEqual({ code: 4030, reason: 'too many connections from this address' });
    expect(told).toEqual([
      { t: 'error', code: 'TOO_MANY_CONNECTIONS', message: expect.stringContaining('at most 5'), details: { max: 5 } },
    ]);
    // The five still work, another address connects, and /healthz counts them.
    expect((await mine[4]!.request({ t: 'ping' })).t).toBe('pong');
    const other = await connectFrom(server.ws, OTHER);
    expect((await other.request({ t: 'ping' })).t).toBe('pong');
    expect(await health(server)).toMatchObject({ sockets: 6, addresses: 2, limits: { socketsPerAddress: 5 } });
    mine[0]!.close();
    await mine[0]!.whenClosed();
    await until(async () => (await health(server)).sockets === 5, 2000);
    const again = await Client.connect(server.ws);
    expect((await again.request({ t: 'ping' })).t).toBe('pong');
    for (const c of [...mine, other, again]) c.close();
  });
});

describe('matches in memory (--max-live-matches)', () => {
  it('unloads idle matches to make room; when every one is in use, SERVER_BUSY (503), and the others are still served', async () => {
    const server = await start({ liveMatches: 2 });
    const a = await api(server, 'POST', '/api/matches', {
      game: 'camelot',
      seats: [{ kind: 'human' }, { kind: 'human' }],
    });
    const b = await api(server, 'POST', '/api/matches', {
      game: 'camelot',
      seats: [{ kind: 'human' }, { kind: 'human' }],
    });
    const ca = await Client.connect(server.ws);
    await ca.request({ t: 'attach', token: a.body.tokens[0].token });
    const cb = await Client.connect(server.ws);
    await cb.request({ t: 'attach', token: b.body.tokens[0].token });
    const busy = await api(server, 'POST', '/api/matches', TWO_HUMANS);
    expect(busy.status).toBe(503);
    expect(busy.body.error).toMatchObject({ code: 'SERVER_BUSY', details: { max: 2 } });
    expect((await api(server, 'GET', '/api/matches')).body.matches).toHaveLength(2);
    const legal = await ca.request({ t: 'legal' });
    expect((await ca.request({ t: 'move', move: legal.moves[0] })).t).toBe('update');
    // Nobody follows b any more: it leaves memory for the new match, and comes back (b's follower is back too) once a is idle.
    cb.close();
    await until(async () => (await health(server)).sockets === 1, 2000);
    const c = await api(server, 'POST', '/api/matches', TWO_HUMANS);
    expect(c.status).toBe(201);
    expect((await health(server)).matches).toBe(2);
    const cc = await Client.connect(server.ws);
    await cc.request({ t: 'attach', token: c.body.tokens[0].token });
    // a and c are followed: b cannot come back into memory now.
    const cb2 = await Client.connect(server.ws);
    expect(await cb2.request({ t: 'attach', token: b.body.tokens[0].token })).toMatchObject({
      t: 'error',
      code: 'SERVER_BUSY',
    });
    ca.close();
    await until(async () => (await health(server)).sockets === 2, 2000);
    const back = await cb2.request({ t: 'attach', token: b.body.tokens[0].token });
    expect(back).toMatchObject({ t: 'attached', seat: 0, ply: 0, status: 'active' });
    for (const x of [cb2, cc]) x.close();
  });
});

describe('memory: a match with bot seats and an absent human', () => {
  it('leaves memory after the idle time, and comes back, unchanged and played on, when the human returns', async () => {
    const server = await start({}, { idleMs: 1000 });
    const created = await api(server, 'POST', '/api/matches', {
      game: 'shadows',
      seats: [{ kind: 'human' }, { kind: 'bot', level: 'random' }, { kind: 'bot', level: 'random' }],
    });
    const token = created.body.tokens[0].token;
    const c = await Client.connect(server.ws);
    let last = await c.request({ t: 'attach', token });
    // Play a few of the human's turns (the bots answer in between).
    for (let i = 0; i < 3 && last.status === 'active'; i++) {
      while (!last.yourTurn) last = await c.wait((m) => m.t === 'update', 30_000);
      const legal = await c.request({ t: 'legal' });
      last = await c.request({ t: 'move', move: legal.moves[0] });
    }
    // Wait until only the human is to move: in a response window (a Merlin call) the bots answer too, and a view
    // taken before their answers would rightly differ from the one after the reload.
    const humanAlone = (m: any): boolean => m.yourTurn && m.view.toMove.length === 1;
    while (!humanAlone(last)) last = await c.wait((m) => m.t === 'update', 30_000);
    c.close();
    expect((await health(server)).matches).toBe(1);
    await until(async () => (await health(server)).matches === 0, 5000);
    const again = await Client.connect(server.ws);
    const back = await again.request({ t: 'attach', token });
    expect(back.view).toEqual(last.view);
    expect(back.yourTurn).toBe(true);
    const legal = await again.request({ t: 'legal' });
    const moved = await again.request({ t: 'move', move: legal.moves[0] });
    expect(moved.t).toBe('update');
    again.close();
  });

  it('is not brought back into memory by a restart while it waits for its human', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rt-restart-'));
    try {
      const first = await testServer({
        dataDir: dir,
        limits: { matchesPerAddress: 1000, liveMatches: 1000, socketsPerAddress: 1000 },
      });
      const created = await api(first, 'POST', '/api/matches', {
        game: 'shadows',
        seats: [{ kind: 'human' }, { kind: 'bot', level: 'random' }, { kind: 'bot', level: 'random' }],
      });
      const token = created.body.tokens[0].token;
      const c = await Client.connect(first.ws);
      let last = await c.request({ t: 'attach', token });
      // Until only the human is to move (the bots lay their cards at the same time as the human at first).
      while (!last.yourTurn || last.view.toMove.length > 1) last = await c.wait((m) => m.t === 'update', 30_000);
      c.close();
      await first.stop();
      const second = await start({}, { dataDir: dir });
      // The start-up pass loaded it (its bots might have had a move to make), saw they had none, and let it go.
      expect(await health(second)).toMatchObject({ matches: 0, inPlay: 1 });
      const again = await Client.connect(second.ws);
      const back = await again.request({ t: 'attach', token });
      expect(back.view).toEqual(last.view);
      again.close();
    } finally {
      // Stop the server before its data folder goes: a store whose folder vanished cannot close cleanly.
      for (const s of servers.splice(0)) await s.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a clock still runs out while its match is out of memory: it fires from the stored deadline index', async () => {
    const server = await start({}, { idleMs: 1000 });
    const created = await api(server, 'POST', '/api/matches', {
      game: 'camelot',
      seats: [{ kind: 'human' }, { kind: 'bot', level: 'random' }],
      clock: { moveSeconds: 4 },
    });
    const id = created.body.match.id;
    const t0 = Date.now();
    // Nobody comes: the match leaves memory before its clock runs out…
    await until(async () => (await health(server)).matches === 0, 3500);
    expect(Date.now() - t0).toBeLessThan(4000);
    expect((await api(server, 'GET', `/api/matches/${id}`)).body.match.status).toBe('active');
    // …and is abandoned when it does (no bot was named to take over), by the deadline read back from storage.
    await until(async () => (await api(server, 'GET', `/api/matches/${id}`)).body.match.status === 'abandoned', 5000);
    const summary = (await api(server, 'GET', `/api/matches/${id}`)).body.match;
    expect(summary.outcome).toMatchObject({ winners: [1], reason: 'timeout' });
    expect(Date.now() - t0).toBeGreaterThanOrEqual(4000);
  });
});

describe('the caps as flags', () => {
  it('reads them from flags and environment, and refuses bad values naming the flag', () => {
    expect(readConfig([], {}, 2).limits).toEqual(DEFAULT_LIMITS);
    expect(DEFAULT_LIMITS).toMatchObject({ matchesPerAddress: 20, liveMatches: 2000, socketsPerAddress: 64 });
    const c = readConfig(
      ['--max-matches-per-address', '5', '--max-sockets-per-address=9', '--pair-same-address', 'on'],
      { ROUNDTABLE_MAX_LIVE_MATCHES: '300', ROUNDTABLE_MAX_SIGNUPS_PER_ADDRESS: '2' },
      2,
    );
    expect(c.limits).toEqual({
      ...DEFAULT_LIMITS,
      matchesPerAddress: 5,
      liveMatches: 300,
      socketsPerAddress: 9,
      signupsPerAddress: 2,
      pairSameAddress: true,
    });
    expect(() => readConfig(['--pair-same-address', 'yes'], {}, 2)).toThrow(/--pair-same-address must be on or off/);
    expect(() => readConfig(['--max-live-matches', '0'], {}, 2)).toThrow(
      /--max-live-matches must be a whole number from 1/,
    );
    expect(() => readConfig(['--max-sockets-per-address', 'lots'], {}, 2)).toThrow(ConfigError);
  });

  it('counts IPv6 clients by /64 and IPv4 ones by address', () => {
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe(addressKey('2001:db8:1:2:bbbb:cccc:dddd:eeee'));
    expect(addressKey('2001:db8:1:2::1')).not.toBe(addressKey('2001:db8:1:3::1'));
    expect(addressKey('::ffff:10.0.0.7')).toBe('10.0.0.7');
    expect(addressKey('10.0.0.7')).not.toBe(addressKey('10.0.0.8'));
  });
});
