/**
 * Exports at scale (issue 37):
 *  1. 2,000 finished matches of all five games (random legal moves, cut at 60 plies with a resignation) exported
 *     and re-imported into an empty server: same games, seeds, moves and outcomes, with the time each side took;
 *  2. 100,000 stored matches streamed by GET /api/records/export: rows per second and the peak RSS, sampled as
 *     the stream goes, against the RSS after the first 10,000 rows (constant memory: the two stay close).
 *
 *   NODE_OPTIONS=--expose-gc npx tsx apps/server/bench/export.ts [--roundtrip 2000] [--matches 100000]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import pino from 'pino';
import { gameById, GAME_IDS } from '@roundtable/catalog';
import { startServer } from '../src/server.ts';
import { SqliteStore } from '../src/storage/sqlite.ts';
import { randomGame, type RandomGame } from '../test/fixtures/records/random-games.ts';

const { values } = parseArgs({
  options: { roundtrip: { type: 'string', default: '2000' }, matches: { type: 'string', default: '100000' } },
});
const ROUNDTRIP = Number(values.roundtrip);
const MATCHES = Number(values.matches);
const TOKEN = 'bench-operator-token-0123456789';
const silent = pino({ level: 'silent' });

function gamesFor(n: number): RandomGame[] {
  return Array.from({ length: n }, (_, i) => {
    const g = gameById(GAME_IDS[i % GAME_IDS.length]!)!;
    return randomGame(g, `v2:bench-${i}`, { players: Math.max(2, g.minPlayers), maxPlies: 60 });
  });
}

/** Rows straight into roundtable.sqlite (the store's own tables), in one transaction: the bench's set-up only. */
function fill(path: string, games: readonly RandomGame[], count: number): void {
  const db = new Database(path);
  const match = db.prepare(
    'INSERT INTO matches (id, game, players, options, seed, position, settings, status, outcome, created_at, creator) VALUES (?, ?, ?, ?, ?, NULL, ?, ?, ?, ?, NULL)',
  );
  const seat = db.prepare(
    'INSERT INTO seats (match_id, seat, kind, name, level, token_hash) VALUES (?, ?, ?, NULL, NULL, NULL)',
  );
  const move = db.prepare('INSERT INTO moves (match_id, ply, seat, move, at) VALUES (?, ?, ?, ?, ?)');
  const settings = JSON.stringify({ clock: { moveSeconds: 60 }, abandon: null, seeded: false, rated: true });
  db.transaction(() => {
    for (let i = 0; i < count; i++) {
      const g = games[i % games.length]!;
      const id = `b${String(i).padStart(7, '0')}`;
      const at = Date.UTC(2026, 0, 1) + i * 1000;
      match.run(
        id,
        g.game,
        g.players,
        JSON.stringify(g.options),
        JSON.stringify(g.seed),
        settings,
        'finished',
        JSON.stringify(g.outcome),
        at,
      );
      for (let s = 0; s < g.players; s++) seat.run(id, s, 'human');
      g.moves.forEach((m, ply) => move.run(id, ply, m.seat, m.move, at + ply));
    }
  })();
  db.close();
}

async function server(dir: string) {
  const store = new SqliteStore(dir, { durability: 'normal' });
  const s = await startServer({
    port: 0,
    dataDir: dir,
    webDir: join(dir, 'none'),
    logger: silent,
    store,
    operatorToken: TOKEN,
  });
  return { ...s, store };
}

// 1. The round trip.
if (ROUNDTRIP > 0) {
  const t0 = performance.now();
  const games = gamesFor(ROUNDTRIP);
  const genMs = performance.now() - t0;
  const from = mkdtempSync(join(tmpdir(), 'rt-bench-export-'));
  const to = mkdtempSync(join(tmpdir(), 'rt-bench-import-'));
  new SqliteStore(from).close();
  fill(join(from, 'roundtable.sqlite'), games, games.length);
  const a = await server(from);
  const b = await server(to);
  const t1 = performance.now();
  const jsonl = await fetch(`${a.url}/api/records/export`).then((r) => r.text());
  const exportMs = performance.now() - t1;
  const t2 = performance.now();
  const res = await fetch(`${b.url}/api/records/import?name=bench.jsonl`, {
    method: 'POST',
    headers: { 'content-type': 'text/plain', authorization: `Bearer ${TOKEN}` },
    body: jsonl,
  });
  const report = (await res.json()) as { imported: number; matches: { id: string }[] };
  const importMs = performance.now() - t2;
  const bySeed = new Map(games.map((g) => [String(g.seed), g]));
  let same = 0;
  for (const m of report.matches) {
    const stored = (await b.store.loadMatch(m.id))!;
    const g = bySeed.get(String(stored.match.seed))!;
    if (
      g.game === stored.match.game &&
      JSON.stringify(g.moves) === JSON.stringify(stored.moves) &&
      JSON.stringify(g.outcome) === JSON.stringify(stored.match.outcome)
    )
      same++;
  }
  console.log(
    `round trip: ${games.length} matches of ${GAME_IDS.length} games (generated in ${(genMs / 1000).toFixed(1)} s); ` +
      `export ${(exportMs / 1000).toFixed(2)} s, import ${(importMs / 1000).toFixed(2)} s (status ${res.status}); ` +
      `${same}/${games.length} the same game, moves and outcome`,
  );
  await a.close();
  await b.close();
  rmSync(from, { recursive: true, force: true });
  rmSync(to, { recursive: true, force: true });
}

// 2. 100,000 matches streamed.
{
  const dir = mkdtempSync(join(tmpdir(), 'rt-bench-stream-'));
  new SqliteStore(dir).close();
  const t0 = performance.now();
  fill(join(dir, 'roundtable.sqlite'), gamesFor(500), MATCHES);
  const fillMs = performance.now() - t0;
  const s = await server(dir);
  const rssStart = process.memoryUsage().rss;
  let peak = rssStart;
  let at10k = 0;
  let rows = 0;
  let bytes = 0;
  const gc = (globalThis as { gc?: () => void }).gc;
  const heaps: number[] = [];
  let nextHeap = 10_000;
  const t1 = performance.now();
  const res = await fetch(`${s.url}/api/records/export`);
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    const text = decoder.decode(value, { stream: true });
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) rows++;
    const rss = process.memoryUsage().rss;
    if (rss > peak) peak = rss;
    if (at10k === 0 && rows >= 10_000) at10k = peak;
    // With --expose-gc: the live heap every 10,000 rows, which is what constant memory is about (RSS lags GC).
    if (gc && rows >= nextHeap) {
      gc();
      heaps.push(process.memoryUsage().heapUsed);
      nextHeap += 10_000;
    }
  }
  const ms = performance.now() - t1;
  const mb = (n: number): string => `${(n / 1048576).toFixed(0)} MB`;
  console.log(
    `stream: ${rows} matches (${mb(bytes)} of JSON lines; set-up ${(fillMs / 1000).toFixed(1)} s) in ${(ms / 1000).toFixed(1)} s = ` +
      `${Math.round(rows / (ms / 1000))} rows/s; RSS ${mb(rssStart)} before, peak ${mb(at10k)} after 10,000 rows, ` +
      `peak ${mb(peak)} over all (server and client in this process)` +
      (heaps.length > 0
        ? `; live heap after GC every 10,000 rows: ${heaps.map(mb).join(', ')}`
        : ' (run with NODE_OPTIONS=--expose-gc for the live heap)'),
  );
  await s.close();
  rmSync(dir, { recursive: true, force: true });
}
