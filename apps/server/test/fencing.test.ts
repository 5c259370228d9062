// Fencing (issue 24): every write an owner makes for a match holds only while it owns the match at its lease's
// epoch, checked by PostgreSQL in the same transaction. A process that lost a match (its lease ran out and another
// took the match, or it gave the match up and took it again) has each kind of write refused: moves, status and
// outcome, seats, clocks and deadlines, takebacks, snapshots, chat, the records kept with a match (a rematch),
// ratings. Then, end to end: a server whose match was taken from under it answers OWNER_CHANGED and follows.
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresAccountStore } from '../src/accounts/postgres-store.ts';
import { Leases } from '../src/cluster/leases.ts';
import { Fenced } from '../src/storage/errors.ts';
import { PostgresStore } from '../src/storage/postgres.ts';
import type { Fence, MatchRow, MatchWrite } from '../src/storage/store.ts';
import { api, Client, dropTestDatabase, testDatabase, testServer, testServices } from './helpers.ts';

const LEASE_MS = 600;
const made: string[] = [];
beforeAll(() => void testServices());
afterAll(async () => {
  for (const url of made) await dropTestDatabase(url);
});

const row = (id: string): MatchRow => ({
  id,
  game: 'camelot',
  players: 2,
  options: { variant: 'camelot' },
  seed: 3,
  position: null,
  settings: { clock: { moveSeconds: 60 }, abandon: null },
  status: 'active',
  outcome: null,
  createdAt: 1,
});

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** Every kind of write an owner makes for match `m` at ply `ply`. */
function writes(m: string, ply: number): [string, MatchWrite][] {
  return [
    ['a move', { match: m, move: { matchId: m, ply, seat: ply % 2, move: 'F6-F7', at: 1 } }],
    [
      'a status and outcome',
      { match: m, status: { status: 'finished', outcome: { winners: [0], draw: false, reason: 'resignation' } } },
    ],
    ['a seat', { match: m, seats: [{ seat: 1, kind: 'bot', name: null, level: 'random', tokenHash: null }] }],
    ['a clock and its deadline', { match: m, clock: { deadline: 123, banks: null } }],
    ['a takeback', { match: m, takeBack: 0 }],
    ['a snapshot', { match: m, snapshot: { ply: 0, data: { stale: true } } }],
  ];
}

describe('fencing: a process that lost a match can write nothing for it', () => {
  it('after another process took the match over, every kind of write of the old owner is refused (Fenced), and the new owner writes', async () => {
    const url = await testDatabase();
    made.push(url);
    const store = await PostgresStore.open(url);
    const accounts = await PostgresAccountStore.open(store.pool);
    try {
      await store.createMatch(row('m1'), [
        { seat: 0, kind: 'human', name: 'A', level: null, tokenHash: 'ta' },
        { seat: 1, kind: 'human', name: 'B', level: null, tokenHash: 'tb' },
      ]);
      const a = new Leases(store.pool, 'node-a', LEASE_MS);
      const b = new Leases(store.pool, 'node-b', LEASE_MS);
      await a.beat();
      await b.beat();
      const first = (await a.claim(['m1'], true)).get('m1')!;
      const old: Fence = { kind: 'lease', match: 'm1', owner: 'node-a', epoch: first.epoch };
      // While it owns the match, its writes hold.
      await store.commit(old, { match: 'm1', move: { matchId: 'm1', ply: 0, seat: 0, move: 'F6-F7', at: 1 } });
      // The other process cannot take a match whose owner's lease runs…
      expect((await b.claim(['m1'], true)).size).toBe(0);
      // …but takes it once that lease ran out (the old owner stopped renewing: paused, cut off, dead).
      await sleep(LEASE_MS + 100);
      await b.beat();
      const taken = (await b.claim(['m1'], true)).get('m1')!;
      expect(taken.epoch).not.toBe(first.epoch);
      // The time since the old owner's last renewal, for the clocks (PROTOCOL.md: clocks through faults).
      expect(taken.lostMs).toBeGreaterThanOrEqual(LEASE_MS);
      // The old owner comes back and renews its own lease: still not the match's owner.
      await a.beat();
      for (const [what, w] of writes('m1', 1)) {
        await expect(store.commit(old, w), what).rejects.toBeInstanceOf(Fenced);
      }
      await expect(
        accounts.appendChat({ matchId: 'm1', channel: 'players', seat: 0, name: 'A', text: 'stale', at: 2 }, old),
      ).rejects.toBeInstanceOf(Fenced);
      await expect(accounts.saveClock('rematch:m1', '{"next":"x","seats":[0]}', old)).rejects.toBeInstanceOf(Fenced);
      await expect(
        accounts.saveRatings(
          'm1',
          [{ accountId: 'acc', game: 'camelot', rating: 1, deviation: 1, volatility: 0.06, games: 1 }],
          3,
          old,
        ),
      ).rejects.toBeInstanceOf(Fenced);
      // Nothing of it reached storage.
      const loaded = await store.loadMatch('m1');
      expect(loaded?.moves.map((m) => m.move)).toEqual(['F6-F7']);
      expect(loaded?.match.status).toBe('active');
      expect(loaded?.seats[1]?.kind).toBe('human');
      expect(loaded?.clock.deadline).toBeNull();
      expect(loaded?.snapshot).toBeNull();
      expect(await accounts.chat('m1', 10)).toEqual([]);
      expect(await accounts.loadClock('rematch:m1')).toBeNull();
      expect(await accounts.rating('acc', 'camelot')).toBeNull();
      // The new owner's writes hold.
      const now: Fence = { kind: 'lease', match: 'm1', owner: 'node-b', epoch: taken.epoch };
      await store.commit(now, { match: 'm1', move: { matchId: 'm1', ply: 1, seat: 1, move: 'F11-F10', at: 2 } });
      await accounts.appendChat({ matchId: 'm1', channel: 'players', seat: 1, name: 'B', text: 'fresh', at: 4 }, now);
      expect((await store.loadMatch('m1'))?.moves).toHaveLength(2);
      expect((await accounts.chat('m1', 10)).map((c) => c.text)).toEqual(['fresh']);
    } finally {
      await accounts.close();
      await store.close();
    }
  });

  it('a match given up and taken again gets a new epoch: writes made under the old one stay refused', async () => {
    const url = await testDatabase();
    made.push(url);
    const store = await PostgresStore.open(url);
    try {
      await store.createMatch(row('m2'), []);
      const a = new Leases(store.pool, 'node-a', 5000);
      await a.beat();
      const first = (await a.claim(['m2'], true)).get('m2')!;
      // Claimed again while still held: the same epoch (what this process knows of the match still holds).
      expect((await a.claim(['m2'], true)).get('m2')!.epoch).toBe(first.epoch);
      await a.release(new Map([['m2', first.epoch]]));
      const second = (await a.claim(['m2'], true)).get('m2')!;
      expect(second.epoch).not.toBe(first.epoch);
      const stale: Fence = { kind: 'lease', match: 'm2', owner: 'node-a', epoch: first.epoch };
      for (const [what, w] of writes('m2', 0))
        await expect(store.commit(stale, w), what).rejects.toBeInstanceOf(Fenced);
      await store.commit({ ...stale, epoch: second.epoch }, writes('m2', 0)[0]![1]);
    } finally {
      await store.close();
    }
  });

  it('an owner whose own lease ran out, with nobody taking over, writes nothing until it renews it (then at the same epoch)', async () => {
    const url = await testDatabase();
    made.push(url);
    const store = await PostgresStore.open(url);
    try {
      await store.createMatch(row('m3'), []);
      const a = new Leases(store.pool, 'node-a', LEASE_MS);
      await a.beat();
      const epoch = (await a.claim(['m3'], true)).get('m3')!.epoch;
      const fence: Fence = { kind: 'lease', match: 'm3', owner: 'node-a', epoch };
      await sleep(LEASE_MS + 100);
      // By its own clock it knows too: it stops acting before anyone may take the match.
      expect(a.valid()).toBe(false);
      await expect(store.commit(fence, writes('m3', 0)[0]![1])).rejects.toBeInstanceOf(Fenced);
      expect(await a.beat()).toBe(true);
      expect((await a.held(new Map([['m3', epoch]]))).has('m3')).toBe(true);
      await store.commit(fence, writes('m3', 0)[0]![1]);
      expect((await store.loadMatch('m3'))?.moves).toHaveLength(1);
    } finally {
      await store.close();
    }
  });
});

