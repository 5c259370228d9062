/**
 * The opening explorer over 100,000 stored Camelot games, on SQLite and on PostgreSQL: builds the game database
 * (games made cheaply: openings drawn among the first legal moves, the first more often than the next, as real
 * openings crowd into a few lines, 6 to 24 plies each, random results and ratings), then asks the explorer for
 * positions met in those games (the start, and plies 1 to 12 of random games) and prints p50/p99 of an answer:
 * the position text read, its key computed and the moves from it read from the store, as GET /api/explorer does.
 *
 *   npx tsx apps/server/bench/explorer.ts [--games 100000] [--queries 2000] [--only sqlite|postgres]
 *     [--database postgres://postgres@127.0.0.1:25432/postgres]   (default: RT_TEST_DATABASE_URL)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { canonicalOptions, positionKey } from '@roundtable/ai';
import { gameById } from '@roundtable/catalog';
import { createRng, Match, nextFloat, nextInt, type AnyGame, type Seat } from '@roundtable/core';
import { PostgresGameDatabase } from '../src/database/postgres-store.ts';
import { SqliteGameDatabase } from '../src/database/sqlite-store.ts';
import type { GameDatabaseStore } from '../src/database/store.ts';
import type { IndexedGame } from '../src/database/types.ts';
import { resolvePosition } from '../src/explorer/position.ts';
import { PostgresStore } from '../src/storage/postgres.ts';

const flag = (name: string, fallback: string): string => {
  const k = process.argv.indexOf(name);
  return k >= 0 ? (process.argv[k + 1] ?? fallback) : fallback;
};
const GAMES = Number(flag('--games', '100000'));
const QUERIES = Number(flag('--queries', '2000'));
const ONLY = flag('--only', '');
const ADMIN = flag('--database', process.env.RT_TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:25432/postgres');
const BATCH = 2_000;

const game = gameById('camelot') as AnyGame;

/** A node of the opening tree: its position's key and text, its moves (sorted) and the children met so far. */
interface Node {
  readonly state: unknown;
  readonly key: string;
  readonly text: string;
  moves: unknown[] | null;
  readonly children: Map<string, Node>;
}

const start = Match.create(game, { players: 2, seed: 'bench' });
if (!start.ok) throw new Error(start.error.code);
const options = start.value.record().options;
const nodeOf = (state: unknown): Node => ({
  state,
  key: positionKey(game, options, state),
  text: game.position!.write(state as never),
  moves: null,
  children: new Map(),
});
const root = nodeOf(start.value.state);

/** One game down the tree: the k-th move with odds halving with k (among the first six), memoised. */
function makeGame(i: number, rng: ReturnType<typeof createRng>): { game: IndexedGame; path: Node[] } {
  const plies = 6 + nextInt(rng, 19);
  const path: Node[] = [root];
  const moves: string[] = [];
  let node = root;
  while (moves.length < plies) {
    if (game.outcome(node.state)) break;
    const seat = game.toMove(node.state)[0] as Seat;
    const legal = node.moves ?? game.legalMoves(node.state, seat);
    if (moves.length < 6) node.moves = legal;
    if (legal.length === 0) break;
    let k = 0;
    while (k < Math.min(5, legal.length - 1) && nextFloat(rng) < 0.45) k++;
    const move = game.formatMove(node.state, legal[k]);
    let child = node.children.get(move);
    if (!child) {
      const next = game.play(node.state, seat, legal[k]);
      if (!next.ok) break;
      child = nodeOf(next.value);
      // Deep nodes are met once or twice: kept only near the root, where they are met again.
      if (moves.length < 6) node.children.set(move, child);
    }
    moves.push(move);
    path.push(child);
    node = child;
  }
  const r = nextInt(rng, 5);
  const rating = (): number => 1200 + nextInt(rng, 900);
  return {
    path,
    game: {
      id: `b${i}`,
      source: 'rated',
      game: 'camelot',
      players: 2,
      options: canonicalOptions(options),
      playedAt: Date.UTC(2026, 0, 1) + i * 60_000,
      names: [`p${nextInt(rng, 5000)}`, `p${nextInt(rng, 5000)}`],
      ratings: [rating(), rating()],
      winners: r === 4 ? [] : [r % 2],
      draw: r === 4,
      reason: r === 4 ? 'agreed' : 'resigned',
      moves,
      event: null,
      keys: path.map((n) => n.key),
    },
  };
}

/** Fills the store; keeps the position texts of some games' plies as the positions to ask for. */
async function build(db: GameDatabaseStore): Promise<{ ms: number; asked: string[] }> {
  const rng = createRng('bench/explorer');
  const asked: string[] = [root.text];
  const began = performance.now();
  for (let from = 0; from < GAMES; from += BATCH) {
    const batch: IndexedGame[] = [];
    for (let i = from; i < Math.min(GAMES, from + BATCH); i++) {
      const made = makeGame(i, rng);
      batch.push(made.game);
      if (asked.length < QUERIES && i % 7 === 0)
        asked.push(made.path[Math.min(made.path.length - 1, 1 + nextInt(rng, 12))]!.text);
    }
    await db.add(batch);
    if ((from + BATCH) % 20_000 === 0)
      console.error(`  ${from + BATCH} games, ${((performance.now() - began) / 1000).toFixed(0)} s`);
  }
  return { ms: performance.now() - began, asked };
}

async function measure(name: string, db: GameDatabaseStore): Promise<void> {
  const built = await build(db);
  const counts = await db.counts();
  const times: number[] = [];
  let answered = 0;
  // A first pass warms the caches (the database's pages, the statement); the second is measured.
  for (const pass of [0, 1])
    for (const position of built.asked) {
      const t0 = performance.now();
      const at = resolvePosition({ game: 'camelot', position });
      if (!at.ok) throw new Error(JSON.stringify(at.error));
      const moves = await db.explore('rated', at.value.key);
      if (pass === 1) {
        times.push(performance.now() - t0);
        if (moves.length > 0) answered++;
      }
    }
  times.sort((a, b) => a - b);
  const at = (q: number): string => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(2);
  const startMoves = await db.explore('rated', root.key);
  console.log(
    `${name}: ${counts.rated ?? 0} games built in ${(built.ms / 1000).toFixed(1)} s; ${times.length} positions asked (${answered} with moves; the start: ${startMoves.reduce((n, m) => n + m.games, 0)} games over ${startMoves.length} moves): p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, max ${times[times.length - 1]!.toFixed(2)} ms`,
  );
}

if (ONLY !== 'postgres') {
  const dir = mkdtempSync(join(tmpdir(), 'rt-explorer-bench-'));
  const db = new SqliteGameDatabase(dir);
  try {
    await measure('SQLite', db);
  } finally {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
if (ONLY !== 'sqlite') {
  const name = `bench_explorer_${process.pid}`;
  const admin = new pg.Client({ connectionString: ADMIN });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.query(`ALTER DATABASE ${name} SET synchronous_commit = off`);
  const url = new URL(ADMIN);
  url.pathname = `/${name}`;
  const store = await PostgresStore.open(url.toString());
  try {
    await measure('PostgreSQL', new PostgresGameDatabase(store.pool));
  } finally {
    await store.close();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}
