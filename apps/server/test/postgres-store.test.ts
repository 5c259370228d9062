// The PostgreSQL store on its own: the guarantees of the SQLite one (group commit in order, a refused write does
// not sink its batch, read-your-writes), migrations under a lock, and what happens when the database goes away.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations, PostgresStore, StorageUnavailable } from '../src/storage/postgres.ts';
import { PlyTaken } from '../src/storage/errors.ts';
import type { Fence, MatchRow } from '../src/storage/store.ts';
import { api, Client, databaseFor, dropTestDatabase, testDatabase, testServer, testServices } from './helpers.ts';
import { Relay } from './proxy.ts';

const ALONE: Fence = { kind: 'alone' };

const made: string[] = [];
const database = async (): Promise<string> => {
  const url = await testDatabase();
  made.push(url);
  return url;
};
beforeAll(() => void testServices());
afterAll(async () => {
  for (const url of made) await dropTestDatabase(url);
});

const row = (id: string, extra: Partial<MatchRow> = {}): MatchRow => ({
  id,
  game: 'camelot',
  players: 2,
  options: { variant: 'camelot' },
  seed: 3,
  position: null,
  settings: { clock: null, abandon: null },
  status: 'active',
  outcome: null,
  createdAt: 1,
  ...extra,
});

describe('PostgreSQL store', () => {
  it('commits the writes of one tick in one transaction, in order; a duplicate ply is refused alone; reads see every write', async () => {
    const url = await database();
    const store = await PostgresStore.open(url);
    await store.createMatch(row('m1', { creator: 'addr' }), [
      { seat: 0, kind: 'human', name: 'O\'Brien \\ "A"', level: null, tokenHash: 'h0' },
      { seat: 1, kind: 'bot', name: null, level: 'random', tokenHash: null },
    ]);
    store.stats();
    await Promise.all(
      Array.from({ length: 50 }, (_, ply) =>
        store.commit(ALONE, {
          match: 'm1',
          move: { matchId: 'm1', ply, seat: ply % 2, move: `m${ply}`, at: 1_700_000_000_000 + ply },
        }),
      ),
    );
    const batches = store.stats();
    // 50 writes issued together: a handful of transactions, not 50.
    expect(batches.batches).toBeLessThanOrEqual(3);
    const results = await Promise.allSettled([
      store.commit(ALONE, { match: 'm1', move: { matchId: 'm1', ply: 50, seat: 0, move: 'ok', at: 0 } }),
      store.commit(ALONE, { match: 'm1', move: { matchId: 'm1', ply: 3, seat: 0, move: 'dup', at: 0 } }),
      store.commit(ALONE, {
        match: 'm1',
        status: { status: 'finished', outcome: { winners: [0], draw: false, reason: 'test' } },
      }),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason).toBeInstanceOf(PlyTaken);
    await store.commit(ALONE, { match: 'm1', clock: { deadline: 1234, banks: null } });
    await store.close();

    const again = await PostgresStore.open(url);
    const loaded = await again.loadMatch('m1');
    expect(loaded?.moves).toHaveLength(51);
    expect(loaded?.moves.map((m) => m.move)).toEqual([...Array.from({ length: 50 }, (_, i) => `m${i}`), 'ok']);
    expect(loaded?.seats[0]?.name).toBe('O\'Brien \\ "A"');
    expect(loaded?.match.status).toBe('finished');
    expect(loaded?.match.outcome).toEqual({ winners: [0], draw: false, reason: 'test' });
    expect(loaded?.match.creator).toBe('addr');
    expect(loaded?.clock).toEqual({ deadline: 1234, banks: null });
    expect(loaded?.lastMoveAt).toBe(0);
    expect(await again.findToken('h0')).toEqual({ matchId: 'm1', seat: 0 });
    expect(await again.countInPlay('addr')).toBe(0);
    // Read-your-writes: a read issued right after a write sees it.
    void again.createMatch(row('m2', { creator: 'addr' }), []);
    expect(await again.countInPlay('addr')).toBe(1);
    expect(await again.listResumable()).toEqual([]);
    void again.commit(ALONE, { match: 'm2', clock: { deadline: 50, banks: null } });
    expect(await again.dueDeadlines(100, 10)).toEqual([{ id: 'm2', deadline: 50 }]);
    expect((await again.listMatches({ limit: 10 })).map((l) => l.match.id).sort()).toEqual(['m1', 'm2']);
    await again.close();
  });

  it('applies each migration once when several processes start together, under an advisory lock', async () => {
    const url = await database();
    const stores = await Promise.all([1, 2, 3, 4].map(() => PostgresStore.open(url)));
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const applied = await client.query('SELECT version FROM schema_migrations ORDER BY version');
    expect(applied.rows.map((r) => r.version)).toEqual(migrations().map((m) => m.version));
    // A database migrated by a newer server is refused with a clear error.
    await client.query("INSERT INTO schema_migrations (version, name) VALUES (999, 'future')");
    await client.end();
    await expect(PostgresStore.open(url)).rejects.toThrow(/schema version 999, newer than this server knows/);
    for (const s of stores) await s.close();
  });

  it('says clearly when the database cannot be reached, at start and from the command line', async () => {
    await expect(
      PostgresStore.open('postgres://postgres@127.0.0.1:1/nothing', { connectTimeoutMs: 2000 }),
    ).rejects.toThrow(StorageUnavailable);
    await expect(
      PostgresStore.open('postgres://postgres@127.0.0.1:1/nothing', { connectTimeoutMs: 2000 }),
    ).rejects.toThrow(/cannot use PostgreSQL at postgres:\/\/postgres@127\.0\.0\.1:1\/nothing: .*ECONNREFUSED/);
    const serve = fileURLToPath(new URL('../bin/serve.js', import.meta.url));
    const run = spawnSync(
      process.execPath,
      [serve, '--port', '0', '--database', 'postgres://postgres:secret@127.0.0.1:1/nothing'],
      { encoding: 'utf8', timeout: 30_000 },
    );
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/^error: cannot use PostgreSQL at postgres:\/\/postgres@127\.0\.0\.1:1\/nothing: /m);
    expect(run.stderr).not.toMatch(/secret/);
    const bad = spawnSync(process.execPath, [serve, '--database', 'mysql://x'], { encoding: 'utf8', timeout: 30_000 });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/--database must start with postgres:\/\/ or postgresql:\/\//);
  });
});

