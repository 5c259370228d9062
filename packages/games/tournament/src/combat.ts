/**
 * A combat (seed 001, "MANCHE" 1–3): following, Alchimie, Merlin and Apprenti, déshonneur, the feint and the
 * lowest card losing.
 */
import type { GameError, Seat } from '@roundtable/core';
import {
  KIND,
  MAX_VALUE,
  MIN_VALUE,
  SUIT,
  SUITS as SUITS_ALL,
  VALUE,
  kindId,
  suitsInPlay,
  type Suit,
} from './cards.ts';
import { endRound } from './round.ts';
import { anyDead, hasPassive, takeFromHand, wound } from './state.ts';
import type { Combat, Declaration, Draft, Move, Play, TournamentState } from './types.ts';

/** seed 001, 1c: "subit alors 5 blessures, comme marque de DÉSHONNEUR". */
export const DISHONOUR_WOUNDS = 5;

/** The suit to follow: undefined when the seat leads, null after an Alchimie lead (anything may be played). */
export function ledSuit(combat: Combat): Suit | null | undefined {
  const lead = combat.plays[0];
  return lead === undefined ? undefined : lead.suit;
}

const isJoker = (c: number): boolean => KIND[c] === 'merlin' || KIND[c] === 'apprenti';

export function holdsSuit(hand: readonly number[], suit: Suit): boolean {
  return hand.some((c) => SUIT[c] === suit);
}

/**
 * True when the seat can neither follow, nor play Alchimie, nor play Merlin or Apprenti: it must discard a card
 * and take the déshonneur (seed 001, 1c).
 */
export function mustDiscard(s: TournamentState, seat: Seat): boolean {
  const led = ledSuit(s.combat);
  if (led === undefined || led === null) return false;
  return !s.hands[seat]!.some((c) => SUIT[c] === led || KIND[c] === 'alchemy' || isJoker(c));
}

/** The first card of `seat`'s hand of the kind a move names (`sw7`, `al3`, `merlin`), or −1. */
export function findKind(hand: readonly number[], kind: string): number {
  for (const c of hand) if (kindId(c) === kind) return c;
  return -1;
}

/** Why `seat` may not play `card` (a kind id) with `declare` now, or null. */
export function playError(
  s: TournamentState,
  seat: Seat,
  kind: string,
  declare: Declaration | undefined,
): GameError | null {
  const hand = s.hands[seat]!;
  const card = findKind(hand, kind);
  if (card < 0) return { code: 'NOT_IN_HAND', card: kind };
  const led = ledSuit(s.combat);
  if (isJoker(card)) {
    // seed 001: "vous devez leur attribuer une valeur ainsi qu'une suite … celle de l'entame".
    if (!declare) return { code: 'MUST_DECLARE', card: kind };
    if (
      !suitsInPlay(s.players).includes(declare.suit) ||
      !Number.isInteger(declare.value) ||
      declare.value < MIN_VALUE ||
      declare.value > MAX_VALUE
    ) {
      return { code: 'BAD_DECLARATION', card: kind, suit: declare.suit, value: declare.value };
    }
    if (led !== undefined && led !== null && declare.suit !== led)
      return { code: 'DECLARE_LED_SUIT', card: kind, suit: led };
    return null;
  }
  if (declare) return { code: 'NO_DECLARATION', card: kind };
  const free = hasPassive(s, seat, 'alchemy-free');
  if (led === undefined) {
    // [décision] Alchimie may lead only when the hand holds nothing else (seed 001, 1d: "S'ils n'ont pas le choix").
    if (KIND[card] === 'alchemy' && !free && hand.some((c) => KIND[c] !== 'alchemy'))
      return { code: 'ALCHEMY_LEAD', card: kind };
    return null;
  }
  if (led === null) return null; // seed 001, 1d: after an Alchimie lead, any card
  if (KIND[card] === 'alchemy') {
    // seed 001, 1b: Alchimie only "si un chevalier ne peut pas suivre".
    return holdsSuit(hand, led) && !free ? { code: 'ALCHEMY_NOT_ALLOWED', card: kind, suit: led } : null;
  }
  if (SUIT[card] === led) return null;
  if (holdsSuit(hand, led)) return { code: 'MUST_FOLLOW', card: kind, suit: led };
  if (mustDiscard(s, seat)) return { code: 'MUST_DISCARD', card: kind, suit: led };
  return { code: 'MUST_PLAY_ALCHEMY', card: kind, suit: led };
}

