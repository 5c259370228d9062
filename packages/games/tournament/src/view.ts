/**
 * What one viewer may know (seed 001: hands are secret, the weapon and godsend piles face down; cards played,
 * wound piles, discards, life totals and godsends are on the table), and `determinize`, which rebuilds a full
 * state from a view for bots.
 */
import { nextUint32, shuffle, type Outcome, type RngState, type Seat, type Viewer } from '@roundtable/core';
import { CARD_BY_ID, CARD_ID, KIND, cardsInPlay, type Suit } from './cards.ts';
import { GODSENDS, GODSEND_COUNT, GODSEND_INDEX, HERO_IDS, legendOf } from './powers.ts';
import { pileWounds } from './round.ts';
import { toMove } from './rules.ts';
import { legendActive } from './state.ts';
import type {
  CombatResult,
  Phase,
  Play,
  RoundEffect,
  RoundSummary,
  TournamentOptions,
  TournamentState,
} from './types.ts';

export interface PlayView {
  readonly seat: Seat;
  readonly card: string;
  readonly suit: Suit | null;
  readonly value: number;
  readonly adjust: number;
}

export interface DeclaredView {
  readonly card: string;
  readonly suit: Suit;
  readonly value: number;
}

export interface SeatView {
  readonly hero: string | null;
  readonly legend: string | null;
  readonly legendActive: boolean;
  /** The round from which the legend is active (null: threshold not reached). */
  readonly legendFrom: number | null;
  readonly life: number;
  readonly handSize: number;
  /** The wound pile of this round (every card in it was seen on the table). */
  readonly pile: readonly string[];
  /** What the pile would cost now, effects applied. */
  readonly pileWounds: number;
  /** The Merlin and Apprenti in the pile, with the suit and value declared when they were played. */
  readonly declared: readonly DeclaredView[];
  readonly dishonour: number;
  readonly godsends: readonly { readonly id: string; readonly uses: number }[];
  /** Hero and legend powers used this round. */
  readonly used: readonly string[];
  /** Cards everyone knows to be in this hand (received face up in an exchange). */
  readonly shown: readonly string[];
}

export type PhaseView =
  | { readonly kind: 'hero'; readonly queue: readonly Seat[]; readonly free: readonly string[] }
  | { readonly kind: 'combat'; readonly turn: Seat }
  | {
      readonly kind: 'exchange';
      readonly user: Seat;
      readonly target: Seat;
      readonly step: 'give' | 'return';
      readonly turn: Seat;
    }
  | { readonly kind: 'redraw'; readonly user: Seat; readonly turn: Seat }
  | { readonly kind: 'godsend'; readonly queue: readonly Seat[]; readonly faceUp: readonly string[] }
  | { readonly kind: 'over' };

export interface PrivateView {
  readonly seat: Seat;
  readonly hand: readonly string[];
  /** Hands this seat looked at (peek), minus the cards that have left them since. */
  readonly seen: readonly { readonly owner: Seat; readonly cards: readonly string[] }[];
}

export interface CombatResultView {
  readonly round: number;
  readonly number: number;
  readonly loser: Seat | null;
  readonly plays: readonly PlayView[];
  readonly feinted: readonly string[];
  readonly cards: readonly string[];
}

export interface RoundSummaryView extends Omit<RoundSummary, 'piles'> {
  readonly piles: readonly (readonly string[])[];
}

export interface TournamentView {
  readonly game: 'tournament';
  readonly players: number;
  readonly options: TournamentOptions;
  readonly viewer: Viewer;
  readonly me: PrivateView | null;
  readonly phase: PhaseView;
  readonly toMove: readonly Seat[];
  readonly round: number;
  readonly dealer: Seat;
  readonly seats: readonly SeatView[];
  readonly combat: {
    readonly number: number;
    readonly leader: Seat;
    readonly plays: readonly PlayView[];
    readonly out: readonly { readonly seat: Seat; readonly card: string }[];
    readonly pot: readonly string[];
  };
  readonly lastCombat: CombatResultView | null;
  readonly lastRound: RoundSummaryView | null;
  readonly adjust: { readonly seat: Seat; readonly by: number; readonly power: string } | null;
  readonly effects: readonly RoundEffect[];
  readonly deckSize: number;
  readonly discard: readonly string[];
  readonly godsendDeckSize: number;
  readonly godsendDiscard: readonly string[];
  readonly divineWill: number;
  readonly wounded: readonly number[];
  readonly healed: readonly number[];
  readonly outcome: Outcome | null;
}

const ids = (cards: readonly number[]): string[] => cards.map((c) => CARD_ID[c]!);
const gids = (cards: readonly number[]): string[] => cards.map((c) => GODSENDS[c]!.id);
const playView = (p: Play): PlayView => ({
  seat: p.seat,
  card: CARD_ID[p.card]!,
  suit: p.suit,
  value: p.value,
  adjust: p.adjust,
});