describe('PostgreSQL going away under load', () => {
  it('refuses moves with a clear error and /healthz 503 while it is away, loses no acknowledged move, and resumes by itself', async () => {
    const url = await database();
    const target = new URL(url);
    const relay = await Relay.start({ host: target.hostname, port: Number(target.port) });
    const server = await testServer({
      logger: (await import('pino')).default({ level: process.env.DBG ? 'warn' : 'silent' }),
      database: relay.url(url),
      rate: { perSecond: 10_000, burst: 10_000 },
    });
    try {
      const created = await api(server, 'POST', '/api/matches', {
        game: 'camelot',
        seed: 9,
        seats: [{ kind: 'human' }, { kind: 'human' }],
      });
      const id = created.body.match.id;
      const tokens: string[] = created.body.tokens.map((t: any) => t.token);
      const acked = new Map<number, string>();
      const errors: string[] = [];
      /** Plays `count` moves, re-attaching after a refusal (the match reloads from storage). */
      const play = async (count: number): Promise<void> => {
        for (let i = 0; i < count; i++) {
          let done = false;
          for (const token of tokens) {
            const c = await Client.connect(server.ws);
            const state = await c.request({ t: 'attach', token });
            if (state.t === 'attached' && state.yourTurn) {
              const legal = await c.request({ t: 'legal' });
              const answer = await c.request({ t: 'move', move: legal.moves[(state.ply * 7) % legal.moves.length] });
              if (answer.t === 'update') acked.set(answer.ply - 1, answer.last.move);
              else errors.push(answer.code);
              done = true;
            } else if (state.t === 'error') errors.push(state.code);
            c.close();
            if (done) break;
          }
        }
      };
      await play(6);
      expect(acked.size).toBe(6);
      expect((await api(server, 'GET', '/healthz')).status).toBe(200);

      relay.break();
      const c = await Client.connect(server.ws);
      // The match is in memory: attaching to it by id needs no read.
      const attached = await c.request({ t: 'attach', match: id, token: tokens[acked.size % 2]! });
      const legal = await c.request({ t: 'legal' });
      const refused = await c.request({ t: 'move', move: legal.moves[0] });
      expect(refused).toMatchObject({ t: 'error', code: 'STORAGE' });
      c.close();
      expect(attached.ply).toBe(6);
      const health = await api(server, 'GET', '/healthz');
      expect(health.status).toBe(503);
      expect(health.body.ok).toBe(false);

      relay.mend();
      const until = Date.now() + 10_000;
      while ((await api(server, 'GET', '/healthz')).status !== 200 && Date.now() < until)
        await new Promise((r) => setTimeout(r, 100));
      expect((await api(server, 'GET', '/healthz')).status).toBe(200);
      await play(6);
      expect(acked.size).toBe(12);
      const record = await api(server, 'GET', `/api/matches/${id}/record`);
      expect(record.body.moves.map((m: any) => m.move)).toEqual(
        [...acked.keys()].sort((a, b) => a - b).map((ply) => acked.get(ply)),
      );
    } finally {
      await server.stop();
      await relay.close();
    }
  });
});

