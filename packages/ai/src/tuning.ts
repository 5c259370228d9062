import type { AnyGame, RngState, Seat } from '@roundtable/core';
import type { BotMemory } from './bot.ts';

/**
 * What a game tells the generic searchers (a game brings one in its bot profile, `BotProfile.tuning`). Everything is optional:
 * a game without a tuning is searched by plain MCTS with random playouts to the end.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a tuning is written for one game's own state and move types; the registry holds any
export interface GameTuning<S = any, M = any> {
  /**
   * How good the position is for each seat, each in [0, 1] (a rough chance of winning). MCTS cuts its playouts
   * off with it; alpha-beta (two players) searches the difference between the two seats.
   */
  readonly evaluate?: (game: AnyGame, state: S) => number[];
  /** Ordering hint for alpha-beta, higher first (captures, threats); called before the move is played. */
  readonly order?: (game: AnyGame, state: S, seat: Seat, move: M) => number;
  /** A cheap, stable key of the position for the transposition table (else the position string is hashed). */
  readonly key?: (state: S) => string;
  /** MCTS: random moves played before `evaluate` cuts the playout off (0: evaluate the leaf itself). */
  readonly playoutDepth?: number;
  /** A faster or smarter playout step than uniform random (e.g. a cheap greedy policy); index into `moves`. */
  readonly playoutPolicy?: (game: AnyGame, state: S, seat: Seat, moves: readonly M[], rng: RngState) => number;
  /**
   * MCTS: how promising each move looks before any visit (higher first), at tree depth `depth` (0 = root). Moves
   * are expanded in this order, and a node considers only its best few moves, more as it is visited
   * (progressive widening): a cheap prior is what lets a short search see past a hundred placements.
   */
  readonly prior?: (game: AnyGame, state: S, seat: Seat, moves: readonly M[], depth: number) => number[];
  /** ISMCTS: weight of the prior as a progressive bias at the root (prior rank / (1 + visits)); 0 = unused. */
  readonly priorWeight?: number;
  /** UCT exploration constant (rewards are in [0, 1]). */
  readonly exploration?: number;
  /**
   * Searching bots play the prior's best move unless the searched move's mean reward beats it by this much
   * (rewards in [0, 1]): a short search's small differences are mostly noise, and a good rule of thumb is then
   * the better player (measured for Chevaliers and the Tournament). Absent: the most visited move, always.
   */
  readonly priorMargin?: number;
  /**
   * Searching bots pass their view through it once per decision, before they search (the search workers get the
   * result): a game whose bots read the table over time (the Chevaliers' belief about the traitor, the
   * Tournament's facts about the hands) records what the view shows in the match's `memory` (public facts only)
   * and adds what it remembers to the view.
   */
  readonly annotate?: (game: AnyGame, view: unknown, seat: Seat, memory: BotMemory) => unknown;
  /**
   * The tuning for one decision, given the view `annotate` returned: a game whose hooks read what the bots
   * remember (the rollouts' and the prior's belief about the traitor) closes them over it here, so that a
   * search worker given the same view searches the same way.
   */
  readonly remembering?: (view: unknown, seat: Seat) => GameTuning<S, M>;
  /**
   * A game with a hidden role: the chance `seat` gives each seat of holding it (the Chevaliers' traitor), as its
   * bots read the table from its view and what `memory` (this seat's own) holds of the table; null when the seat
   * knows (it holds the role, or the role is shown). The review charts it over the match.
   */
  readonly beliefs?: (game: AnyGame, view: unknown, seat: Seat, memory: BotMemory) => number[] | null;
  /** Level budgets when the game needs other defaults than the common ones. */
  readonly levels?: Partial<Record<'easy' | 'medium' | 'strong', { readonly ms?: number; readonly maxDepth?: number }>>;
}
