import { expect } from 'vitest';
import type { GameError, Seat } from '@roundtable/core';
import { cardsOf, kindId, scenario, shadows, type ScenarioInput, type ShadowsState } from '../src/index.ts';

/** A scenario, checked: the 160 cards are all placed and the state passes `deserialize`. */
export function at(input: ScenarioInput): ShadowsState {
  const s = scenario(input);
  const back = shadows.deserialize(shadows.serialize(s));
  if (!back.ok) throw new Error(`bad scenario: ${JSON.stringify(back.error)}`);
  return s;
}

export const legal = (s: ShadowsState, seat: Seat): string[] =>
  shadows.legalMoves(s, seat).map((m) => shadows.formatMove(s, m));

/** Plays a move given in notation; fails the test if it is refused or not listed by legalMoves. */
export function go(state: ShadowsState, seat: Seat, text: string): ShadowsState {
  const parsed = shadows.parseMove(state, seat, text);
  if (!parsed.ok) throw new Error(`cannot parse "${text}": ${JSON.stringify(parsed.error)}`);
  const canonical = shadows.formatMove(state, parsed.value);
  const next = shadows.play(state, seat, parsed.value);
  if (!next.ok) throw new Error(`seat ${seat} "${text}" refused: ${JSON.stringify(next.error)}`);
  expect(legal(state, seat), `"${canonical}" should be a legal move of seat ${seat}`).toContain(canonical);
  accountFor(next.value);
  return next.value;
}

/** Plays moves in order, each `[seat, move]`. */
export function goAll(state: ShadowsState, moves: readonly (readonly [Seat, string])[]): ShadowsState {
  return moves.reduce((s, [seat, text]) => go(s, seat, text), state);
}

/** Everyone asked in the open Merlin window (or the given kind of window) passes. */
export function passAll(state: ShadowsState, kind: 'merlin' | 'volunteer' = 'merlin'): ShadowsState {
  let s = state;
  while (s.phase.kind === kind) s = go(s, s.phase.waiting[0]!, 'pass');
  return s;
}

/** Expects the move to be refused with `code` (and details), the state untouched. */
export function refuse(
  state: ShadowsState,
  seat: Seat,
  text: string,
  expected: Partial<GameError> & { code: string },
): void {
  const before = structuredClone(state);
  const parsed = shadows.parseMove(state, seat, text);
  if (!parsed.ok) {
    expect(parsed.error).toMatchObject(expected);
    return;
  }
  const result = shadows.play(state, seat, parsed.value);
  expect(result.ok, `"${text}" should be refused`).toBe(false);
  if (!result.ok) expect(result.error).toMatchObject(expected);
  expect(state).toEqual(before);
}

export const hand = (s: ShadowsState, seat: Seat): string[] => s.knights[seat]!.hand.map(kindId).sort();

export function accountFor(s: ShadowsState): void {
  const all = cardsOf(s);
  expect(all.length).toBe(160);
  expect(new Set(all).size).toBe(160);
}
