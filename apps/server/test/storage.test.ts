import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { readConfig, ConfigError } from '../src/config.ts';
import { PlyTaken } from '../src/storage/errors.ts';
import { SqliteStore } from '../src/storage/sqlite.ts';
import type { Fence } from '../src/storage/store.ts';
import { api, Client, testServer } from './helpers.ts';

const ALONE: Fence = { kind: 'alone' };

const dirs: string[] = [];
const tmp = (): string => {
  const d = mkdtempSync(join(tmpdir(), 'rt-store-'));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('configuration by flags and environment', () => {
  it('reads flags over environment over defaults', () => {
    const c = readConfig(
      ['--port', '9000', '--data=/tmp/x'],
      { PORT: '7000', HOST: '0.0.0.0', ROUNDTABLE_DATA: '/tmp/y' },
      2,
    );
    expect(c).toMatchObject({ port: 9000, host: '0.0.0.0', dataDir: '/tmp/x', botWorkers: 1, durability: 'full' });
    expect(readConfig([], {}, 4)).toMatchObject({ port: 8080, host: '127.0.0.1', botWorkers: 3 });
    expect(() => readConfig(['--port', 'eighty'], {}, 2)).toThrow(ConfigError);
    expect(() => readConfig(['--colour'], {}, 2)).toThrow(ConfigError);
  });
});

describe('SQLite store', () => {
  it('commits writes of one tick together, in order, and reads them back after a reopen', async () => {
    const dir = tmp();
    const store = new SqliteStore(dir);
    await store.createMatch(
      {
        id: 'm1',
        game: 'camelot',
        players: 2,
        options: { variant: 'camelot' },
        seed: 3,
        position: null,
        settings: { clock: null, abandon: null },
        status: 'active',
        outcome: null,
        createdAt: 1,
      },
      [
        { seat: 0, kind: 'human', name: 'A', level: null, tokenHash: 'h0' },
        { seat: 1, kind: 'bot', name: null, level: 'random', tokenHash: null },
      ],
    );
    await Promise.all(
      Array.from({ length: 50 }, (_, ply) =>
        store.commit(ALONE, { match: 'm1', move: { matchId: 'm1', ply, seat: ply % 2, move: `m${ply}`, at: ply } }),
      ),
    );
    // A duplicate ply is refused without sinking the writes committed with it.
    const results = await Promise.allSettled([
      store.commit(ALONE, { match: 'm1', move: { matchId: 'm1', ply: 50, seat: 0, move: 'ok', at: 0 } }),
      store.commit(ALONE, { match: 'm1', move: { matchId: 'm1', ply: 3, seat: 0, move: 'dup', at: 0 } }),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected']);
    expect((results[1] as PromiseRejectedResult).reason).toBeInstanceOf(PlyTaken);
    await store.close();
    const again = new SqliteStore(dir);
    const loaded = await again.loadMatch('m1');
    expect(loaded?.moves).toHaveLength(51);
    expect(loaded?.moves[49]).toEqual({ seat: 1, move: 'm49' });
    expect(await again.findToken('h0')).toEqual({ matchId: 'm1', seat: 0 });
    expect(await again.listResumable()).toEqual(['m1']);
    await again.close();
  });
});

describe('a storage that can no longer write', () => {
  it('refuses writes with an error, and /healthz answers 503', async () => {
    const dir = tmp();
    const store = new SqliteStore(dir);
    expect(store.problem()).toBeNull();
    await (store as unknown as { writer: { terminate(): Promise<number> } }).writer.terminate();
    await new Promise((r) => setTimeout(r, 20));
    expect(store.problem()).toMatch(/writer thread stopped/);
    await expect(store.commit(ALONE, { match: 'm', status: { status: 'finished', outcome: null } })).rejects.toThrow(
      /closed/,
    );
    const broken = await testServer({ store });
    const health = await api(broken, 'GET', '/healthz');
    expect(health.status).toBe(503);
    expect(health.body.ok).toBe(false);
    await broken.stop();
  });
});

describe('matches leave memory when idle and come back', () => {
  it('unloads an idle match (with a snapshot) and reloads it on attach, unchanged', async () => {
    const server = await testServer({ idleMs: 300 });
    const created = await api(server, 'POST', '/api/matches', {
      game: 'camelot',
      seats: [{ kind: 'human' }, { kind: 'human' }],
    });
    const tokens = created.body.tokens.map((t: any) => t.token);
    const clients = await Promise.all(
      tokens.map(async (token: string) => {
        const c = await Client.connect(server.ws);
        await c.request({ t: 'attach', token });
        return c;
      }),
    );
    let last: any;
    for (let ply = 0; ply < 40; ply++) {
      const c = clients[ply % 2]!;
      const legal = await c.request({ t: 'legal' });
      if (legal.moves.length === 0) break;
      last = await c.request({ t: 'move', move: legal.moves[ply % legal.moves.length] });
      if (last.status !== 'active') break;
    }
    for (const c of clients) c.close();
    await new Promise((r) => setTimeout(r, 1800));
    expect((await api(server, 'GET', '/healthz')).body.matches).toBe(0);
    const c = await Client.connect(server.ws);
    const back = await c.request({ t: 'attach', token: tokens[0] });
    expect(back.ply).toBe(last.ply);
    expect(back.view).toEqual(last.view);
    c.close();
    await server.stop();
  });
});

describe('snapshots while a match is played', () => {
  it('stores one every `snapshotEvery` plies, and a reload starts from it', async () => {
    const dir = tmp();
    const server = await testServer({ dataDir: dir, snapshotEvery: 10, rate: { perSecond: 1000, burst: 1000 } });
    const created = await api(server, 'POST', '/api/matches', {
      game: 'camelot',
      seed: 4,
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
    await server.stop();
    const store = new SqliteStore(dir);
    const stored = await store.loadMatch(id);
    await store.close();
    expect(stored?.snapshot?.ply).toBe(20);
    expect(stored?.moves).toHaveLength(25);
    expect(stored?.lastMoveAt).toBeGreaterThan(Date.now() - 60_000);
    // Back after a restart: the state from the snapshot plus the five moves since is the state played. (An early
    // move is spoilt on purpose: only a reload that starts from the snapshot can still rebuild the match.)
    const db = new Database(join(dir, 'roundtable.sqlite'));
    db.prepare("UPDATE moves SET move = 'spoilt' WHERE match_id = ? AND ply = 3").run(id);
    db.close();
    const again = await testServer({ dataDir: dir });
    const c = await Client.connect(again.ws);
    const back = await c.request({ t: 'attach', token: created.body.tokens[0].token });
    expect(back.ply).toBe(25);
    expect(back.view).toEqual(last.view);
    c.close();
    await again.stop();
  });
});
