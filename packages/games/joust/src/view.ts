/**
 * What one viewer may know (seed 000: hands are secret, the deck is face down, Chute is "sans la révéler aux
 * autres joueurs"), and `determinize`, which rebuilds a full state from a view for bots.
 */
import { nextUint32, shuffle, type RngState, type Seat, type Viewer, type Outcome } from '@roundtable/core';
import { CARD_BY_ID, CARD_COUNT, CARD_ID, SHIELD_CARD, STUN_CARD, type Colour } from './cards.ts';
import { formatMove } from './notation.ts';
import { toMove } from './rules.ts';
import { tokensToWin, total } from './state.ts';
import type { JoustOptions, JoustState, Phase, PlayMove } from './types.ts';

export interface SeatView {
  readonly handSize: number;
  /** Card ids, oldest first. */
  readonly display: readonly string[];
  readonly total: number;
  readonly inTournament: boolean;
  readonly shield: boolean;
  readonly stunned: boolean;
  readonly tokens: readonly Colour[];
}

/** The phase as everyone sees it. In a response window nobody learns who answered what. */
export type PhaseView =
  | { readonly kind: 'start' }
  | { readonly kind: 'turn' }
  | {
      readonly kind: 'response';
      readonly seat: Seat;
      readonly card: string;
      readonly move: PlayMove;
      readonly notation: string;
      readonly waiting: readonly Seat[];
    }
  | { readonly kind: 'adapt'; readonly waiting: readonly Seat[] }
  | { readonly kind: 'maiden'; readonly seat: Seat }
  | { readonly kind: 'purple'; readonly seat: Seat }
  | { readonly kind: 'over'; readonly winner: Seat };

/** What only the viewing seat knows. */
export interface PrivateView {
  readonly seat: Seat;
  readonly hand: readonly string[];
  /** The last Chute, if this seat took or lost the card. */
  readonly knock?: { readonly from: Seat; readonly to: Seat; readonly card: string };
  /** True while this seat's Lancelot answer waits for the window to close. */
  readonly lancelot?: true;
}

export interface JoustView {
  readonly game: 'joust';
  readonly players: number;
  readonly options: JoustOptions;
  readonly viewer: Viewer;
  readonly me: PrivateView | null;
  readonly phase: PhaseView;
  readonly toMove: readonly Seat[];
  readonly dealer: Seat;
  readonly starter: Seat;
  readonly active: Seat;
  readonly tournament: number;
  readonly colour: Colour | null;
  readonly previousColour: Colour | null;
  readonly played: number;
  readonly added: number;
  readonly opening: boolean;
  readonly seats: readonly SeatView[];
  readonly deckSize: number;
  readonly discard: readonly string[];
  readonly revealed: { readonly seat: Seat; readonly cards: readonly string[] } | null;
  readonly tokensToWin: number;
  readonly outcome: Outcome | null;
}

const ids = (cards: readonly number[]): string[] => cards.map((c) => CARD_ID[c]!);

function phaseView(p: Phase): PhaseView {
  if (p.kind === 'response') {
    const { seat, card, move } = p.action;
    return { kind: 'response', seat, card: CARD_ID[card]!, move, notation: formatMove(move), waiting: p.waiting };
  }
  return p;
}

export function outcomeOf(s: JoustState): Outcome | null {
  if (s.phase.kind !== 'over') return null;
  return { winners: [s.phase.winner], draw: false, reason: 'tokens', scores: s.tokens.map((t) => t.length) };
}

export function view(s: JoustState, viewer: Viewer): JoustView {
  let me: PrivateView | null = null;
  if (viewer !== 'spectator') {
    const knock =
      s.knock && (s.knock.from === viewer || s.knock.to === viewer)
        ? { from: s.knock.from, to: s.knock.to, card: CARD_ID[s.knock.card]! }
        : undefined;
    const lancelot = s.phase.kind === 'response' && s.phase.lancelot === viewer;
    me = {
      seat: viewer,
      hand: ids(s.hands[viewer] ?? []),
      ...(knock ? { knock } : {}),
      ...(lancelot ? { lancelot: true as const } : {}),
    };
  }
  return {
    game: 'joust',
    players: s.players,
    options: { ...s.options },
    viewer,
    me,
    phase: phaseView(s.phase),
    toMove: [...toMove(s)],
    dealer: s.dealer,
    starter: s.starter,
    active: s.active,
    tournament: s.tournament,
    colour: s.colour,
    previousColour: s.previousColour,
    played: s.played,
    added: s.added,
    opening: s.opening,
    seats: s.hands.map((hand, seat) => ({
      handSize: hand.length,
      display: ids(s.displays[seat]!),
      total: total(s, seat),
      inTournament: s.inTournament[seat]!,
      shield: s.shield === seat,
      stunned: s.stunned === seat,
      tokens: [...s.tokens[seat]!],
    })),
    deckSize: s.deck.length,
    discard: ids(s.discard),
    revealed: s.revealed ? { seat: s.revealed.seat, cards: ids(s.revealed.cards) } : null,
    tokensToWin: tokensToWin(s.players),
    outcome: outcomeOf(s),
  };
}

