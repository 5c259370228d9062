/**
 * Using a power (hero, legend, godsend): who may, when, with which arguments, and what it does. Every effect a
 * player triggers is a `use` move on their own combat turn; an exchange then asks its target, then its user.
 */
import type { GameError, Seat } from '@roundtable/core';
import { suitsInPlay, type Suit } from './cards.ts';
import { cardMoves } from './combat.ts';
import {
  GODSENDS,
  GODSEND_INDEX,
  POWER_BY_ID,
  isActive,
  needsSuit,
  needsTarget,
  type Effect,
  type PowerCard,
} from './powers.ts';
import { heal, heroOf, legendActive, legendOfSeat, takeFromHand } from './state.ts';
import type { Draft, Move, TournamentState } from './types.ts';

type UseMove = Extract<Move, { type: 'use' }>;

/** The values an `adjust` effect allows. */
export function adjustSteps(e: Extract<Effect, { kind: 'adjust' }>): number[] {
  const ups = e.exact ? [e.max] : Array.from({ length: e.max }, (_, i) => i + 1);
  const out: number[] = [];
  if (e.sign !== '+') out.push(...ups.map((v) => -v).reverse());
  if (e.sign !== '-') out.push(...ups);
  return out;
}

/** The active powers `seat` could use this round if nothing else stood in the way (for menus). */
export function powersOf(s: TournamentState, seat: Seat): PowerCard[] {
  const out: PowerCard[] = [];
  const hero = heroOf(s, seat);
  if (hero) out.push(hero);
  const legend = legendOfSeat(s, seat);
  if (legend && legendActive(s, seat)) out.push(legend);
  for (const g of s.godsends[seat] ?? []) out.push(GODSENDS[g.card]!);
  return out;
}

/** Why `seat` may not use `move` now, or null. The caller has checked that it is `seat`'s combat turn. */
export function useError(s: TournamentState, seat: Seat, move: UseMove, canPlay?: boolean): GameError | null {
  const power = POWER_BY_ID.get(move.power);
  if (!power) return { code: 'UNKNOWN_POWER', power: move.power };
  const id = power.id;
  if (power.type === 'hero' && s.heroes[seat] !== id) return { code: 'NOT_YOUR_POWER', power: id };
  if (power.type === 'legend') {
    if (legendOfSeat(s, seat)?.id !== id) return { code: 'NOT_YOUR_POWER', power: id };
    if (!legendActive(s, seat)) return { code: 'LEGEND_ASLEEP', power: id, threshold: power.threshold ?? null };
  }
  if (power.type === 'godsend') {
    const held = s.godsends[seat]!.find((g) => g.card === GODSEND_INDEX.get(id));
    if (!held) return { code: 'NOT_YOUR_POWER', power: id };
    if (!isActive(power.effect)) return { code: 'PASSIVE_POWER', power: id };
    if (held.uses <= 0) return { code: 'POWER_USED', power: id };
  } else {
    if (!isActive(power.effect)) return { code: 'PASSIVE_POWER', power: id };
    if (s.used[seat]!.includes(id)) return { code: 'POWER_USED', power: id };
  }
  const e = power.effect;
  const extra = (arg: string): GameError => ({ code: 'BAD_ARGUMENT', power: id, argument: arg });
  if (needsTarget(e)) {
    const t = move.target;
    if (t === undefined) return { code: 'MISSING_ARGUMENT', power: id, argument: 'target' };
    if (!Number.isInteger(t) || t < 0 || t >= s.players || t === seat)
      return { code: 'BAD_TARGET', power: id, target: t };
  } else if (move.target !== undefined) return extra('target');
  if (needsSuit(e)) {
    if (move.suit === undefined) return { code: 'MISSING_ARGUMENT', power: id, argument: 'suit' };
    if (!suitsInPlay(s.players).includes(move.suit)) return { code: 'BAD_SUIT', power: id, suit: move.suit };
  } else if (move.suit !== undefined) return extra('suit');
  if (e.kind === 'adjust') {
    if (move.by === undefined) return { code: 'MISSING_ARGUMENT', power: id, argument: 'value' };
    const steps = adjustSteps(e);
    if (!steps.includes(move.by)) return { code: 'BAD_ADJUST', power: id, by: move.by, allowed: steps };
  } else if (move.by !== undefined) return extra('value');
  const noEffect: GameError = { code: 'NO_EFFECT', power: id };
  switch (e.kind) {
    case 'adjust':
      if (s.adjust) return { code: 'ADJUST_PENDING', power: id };
      return (canPlay ?? cardMoves(s, seat).some((m) => m.type === 'play')) ? null : noEffect;
    case 'heal':
      return s.life[seat]! >= s.options.life ? noEffect : null;
    case 'peek':
    case 'exchange':
      return s.hands[move.target!]!.length === 0 ? { code: 'EMPTY_HAND', power: id, target: move.target } : null;
    case 'redraw':
      return s.deck.length === 0 ? noEffect : null;
    case 'ward':
      return s.effects.some((x) => x.kind === 'ward' && x.by === seat && x.suit === move.suit) ? noEffect : null;
    case 'curse':
      return s.effects.some(
        (x) => x.kind === 'curse' && x.by === seat && x.target === move.target && x.suit === move.suit,
      )
        ? noEffect
        : null;
    case 'transfer':
      return s.effects.some((x) => x.kind === 'transfer' && x.by === seat && x.suit === move.suit) ? noEffect : null;
    default:
      return { code: 'PASSIVE_POWER', power: id };
  }
}