describe('fencing, end to end', () => {
  it('a server whose match was taken from under it answers OWNER_CHANGED, stores nothing, follows the new owner, and /healthz counts it', async () => {
    const database = await testDatabase();
    made.push(database);
    const server = await testServer({
      database,
      redis: testServices().redis,
      leaseMs: 60_000,
      logger: pino({ level: 'silent' }),
    });
    const c = await Client.connect(server.ws);
    const admin = new pg.Client({ connectionString: database });
    await admin.connect();
    try {
      const created = await api(server, 'POST', '/api/matches', {
        game: 'camelot',
        seed: 4,
        seats: [{ kind: 'human' }, { kind: 'human' }],
      });
      const id = created.body.match.id;
      await c.request({ t: 'attach', token: created.body.tokens[0].token });
      const legal = await c.request({ t: 'legal' });
      const first = await c.request({ t: 'move', move: legal.moves[0] });
      expect(first.t).toBe('update');
      // Another process (alive, renewing) takes the match: what the database says, whatever this server believes.
      await admin.query(
        "INSERT INTO cluster_nodes (node, expires_at, beat_at) VALUES ('elsewhere', rt_now_ms() + 600000, rt_now_ms())",
      );
      await admin.query(
        "UPDATE match_leases SET owner = 'elsewhere', epoch = nextval('match_lease_epochs') WHERE match_id = $1",
        [id],
      );
      const c2 = await Client.connect(server.ws);
      await c2.request({ t: 'attach', token: created.body.tokens[1].token });
      const move = (await c2.request({ t: 'legal' })).moves[0];
      const refused = await c2.request({ t: 'move', move });
      expect(refused.t).toBe('error');
      expect(refused.code).toBe('OWNER_CHANGED');
      const stored = await admin.query('SELECT count(*)::int AS n FROM moves WHERE match_id = $1', [id]);
      expect(stored.rows[0].n).toBe(1);
      const health = await api(server, 'GET', '/healthz');
      expect(health.body.fencing.fenced).toBe(1);
      // It follows the match now: a move is forwarded to the new owner (which never answers here).
      const forwarded = await c2.request({ t: 'move', move }, 10_000);
      expect(forwarded.code).toBe('OWNER_UNAVAILABLE');
    } finally {
      c.close();
      await admin.end();
      await server.stop();
    }
  }, 30_000);
});