const card = (id: string): number => {
  const c = CARD_BY_ID.get(id);
  if (c === undefined) throw new Error(`determinize: unknown card ${id}`);
  return c;
};

/**
 * A full state consistent with `v` as seen by `seat`: the cards this seat cannot see (other hands, the deck)
 * are dealt at random from the cards not visible to it, respecting hand and deck sizes; a hand shown to all
 * and a card this seat saw taken by Chute stay where the seat knows them to be. `rng` is advanced.
 */
export function determinize(v: JoustView, seat: Seat, rng: RngState): JoustState {
  const known = new Set<number>();
  const mine = (v.me && v.me.seat === seat ? v.me.hand : []).map(card);
  mine.forEach((c) => known.add(c));
  const displays = v.seats.map((sv) => sv.display.map(card));
  displays.flat().forEach((c) => known.add(c));
  const discard = v.discard.map(card);
  discard.forEach((c) => known.add(c));
  let shield: Seat | null = null;
  let stunned: Seat | null = null;
  v.seats.forEach((sv, i) => {
    if (sv.shield) shield = i;
    if (sv.stunned) stunned = i;
  });
  if (shield !== null) known.add(SHIELD_CARD);
  if (stunned !== null) known.add(STUN_CARD);
  if (v.phase.kind === 'response') known.add(card(v.phase.card));

  // Cards the seat knows to be in another hand.
  const placed: number[][] = v.seats.map(() => []);
  const place = (owner: Seat, c: number): void => {
    if (owner === seat || known.has(c) || placed[owner]!.length >= v.seats[owner]!.handSize) return;
    placed[owner]!.push(c);
    known.add(c);
  };
  if (v.revealed) for (const id of v.revealed.cards) place(v.revealed.seat, card(id));
  if (v.me?.knock && v.me.knock.from === seat) place(v.me.knock.to, card(v.me.knock.card));

  const unknown: number[] = [];
  for (let c = 0; c < CARD_COUNT; c++) if (!known.has(c)) unknown.push(c);
  shuffle(rng, unknown);
  const hands = v.seats.map((sv, i) => {
    if (i === seat) return mine;
    const hand = placed[i]!;
    while (hand.length < sv.handSize) hand.push(unknown.pop()!);
    return hand;
  });
  const deck = unknown; // what is left: exactly deckSize cards when the view is consistent

  let phase: Phase;
  const p = v.phase;
  if (p.kind === 'response') {
    phase = {
      kind: 'response',
      action: { seat: p.seat, card: card(p.card), move: p.move },
      waiting: p.waiting,
      lancelot: v.me?.lancelot ? seat : null,
    };
  } else {
    phase = p;
  }
  // The sampled state's own RNG (future draws after reshuffles, Chute) comes from the caller's stream too.
  const next: RngState = [nextUint32(rng), nextUint32(rng), nextUint32(rng), nextUint32(rng) | 1];
  return {
    players: v.players,
    options: { ...v.options },
    rng: [next[0], next[1], next[2], next[3] >>> 0],
    deck,
    discard,
    hands,
    displays,
    shield,
    stunned,
    tokens: v.seats.map((sv) => [...sv.tokens]),
    inTournament: v.seats.map((sv) => sv.inTournament),
    colour: v.colour,
    previousColour: v.previousColour,
    dealer: v.dealer,
    starter: v.starter,
    active: v.active,
    played: v.played,
    added: v.added,
    opening: v.opening,
    tournament: v.tournament,
    revealed: v.revealed ? { seat: v.revealed.seat, cards: v.revealed.cards.map(card) } : null,
    knock: v.me?.knock ? { from: v.me.knock.from, to: v.me.knock.to, card: card(v.me.knock.card) } : null,
    phase,
  };
}
