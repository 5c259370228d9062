/**
 * Conditional moves (issue 36): "if they play X, I answer Y", several deep, as a tree, left by a seat of a
 * two-player game without secrets while its opponent is to move. Sent and read over HTTP by that seat only.
 */
import { z } from 'zod';
import type { Seat } from '@roundtable/core';
import { LIMITS } from './limits.ts';

/** The most answers one tree may hold, and its deepest line (in answers): a tree is checked move by move. */
export const CONDITIONAL_LIMITS = { maxNodes: 64, maxDepth: 8 } as const;

/** One branch: the opponent's move `if`, this seat's answer `then`, and what follows that answer. */
export interface ConditionalLine {
  readonly if: string;
  readonly then: string;
  readonly next?: readonly ConditionalLine[];
}

const move = z.string().trim().min(1).max(LIMITS.maxMoveLength);

export const ConditionalLine: z.ZodType<ConditionalLine> = z.lazy(() =>
  z
    .object({
      if: move,
      then: move,
      next: z.array(ConditionalLine).max(CONDITIONAL_LIMITS.maxNodes).optional(),
    })
    .strict(),
);

export const ConditionalRequest = z
  .object({ tree: z.array(ConditionalLine).max(CONDITIONAL_LIMITS.maxNodes) })
  .strict();
export type ConditionalRequest = z.infer<typeof ConditionalRequest>;

/** What a seat reads back: its tree (empty: none), to be played from the position after `ply` moves. */
export interface ConditionalAnswer {
  /** This game and player count take conditional moves (two players, nothing hidden). */
  readonly offered: boolean;
  readonly seat: Seat;
  readonly ply: number;
  readonly tree: readonly ConditionalLine[];
}
