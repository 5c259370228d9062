import { shuffle, type Seat } from '@roundtable/core';
import { COLOURS, VALUE, isMaiden, type Colour } from './cards.ts';
import type { Draft, JoustState } from './types.ts';

/** seed 000, "But du jeu": five different colours with 2–3 players, four with 4–5. */
export function tokensToWin(players: number): number {
  return players <= 3 ? 5 : 4;
}

/** A display's total: printed values, or 1 per card in a green tournament (seed 000, "Tournois verts"). */
export function total(state: Pick<JoustState, 'colour' | 'displays'>, seat: Seat): number {
  const display = state.displays[seat] ?? [];
  if (state.colour === 'green') return display.length;
  let sum = 0;
  for (const c of display) sum += VALUE[c]!;
  return sum;
}

export function bestOther(state: JoustState, seat: Seat): number {
  let best = 0;
  for (let s = 0; s < state.players; s++) if (s !== seat) best = Math.max(best, total(state, s));
  return best;
}

export function hasMaiden(display: readonly number[]): boolean {
  return display.some(isMaiden);
}

/** The state as a writable copy; everything `play` changes is copied, the card tables are shared. */
export function draft(s: JoustState): Draft {
  return {
    ...s,
    rng: [...s.rng] as Draft['rng'],
    deck: s.deck.slice(),
    discard: s.discard.slice(),
    hands: s.hands.map((h) => h.slice()),
    displays: s.displays.map((d) => d.slice()),
    tokens: s.tokens.map((t) => t.slice()),
    inTournament: s.inTournament.slice(),
  };
}

/** The next seat clockwise after `from` that is still in the tournament. */
export function nextInTournament(s: Pick<JoustState, 'players' | 'inTournament'>, from: Seat): Seat {
  for (let i = 1; i <= s.players; i++) {
    const seat = (from + i) % s.players;
    if (s.inTournament[seat]) return seat;
  }
  return from;
}

export function seatsInTournament(s: Pick<JoustState, 'players' | 'inTournament'>): Seat[] {
  const out: Seat[] = [];
  for (let seat = 0; seat < s.players; seat++) if (s.inTournament[seat]) out.push(seat);
  return out;
}

/** seed 000: "Lorsque la dernière carte du talon est piochée, les cartes défaussées sont mélangées". */
function refill(d: Draft): void {
  if (d.discard.length === 0) return;
  d.deck = shuffle(d.rng, d.discard);
  d.discard = [];
}

export function draw(d: Draft, seat: Seat): void {
  if (d.deck.length === 0) refill(d);
  const card = d.deck.pop();
  if (card === undefined) return; // [decision] every card is in a hand or on the table: no draw
  d.hands[seat]!.push(card);
  if (d.deck.length === 0) refill(d);
}

export function gainToken(d: Draft, seat: Seat, colour: Colour): void {
  const held = d.tokens[seat]!;
  if (held.includes(colour)) return; // seed 000: one token of each colour at most
  held.push(colour);
  held.sort((a, b) => COLOURS.indexOf(a) - COLOURS.indexOf(b));
}

/** Discards a seat's display and the Bouclier/Assommé in front of it. */
export function clearTable(d: Draft, seat: Seat, shieldCard: number, stunCard: number): void {
  d.discard.push(...d.displays[seat]!);
  d.displays[seat] = [];
  if (d.shield === seat) {
    d.discard.push(shieldCard);
    d.shield = null;
  }
  if (d.stunned === seat) {
    d.discard.push(stunCard);
    d.stunned = null;
  }
}
