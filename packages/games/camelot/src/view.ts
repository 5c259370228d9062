import type { Seat } from '@roundtable/core';
import type { CamelotEnds, CamelotState } from './engine.ts';

/** What a seat (or a spectator) sees: everything, since Camelot has no secrets. */
export interface CamelotView {
  readonly variant: string;
  readonly ends: CamelotEnds;
  readonly position: string;
  /** Repetition keys since the last capture or castle entry (needed to resume the threefold-repetition count). */
  readonly history: readonly number[];
  readonly toMove: readonly Seat[];
  readonly outcome: CamelotState['outcome'];
}
