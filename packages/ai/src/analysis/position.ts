import type { AbPosition } from '../alphabeta.ts';

/**
 * What the analysis search walks, and how it names moves: a game whose bots have a fast position of their own
 * (Camelot's mutable board) brings it in its bot profile (`BotProfile.analysisPosition`); any other two-player
 * game of perfect information is walked through the pure interface (generic.ts).
 */
export interface AnalysisPosition {
  readonly pos: AbPosition;
  /** A root move's notation (after `pos.generate(0)`). */
  rootName(i: number): string;
  /** A namer for one line from the root: called with (ply, index) in order, ply after ply. */
  namer(): (ply: number, i: number) => string;
}
