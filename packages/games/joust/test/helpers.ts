import { expect } from 'vitest';
import { createRng, type GameError, type Seat } from '@roundtable/core';
import {
  CARD_COUNT,
  CARD_ID,
  CARD_KIND,
  KIND_BY_ID,
  LANCELOT_CARD,
  SHIELD_CARD,
  STUN_CARD,
  joust,
  kindId,
  total,
  type Colour,
  type JoustOptions,
  type JoustState,
  type Phase,
} from '../src/index.ts';
import { DEFAULT_OPTIONS } from '../src/setup.ts';

/** Plays a move given in notation; fails the test if it is refused or not listed by legalMoves. */
export function go(state: JoustState, seat: Seat, text: string): JoustState {
  const parsed = joust.parseMove(state, seat, text);
  if (!parsed.ok) throw new Error(`cannot parse "${text}": ${JSON.stringify(parsed.error)}`);
  const legal = joust.legalMoves(state, seat).map((m) => joust.formatMove(state, m));
  const canonical = joust.formatMove(state, parsed.value);
  const next = joust.play(state, seat, parsed.value);
  if (!next.ok) throw new Error(`seat ${seat} "${text}" refused: ${JSON.stringify(next.error)}`);
  expect(legal, `"${canonical}" should be a legal move of seat ${seat}`).toContain(canonical);
  return next.value;
}

/** Plays several moves by one seat. */
export function goAll(state: JoustState, seat: Seat, texts: readonly string[]): JoustState {
  return texts.reduce((s, t) => go(s, seat, t), state);
}

/** Every seat of a response window passes. */
export function passAll(state: JoustState): JoustState {
  let s = state;
  while (s.phase.kind === 'response') s = go(s, s.phase.waiting[0]!, 'pass');
  return s;
}

/** Expects the move to be refused with `code` (and details), the state untouched. */
export function refuse(
  state: JoustState,
  seat: Seat,
  text: string,
  expected: Partial<GameError> & { code: string },
): void {
  const before = structuredClone(state);
  const parsed = joust.parseMove(state, seat, text);
  if (!parsed.ok) {
    expect(parsed.error).toMatchObject(expected);
    return;
  }
  const result = joust.play(state, seat, parsed.value);
  expect(result.ok, `"${text}" should be refused`).toBe(false);
  if (!result.ok) expect(result.error).toMatchObject(expected);
  expect(state).toEqual(before);
  const legal = joust.legalMoves(state, seat).map((m) => joust.formatMove(state, m));
  expect(legal).not.toContain(joust.formatMove(state, parsed.value));
}

export const totals = (s: JoustState): number[] => s.displays.map((_, i) => total(s, i));
export const display = (s: JoustState, seat: Seat): string[] => s.displays[seat]!.map(kindId);
export const hand = (s: JoustState, seat: Seat): string[] => s.hands[seat]!.map(kindId).sort();

export interface Scenario {
  readonly players?: number;
  readonly colour?: Colour;
  /** Kind ids, oldest first. */
  readonly displays?: readonly (readonly string[])[];
  readonly hands?: readonly (readonly string[])[];
  readonly shield?: Seat;
  readonly stunned?: Seat;
  readonly tokens?: readonly (readonly Colour[])[];
  readonly withdrawn?: readonly Seat[];
  readonly active?: Seat;
  readonly options?: Partial<JoustOptions>;
  readonly previousColour?: Colour;
  readonly phase?: Phase;
  readonly discard?: readonly string[];
}

/**
 * A mid-tournament position built directly: the active seat has drawn and played one card this turn (so it may
 * end its turn once ahead). Cards not placed go to the deck, all 110 accounted for.
 */
export function scenario(sc: Scenario): JoustState {
  const players = sc.players ?? 3;
  const free = new Set<number>(Array.from({ length: CARD_COUNT }, (_, i) => i));
  const takeCard = (kind: string): number => {
    const k = KIND_BY_ID.get(kind);
    if (k === undefined) throw new Error(`unknown kind ${kind}`);
    for (const c of free) {
      if (CARD_KIND[c] === k) {
        free.delete(c);
        return c;
      }
    }
    throw new Error(`no copy of ${kind} left`);
  };
  const displays = Array.from({ length: players }, (_, i) => (sc.displays?.[i] ?? []).map(takeCard));
  const hands = Array.from({ length: players }, (_, i) => (sc.hands?.[i] ?? []).map(takeCard));
  const discard = (sc.discard ?? []).map(takeCard);
  if (sc.shield !== undefined) free.delete(SHIELD_CARD);
  if (sc.stunned !== undefined) free.delete(STUN_CARD);
  // Keep Lancelot out of the deck unless asked for, so that scenarios are deterministic about who holds it.
  const deck = [...free];
  const state: JoustState = {
    players,
    options: { ...DEFAULT_OPTIONS, ...sc.options },
    rng: createRng('scenario'),
    deck,
    discard,
    hands,
    displays,
    shield: sc.shield ?? null,
    stunned: sc.stunned ?? null,
    tokens: Array.from({ length: players }, (_, i) => [...(sc.tokens?.[i] ?? [])]),
    inTournament: Array.from({ length: players }, (_, i) => !(sc.withdrawn ?? []).includes(i)),
    colour: sc.colour ?? 'red',
    previousColour: sc.previousColour ?? null,
    dealer: players - 1,
    starter: 0,
    active: sc.active ?? 0,
    played: 1,
    added: 0,
    opening: false,
    tournament: 1,
    revealed: null,
    knock: null,
    phase: sc.phase ?? { kind: 'turn' },
  };
  const check = joust.deserialize(joust.serialize(state));
  if (!check.ok) throw new Error(`bad scenario: ${JSON.stringify(check.error)}`);
  return state;
}

/** Where each of the 110 cards is; throws if one is missing or doubled. */
export function accountFor(s: JoustState): void {
  const all = [...s.deck, ...s.discard, ...s.hands.flat(), ...s.displays.flat()];
  if (s.shield !== null) all.push(SHIELD_CARD);
  if (s.stunned !== null) all.push(STUN_CARD);
  if (s.phase.kind === 'response') all.push(s.phase.action.card);
  expect(all.length).toBe(CARD_COUNT);
  expect(new Set(all).size).toBe(CARD_COUNT);
}

export { CARD_ID, LANCELOT_CARD };