export function dishonourError(s: TournamentState, seat: Seat, kind: string): GameError | null {
  if (findKind(s.hands[seat]!, kind) < 0) return { code: 'NOT_IN_HAND', card: kind };
  if (!mustDiscard(s, seat)) return { code: 'CANNOT_DISCARD', card: kind };
  return null;
}

const PLAY_MOVE: readonly Move[] = Array.from(
  { length: 80 },
  (_, c) => Object.freeze({ type: 'play', card: kindId(c) }) as Move,
);
const DISCARD_MOVE: readonly Move[] = Array.from(
  { length: 80 },
  (_, c) => Object.freeze({ type: 'discard', card: kindId(c) }) as Move,
);
/** Every declaration of a joker in one suit, as shared move objects (the hot path of random playouts). */
const DECLARE_MOVES: ReadonlyMap<string, readonly Move[]> = new Map(
  (['merlin', 'apprenti'] as const).flatMap((card) =>
    SUITS_ALL.map((suit) => [
      `${card}/${suit}`,
      Array.from(
        { length: MAX_VALUE - MIN_VALUE + 1 },
        (_, i) => Object.freeze({ type: 'play', card, declare: Object.freeze({ suit, value: MIN_VALUE + i }) }) as Move,
      ),
    ]),
  ),
);

/** Every card move of `seat` on its combat turn: plays (jokers with every declaration) or déshonneur discards. */
export function cardMoves(s: TournamentState, seat: Seat): Move[] {
  const hand = s.hands[seat]!;
  const out: Move[] = [];
  const led = ledSuit(s.combat);
  let hasSuit = false;
  let hasAlchemy = false;
  let allAlchemy = true;
  for (const c of hand) {
    const k = KIND[c];
    if (k === 'alchemy') hasAlchemy = true;
    else allAlchemy = false;
    if (led && SUIT[c] === led) hasSuit = true;
  }
  if (led && !hasSuit && !hasAlchemy && !hand.some(isJoker)) {
    let merlin = false;
    let apprenti = false;
    for (const c of hand) {
      if (KIND[c] === 'merlin') {
        if (merlin) continue;
        merlin = true;
      } else if (KIND[c] === 'apprenti') {
        if (apprenti) continue;
        apprenti = true;
      }
      out.push(DISCARD_MOVE[c]!);
    }
    return out;
  }
  let alchemyOk: boolean;
  if (led === undefined) alchemyOk = allAlchemy || (hasAlchemy && hasPassive(s, seat, 'alchemy-free'));
  else if (led === null) alchemyOk = true;
  else alchemyOk = !hasSuit || (hasAlchemy && hasPassive(s, seat, 'alchemy-free'));
  const suits = led === undefined || led === null ? suitsInPlay(s.players) : [led];
  let merlin = false;
  let apprenti = false;
  for (const c of hand) {
    const k = KIND[c];
    if (k === 'merlin' || k === 'apprenti') {
      if (k === 'merlin' ? merlin : apprenti) continue;
      if (k === 'merlin') merlin = true;
      else apprenti = true;
      for (const suit of suits) out.push(...DECLARE_MOVES.get(`${k}/${suit}`)!);
    } else if (k === 'alchemy') {
      if (alchemyOk) out.push(PLAY_MOVE[c]!);
    } else if (led === undefined || led === null || SUIT[c] === led) {
      out.push(PLAY_MOVE[c]!);
    }
  }
  return out;
}