export function outcomeOf(s: TournamentState): Outcome | null {
  if (s.phase.kind !== 'over') return null;
  const top = Math.max(...s.life);
  const winners = s.life.flatMap((l, seat) => (l === top ? [seat] : []));
  // seed 001: "Le chevalier disposant du plus grand nombre de points de vie est alors déclaré vainqueur" ; [décision] ties share.
  return { winners, draw: winners.length > 1, reason: 'life', scores: [...s.life] };
}

function phaseView(s: TournamentState): PhaseView {
  const p = s.phase;
  if (p.kind === 'godsend') return { kind: 'godsend', queue: [...p.queue], faceUp: gids(p.faceUp) };
  if (p.kind === 'hero') return { kind: 'hero', queue: [...p.queue], free: heroesFree(s) };
  return { ...p };
}

function heroesFree(s: TournamentState): string[] {
  return HERO_IDS.filter((h) => !s.heroes.includes(h));
}

export function view(s: TournamentState, viewer: Viewer): TournamentView {
  let me: PrivateView | null = null;
  if (viewer !== 'spectator') {
    me = {
      seat: viewer,
      hand: ids(s.hands[viewer] ?? []),
      seen: s.seen.filter((e) => e.viewer === viewer).map((e) => ({ owner: e.owner, cards: ids(e.cards) })),
    };
  }
  const wounds = pileWounds(s);
  const lc: CombatResult | null = s.lastCombat;
  return {
    game: 'tournament',
    players: s.players,
    options: { ...s.options },
    viewer,
    me,
    phase: phaseView(s),
    toMove: [...toMove(s)],
    round: s.round,
    dealer: s.dealer,
    seats: s.hands.map((hand, seat) => {
      const hero = s.heroes[seat] ?? null;
      return {
        hero,
        legend: hero ? legendOf(hero).id : null,
        legendActive: legendActive(s, seat),
        legendFrom: s.legendFrom[seat] ?? null,
        life: s.life[seat]!,
        handSize: hand.length,
        pile: ids(s.piles[seat]!),
        pileWounds: wounds[seat]!,
        declared: s.declared
          .filter((x) => s.piles[seat]!.includes(x.card))
          .map((x) => ({ card: CARD_ID[x.card]!, suit: x.suit, value: x.value })),
        dishonour: s.dishonour[seat]!,
        godsends: s.godsends[seat]!.map((g) => ({ id: GODSENDS[g.card]!.id, uses: g.uses })),
        used: [...s.used[seat]!],
        shown: ids(s.shown[seat]!),
      };
    }),
    combat: {
      number: s.combat.number,
      leader: s.combat.leader,
      plays: s.combat.plays.map(playView),
      out: s.combat.out.map((o) => ({ seat: o.seat, card: CARD_ID[o.card]! })),
      pot: ids(s.combat.pot),
    },
    lastCombat: lc
      ? {
          round: lc.round,
          number: lc.number,
          loser: lc.loser,
          plays: lc.plays.map(playView),
          feinted: ids(lc.feinted),
          cards: ids(lc.cards),
        }
      : null,
    lastRound: s.lastRound ? { ...s.lastRound, piles: s.lastRound.piles.map(ids) } : null,
    adjust: s.adjust ? { ...s.adjust } : null,
    effects: s.effects.map((e) => ({ ...e })),
    deckSize: s.deck.length,
    discard: ids(s.discard),
    godsendDeckSize: s.godsendDeck.length,
    godsendDiscard: gids(s.godsendDiscard),
    divineWill: s.divineWill,
    wounded: [...s.wounded],
    healed: [...s.healed],
    outcome: outcomeOf(s),
  };
}

const card = (id: string): number => {
  const c = CARD_BY_ID.get(id);
  if (c === undefined) throw new Error(`determinize: unknown card ${id}`);
  return c;
};
const godsend = (id: string): number => {
  const g = GODSEND_INDEX.get(id);
  if (g === undefined) throw new Error(`determinize: unknown godsend ${id}`);
  return g;
};
const fromPlay = (p: PlayView): Play => ({
  seat: p.seat,
  card: card(p.card),
  suit: p.suit,
  value: p.value,
  adjust: p.adjust,
});

/**
 * A full state consistent with `v` as seen by `seat`: the cards this seat cannot see (other hands, the weapon
 * pile, the order of the godsend pile) are dealt at random from those not visible to it, respecting hand and pile
 * sizes; cards shown face up in an exchange and those the seat saw in a peek stay where it knows them to be.
 */
