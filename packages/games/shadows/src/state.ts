/** The writable copy `play` works on, and the small changes every rule is made of (cards, life, swords). */
import { shuffle, type RngState, type Seat } from '@roundtable/core';
import { CARD_KIND, KIND_BY_ID, MAX_LIFE, type Location } from './cards.ts';
import type { Memory, Phase, ShadowsState } from './types.ts';

type DeepMutable<T> = T extends readonly (infer U)[]
  ? DeepMutable<U>[]
  : T extends object
    ? { -readonly [K in keyof T]: DeepMutable<T[K]> }
    : T;
export type Draft = DeepMutable<Omit<ShadowsState, 'phase' | 'rng'>> & { rng: RngState; phase: Phase };

/** A deep copy of everything `play` may change (phases are replaced, never changed in place). */
export function draft(s: ShadowsState): Draft {
  const b = s.board;
  return {
    players: s.players,
    options: { ...s.options },
    rng: [...s.rng] as RngState,
    knights: s.knights.map((k) => ({
      ...k,
      hand: k.hand.slice(),
      declaration: k.declaration ? { ...k.declaration } : null,
    })),
    loyaltyBox: s.loyaltyBox,
    boxTraitor: s.boxTraitor,
    whiteDeck: s.whiteDeck.slice(),
    whiteDiscard: s.whiteDiscard.slice(),
    blackDeck: s.blackDeck.slice(),
    blackDiscard: s.blackDiscard.slice(),
    laid: s.laid.slice(),
    board: {
      blackKnight: { white: b.blackKnight.white.slice(), black: b.blackKnight.black.map((p) => ({ ...p })) },
      lancelot: {
        side: b.lancelot.side,
        white: b.lancelot.white.slice(),
        black: b.lancelot.black.map((p) => ({ ...p })),
      },
      excalibur: { ...b.excalibur },
      grail: { grails: b.grail.grails.slice(), blacks: b.grail.blacks.slice(), done: b.grail.done },
      picts: { figures: b.picts.figures, white: b.picts.white.slice() },
      saxons: { figures: b.saxons.figures, white: b.saxons.white.slice() },
    },
    effects: {
      mists: s.effects.mists,
      vivien: s.effects.vivien,
      broceliande: s.effects.broceliande,
      mordred: s.effects.mordred ? { ...s.effects.mordred } : null,
      heroism: s.effects.heroism ? { ...s.effects.heroism } : null,
    },
    whiteSwords: s.whiteSwords,
    blackSwords: s.blackSwords,
    siege: s.siege,
    relics: { ...s.relics },
    active: s.active,
    turnNumber: s.turnNumber,
    turn: { ...s.turn, used: s.turn.used.slice() },
    lastRoll: s.lastRoll ? { ...s.lastRoll } : null,
    // Replaced as a whole, never changed in place.
    ...(s.memory ? { memory: s.memory as Draft['memory'] } : {}),
    phase: s.phase,
  };
}

export const NO_MEMORY: Memory = { swap: null, under: [], clairvoyance: null };

/**
 * The cards put under the black pile (oldest first) that are still there: the newest lies at the bottom, the
 * oldest above it, and the pile is drawn from the top, so the oldest go first and the others keep their place.
 */
export function stillUnder<T extends { readonly card: number }>(under: readonly T[], deck: readonly number[]): T[] {
  const n = under.length;
  return under.filter((u, i) => deck[n - 1 - i] === u.card);
}

/** Records a memory (see `Memory`): `change` gets the current one and returns the new one. */
export function remember(d: Draft, change: (m: Memory) => Memory): void {
  d.memory = change((d.memory as Memory | undefined) ?? NO_MEMORY) as Draft['memory'];
}

export const freeze = (d: Draft): ShadowsState => d as unknown as ShadowsState;

/** A knight still playing as a knight: alive and not an unmasked traitor. */
export function isKnight(s: Pick<ShadowsState, 'knights'>, seat: Seat): boolean {
  const k = s.knights[seat];
  return k !== undefined && k.alive && !k.revealed;
}

export function knightsIn(s: Pick<ShadowsState, 'knights'>): Seat[] {
  const out: Seat[] = [];
  for (let i = 0; i < s.knights.length; i++) if (isKnight(s, i)) out.push(i);
  return out;
}

/** The knights standing on a location. */
export function presentAt(s: Pick<ShadowsState, 'knights'>, loc: Location): Seat[] {
  const out: Seat[] = [];
  for (let i = 0; i < s.knights.length; i++) if (isKnight(s, i) && s.knights[i]!.location === loc) out.push(i);
  return out;
}

/** Seats in turn order starting with `first`. */
export function fromSeat(players: number, first: Seat): Seat[] {
  return Array.from({ length: players }, (_, i) => (first + i) % players);
}

export function countKind(hand: readonly number[], kind: string): number {
  const k = KIND_BY_ID.get(kind);
  let n = 0;
  for (const c of hand) if (CARD_KIND[c] === k) n++;
  return n;
}

