import type { AnyGame, RngState, Seat } from '@roundtable/core';

/** How long a bot may think: wall-clock milliseconds, a count of iterations, or both (first reached wins). */
export interface Budget {
  readonly ms?: number;
  readonly iterations?: number;
}

/**
 * What a bot is given: the game, one seat's *view* (never the true state) and a seeded RNG. A bot for a
 * hidden-information game must rebuild candidate states with `game.determinize(view, seat, rng)`; it has no
 * other way to reach the state, so it cannot cheat.
 */
export interface BotInput<V = unknown> {
  readonly game: AnyGame;
  readonly view: V;
  readonly seat: Seat;
  readonly rng: RngState;
  readonly budget?: Budget;
}

export interface Bot {
  readonly level: string;
  /** The chosen move in the game's notation, or null when the seat has no legal move. */
  choose(input: BotInput): string | null;
}

/**
 * A per-game hint for the greedy bot: a score for `seat` after a move (higher is better). Games register one
 * in `heuristics.ts`; a game without one is played greedily as random.
 */
export type Evaluate<S = any> = (game: AnyGame, before: S, after: S, seat: Seat) => number; // eslint-disable-line @typescript-eslint/no-explicit-any
