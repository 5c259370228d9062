/**
 * Pairing and standings for events (README.md beside this file): pure functions of plain data, deterministic
 * under a seed. The server stores their inputs and outputs; the web and the terminal read the same shapes.
 */
export type * from './types.ts';
export { pairSwissRound } from './swiss.ts';
export { roundRobinSchedule } from './round-robin.ts';
export { pairArena, arenaStandings, arenaOutcome, ARENA_POINTS, type ArenaOutcome } from './arena.ts';
export { computeStandings, TIE_BREAKS } from './standings.ts';
export { crosstable } from './crosstable.ts';
export { planTables, type TablePlan } from './table-sizes.ts';
export { tableScores, defaultByePoints, validSizes } from './scoring.ts';
export {
  monthBounds,
  monthOf,
  monthlyLadder,
  seasonWinners,
  type SeasonRow,
  type LadderBy,
  type LadderRow,
  type LadderOptions,
} from './season.ts';
export {
  EVENT_RECORD_VERSION,
  eventRecordSchema,
  matchResultSchema,
  makeEventRecord,
  verifyEventRecord,
  standingsFor,
  tieBreaksFor,
  type EventKind,
  type EventRecord,
  type RecordDifference,
  type Verification,
} from './record.ts';
export { measureSeatBalance, type SeatBalance } from './balance.ts';
