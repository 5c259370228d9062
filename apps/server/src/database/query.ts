import { z } from 'zod';
import { canonicalOptions } from '@roundtable/ai';
import { err, ok, type Result } from '@roundtable/core';
import {
  EXPLORER_SOURCES,
  GAME_SOURCES,
  MAX_PAGE,
  type ExplorerSource,
  type GameQuery,
  type GameSource,
} from './types.ts';
import type { PositionRequest } from '../explorer/position.ts';

const MOVE = z.string().min(1).max(40).regex(/^\S+$/);
const MOVES = z
  .string()
  .max(4000)
  .transform((s) => s.split(/\s+/).filter(Boolean))
  .pipe(z.array(MOVE).max(300));
const OPTIONS = z
  .string()
  .max(1000)
  .transform((s, ctx) => {
    try {
      const v = JSON.parse(s) as unknown;
      if (typeof v === 'object' && v !== null && !Array.isArray(v)) return v as Record<string, unknown>;
    } catch {
      // reported below
    }
    ctx.addIssue({ code: 'custom', message: 'options must be a JSON object' });
    return z.NEVER;
  });
/** A date: milliseconds since the epoch, or an ISO date (2026-12-06). */
const DATE = z
  .string()
  .max(40)
  .transform((s, ctx) => {
    const t = /^\d+$/.test(s) ? Number(s) : Date.parse(s);
    if (Number.isFinite(t)) return t;
    ctx.addIssue({ code: 'custom', message: 'a date is an ISO date or milliseconds since the epoch' });
    return z.NEVER;
  });
const GAME = z.string().regex(/^[a-z][a-z0-9-]{0,31}$/);

export const SearchParams = z
  .object({
    player: z.string().min(1).max(64).optional(),
    game: GAME.optional(),
    options: OPTIONS.optional(),
    result: z.enum(['win0', 'win1', 'win2', 'win3', 'win4', 'win5', 'win6', 'draw']).optional(),
    from: DATE.optional(),
    to: DATE.optional(),
    opening: MOVES.optional(),
    position: z.string().min(1).max(400).optional(),
    moves: MOVES.optional(),
    event: z.string().min(1).max(64).optional(),
    source: z
      .string()
      .max(80)
      .transform((s) => s.split(','))
      .pipe(z.array(z.enum(GAME_SOURCES as [GameSource, ...GameSource[]])).min(1))
      .optional(),
    limit: z.coerce.number().int().min(1).max(MAX_PAGE).optional(),
    lang: z.enum(['en', 'fr']).optional(),
    before: z
      .string()
      .max(100)
      .regex(/^\d+:[A-Za-z0-9_-]{1,64}$/)
      .optional(),
  })
  .strict();

export const ExplorerParams = z
  .object({
    game: GAME,
    options: OPTIONS.optional(),
    position: z.string().min(1).max(400).optional(),
    moves: MOVES.optional(),
    source: z.enum(EXPLORER_SOURCES as unknown as [ExplorerSource, ...ExplorerSource[]]).optional(),
    engine: z.enum(['0', '1']).optional(),
    lang: z.enum(['en', 'fr']).optional(),
  })
  .strict();

/** A zod failure as the DATABASE_QUERY error: which parameter, and why. */
export function queryError(error: z.ZodError): { code: string; reason: string; reasonFr: string } {
  const issue = error.issues[0];
  const where = issue?.path.join('.') || 'query';
  return {
    code: 'DATABASE_QUERY',
    reason: `${where}: ${issue?.message ?? 'invalid'}`,
    reasonFr: `${where}\u00a0: ${issue?.message ?? 'invalide'}`,
  };
}

/**
 * The search a request asks for. A position search (`position` and/or `moves`) needs the game; it is turned into
 * the position's key by `keyOf` (the explorer's resolution), whose error is the answer's.
 */
export function gameQueryOf(
  p: z.infer<typeof SearchParams>,
  keyOf: (req: PositionRequest) => Result<string>,
): Result<GameQuery> {
  let position: string | undefined;
  if (p.position !== undefined || p.moves !== undefined) {
    if (p.game === undefined)
      return err({
        code: 'DATABASE_QUERY',
        reason: 'a position search needs the game',
        reasonFr: 'une recherche de position demande le jeu',
      });
    const key = keyOf({
      game: p.game,
      ...(p.options ? { options: p.options } : {}),
      ...(p.position !== undefined ? { position: p.position } : {}),
      ...(p.moves !== undefined ? { moves: p.moves } : {}),
    });
    if (!key.ok) return key;
    position = key.value;
  }
  const before = p.before?.split(':');
  return ok({
    ...(p.player !== undefined ? { player: p.player } : {}),
    ...(p.game !== undefined ? { game: p.game } : {}),
    // Options as a filter only without a position (a position's key holds its options already).
    ...(p.options !== undefined && position === undefined ? { options: canonicalOptions(p.options) } : {}),
    ...(p.result !== undefined
      ? {
          result:
            p.result === 'draw' ? { kind: 'draw' as const } : { kind: 'win' as const, seat: Number(p.result.slice(3)) },
        }
      : {}),
    ...(p.from !== undefined ? { from: p.from } : {}),
    ...(p.to !== undefined ? { to: p.to } : {}),
    ...(p.opening !== undefined ? { opening: p.opening } : {}),
    ...(position !== undefined ? { position } : {}),
    ...(p.event !== undefined ? { event: p.event } : {}),
    ...(p.source !== undefined ? { sources: p.source } : {}),
    limit: p.limit ?? 50,
    ...(before ? { before: { playedAt: Number(before[0]), id: before[1]! } } : {}),
  });
}
