import type { Seat } from '@roundtable/core';
import { GODSENDS, POWER_BY_ID, legendOf, type EffectKind, type PowerCard } from './powers.ts';
import type { Draft, TournamentState } from './types.ts';

/** The state as a writable copy: everything `play` may change is copied, card tables are shared. */
export function draft(s: TournamentState): Draft {
  return {
    ...s,
    rng: [...s.rng] as Draft['rng'],
    heroes: s.heroes.slice(),
    legendFrom: s.legendFrom.slice(),
    life: s.life.slice(),
    wounded: s.wounded.slice(),
    healed: s.healed.slice(),
    deck: s.deck.slice(),
    discard: s.discard.slice(),
    hands: s.hands.map((h) => h.slice()),
    piles: s.piles.map((p) => p.slice()),
    dishonour: s.dishonour.slice(),
    used: s.used.map((u) => u.slice()),
    godsends: s.godsends.map((g) => g.slice()),
    godsendDeck: s.godsendDeck.slice(),
    godsendDiscard: s.godsendDiscard.slice(),
    shown: s.shown.map((x) => x.slice()),
    effects: s.effects.slice(),
    seen: s.seen.slice(),
  };
}

type PowerState = Pick<TournamentState, 'heroes' | 'legendFrom' | 'round' | 'godsends'>;

/** seed 001: a legend's power is available from the round after its threshold is reached, for good. */
export function legendActive(s: PowerState, seat: Seat): boolean {
  const from = s.legendFrom[seat];
  return from !== null && from !== undefined && s.round >= from;
}

export function heroOf(s: Pick<TournamentState, 'heroes'>, seat: Seat): PowerCard | null {
  const id = s.heroes[seat];
  return id ? (POWER_BY_ID.get(id) ?? null) : null;
}

export function legendOfSeat(s: Pick<TournamentState, 'heroes'>, seat: Seat): PowerCard | null {
  const id = s.heroes[seat];
  return id ? legendOf(id) : null;
}

/** Whether a passive effect applies to `seat` now: its hero, its awake legend, or a godsend it holds. */
export function hasPassive(s: PowerState, seat: Seat, kind: EffectKind): boolean {
  const hero = heroOf(s, seat);
  if (hero && hero.effect.kind === kind) return true;
  if (hero && legendActive(s, seat) && legendOf(hero.id).effect.kind === kind) return true;
  const held = s.godsends[seat];
  if (held) for (const g of held) if (GODSENDS[g.card]!.effect.kind === kind) return true;
  return false;
}

/** The passive powers of one kind that apply to `seat` (several may: a regen hero and a regen godsend). */
export function passiveAmounts(s: PowerState, seat: Seat, kind: EffectKind): number[] {
  const out: number[] = [];
  const add = (p: PowerCard | null): void => {
    if (p && p.effect.kind === kind) out.push(p.effect.kind === 'regen' ? p.effect.amount : 0);
  };
  add(heroOf(s, seat));
  if (legendActive(s, seat)) add(legendOfSeat(s, seat));
  for (const g of s.godsends[seat] ?? []) add(GODSENDS[g.card]!);
  return out;
}

export function nextSeat(players: number, seat: Seat): Seat {
  return (seat + 1) % players;
}

/**
 * Seats in the order ties are broken (seed 001: "le plus proche du donneur précédent"): [décision] clockwise
 * from the seat left of the previous dealer, the previous dealer last.
 */
export function tieOrder(players: number, dealer: Seat): Seat[] {
  return Array.from({ length: players }, (_, i) => (dealer + 1 + i) % players);
}

/** Takes a card out of a hand, and out of what anyone knew of that hand. */
export function takeFromHand(d: Draft, seat: Seat, card: number): void {
  const hand = d.hands[seat]!;
  const i = hand.indexOf(card);
  if (i >= 0) hand.splice(i, 1);
  const shown = d.shown[seat]!;
  const j = shown.indexOf(card);
  if (j >= 0) shown.splice(j, 1);
  if (d.seen.length > 0) {
    d.seen = d.seen.map((e) =>
      e.owner === seat && e.cards.includes(card) ? { ...e, cards: e.cards.filter((c) => c !== card) } : e,
    );
  }
}

export function startingLife(s: Pick<TournamentState, 'options'>): number {
  return s.options.life;
}

/** Wounds that hit life at once (déshonneur) or at the end of a round. */
export function wound(d: Draft, seat: Seat, amount: number): void {
  d.life[seat] = d.life[seat]! - amount;
  d.wounded[seat] = d.wounded[seat]! + amount;
  checkLegend(d, seat);
}

/** Life regained, never above the starting life. Returns what was really regained. */
export function heal(d: Draft, seat: Seat, amount: number): number {
  const gained = Math.max(0, Math.min(amount, d.options.life - d.life[seat]!));
  d.life[seat] = d.life[seat]! + gained;
  d.healed[seat] = d.healed[seat]! + gained;
  return gained;
}

/** seed 001, "Seuil d'activation": at or below the threshold, the legend wakes for the next round. */
export function checkLegend(d: Draft, seat: Seat): boolean {
  if (d.legendFrom[seat] !== null) return false;
  const legend = legendOfSeat(d, seat);
  if (!legend || legend.threshold === undefined || legend.threshold === null) return false;
  if (d.life[seat]! > legend.threshold) return false;
  d.legendFrom[seat] = d.round + 1;
  return true;
}

export function anyDead(s: Pick<TournamentState, 'life'>): boolean {
  return s.life.some((l) => l <= 0);
}
