/**
 * The Tournament's search: perfect-information Monte Carlo over determinizations (as the Skat programs do).
 * Each iteration samples the hidden hands consistently with what play has shown (sampler.ts), as often as the
 * others' plays this round make them likely (inference.ts: a Markov chain over the hands), then tries every
 * card the seat may play in that world and plays the round out with the rule of thumb for every seat
 * (rollout.ts); the end of the round is scored by the rules (every pile's wounds, effects applied) as the
 * seat's life against the others'. The same world serves every candidate (common random numbers: the means are
 * compared, not estimated apart). A value change (an `adjust` power) is searched with the card it changes, and
 * used only for a gain worth more than keeping it (`ADJUST_KEPT`): the greedy score values every change alike and
 * took the first, −3 with a ± power. The other powers, the exchange, the redraw and the godsend picks are left to
 * the greedy score (tournament.ts), whose one-ply judgement of them the rollouts could not improve: a rollout
 * never uses a power, so it would always spend one at once.
 */
import type { AnyGame, RngState, Seat } from '@roundtable/core';
import { CARD_BY_ID, POWER_BY_ID, SUITS, VALUE, type Move, type TournamentState } from '@roundtable/tournament';
import { Deadline } from '../budget.ts';
import type { RootReport, SearchRequest } from '../search.ts';
import { tournamentGreedy } from './greedy.ts';
import type { AnnotatedView } from './knowledge.ts';
import { masksFor } from './knowledge.ts';
import { IS_JOKER, applyAction, cloneSim, lifeAfter, playOut, simOf, type Action } from './rollout.ts';
import { Chain, Evidence } from './inference.ts';
import { Sampler, fixedCards } from './sampler.ts';

export interface PimcOptions {
  /** What a card kept in hand is worth to the rollouts' rule of thumb, per point of value. */
  readonly keep: number;
  /** Bonus for a game won at the end of the round (and malus for one lost), in life points. */
  readonly winBonus: number;
  /** Standard errors a candidate's mean gain over the greedy move must clear (0: the best mean, always). */
  readonly confidence: number;
  /** Score a round's end by the chance of winning the game (`winChance`, ×400) instead of the life standing. */
  readonly chance: boolean;
  /**
   * Steps of the chain between two worlds searched (inference.ts: worlds as likely as the others' plays this round
   * make them); 0: worlds dealt at random among those the rules allow.
   */
  readonly steps: number;
  /** How strictly the others are taken to play the rule of thumb (inference.ts), in wounds: a move dearer by this much is e times less likely. */
  readonly temperature: number;
}

/**
 * Measured against three greedy bots (BALANCE.md, packages/ai/README.md): a confidence of 1 standard error beat
 * 0.5 and 2; a game won or lost at the end of the round is worth 300 life points (100 did less well); scoring a
 * round's end by `winChance` did no better than the life standing within the noise of 80 games.
 */
export const PIMC_DEFAULTS: PimcOptions = {
  keep: 0.4,
  winBonus: 300,
  confidence: 1,
  chance: false,
  steps: 20,
  temperature: 0.5,
};

/** The greedy score's move (the greedy bot's choice, first of the best on a tie). */
export function greedyMove(
  game: AnyGame,
  s: TournamentState,
  seat: Seat,
  moves: readonly Move[],
): { move: Move; score: number } {
  let best = moves[0]!;
  let bestScore = -Infinity;
  for (const m of moves) {
    const next = game.play(s, seat, m);
    const score = next.ok ? tournamentGreedy(game, s, next.value as TournamentState, seat) : -Infinity;
    if (score > bestScore) {
      bestScore = score;
      best = m;
    }
  }
  return { move: best, score: bestScore };
}

/**
 * The card moves worth searching: every card, a joker with a few declarations only (the highest value, a feint
 * with each card on the table, the lowest; leading, in each suit), since the other values play alike.
 */