/** Every `use` move `seat` may make now (the same moves `useError` accepts, built without trying each). */
export function useMoves(s: TournamentState, seat: Seat, cards?: readonly Move[]): Move[] {
  const out: Move[] = [];
  if (s.heroes[seat] === null && s.godsends[seat]!.length === 0) return out;
  const canPlay = cards
    ? cards.length > 0 && cards[0]!.type === 'play'
    : cardMoves(s, seat).some((m) => m.type === 'play');
  const heroId = s.heroes[seat];
  if (heroId) {
    const hero = POWER_BY_ID.get(heroId)!;
    if (isActive(hero.effect) && !s.used[seat]!.includes(hero.id)) consider(s, seat, hero, canPlay, out);
    const legend = legendOfSeat(s, seat)!;
    if (legendActive(s, seat) && isActive(legend.effect) && !s.used[seat]!.includes(legend.id))
      consider(s, seat, legend, canPlay, out);
  }
  for (const g of s.godsends[seat]!) {
    const p = GODSENDS[g.card]!;
    if (g.uses > 0 && isActive(p.effect)) consider(s, seat, p, canPlay, out);
  }
  return out;
}

/** The moves of one available power, arguments checked as `useError` would. */
function consider(s: TournamentState, seat: Seat, p: PowerCard, canPlay: boolean, out: Move[]): void {
  const suits = suitsInPlay(s.players);
  const e = p.effect;
  const base = { type: 'use' as const, power: p.id };
  switch (e.kind) {
    case 'adjust':
      if (!s.adjust && canPlay) for (const by of adjustSteps(e)) out.push({ ...base, by });
      return;
    case 'heal':
      if (s.life[seat]! < s.options.life) out.push(base);
      return;
    case 'redraw':
      if (s.deck.length > 0) out.push(base);
      return;
    case 'peek':
    case 'exchange':
      for (let target = 0; target < s.players; target++)
        if (target !== seat && s.hands[target]!.length > 0) out.push({ ...base, target });
      return;
    case 'ward':
      for (const suit of suits)
        if (!s.effects.some((x) => x.kind === 'ward' && x.by === seat && x.suit === suit)) out.push({ ...base, suit });
      return;
    case 'curse':
      for (let target = 0; target < s.players; target++) {
        if (target === seat) continue;
        for (const suit of suits) {
          if (!s.effects.some((x) => x.kind === 'curse' && x.by === seat && x.target === target && x.suit === suit))
            out.push({ ...base, target, suit });
        }
      }
      return;
    case 'transfer':
      for (const suit of suits) {
        if (s.effects.some((x) => x.kind === 'transfer' && x.by === seat && x.suit === suit)) continue;
        for (let target = 0; target < s.players; target++) if (target !== seat) out.push({ ...base, target, suit });
      }
      return;
    default:
      return;
  }
}

function spend(d: Draft, seat: Seat, power: PowerCard): void {
  if (power.type !== 'godsend') {
    d.used[seat]!.push(power.id);
    return;
  }
  const index = GODSEND_INDEX.get(power.id)!;
  d.godsends[seat] = d.godsends[seat]!.map((g) => (g.card === index ? { ...g, uses: g.uses - 1 } : g));
  // Volonté divine: a spent use puts its token back in the supply.
  if (power.divineWill) d.divineWill += 1;
}

/** Applies a checked `use`. */
export function applyUse(d: Draft, seat: Seat, move: UseMove): void {
  const power = POWER_BY_ID.get(move.power)!;
  spend(d, seat, power);
  const e = power.effect;
  const target = move.target ?? -1;
  switch (e.kind) {
    case 'adjust':
      d.adjust = { seat, by: move.by!, power: power.id };
      return;
    case 'heal':
      heal(d, seat, e.amount);
      return;
    case 'peek':
      d.seen = [
        ...d.seen.filter((x) => !(x.viewer === seat && x.owner === target)),
        { viewer: seat, owner: target, cards: d.hands[target]!.slice() },
      ];
      return;
    case 'exchange':
      d.phase = { kind: 'exchange', user: seat, target, step: 'give', turn: target };
      return;
    case 'redraw': {
      const card = d.deck.pop()!;
      d.hands[seat]!.push(card);
      d.phase = { kind: 'redraw', user: seat, turn: seat };
      return;
    }
    case 'ward':
      d.effects.push({ kind: 'ward', by: seat, target: seat, suit: move.suit as Suit });
      return;
    case 'curse':
    case 'transfer':
      d.effects.push({ kind: e.kind, by: seat, target, suit: move.suit as Suit });
      return;
    default:
      return;
  }
}

/** Exchange: the card goes face up to the other seat (everyone knows where it is). */
export function applyGive(d: Draft, seat: Seat, card: number): void {
  const p = d.phase;
  if (p.kind !== 'exchange') return;
  const to = p.step === 'give' ? p.user : p.target;
  takeFromHand(d, seat, card);
  d.hands[to]!.push(card);
  d.shown[to]!.push(card);
  d.phase = p.step === 'give' ? { ...p, step: 'return', turn: p.user } : { kind: 'combat', turn: p.user };
}

/** Redraw: the card discarded face up; the user then plays on. */
export function applyRedrawDiscard(d: Draft, seat: Seat, card: number): void {
  takeFromHand(d, seat, card);
  d.discard.push(card);
  d.phase = { kind: 'combat', turn: seat };
}