describe("snapshots and idle matches on PostgreSQL (the storage suite's server tests)", () => {
  it('stores a snapshot every `snapshotEvery` plies; a restarted server rebuilds from it; an idle match leaves memory and comes back unchanged', async () => {
    const dataDir = `/tmp/rt-pg-snapshots-${process.pid}-${Date.now()}`;
    const url = await databaseFor(dataDir);
    made.push(url);
    const server = await testServer({
      dataDir,
      database: url,
      idleMs: 1000,
      snapshotEvery: 10,
      rate: { perSecond: 1000, burst: 1000 },
    });
    const created = await api(server, 'POST', '/api/matches', {
      game: 'camelot',
      seats: [{ kind: 'human' }, { kind: 'human' }],
    });
    const id = created.body.match.id;
    const clients = await Promise.all(
      created.body.tokens.map(async (t: any) => {
        const c = await Client.connect(server.ws);
        await c.request({ t: 'attach', token: t.token });
        return c;
      }),
    );
    let last: any;
    for (let ply = 0; ply < 25; ply++) {
      const c = clients[ply % 2]!;
      const legal = await c.request({ t: 'legal' });
      last = await c.request({ t: 'move', move: legal.moves[(ply * 7) % legal.moves.length] });
      if (last.status !== 'active') break;
    }
    expect(last.ply).toBe(25);
    for (const c of clients) c.close();
    // Idle: out of memory, then back on attach, unchanged.
    const until = Date.now() + 10_000;
    while ((await api(server, 'GET', '/healthz')).body.matches !== 0 && Date.now() < until)
      await new Promise((r) => setTimeout(r, 200));
    expect((await api(server, 'GET', '/healthz')).body.matches).toBe(0);
    const c = await Client.connect(server.ws);
    const back = await c.request({ t: 'attach', token: created.body.tokens[0].token });
    expect(back.ply).toBe(25);
    expect(back.view).toEqual(last.view);
    c.close();
    await server.stop();

    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const snap = await client.query('SELECT ply FROM snapshots WHERE match_id = $1', [id]);
    expect(snap.rows[0]?.ply).toBe(20);
    // An early move spoilt on purpose: only a reload that starts from the snapshot can still rebuild the match.
    await client.query("UPDATE moves SET move = 'spoilt' WHERE match_id = $1 AND ply = 3", [id]);
    await client.end();
    const again = await testServer({ dataDir, database: url });
    const d = await Client.connect(again.ws);
    const rebuilt = await d.request({ t: 'attach', token: created.body.tokens[1].token });
    expect(rebuilt.ply).toBe(25);
    expect(rebuilt.view).toEqual(last.view);
    d.close();
    await again.stop();
  });
});
