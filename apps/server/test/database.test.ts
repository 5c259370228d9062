import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { SqliteGameDatabase } from '../src/database/sqlite-store.ts';
import { PostgresGameDatabase } from '../src/database/postgres-store.ts';
import { PostgresStore } from '../src/storage/postgres.ts';
import type { GameDatabaseStore } from '../src/database/store.ts';
import type { ExplorerSource, GameQuery, MoveStats } from '../src/database/types.ts';
import { resolvePosition } from '../src/explorer/position.ts';
import { canonicalOptions } from '@roundtable/ai';
import { dropTestDatabase, testDatabase } from './helpers.ts';
import { indexed, randomGames, type FixtureGame } from './database-fixtures.ts';

const camelot = randomGames('camelot', 80, 'db/camelot', 3);
const lancelot = randomGames('lancelot', 40, 'db/lancelot', 3);
const all = [...camelot, ...lancelot];
const sourceOf = (f: FixtureGame): string =>
  (f.stored.match.settings as { source?: unknown }).source
    ? 'master'
    : f.stored.match.settings.rated
      ? 'rated'
      : 'casual';
/** When the database says a game was played: an imported record's date tag (1931 here), else the match's creation. */
const playedAt = (f: FixtureGame): number =>
  sourceOf(f) === 'master' ? Date.UTC(1931, 0, 1) : f.stored.match.createdAt;

/** Every game that reached a position (by its text, not its key): the answer a position search owes. */
function reached(games: readonly FixtureGame[], game: string, position: string): string[] {
  return games
    .filter((f) => f.stored.match.game === game && f.positions.includes(position))
    .map((f) => f.stored.match.id)
    .sort();
}

/** The explorer's figures counted straight from the games: per move, the games that played it from there. */
function directCount(games: readonly FixtureGame[], game: string, position: string, source: string): MoveStats[] {
  const byMove = new Map<string, { games: number; wins: [number, number]; draws: number; ratings: number[] }>();
  for (const f of games) {
    if (f.stored.match.game !== game || sourceOf(f) !== source) continue;
    const moves = new Set<string>();
    f.positions.forEach((p, ply) => {
      if (p === position && ply < f.stored.moves.length) moves.add(f.stored.moves[ply]!.move);
    });
    for (const move of moves) {
      let s = byMove.get(move);
      if (!s) byMove.set(move, (s = { games: 0, wins: [0, 0], draws: 0, ratings: [] }));
      s.games++;
      const o = f.stored.match.outcome!;
      if (o.draw) s.draws++;
      else s.wins[o.winners[0] as 0 | 1]++;
      const known = f.ratings.filter((r): r is number => r !== null);
      if (known.length > 0) s.ratings.push(known.reduce((a, b) => a + b, 0) / known.length);
    }
  }
  return [...byMove.entries()]
    .map(([move, s]) => ({
      move,
      games: s.games,
      wins: s.wins,
      draws: s.draws,
      averageRating: s.ratings.length > 0 ? Math.round(s.ratings.reduce((a, b) => a + b, 0) / s.ratings.length) : null,
    }))
    .sort((a, b) => a.move.localeCompare(b.move));
}

/**
 * The key the explorer reads for the position after `ply` moves of a game: from its position text (Lancelot's
 * first player is drawn from the seed, so its moves alone do not say where the game began).
 */
const keyAfter = (f: FixtureGame, ply: number): string => {
  const r = resolvePosition({ game: f.stored.match.game, position: f.positions[ply]! });
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.value.key;
};

const ids = async (db: GameDatabaseStore, q: Omit<GameQuery, 'limit'>): Promise<string[]> =>
  (await db.search({ limit: 100, ...q })).map((g) => g.id).sort();

