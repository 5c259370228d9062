import { ConditionalLine } from '@roundtable/protocol';
import { z } from 'zod';
import type { Seat } from '@roundtable/core';

/**
 * One seat's tree of a match: played from the position after `ply` moves (the opponent's move is move `ply`).
 * `answered`: the answer that must have been played as move `ply - 1` for the tree to still hold (the tree kept
 * under a branch once its answer is played), null for a tree set by hand.
 */
export interface ConditionalRow {
  readonly matchId: string;
  readonly seat: Seat;
  readonly ply: number;
  readonly answered: string | null;
  readonly tree: readonly ConditionalLine[];
}

/** Where the trees are kept: `conditional.db` beside the matches, or their PostgreSQL (migration 040). */
export interface ConditionalStore {
  forMatch(matchId: string): Promise<ConditionalRow[]>;
  put(row: ConditionalRow, now: number): Promise<void>;
  remove(matchId: string, seat: Seat): Promise<void>;
  close(): Promise<void>;
}

const StoredTree = z.array(ConditionalLine);

/** A stored tree, read back as input from outside: what is not a list of lines is no tree. */
export function readTree(text: string): ConditionalLine[] | null {
  try {
    const parsed = StoredTree.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
