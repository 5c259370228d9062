import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { FIRST_RATING, puzzleById, rateAttempt, type PuzzleRating } from '@roundtable/puzzles';
import type { AccountService } from '../accounts/service.ts';
import { sessionToken } from '../accounts/routes.ts';
import { failWith } from '../review/routes.ts';
import { MINED_ID, type MinedPuzzleStore } from './mined-store.ts';
import type { PuzzleStore } from './store.ts';

export const PUZZLE_ROUTES: readonly { method: string; path: string; what: string }[] = [
  {
    method: 'GET',
    path: '/api/puzzles/me',
    what: 'the signed-in account’s puzzle rating {rating: {rating, deviation, volatility, attempts}, tried: [puzzle id]}, or 401',
  },
  {
    method: 'GET',
    path: '/api/puzzles/mined',
    what: 'the puzzles mined from finished rated matches, newest first, ?game=camelot&limit=1..200: {puzzles: [puzzle with its source match]}',
  },
  {
    method: 'GET',
    path: '/api/puzzles/mined/:id',
    what: 'one puzzle mined from a match (`g` and a number): {puzzle}',
  },
  {
    method: 'GET',
    path: '/api/puzzles/:id',
    what: 'a puzzle’s rating as the accounts’ attempts moved it: {id, rating}',
  },
  {
    method: 'POST',
    path: '/api/puzzles/:id/attempt',
    what: 'an account’s first attempt at a puzzle, {solved}: {player, puzzle, counted}; a later attempt counts for nothing',
  },
];

const Attempt = z.object({ solved: z.boolean() }).strict();
const PUZZLE_ID = /^[a-z]\d{1,6}$/;
const MinedQuery = z
  .object({
    game: z
      .string()
      .regex(/^[a-z]{1,20}$/)
      .default('camelot'),
    limit: z.coerce.number().int().min(1).max(200).default(50),
  })
  .strict();

/** The shipped rating of a puzzle, before any attempt moved it. */
const shipped = (p: { rating: number; deviation: number }): PuzzleRating => ({
  rating: p.rating,
  deviation: p.deviation,
  volatility: 0.06,
  attempts: 0,
});

export function registerPuzzleRoutes(
  app: FastifyInstance,
  accounts: AccountService,
  store: PuzzleStore,
  mined: MinedPuzzleStore,
): void {
  // A shipped puzzle, or one mined from a match (rated by attempts the same way).
  const puzzleOf = async (req: FastifyRequest) => {
    const id = (req.params as { id?: unknown }).id;
    if (typeof id !== 'string' || !PUZZLE_ID.test(id)) return null;
    return MINED_ID.test(id) ? mined.byId(id) : (puzzleById(id) ?? null);
  };
  app.get('/api/puzzles/mined', async (req, reply) => {
    const q = MinedQuery.safeParse(req.query ?? {});
    if (!q.success)
      return failWith(reply, req, { code: 'BAD_REQUEST', reason: 'the query is ?game=<game id>&limit=1..200' });
    return { puzzles: await mined.list(q.data.game, q.data.limit) };
  });
  app.get('/api/puzzles/mined/:id', async (req, reply) => {
    const id = (req.params as { id?: unknown }).id;
    const puzzle = typeof id === 'string' && MINED_ID.test(id) ? await mined.byId(id) : null;
    if (!puzzle) return failWith(reply, req, { code: 'NO_SUCH_PUZZLE', puzzle: String(id) });
    return { puzzle };
  });
  app.get('/api/puzzles/me', async (req, reply) => {
    const me = await accounts.whoIs(sessionToken(req));
    if (!me) return failWith(reply, req, { code: 'NOT_SIGNED_IN' });
    const p = await store.player(me.id);
    return { rating: p.rating ?? FIRST_RATING, tried: p.tried };
  });
  app.get('/api/puzzles/:id', async (req, reply) => {
    const puzzle = await puzzleOf(req);
    if (!puzzle)
      return failWith(reply, req, { code: 'NO_SUCH_PUZZLE', puzzle: String((req.params as { id?: unknown }).id) });
    return { id: puzzle.id, rating: (await store.puzzle(puzzle.id)) ?? shipped(puzzle) };
  });
  app.post('/api/puzzles/:id/attempt', async (req, reply) => {
    const me = await accounts.whoIs(sessionToken(req));
    if (!me) return failWith(reply, req, { code: 'NOT_SIGNED_IN' });
    const puzzle = await puzzleOf(req);
    if (!puzzle)
      return failWith(reply, req, { code: 'NO_SUCH_PUZZLE', puzzle: String((req.params as { id?: unknown }).id) });
    const body = Attempt.safeParse(req.body ?? {});
    if (!body.success)
      return failWith(reply, req, { code: 'BAD_REQUEST', reason: 'the body is {"solved": true|false}' });
    const rated = await store.attempt(
      me.id,
      puzzle.id,
      body.data.solved,
      FIRST_RATING,
      shipped(puzzle),
      (player, p) => rateAttempt(player, p, body.data.solved),
      Date.now(),
    );
    if (rated) return { ...rated, counted: true };
    // Tried before: nothing moves, the ratings as they stand.
    const [player, p] = await Promise.all([store.player(me.id), store.puzzle(puzzle.id)]);
    return { player: player.rating ?? FIRST_RATING, puzzle: p ?? shipped(puzzle), counted: false };
  });
}