export function candidateMoves(s: TournamentState, moves: readonly Move[]): Move[] {
  const table = new Set(
    s.combat.plays.map(
      (p) => p.value - (s.adjust && s.phase.kind === 'combat' && s.adjust.seat === s.phase.turn ? s.adjust.by : 0),
    ),
  );
  const out: Move[] = [];
  for (const m of moves) {
    if (m.type === 'discard') out.push(m);
    else if (m.type === 'play') {
      if (!m.declare) out.push(m);
      else if (m.declare.value === 15 || m.declare.value === 1 || table.has(m.declare.value)) out.push(m);
    }
  }
  return out;
}

/** A card move as the simulator plays it. */
export function actionOf(s: TournamentState, seat: Seat, m: Move): Action {
  if (m.type !== 'play' && m.type !== 'discard') throw new Error(`not a card move: ${m.type}`);
  const hand = s.hands[seat]!;
  const card =
    m.card === 'merlin' || m.card === 'apprenti'
      ? hand.find((c) => IS_JOKER[c] && c < 78 === (m.card === 'merlin'))!
      : CARD_BY_ID.get(m.card)!;
  if (m.type === 'discard') return { card, value: 0, suit: -1, discard: true };
  const adjust = s.adjust && s.adjust.seat === seat ? s.adjust.by : 0;
  if (m.declare) return { card, value: m.declare.value + adjust, suit: SUITS.indexOf(m.declare.suit), discard: false };
  return { card, value: VALUE[card]! + adjust, suit: -1, discard: false };
}

/** Wounds a knight takes in a round, on average and spread (4 players, measured roughly: 48 cards, ~6.5 each). */
const ROUND_WOUNDS = 78;
const ROUND_SPREAD = 40;

/**
 * The seat's chance of winning the game from the life totals at a round's end: the game ends when the lowest
 * knight falls, in about (lowest life / wounds a round) rounds, and by then each knight's life has moved by a
 * spread that grows with the square root of the rounds left; the chance is a softmax of the life totals at that
 * temperature, so a lead counts more the closer the end. A game over is scored exactly (shared wins shared).
 */
export function winChance(life: readonly number[], seat: Seat): number {
  let top = -Infinity;
  let low = Infinity;
  for (const l of life) {
    if (l > top) top = l;
    if (l < low) low = l;
  }
  if (low <= 0) {
    if (life[seat] !== top) return 0;
    let shared = 0;
    for (const l of life) if (l === top) shared++;
    return 1 / shared;
  }
  const rounds = low / ROUND_WOUNDS;
  const temperature = ROUND_SPREAD * Math.sqrt(2 * (rounds + 0.5));
  let sum = 0;
  for (const l of life) sum += Math.exp((l - top) / temperature);
  return Math.exp((life[seat]! - top) / temperature) / sum;
}

/** The seat's score of a round's end: its life against the others' (half the best, half the mean), and the game. */
export function roundScore(life: readonly number[], seat: Seat, winBonus: number): number {
  let best = -Infinity;
  let sum = 0;
  let top = -Infinity;
  let dead = false;
  for (let o = 0; o < life.length; o++) {
    const l = life[o]!;
    if (l <= 0) dead = true;
    if (l > top) top = l;
    if (o === seat) continue;
    if (l > best) best = l;
    sum += l;
  }
  let score = life[seat]! - 0.5 * best - (0.5 * sum) / (life.length - 1);
  if (dead) score += life[seat] === top ? winBonus : -winBonus;
  return score;
}

/** A report naming one move (the greedy score's, where the search does not decide). */
function only(game: AnyGame, s: TournamentState, m: Move): RootReport {
  return { kind: 'visits', moves: [{ move: game.formatMove(s, m), visits: 1, value: 0.5 }], iterations: 0 };
}

