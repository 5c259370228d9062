import { nextInt, nextUint32, type AnyGame, type RngState, type Seat } from '@roundtable/core';
import { tokensToWin, type JoustState, type Move } from '@roundtable/joust';
import { Deadline } from '../budget.ts';
import { joustGreedy } from '../joust.ts';
import { rewards } from '../reward.ts';
import type { RootReport, SearchRequest } from '../search.ts';

/** Plies a rollout may play before it is cut off and scored anyway (a tournament takes ~20). */
const ROLLOUT_CAP = 160;
/** Rounds (sampled worlds) after which the worse half of the moves still tried is dropped; then twice as many. */
const HALVE = 8;
/** What a card in hand is worth at the end of a rollout, next to a token's 100 (the greedy bot counts 3). */
const CARD_WEIGHT = 10;

/**
 * Determinized rollouts of the greedy policy (a one-step policy improvement, "PIMC" with heuristic playouts):
 * each iteration samples a world consistent with the seat's view, and every root move is tried in it, then every
 * seat plays the greedy bot's move (the heuristic one move deep) until the tournament in play is over; the
 * end position is scored for every seat by tokens and cards in hand (`endValues`). The same world and the same
 * rollout dice serve every root move (common random numbers: a comparison, not two noisy estimates), and the
 * worse half of the moves is dropped after 8 worlds, then 16, 32… (sequential halving: the budget goes to the
 * moves that matter). One rollout is one iteration; the most visited move (then the best mean) is played.
 * It reads only the view and its RNG, so an iteration budget gives the same move for the same view and seed.
 * Not used by the levels (measured no better than ISMCTS at 3 players, worse at 5: packages/ai/README.md); plug
 * it in with `search: (request) => searchJoust(request)` in joust/tuning.ts.
 */
export function searchJoust(request: SearchRequest): RootReport {
  const { game, view, seat, rng, budget } = request;
  const deadline = new Deadline(budget);
  const stats = new Map<string, { visits: number; value: number }>();
  let iterations = 0;
  let rounds = 0;
  /** Moves still tried: the worse half is dropped after rounds HALVE, 2·HALVE, 4·HALVE… (at least two stay). */
  let alive: Set<string> | null = null;
  let nextCut = HALVE;
  while (rounds === 0 || !deadline.reached(iterations)) {
    const world = game.determinize(view, seat, rng) as JoustState;
    if (rounds === 0 && (game.outcome(world) || !game.toMove(world).includes(seat)))
      return { kind: 'none', iterations: 0 };
    rounds++;
    const moves = game.legalMoves(world, seat) as Move[];
    const dice: RngState = [nextUint32(rng), nextUint32(rng), nextUint32(rng), nextUint32(rng) | 1];
    for (const m of moves) {
      const key = game.formatMove(world, m);
      if (alive && !alive.has(key)) continue;
      const next = game.play(world, seat, m);
      if (!next.ok) continue;
      const value = rollout(game, next.value as JoustState, world.tournament, [...dice] as RngState)[seat] as number;
      const st = stats.get(key) ?? { visits: 0, value: 0 };
      st.visits++;
      st.value += value;
      stats.set(key, st);
      iterations++;
    }
    if (rounds === nextCut) {
      nextCut *= 2;
      const ranked = [...stats]
        .filter(([k]) => !alive || alive.has(k))
        .sort((a, b) => b[1].value / b[1].visits - a[1].value / a[1].visits || (a[0] < b[0] ? -1 : 1));
      if (ranked.length > 2)
        alive = new Set(ranked.slice(0, Math.max(2, Math.ceil(ranked.length / 2))).map(([k]) => k));
    }
  }
  return {
    kind: 'visits',
    moves: [...stats].map(([move, st]) => ({ move, visits: st.visits, value: st.value })),
    iterations,
  };
}

/** Every seat plays the greedy move until the tournament `tournament` is over (or the game); each seat's value. */
export function rollout(game: AnyGame, state: JoustState, tournament: number, rng: RngState): number[] {
  const end = playTournament(game, state, tournament, rng);
  return end.phase.kind === 'over' ? rewards(game.outcome(end)!, end.players) : endValues(end);
}

/** The state once the greedy policy, for every seat, has played tournament `tournament` to its end (or the game). */
export function playTournament(game: AnyGame, state: JoustState, tournament: number, rng: RngState): JoustState {
  let s = state;
  for (let ply = 0; ply < ROLLOUT_CAP; ply++) {
    if (s.phase.kind === 'over' || s.tournament > tournament) break;
    const actor = game.toMove(s)[0] as Seat;
    const moves = game.legalMoves(s, actor) as Move[];
    if (moves.length === 0) break;
    const next = game.play(s, actor, moves[greedyIndex(game, s, actor, moves, rng)]);
    if (!next.ok) break;
    s = next.value as JoustState;
  }
  return s;
}

/** Each seat's chance at the end of a rollout: tokens, the last one most, and cards in hand. */
export function endValues(s: JoustState): number[] {
  const n = s.players;
  const need = tokensToWin(n);
  const raw = s.tokens.map(
    (t, i) =>
      100 * t.length + (t.length === need - 1 ? 40 : 0) + CARD_WEIGHT * (s.hands[i] as readonly number[]).length,
  );
  return raw.map((r, i) => {
    let best = -Infinity;
    for (let o = 0; o < n; o++) if (o !== i && (raw[o] as number) > best) best = raw[o] as number;
    return 1 / (1 + Math.exp((-3 * (r - best)) / 100));
  });
}

/** The greedy bot's choice among `moves` (ties at random). */
export function greedyIndex(game: AnyGame, s: JoustState, seat: Seat, moves: readonly Move[], rng: RngState): number {
  if (moves.length === 1) return 0;
  let best = -Infinity;
  let pick = 0;
  let ties = 0;
  for (let i = 0; i < moves.length; i++) {
    const next = game.play(s, seat, moves[i]);
    if (!next.ok) continue;
    const v = joustGreedy(game, s, next.value, seat);
    if (v > best) {
      best = v;
      pick = i;
      ties = 1;
    } else if (v === best && nextInt(rng, ++ties) === 0) pick = i;
  }
  return pick;
}
