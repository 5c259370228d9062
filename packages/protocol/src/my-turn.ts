import type { Seat } from '@roundtable/core';
import type { MatchSummary } from './lobby.ts';

/** One correspondence match waiting for the signed-in account (GET /api/my-turn), soonest deadline first. */
export interface MyTurnEntry {
  readonly match: MatchSummary;
  readonly seat: Seat;
  /** When this seat's time for the move runs out (epoch ms), null when no clock runs. */
  readonly deadline: number | null;
}

export interface MyTurnAnswer {
  readonly matches: readonly MyTurnEntry[];
  /** The server's time when it answered (epoch ms), to show time left without trusting the device's clock. */
  readonly now: number;
}