/** Removes one card of `kind` from a seat's hand and returns it (-1 if none). */
export function takeFromHand(d: Draft, seat: Seat, kind: string): number {
  const k = KIND_BY_ID.get(kind);
  const hand = d.knights[seat]!.hand;
  for (let i = hand.length - 1; i >= 0; i--) {
    if (CARD_KIND[hand[i]!] === k) return hand.splice(i, 1)[0]!;
  }
  return -1;
}

/** research §9: "when either draw pile runs out" — [decision] each pile is rebuilt from its own discard pile. */
function refill(d: Draft, colour: 'white' | 'black'): void {
  if (colour === 'white') {
    if (d.whiteDeck.length > 0 || d.whiteDiscard.length === 0) return;
    d.whiteDeck = shuffle(d.rng, d.whiteDiscard);
    d.whiteDiscard = [];
  } else {
    if (d.blackDeck.length > 0 || d.blackDiscard.length === 0) return;
    d.blackDeck = shuffle(d.rng, d.blackDiscard);
    d.blackDiscard = [];
    // A new pile: what anyone knew of the old one's order is gone.
    if (d.memory) d.memory = { ...d.memory, under: [], clairvoyance: null };
  }
}

export function drawWhiteCard(d: Draft): number | null {
  refill(d, 'white');
  return d.whiteDeck.pop() ?? null;
}

export function drawWhite(d: Draft, seat: Seat, n: number): void {
  for (let i = 0; i < n; i++) {
    const c = drawWhiteCard(d);
    if (c === null) return; // every white card is in a hand or on the board
    d.knights[seat]!.hand.push(c);
  }
}

/** Deals `n` white cards one at a time to `seats` in order (spoils, Convocation). */
export function dealWhite(d: Draft, seats: readonly Seat[], n: number): void {
  if (seats.length === 0) return;
  for (let i = 0; i < n; i++) {
    const c = drawWhiteCard(d);
    if (c === null) return;
    d.knights[seats[i % seats.length]!]!.hand.push(c);
  }
}

export function blackAvailable(s: Pick<ShadowsState, 'blackDeck' | 'blackDiscard'>): boolean {
  return s.blackDeck.length + s.blackDiscard.length > 0;
}

export function drawBlackCard(d: Draft): number | null {
  refill(d, 'black');
  return d.blackDeck.pop() ?? null;
}

export function gainLife(d: Draft, seat: Seat, n: number): void {
  const k = d.knights[seat]!;
  if (!k.alive || k.revealed) return;
  k.life = Math.min(MAX_LIFE, k.life + n);
}

/** Life never goes below 0; a knight at 0 dies once the current action is complete (turn.ts). */
export function loseLife(d: Draft, seat: Seat, n: number): void {
  const k = d.knights[seat]!;
  if (!k.alive || k.revealed) return;
  k.life = Math.max(0, k.life - n);
}

/** seed 004: "Retirer les cartes blanches quand un chevalier quitte une quête solitaire". */
export function leave(d: Draft, seat: Seat): void {
  const loc = d.knights[seat]!.location;
  if (loc === 'black-knight') {
    d.whiteDiscard.push(...d.board.blackKnight.white);
    d.board.blackKnight.white = [];
  } else if (loc === 'lancelot' && d.board.lancelot.side === 'lancelot') {
    d.whiteDiscard.push(...d.board.lancelot.white);
    d.board.lancelot.white = [];
  }
  d.knights[seat]!.location = null;
}

export function moveTo(d: Draft, seat: Seat, to: Location): void {
  leave(d, seat);
  d.knights[seat]!.location = to;
}

/** seed 004: the traitor "défausse ses cartes blanches, retourne son blason, reprend son chevalier". */
export function revealTraitor(d: Draft, seat: Seat): void {
  const k = d.knights[seat]!;
  leave(d, seat);
  k.revealed = true;
  d.whiteDiscard.push(...k.hand);
  k.hand = [];
  // research §8: a revealed traitor loses Excalibur and the Grail, keeps the Armor.
  if (d.relics.excalibur === seat) d.relics.excalibur = 'gone';
  if (d.relics.grail === seat) d.relics.grail = 'gone';
}

/** seed 004: "il périt et sort du jeu sans dévoiler son allégeance". His cards and relics go. */
export function kill(d: Draft, seat: Seat): void {
  const k = d.knights[seat]!;
  leave(d, seat);
  k.alive = false;
  k.life = 0;
  d.whiteDiscard.push(...k.hand);
  k.hand = [];
  if (d.relics.excalibur === seat) d.relics.excalibur = 'gone';
  if (d.relics.grail === seat) d.relics.grail = 'gone';
  if (d.relics.armor === seat) d.relics.armor = 'gone';
}

export function traitorSeat(s: Pick<ShadowsState, 'knights'>): Seat | null {
  const i = s.knights.findIndex((k) => k.loyalty === 'traitor');
  return i < 0 ? null : i;
}

/** The Excalibur bonus: +1 when its holder takes part in the combat (research §8). */
export function excaliburBonus(s: Pick<ShadowsState, 'relics'>, seats: readonly Seat[]): number {
  const h = s.relics.excalibur;
  return typeof h === 'number' && seats.includes(h) ? 1 : 0;
}
