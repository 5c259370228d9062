import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import Fastify from 'fastify';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { Match, type Seat } from '@roundtable/core';
import { gameById } from '@roundtable/catalog';
import { PUZZLES } from '@roundtable/puzzles';
import type { AccountService } from '../src/accounts/service.ts';
import { SqliteAccountStore } from '../src/accounts/sqlite-store.ts';
import { GameIndexer } from '../src/database/service.ts';
import { SqliteGameDatabase } from '../src/database/sqlite-store.ts';
import { SqliteJobQueue } from '../src/jobs/sqlite-queue.ts';
import { SqliteMinedPuzzles } from '../src/puzzles/mined-sqlite-store.ts';
import { MINE_JOB, PuzzleMiner } from '../src/puzzles/mining.ts';
import { registerPuzzleRoutes } from '../src/puzzles/routes.ts';
import { SqlitePuzzleStore } from '../src/puzzles/sqlite-store.ts';
import type { StoredMatch } from '../src/storage/store.ts';
import { SqliteStore } from '../src/storage/sqlite.ts';

/**
 * Self-play game 10 of the shipped miner (bench/mine.ts), as two people might have played it: after H7-G8 I11-J10,
 * White's G8-H9 wins material (shipped puzzle c0006, margin 0.40) but White plays F7-F8 and Black's knight sweeps
 * the board; White resigns.
 */
const MOVES = ['H7-G8', 'I11-J10', 'F7-F8', 'J11-H9xF7xH7xJ7xJ5xH7xF5xF7xD5xB7', 'F8-E8'];
const TACTIC = PUZZLES.camelot!.find((p) => p.id === 'c0006')!;

function finished(id: string, rated: boolean): StoredMatch {
  const made = Match.create(gameById('camelot')!, { players: 2, seed: id });
  if (!made.ok) throw new Error(made.error.code);
  for (const move of MOVES) made.value.play(made.value.toMove()[0] as Seat, move);
  const record = made.value.record();
  return {
    match: {
      id,
      game: 'camelot',
      players: 2,
      options: record.options,
      seed: record.seed,
      position: null,
      settings: { clock: null, abandon: null, rated } as StoredMatch['match']['settings'],
      status: 'finished',
      outcome: { winners: [1], draw: false, reason: 'resigned' },
      createdAt: Date.UTC(2026, 0, 1),
      creator: null,
    },
    seats: ['Gauvain', 'Yvain'].map((name, seat) => ({
      seat,
      kind: 'human' as const,
      name,
      level: null,
      tokenHash: null,
    })),
    moves: record.moves,
    lastMoveAt: null,
    snapshot: null,
    clock: { deadline: null, banks: null },
  };
}

const dir = mkdtempSync(join(tmpdir(), 'rt-mined-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('puzzles mined from finished matches', () => {
  it('mines a rated match in the background through the job queue, keeps its source match, and leaves an unrated one alone', async () => {
    const log = pino({ level: 'silent' });
    const store = new SqliteStore(dir);
    const jobs = new SqliteJobQueue(dir, log);
    const db = new SqliteGameDatabase(dir);
    const mined = new SqliteMinedPuzzles(dir);
    const ratings = new SqlitePuzzleStore(dir);
    const app = Fastify();
    let miner: PuzzleMiner | undefined;
    try {
      const indexer = new GameIndexer(db, store, new SqliteAccountStore(dir), jobs, log);
      miner = new PuzzleMiner(mined, store, jobs, log);
      // As server.ts wires them.
      indexer.onIndexed = (id, rated) => miner!.onIndexed(id, rated);
      await miner.start();
      for (const [id, rated] of [
        ['casual-1', false],
        ['rated-1', true],
      ] as const) {
        const s = finished(id, rated);
        await store.createMatch(
          s.match,
          s.seats,
          s.moves.map((m, ply) => ({ matchId: id, ply, seat: m.seat, move: m.move, at: 0 })),
        );
      }
      // The index job's second attempt: it no longer waits for the match's rating changes (none in this test).
      await indexer.index('casual-1', 2);
      // The mining searches in a thread: the event loop stays mostly idle while it runs (on the loop, the
      // searches kept it busy over 95 % of the time; a tick-gap bound would flake on a loaded machine).
      const before = performance.eventLoopUtilization();
      await indexer.index('rated-1', 2);
      expect(await db.has('rated-1')).toBe(true);
      for (let i = 0; i < 300 && !(await mined.mined('rated-1')); i++) await new Promise((r) => setTimeout(r, 50));
      const during = performance.eventLoopUtilization(before);
      expect(await mined.mined('rated-1')).toBe(true);
      expect(during.utilization).toBeLessThan(0.25);
      expect(await mined.mined('casual-1')).toBe(false);
      const counts = await jobs.counts(MINE_JOB);
      expect(counts).toEqual({ waiting: 0, active: 0, failed: 0 });

      // The routes that are used here never ask who is signed in.
      registerPuzzleRoutes(app, {} as AccountService, ratings, mined);
      const list = await app.inject({ url: '/api/puzzles/mined?game=camelot' });
      const puzzles = (
        list.json() as {
          puzzles: { id: string; match: string; position: string; solution: string[]; source: string }[];
        }
      ).puzzles;
      // The position is a shipped puzzle already: mined again from a person's game, it is kept with its match.
      expect(puzzles.map((p) => [p.match, p.position, p.solution[0], p.source])).toEqual([
        ['rated-1', TACTIC.position, TACTIC.solution[0], 'match rated-1 ply 2'],
      ]);
      const one = await app.inject({ url: `/api/puzzles/mined/${puzzles[0]!.id}` });
      expect((one.json() as { puzzle: { match: string } }).puzzle.match).toBe('rated-1');
      const rating = await app.inject({ url: `/api/puzzles/${puzzles[0]!.id}` });
      expect(rating.statusCode).toBe(200);
    } finally {
      await app.close();
      await jobs.close();
      await mined.close();
      ratings.close();
      await miner?.close();
      await db.close();
      await store.close();
    }
  }, 20_000);
});