function contract(name: string, open: () => Promise<GameDatabaseStore>, close: () => Promise<void>): void {
  describe(`game database on ${name}`, () => {
    let db: GameDatabaseStore;
    beforeAll(async () => {
      db = await open();
      // Twice: the index job runs at least once, a game stored again counts once.
      expect(await db.add(all.map(indexed))).toBe(all.length);
      expect(await db.add(camelot.slice(0, 5).map(indexed))).toBe(0);
    }, 30_000);
    afterAll(close);

    it('a position search finds every game that reached the position, and only those (random games and plies)', async () => {
      await fc.assert(
        fc.asyncProperty(fc.nat(all.length - 1), fc.nat(20), async (g, p) => {
          const f = all[g]!;
          const ply = p % f.positions.length;
          const found = await ids(db, { position: keyAfter(f, ply), sources: ['rated', 'casual', 'master'] });
          expect(found).toEqual(reached(all, f.stored.match.game, f.positions[ply]!));
        }),
        { numRuns: 40, seed: 37 },
      );
    });

    it('the explorer’s counts, results and ratings from a position equal a direct count over the stored games', async () => {
      const sources: ExplorerSource[] = ['rated', 'master'];
      await fc.assert(
        fc.asyncProperty(fc.nat(all.length - 1), fc.nat(20), fc.constantFrom(...sources), async (g, p, source) => {
          const f = all[g]!;
          const ply = p % f.positions.length;
          const stats = await db.explore(source, keyAfter(f, ply));
          const sorted = [...stats].sort((a, b) => a.move.localeCompare(b.move));
          expect(sorted).toEqual(directCount(all, f.stored.match.game, f.positions[ply]!, source));
        }),
        { numRuns: 40, seed: 38 },
      );
      // The start position holds every Camelot game of the source with at least one move.
      const start = await db.explore('rated', keyAfter(camelot[0]!, 0));
      const rated = camelot.filter((f) => sourceOf(f) === 'rated' && f.stored.moves.length > 0).length;
      expect(start.reduce((n, m) => n + m.games, 0)).toBe(rated);
    });

    it('filters by player (whatever the case), result, dates, opening moves, options, event and source', async () => {
      const named = (f: FixtureGame, n: string): boolean => f.stored.seats.some((s) => s.name === n);
      const expected = (keep: (f: FixtureGame) => boolean): string[] =>
        all
          .filter((f) => sourceOf(f) !== 'selfplay' && keep(f))
          .map((f) => f.stored.match.id)
          .sort();
      expect(await ids(db, { player: 'gauvain' })).toEqual(expected((f) => named(f, 'Gauvain')));
      expect(await ids(db, { game: 'camelot', result: { kind: 'win', seat: 1 } })).toEqual(
        expected((f) => f.stored.match.game === 'camelot' && f.stored.match.outcome!.winners[0] === 1),
      );
      expect(await ids(db, { result: { kind: 'draw' } })).toEqual(expected((f) => f.stored.match.outcome!.draw));
      const from = Date.UTC(2026, 0, 10);
      const to = Date.UTC(2026, 1, 1);
      expect(await ids(db, { from, to })).toEqual(expected((f) => playedAt(f) >= from && playedAt(f) <= to));
      const opening = camelot[3]!.stored.moves.slice(0, 2).map((m) => m.move);
      expect(await ids(db, { game: 'camelot', opening })).toEqual(
        expected(
          (f) =>
            f.stored.match.game === 'camelot' &&
            f.stored.moves.length >= 2 &&
            f.stored.moves.slice(0, 2).every((m, i) => m.move === opening[i]),
        ),
      );
      expect(await ids(db, { options: canonicalOptions(lancelot[0]!.stored.match.options) })).toEqual(
        expected((f) => f.stored.match.game === 'lancelot'),
      );
      expect(await ids(db, { event: 'spring-cup' })).toEqual(
        expected((f) => (f.stored.match.settings as { event?: string }).event === 'spring-cup'),
      );
      expect(await ids(db, { sources: ['master'] })).toEqual(expected((f) => sourceOf(f) === 'master'));
      expect(await ids(db, { to: Date.UTC(1931, 11, 31) })).toEqual(expected((f) => sourceOf(f) === 'master'));
      // Pages of 7, newest first, go through every game once.
      const seen: string[] = [];
      let before: GameQuery['before'];
      for (;;) {
        const page = await db.search({ limit: 7, ...(before ? { before } : {}) });
        seen.push(...page.map((g) => g.id));
        if (page.length < 7) break;
        before = { playedAt: page[6]!.playedAt, id: page[6]!.id };
      }
      expect(seen.sort()).toEqual(expected(() => true));
    });
  });
}

const dir = mkdtempSync(join(tmpdir(), 'rt-database-'));
contract(
  'SQLite',
  async () => new SqliteGameDatabase(dir),
  async () => rmSync(dir, { recursive: true, force: true }),
);

let url = '';
let pgStore: PostgresStore | null = null;
contract(
  'PostgreSQL',
  async () => {
    url = await testDatabase();
    pgStore = await PostgresStore.open(url);
    return new PostgresGameDatabase(pgStore.pool);
  },
  async () => {
    await pgStore?.close();
    await dropTestDatabase(url);
  },
);

describe('the SQLite game database’s writer thread', () => {
  it('stores games off the event loop, readable at once from the reading connection; restarts after dying; once closed, refuses by name', async () => {
    const own = mkdtempSync(join(tmpdir(), 'rt-database-writer-'));
    try {
      const db = new SqliteGameDatabase(own);
      const games = camelot.slice(0, 3).map(indexed);
      // Both batches are posted before either is answered: the thread takes them in order, the second adds nothing new.
      const [first, again] = await Promise.all([db.add(games), db.add(games.slice(0, 2))]);
      expect([first, again]).toEqual([3, 0]);
      for (const g of games) expect(await db.has(g.id)).toBe(true);
      const bySource: Record<string, number> = {};
      for (const f of camelot.slice(0, 3)) bySource[sourceOf(f)] = (bySource[sourceOf(f)] ?? 0) + 1;
      expect(await db.counts()).toEqual(bySource);
      // A thread that dies unasked refuses what it held, and the next `add` starts another.
      await (db as unknown as { writer: { terminate(): Promise<number> } }).writer.terminate();
      expect(await db.add(camelot.slice(3, 4).map(indexed))).toBe(1);
      expect(await db.has(camelot[3]!.stored.match.id)).toBe(true);
      await db.close();
      await expect(db.add(games)).rejects.toThrow(/closed: its writer thread stopped/);
    } finally {
      rmSync(own, { recursive: true, force: true });
    }
  });
});