/** Puts a card on the table (the move was checked). */
export function applyPlay(d: Draft, seat: Seat, kind: string, declare: Declaration | undefined): void {
  const card = findKind(d.hands[seat]!, kind);
  takeFromHand(d, seat, card);
  const led = ledSuit(d.combat);
  let suit: Suit | null;
  let value: number;
  if (declare) {
    suit = declare.suit;
    value = declare.value;
  } else if (KIND[card] === 'alchemy') {
    suit = led ?? null; // seed 001, 1b: "prennent automatiquement la forme de l'ENTAME"
    value = VALUE[card]!;
  } else {
    suit = SUIT[card]!;
    value = VALUE[card]!;
  }
  let adjust = 0;
  if (d.adjust && d.adjust.seat === seat) {
    adjust = d.adjust.by;
    d.adjust = null;
  }
  const play: Play = { seat, card, suit, value: value + adjust, adjust };
  if (declare) d.declared = [...d.declared, { card, suit: declare.suit, value: declare.value }];
  d.combat = { ...d.combat, plays: [...d.combat.plays, play] };
  advance(d);
}

/** seed 001, 1c: the card goes face up to the discard pile, 5 wounds at once, out of this combat. */
export function applyDishonour(d: Draft, seat: Seat, kind: string): void {
  const card = findKind(d.hands[seat]!, kind);
  takeFromHand(d, seat, card);
  d.discard.push(card);
  if (d.adjust && d.adjust.seat === seat) d.adjust = null;
  d.combat = { ...d.combat, out: [...d.combat.out, { seat, card }] };
  const amount = hasPassive(d, seat, 'no-dishonour') ? 0 : DISHONOUR_WOUNDS;
  d.dishonour[seat] = d.dishonour[seat]! + amount;
  wound(d, seat, amount);
  // [décision] a déshonneur that brings a seat to 0 ends the game at once.
  if (anyDead(d)) {
    d.phase = { kind: 'over' };
    return;
  }
  advance(d);
}

/** The next seat to act, or the combat's resolution once everyone has acted. */
function advance(d: Draft): void {
  const acted = d.combat.plays.length + d.combat.out.length;
  if (acted < d.players) {
    const p = d.phase;
    const from = p.kind === 'combat' || p.kind === 'exchange' || p.kind === 'redraw' ? p.turn : d.combat.leader;
    d.phase = { kind: 'combat', turn: (from + 1) % d.players };
    return;
  }
  resolveCombat(d);
}

/** seed 001, 2 "FEINTE": the values shared by two or more cards are turned face down. */
export function feintedValues(plays: readonly Play[]): Set<number> {
  const out = new Set<number>();
  for (let i = 0; i < plays.length; i++) {
    for (let j = i + 1; j < plays.length; j++) if (plays[i]!.value === plays[j]!.value) out.add(plays[i]!.value);
  }
  return out;
}

/** The seat that loses the combat (lowest card still face up), or null when every card was feinted. */
export function combatLoser(plays: readonly Play[]): Seat | null {
  let loser: Play | null = null;
  for (let i = 0; i < plays.length; i++) {
    const p = plays[i]!;
    if (loser !== null && p.value >= loser.value) continue;
    let shared = false;
    for (let j = 0; j < plays.length && !shared; j++) shared = j !== i && plays[j]!.value === p.value;
    if (!shared) loser = p;
  }
  return loser ? loser.seat : null;
}

function resolveCombat(d: Draft): void {
  const c = d.combat;
  const loser = combatLoser(c.plays);
  const cards = [...c.pot, ...c.plays.map((p) => p.card)];
  const feinted = feintedValues(c.plays);
  d.lastCombat = {
    round: d.round,
    number: c.number,
    loser,
    plays: c.plays,
    feinted: c.plays.filter((p) => feinted.has(p.value)).map((p) => p.card),
    cards,
  };
  let pot: number[] = [];
  if (loser === null)
    pot = cards; // seed 001, 3b: kept aside for the next combat
  else d.piles[loser]!.push(...cards); // seed 001, 3a
  // seed 001, 3c: the loser leads; [décision] after an all-feinted combat, the same leader leads again.
  const leader = loser ?? c.leader;
  d.combat = { number: c.number + 1, leader, plays: [], out: [], pot };
  d.adjust = null;
  if (d.hands.every((h) => h.length === 0)) {
    endRound(d);
    return;
  }
  d.phase = { kind: 'combat', turn: leader };
}
