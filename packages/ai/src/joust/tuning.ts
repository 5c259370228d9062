import { nextFloat, nextInt, type AnyGame, type RngState, type Seat } from '@roundtable/core';
import type { JoustState, Move } from '@roundtable/joust';
import type { IsmctsTuning } from '../ismcts.ts';
import { joustGreedy } from '../joust.ts';
import { greedyIndex } from './search.ts';

/** Plies of greedy play before a playout is cut off and evaluated (a tournament takes ~20). */
const PLAYOUT_DEPTH = 20;
/** How often a playout move is random instead of the greedy bot's: the table is not that predictable. */
const PLAYOUT_NOISE = 0.1;

/** Logistic slope on the difference of standings, per token (the heuristic scores a token 100). */
const SLOPE = 3;

/**
 * Each seat's chance, for ISMCTS cut-offs: the heuristic bot's own score of the position for every seat (tokens,
 * cards in hand, its chance in the current tournament), turned into [0, 1] by a logistic of the lead over the
 * best opponent. It reads a sampled state, never the true one. (Measured: this beat a hand-written standing of
 * tokens and display totals, 9/12 against 7/12 games won by medium against two heuristic bots.)
 */
export function joustValues(game: AnyGame, s: JoustState): number[] {
  const n = s.players;
  const raw = Array.from({ length: n }, (_, i) => joustGreedy(game, s, s, i));
  return raw.map((r, i) => {
    let best = -Infinity;
    for (let o = 0; o < n; o++) if (o !== i && (raw[o] as number) > best) best = raw[o] as number;
    return 1 / (1 + Math.exp((-SLOPE * (r - best)) / 100));
  });
}

export const joustTuning: IsmctsTuning & { evaluate: (game: AnyGame, state: JoustState) => number[] } = {
  // Not used: determinized greedy rollouts (joust/search.ts, `search: (request) => searchJoust(request)`)
  // measured no better than ISMCTS at 3 players (50% of 20 and 51% of 53 games against two greedy bots at 200
  // iterations, ISMCTS 52.5% of 120) and worse at 5 (strong 865 against greedy 1000 in 38 games); see the README.
  evaluate: (game, state) => joustValues(game, state),
  // Playouts of the greedy bot's own choice for every seat (one time in ten a random move), 20 plies deep (most of
  // a tournament), then the evaluation: the search then weighs a move by how the table would answer it, not by
  // random replies. Chosen in-process (400 iterations on one thread against two greedy bots, seed dev): 33/45 games
  // won (73%), against 54/90 (60%) for the random playouts of 4 plies they replace and 19/30 for greedy playouts
  // of 8 plies. Then strong (200 iterations per share) against two greedy bots, seed 7: 105/150, 70.0% [62.2–76.8]
  // (`npx roundtable arena joust --bots strong,greedy,greedy --games 150 --players 3 --seed 7 --iterations 200`),
  // where the random playouts had 52.5% [43.6–61.2] on seed 1. An iteration costs ~5× more; 200 stay well within
  // strong's second.
  playoutDepth: PLAYOUT_DEPTH,
  playoutPolicy: (game, state, seat, moves, rng) =>
    greedyPlayout(game, state as JoustState, seat, moves as readonly Move[], rng),
  exploration: 0.6,
  // Measured: a progressive bias from the heuristic at the root (tuning.prior, priorWeight 0.5) did not help
  // (8/12 against 10/12 games won by medium over the same seeds), so it is left out.
};

/**
 * A playout step: the move the greedy bot would play for `seat` (its score one move deep, ties at random), or one
 * time in ten a random move. It reads the sampled state as that seat would (its own hand, the table).
 */
export function greedyPlayout(
  game: AnyGame,
  state: JoustState,
  seat: Seat,
  moves: readonly Move[],
  rng: RngState,
): number {
  if (moves.length === 1) return 0;
  if (nextFloat(rng) < PLAYOUT_NOISE) return nextInt(rng, moves.length);
  return greedyIndex(game, state, seat, moves, rng);
}
