import { nextInt, type AnyGame } from '@roundtable/core';
import type { JoustState, Move } from '@roundtable/joust';
import { joustGreedy } from '../joust.ts';
import type { IsmctsTuning } from '../ismcts.ts';

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
  // A few moves of play, then the evaluation: a whole random game costs ~20 ms and says little.
  playoutDepth: 4,
  // Random play ends turns and withdraws far too often; the playout prefers playing a card.
  playoutPolicy: (_game, _state, _seat, moves, rng) => {
    const plays: number[] = [];
    for (let i = 0; i < moves.length; i++) if ((moves[i] as Move).type === 'play') plays.push(i);
    if (plays.length > 0 && nextInt(rng, 4) !== 0) return plays[nextInt(rng, plays.length)] as number;
    return nextInt(rng, moves.length);
  },
  exploration: 0.6,
  // Measured: a progressive bias from the heuristic at the root (tuning.prior, priorWeight 0.5) did not help
  // (8/12 against 10/12 games won by medium over the same seeds), so it is left out.
};
