import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SqliteGameDatabase } from '../src/database/sqlite-store.ts';
import { registerDatabaseRoutes } from '../src/database/routes.ts';
import { GameIndexer } from '../src/database/service.ts';
import { SqliteJobQueue } from '../src/jobs/sqlite-queue.ts';
import { SqliteStore } from '../src/storage/sqlite.ts';
import { SqliteAccountStore } from '../src/accounts/sqlite-store.ts';
import { resolvePosition } from '../src/explorer/position.ts';
import { buildBook } from '../src/explorer/book.ts';
import { withBook } from '@roundtable/ai';
import { createRng } from '@roundtable/core';
import { indexed, randomGames } from './database-fixtures.ts';

const games = randomGames('camelot', 30, 'explorer/http', 2);
const dir = mkdtempSync(join(tmpdir(), 'rt-explorer-'));
const db = new SqliteGameDatabase(dir);
let app: FastifyInstance;

beforeAll(async () => {
  await db.add(games.map(indexed));
  app = Fastify();
  registerDatabaseRoutes(app, db);
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await db.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('GET /api/explorer', () => {
  it('answers the moves from a position given by moves from the start, with the engine’s view when asked', async () => {
    const first = games[0]!.stored.moves[0]!.move;
    const r = await app.inject({
      url: `/api/explorer?game=camelot&source=rated&moves=${encodeURIComponent(first)}&engine=1`,
    });
    expect(r.statusCode).toBe(200);
    const body = r.json() as {
      toMove: number;
      total: number;
      moves: { move: string; games: number }[];
      engine: { move: string; chances: number }[];
      position: string;
    };
    expect(body.toMove).toBe(1);
    const at = resolvePosition({ game: 'camelot', moves: [first] });
    if (!at.ok) throw new Error(at.error.code);
    const direct = await db.explore('rated', at.value.key);
    expect(body.moves).toEqual(direct);
    expect(body.total).toBe(direct.reduce((n, m) => n + m.games, 0));
    expect(body.total).toBeGreaterThan(0);
    expect(body.engine.map((e) => e.move)).toEqual(body.moves.slice(0, 8).map((m) => m.move));
    for (const e of body.engine) {
      expect(e.chances).toBeGreaterThanOrEqual(0);
      expect(e.chances).toBeLessThanOrEqual(1);
    }
    // The same position by its text answers the same.
    const again = await app.inject({
      url: `/api/explorer?game=camelot&source=rated&position=${encodeURIComponent(body.position)}`,
    });
    expect((again.json() as { moves: unknown }).moves).toEqual(body.moves);
  });

  it('refuses, in the asker’s language and changing nothing, a game without positions, an illegal move and a bad source', async () => {
    const shadows = await app.inject({ url: '/api/explorer?game=shadows' });
    expect(shadows.statusCode).toBe(400);
    expect((shadows.json() as { error: { code: string } }).error.code).toBe('EXPLORER_GAME');
    const move = await app.inject({
      url: '/api/explorer?game=camelot&moves=A1-A2',
      headers: { 'accept-language': 'fr' },
    });
    const e = (move.json() as { error: { code: string; message: string } }).error;
    expect(e.code).toBe('EXPLORER_MOVE');
    expect(e.message).toMatch(/^Le coup 1 \(A1-A2\)/);
    const source = await app.inject({ url: '/api/explorer?game=camelot&source=everyone' });
    expect((source.json() as { error: { code: string; message: string } }).error.code).toBe('DATABASE_QUERY');
  });
});

describe('GET /api/database/games', () => {
  it('pages through a player’s games newest first and finds the games that reached a position', async () => {
    const name = games[0]!.stored.seats[0]!.name!;
    const mine = games.filter((g) => g.stored.seats.some((s) => s.name === name));
    const seen: string[] = [];
    let next: string | null = null;
    do {
      const r = await app.inject({
        url: `/api/database/games?player=${encodeURIComponent(name.toUpperCase())}&limit=3${next ? `&before=${next}` : ''}`,
      });
      const body = r.json() as { games: { id: string; playedAt: number }[]; next: string | null };
      seen.push(...body.games.map((g) => g.id));
      next = body.next;
    } while (next);
    expect(seen.sort()).toEqual(mine.map((g) => g.stored.match.id).sort());
    const moves = games[1]!.stored.moves
      .slice(0, 2)
      .map((m) => m.move)
      .join(' ');
    const r = await app.inject({ url: `/api/database/games?game=camelot&moves=${encodeURIComponent(moves)}` });
    expect((r.json() as { games: { id: string }[] }).games.map((g) => g.id)).toContain(games[1]!.stored.match.id);
    const bad = await app.inject({ url: '/api/database/games?moves=C6-B6' });
    expect((bad.json() as { error: { code: string } }).error.code).toBe('DATABASE_QUERY');
  });
});

describe('the index job', () => {
  it('indexes a finished match through the job queue once, and leaves a cancelled one out', async () => {
    const data = mkdtempSync(join(tmpdir(), 'rt-index-'));
    const log = pino({ level: 'silent' });
    const store = new SqliteStore(data);
    const accounts = new SqliteAccountStore(data);
    const jobs = new SqliteJobQueue(data, log);
    const own = new SqliteGameDatabase(data);
    try {
      const indexer = new GameIndexer(own, store, accounts, jobs, log);
      const done: string[] = [];
      indexer.onIndexed = (id) => done.push(id);
      await indexer.start();
      const [a, b] = randomGames('camelot', 2, 'explorer/job', 3).map((g) => g.stored);
      const casual = { ...a!.match, id: 'job-a', settings: { ...a!.match.settings, rated: false } };
      const cancelled = { ...b!.match, id: 'job-b', outcome: { winners: [], draw: false, reason: 'cancelled' } };
      await store.createMatch(
        casual,
        a!.seats,
        a!.moves.map((m, ply) => ({ matchId: 'job-a', ply, seat: m.seat, move: m.move, at: 0 })),
      );
      await store.createMatch(cancelled, b!.seats, []);
      await indexer.queue('job-a');
      await indexer.queue('job-b');
      await indexer.queue('job-a');
      for (let i = 0; i < 100 && !(await own.has('job-a')); i++) await new Promise((r) => setTimeout(r, 50));
      const found = await own.search({ limit: 10 });
      expect(found.map((g) => [g.id, g.plies, g.names])).toEqual([
        ['job-a', a!.moves.length, a!.seats.map((s) => s.name)],
      ]);
      expect(await own.has('job-b')).toBe(false);
    } finally {
      await jobs.close();
      await own.close();
      await accounts.close();
      await store.close();
      rmSync(data, { recursive: true, force: true });
    }
  });
});

describe('the bots’ opening book', () => {
  it('is built from the explorer (the moves played often enough), and the book level plays from it, then searches', async () => {
    const book = await buildBook(db, { game: 'camelot', source: 'rated', minGames: 2, maxPly: 3, minScore: 0 });
    const start = resolvePosition({ game: 'camelot' });
    if (!start.ok) throw new Error(start.error.code);
    const often = (await db.explore('rated', start.value.key)).filter((m) => m.games >= 2).map((m) => m.move);
    expect(often.length).toBeGreaterThan(0);
    expect(book.positions[start.value.key]!.map(([m]) => m).sort()).toEqual([...often].sort());
    const inner = { level: 'inner', choose: () => 'INNER' };
    const bot = withBook(inner, [book], 'book');
    // A bot is given its seat's view, as the server and the terminal give it.
    const input = {
      game: start.value.game,
      view: start.value.game.view(start.value.state, 0),
      seat: 0,
      rng: createRng('book'),
    };
    for (let i = 0; i < 5; i++) expect(often).toContain(bot.choose(input));
    // A position no game of the source reached: out of the book, the bot's own search answers.
    const away = resolvePosition({ game: 'camelot', moves: ['C6-C7', 'C11-C10'] });
    if (!away.ok) throw new Error(away.error.code);
    expect(book.positions[away.value.key]).toBeUndefined();
    expect(bot.choose({ ...input, view: away.value.game.view(away.value.state, 0) })).toBe('INNER');
  });
});