export function determinize(v: TournamentView, seat: Seat, rng: RngState): TournamentState {
  const known = new Set<number>();
  const mine = (v.me && v.me.seat === seat ? v.me.hand : []).map(card);
  const piles = v.seats.map((sv) => sv.pile.map(card));
  const discard = v.discard.map(card);
  const plays = v.combat.plays.map(fromPlay);
  const pot = v.combat.pot.map(card);
  for (const c of [...mine, ...piles.flat(), ...discard, ...plays.map((p) => p.card), ...pot]) known.add(c);

  const hands: number[][] = v.seats.map(() => []);
  hands[seat] = mine;
  const place = (owner: Seat, c: number): void => {
    if (owner === seat || known.has(c) || hands[owner]!.length >= v.seats[owner]!.handSize) return;
    hands[owner]!.push(c);
    known.add(c);
  };
  const shown = v.seats.map((sv) => sv.shown.map(card));
  shown.forEach((list, owner) => list.forEach((c) => place(owner, c)));
  const seen = (v.me?.seen ?? []).map((e) => ({ viewer: seat, owner: e.owner, cards: e.cards.map(card) }));
  for (const e of seen) for (const c of e.cards) place(e.owner, c);

  const unknown = cardsInPlay(v.players).filter((c) => !known.has(c));
  shuffle(rng, unknown);
  v.seats.forEach((sv, owner) => {
    if (owner === seat) return;
    const hand = hands[owner]!;
    while (hand.length < sv.handSize) hand.push(unknown.pop()!);
    hand.sort((a, b) => a - b);
  });
  const deck = unknown; // what is left: exactly deckSize cards when the view is consistent

  const held = v.seats.map((sv) => sv.godsends.map((g) => ({ card: godsend(g.id), uses: g.uses })));
  const godsendDiscard = v.godsendDiscard.map(godsend);
  const p = v.phase;
  const faceUp = p.kind === 'godsend' ? p.faceUp.map(godsend) : [];
  const visibleGodsends = new Set([...held.flat().map((g) => g.card), ...godsendDiscard, ...faceUp]);
  const godsendDeck = shuffle(
    rng,
    Array.from({ length: GODSEND_COUNT }, (_, i) => i).filter((g) => !visibleGodsends.has(g)),
  );

  let phase: Phase;
  if (p.kind === 'godsend') phase = { kind: 'godsend', queue: [...p.queue], faceUp };
  else if (p.kind === 'hero') phase = { kind: 'hero', queue: [...p.queue] };
  else phase = { ...p };
  const next: RngState = [nextUint32(rng), nextUint32(rng), nextUint32(rng), nextUint32(rng)];
  const lr = v.lastRound;
  const lc = v.lastCombat;
  return {
    players: v.players,
    options: { ...v.options },
    rng: next,
    round: v.round,
    dealer: v.dealer,
    heroes: v.seats.map((sv) => sv.hero),
    legendFrom: v.seats.map((sv) => sv.legendFrom),
    life: v.seats.map((sv) => sv.life),
    wounded: [...v.wounded],
    healed: [...v.healed],
    deck,
    discard,
    removed: v.players === 2 ? Array.from({ length: 80 }, (_, c) => c).filter((c) => !cardsInPlay(2).includes(c)) : [],
    hands,
    piles,
    dishonour: v.seats.map((sv) => sv.dishonour),
    combat: {
      number: v.combat.number,
      leader: v.combat.leader,
      plays,
      out: v.combat.out.map((o) => ({ seat: o.seat, card: card(o.card) })),
      pot,
    },
    lastCombat: lc
      ? {
          round: lc.round,
          number: lc.number,
          loser: lc.loser,
          plays: lc.plays.map(fromPlay),
          feinted: lc.feinted.map(card),
          cards: lc.cards.map(card),
        }
      : null,
    adjust: v.adjust ? { ...v.adjust } : null,
    effects: v.effects.map((e) => ({ ...e })),
    used: v.seats.map((sv) => [...sv.used]),
    godsends: held,
    godsendDeck,
    godsendDiscard,
    divineWill: v.divineWill,
    shown,
    seen,
    // The piles' jokers as the view declares them, and those on the table (value before any adjustment).
    declared: [
      ...v.seats.flatMap((sv) =>
        (sv.declared ?? []).map((x) => ({ card: card(x.card), suit: x.suit, value: x.value })),
      ),
      ...plays
        .filter((p) => KIND[p.card] === 'merlin' || KIND[p.card] === 'apprenti')
        .map((p) => ({ card: p.card, suit: p.suit as Suit, value: p.value - p.adjust })),
    ],
    lastRound: lr ? { ...lr, piles: lr.piles.map((pl) => pl.map(card)) } : null,
    phase,
  };
}
