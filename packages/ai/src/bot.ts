import type { AnyGame, RngState, Seat } from '@roundtable/core';

/** How long a bot may think: wall-clock milliseconds, a count of iterations, or both (first reached wins). */
export interface Budget {
  readonly ms?: number;
  readonly iterations?: number;
  /**
   * A stop flag shared between threads (the engine protocol's `stop`): once its first cell is non-zero the search
   * ends at once with what it found. It travels to worker threads with the budget.
   */
  readonly stop?: Int32Array;
  /**
   * Progress reports while searching (the engine protocol's `info` lines), about four a second and after each
   * completed depth. Reading the clock for them never changes the search. Stays on the calling thread.
   */
  readonly onInfo?: (info: SearchInfo) => void;
}

/** What a search can tell about itself while it runs. */
export interface SearchInfo {
  /** Iterations (MCTS) or nodes (alpha-beta) so far, and their rate. */
  readonly iterations: number;
  readonly ms: number;
  readonly nps: number;
  /** Alpha-beta: the depth just completed and its score (the side to move's point of view). */
  readonly depth?: number;
  /** MCTS: the mean reward of the most visited move, from 0 to 1. */
  readonly score?: number;
  /** The principal line as far as the searcher knows it, in notation. */
  readonly pv?: readonly string[];
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
  /**
   * What the bots of this match remember between their decisions (`BotMemory`): the caller keeps one per match,
   * hands it to every bot decision of that match, and drops it with the match. Absent: the bot remembers nothing
   * beyond the view it is given.
   */
  readonly memory?: BotMemory;
}

/**
 * One match's bot memory: what its bots read from the table over time (the Chevaliers' watch of who plays like
 * the traitor, the Tournament's facts about the hands), public facts only. Plain data that a structured clone
 * keeps (it travels to a bot thread and back with each decision), changed in place by the bots; a bot keeps
 * nothing between decisions anywhere else, so two matches in one process never share what they saw.
 */
export type BotMemory = Record<string, unknown>;

/** A match's bot memory before its first decision. */
export function newBotMemory(): BotMemory {
  return {};
}

export interface Bot {
  readonly level: string;
  /** The chosen move in the game's notation, or null when the seat has no legal move. */
  choose(input: BotInput): string | null;
}

/**
 * A per-game hint for the greedy bot: a score for `seat` after a move (higher is better). Games register one
 * in their bot profile (`BotProfile.greedy`); a game without one is played greedily as random.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- an evaluation reads its own game's state type; the registry holds any
export type Evaluate<S = any> = (game: AnyGame, before: S, after: S, seat: Seat) => number;