/**
 * The search: iterations are sampled worlds, in each of which every candidate still in is tried once; from 16
 * worlds on, and at every doubling, the candidates that clearly trail the best are dropped. Reported values are
 * around 0.5, 1/400 per point of the round score's gain over the greedy move (a lower bound, see below), so that
 * shares merge by their sums.
 */
export function searchTournament(request: SearchRequest, options: PimcOptions = PIMC_DEFAULTS): RootReport {
  const { game, seat, rng, budget } = request;
  const view = request.view as AnnotatedView;
  // A timed search keeps a tenth of its time (at least 10 ms) for what comes before and after it: the level's
  // budget is the whole answer's.
  const deadline = new Deadline(
    budget.ms !== undefined ? { ...budget, ms: Math.max(1, budget.ms - Math.max(10, budget.ms / 10)) } : budget,
  );
  const masks = masksFor(view, seat);
  const sampler = new Sampler(game, view, seat, rng, masks);
  const first = sampler.next(rng);
  if (game.outcome(first) || !game.toMove(first).includes(seat)) return { kind: 'none', iterations: 0 };
  const legal = game.legalMoves(first, seat) as Move[];
  if (legal.length === 0) return { kind: 'none', iterations: 0 };
  if (first.phase.kind !== 'combat') return only(game, first, greedyMove(game, first, seat, legal).move);
  const greedy = greedyMove(game, first, seat, legal).move;
  // A value change (adjust) is searched with the card it changes: every card at every value the powers allow,
  // against every card unchanged. Any other power is the greedy score's to use.
  const adjusts = legal.filter(
    (m): m is Extract<Move, { type: 'use' }> => m.type === 'use' && POWER_BY_ID.get(m.power)?.effect.kind === 'adjust',
  );
  if (greedy.type === 'use' && !adjusts.some((u) => u === greedy)) return only(game, first, greedy);
  const cardMoves = legal.filter((m) => m.type === 'play' || m.type === 'discard');
  const plain = greedy.type === 'use' ? greedyMove(game, first, seat, cardMoves).move : greedy;
  const moves = candidateMoves(first, cardMoves);
  const names = moves.map((m) => game.formatMove(first, m));
  // Every candidate is compared with the greedy score's card in the same worlds (paired differences), so that
  // card is a candidate (a joker's declaration may be one the candidates left out).
  const greedyName = game.formatMove(first, plain);
  let base = names.indexOf(greedyName);
  if (base < 0) {
    base = moves.length;
    moves.push(plain);
    names.push(greedyName);
  }
  // Per candidate, the value change it plays with (0: none); a changed card goes by the name of the use that starts it.
  const by: number[] = moves.map(() => 0);
  const plays = moves.length;
  for (const u of adjusts) {
    for (let i = 0; i < plays; i++) {
      if (moves[i]!.type !== 'play') continue;
      moves.push(moves[i]!);
      names.push(game.formatMove(first, u));
      by.push(u.by ?? 0);
    }
  }
  if (moves.length <= 1) return only(game, first, plain);
  // Per candidate, its round score in every world it was tried in (the same worlds for the candidates still in).
  const worlds: number[][] = moves.map(() => []);
  const alive = moves.map(() => true);
  const scores = new Array<number>(moves.length).fill(0);
  let iterations = 0;
  // The others' plays this round weigh the worlds (inference.ts): the chain starts from the first world and walks
  // BURN_IN times its steps before the search's first world.
  const evidence =
    options.steps > 0 ? new Evidence(first, view.knowledge, seat, options.keep, options.temperature) : null;
  const chain =
    evidence && evidence.turns > 0
      ? new Chain(first, evidence, seat, fixedCards(view, seat), sampler.masks, options.steps, rng as RngState)
      : null;
  if (chain) chain.next(BURN_IN * options.steps);
  let state = first;
  let nextPrune = PRUNE_FIRST;
  search: while (!deadline.reached(iterations)) {
    if (chain) state = chain.next();
    else if (iterations > 0) state = sampler.next(rng as RngState);
    const sim = simOf(state);
    for (let i = 0; i < moves.length; i++) {
      if (!alive[i]) continue;
      // A timed search stops between two rollouts: the world half tried is dropped (every candidate still in
      // keeps the same worlds), and an answer comes within the budget.
      if (deadline.outOfTime()) break search;
      const m = cloneSim(sim);
      const a = actionOf(state, seat, moves[i]!);
      applyAction(m, by[i] === 0 ? a : { ...a, value: a.value + by[i]! }, m.players);
      playOut(m, options.keep);
      scores[i] = options.chance
        ? 400 * winChance(lifeAfter(m, state), seat)
        : roundScore(lifeAfter(m, state), seat, options.winBonus);
    }
    for (let i = 0; i < moves.length; i++) if (alive[i]) worlds[i]!.push(scores[i]!);
    iterations++;
    if (iterations === nextPrune) {
      prune(worlds, alive, base);
      nextPrune *= 2;
    }
  }
  if (iterations === 0) return only(game, first, plain);
  // A candidate's value is a lower bound of its gain over the greedy card (mean less `confidence` standard
  // errors, over the worlds both were tried in): the search leaves the greedy card only for a gain it measured,
  // not for noise. A value change must also gain what keeping the power for a later combat is worth (the
  // rollouts never use one); a power's use is reported with the best card it could change.
  const n = iterations;
  const values = new Map<string, number>();
  names.forEach((move, i) => {
    const gain = pairedGain(worlds[i]!, worlds[base]!);
    const value = gain.mean - options.confidence * gain.error - (by[i] !== 0 ? ADJUST_KEPT : 0);
    values.set(move, Math.max(values.get(move) ?? -Infinity, value));
  });
  return {
    kind: 'visits',
    moves: [...values].map(([move, value]) => ({ move, visits: n, value: n * (0.5 + value / 400) })),
    iterations,
  };
}

