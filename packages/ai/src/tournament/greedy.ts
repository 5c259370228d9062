import type { Seat } from '@roundtable/core';
import {
  GODSENDS,
  KIND,
  VALUE,
  WOUNDS,
  feintedValues,
  isActive,
  pileWounds,
  powersOf,
  type TournamentState,
} from '@roundtable/tournament';
import type { Evaluate } from '../bot.ts';

/** What a card in hand is worth for the combats to come: high cards do not lose, jokers fit anywhere. */
function cardWorth(c: number): number {
  switch (KIND[c]) {
    case 'merlin':
      return 18;
    case 'apprenti':
      return 13;
    case 'alchemy':
      return VALUE[c]! + 2;
    default:
      return VALUE[c]!;
  }
}

/** A godsend held and still usable: heals count for their life, the rest a flat option value. */
function godsendWorth(card: number, uses: number): number {
  const e = GODSENDS[card]!.effect;
  if (uses <= 0) return 0;
  if (e.kind === 'heal') return (e.amount * uses) / 2;
  return isActive(e) ? 6 * uses : 8;
}

/**
 * The expected wounds `seat` takes from the combat on the table (nothing once it is resolved: the pile counts it).
 * The lowest card showing is likely to lose, the more so the lower it is and the fewer knights are still to play.
 */
function combatRisk(s: TournamentState, seat: Seat): number {
  const plays = s.combat.plays;
  const mine = plays.find((p) => p.seat === seat);
  if (!mine || (s.phase.kind !== 'combat' && s.phase.kind !== 'exchange' && s.phase.kind !== 'redraw')) return 0;
  const toPlay = s.players - plays.length - s.combat.out.length;
  const feinted = feintedValues(plays);
  let lowest: (typeof plays)[number] | null = null;
  for (const p of plays) if (!feinted.has(p.value) && (lowest === null || p.value < lowest.value)) lowest = p;
  const stake =
    plays.reduce((n, p) => n + WOUNDS[p.card]!, 0) + s.combat.pot.reduce((n, c) => n + WOUNDS[c]!, 0) + 6 * toPlay;
  let chance: number;
  if (feinted.has(mine.value)) chance = toPlay > 0 ? 0.1 : 0;
  else if (lowest && lowest.seat === seat) chance = Math.pow(1 - 0.6 * Math.min(1, (mine.value - 1) / 15), toPlay);
  else chance = toPlay > 0 ? 0.1 : 0;
  return chance * stake;
}

/**
 * The wound piles of a state, computed once: the search scores every seat of the same leaf in turn, and the
 * piles (effects applied) are the same for all of them.
 */
const pilesOf = new WeakMap<TournamentState, readonly number[]>();
function cachedPiles(s: TournamentState): readonly number[] {
  let piles = pilesOf.get(s);
  if (!piles) {
    piles = pileWounds(s);
    pilesOf.set(s, piles);
  }
  return piles;
}

/** A knight's standing: life less the wounds waiting in their pile. */
function standing(s: TournamentState, seat: Seat, piles: readonly number[]): number {
  return s.life[seat]! - piles[seat]!;
}

/**
 * The greedy bot's score for Tournament at Camelot, for `seat` after one move. It only ever sees states rebuilt by
 * `determinize` from the seat's view (its own hand, the table, life totals, godsends), so it reads nothing hidden.
 *
 * - the game's end dominates: winning, then life;
 * - otherwise its standing (life less the wound pile, effects applied) against the others' (half the best, half
 *   the mean), less the expected wounds of the combat in progress;
 * - plus what its hand is still worth (high cards and jokers keep it safe later) and unused powers and godsends,
 *   so that it does not throw them away.
 */
export const tournamentGreedy: Evaluate = (_game, _before, after: TournamentState, seat: Seat): number => {
  const s = after;
  if (s.phase.kind === 'over') {
    const top = Math.max(...s.life);
    const won = s.life[seat] === top;
    const shared = s.life.filter((l) => l === top).length;
    return (won ? 1e6 / shared : -1e6) + s.life[seat]!;
  }
  const piles = cachedPiles(s);
  const mine = standing(s, seat, piles) - combatRisk(s, seat);
  let best = -Infinity;
  let sum = 0;
  for (let o = 0; o < s.players; o++) {
    if (o === seat) continue;
    const st = standing(s, o, piles);
    best = Math.max(best, st);
    sum += st;
  }
  const others = 0.5 * best + 0.5 * (sum / (s.players - 1));
  let score = mine - 0.6 * others;
  const hand = s.hands[seat]!;
  for (const c of hand) score += 0.4 * cardWorth(c);
  for (const p of powersOf(s, seat)) {
    if (p.type !== 'godsend' && isActive(p.effect) && !s.used[seat]!.includes(p.id)) score += 3;
  }
  for (const g of s.godsends[seat]!) score += godsendWorth(g.card, g.uses);
  if (s.adjust && s.adjust.seat === seat && s.combat.plays.length > 0) score += 3.5;
  return score;
};