/**
 * What a value change kept for a later combat is worth, in life points: a use must gain more now. The greedy
 * score counts an unused power 3 points and uses one at its first chance.
 */
const ADJUST_KEPT = 5;

/** The chain's first walk, in worlds' worth of steps: away from the first world, dealt without the evidence. */
const BURN_IN = 10;

/** Iterations before the first pruning of the candidates, then at every doubling. */
const PRUNE_FIRST = 16;
/** Standard errors by which a candidate must trail the best one to be dropped. */
const PRUNE_ERRORS = 2.5;

/** The mean and standard error of `a − b` over the worlds both were tried in (the first ones: `b` is never dropped). */
export function pairedGain(a: readonly number[], b: readonly number[]): { mean: number; error: number } {
  const n = Math.min(a.length, b.length);
  if (n === 0) return { mean: 0, error: 0 };
  let sum = 0;
  let squares = 0;
  for (let w = 0; w < n; w++) {
    const d = a[w]! - b[w]!;
    sum += d;
    squares += d * d;
  }
  const mean = sum / n;
  const error = n > 1 ? Math.sqrt(Math.max(0, squares / n - mean * mean) / (n - 1)) : 0;
  return { mean, error };
}

/** Drops the candidates that trail the best one clearly (never the greedy move `base`): the rest get the time. */
function prune(worlds: readonly number[][], alive: boolean[], base: number): void {
  let best = -1;
  let bestMean = -Infinity;
  for (let i = 0; i < worlds.length; i++) {
    if (!alive[i]) continue;
    const w = worlds[i]!;
    let sum = 0;
    for (const x of w) sum += x;
    if (sum / w.length > bestMean) {
      bestMean = sum / w.length;
      best = i;
    }
  }
  for (let i = 0; i < worlds.length; i++) {
    if (!alive[i] || i === best || i === base) continue;
    const gap = pairedGain(worlds[best]!, worlds[i]!);
    if (gap.mean > PRUNE_ERRORS * gap.error) alive[i] = false;
  }
}
