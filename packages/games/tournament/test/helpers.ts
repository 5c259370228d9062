import { expect } from 'vitest';
import type { GameError, Seat } from '@roundtable/core';
import {
  CARD_COUNT,
  CARD_ID,
  GODSEND_COUNT,
  setupStacked,
  tournament,
  type StackedInput,
  type TournamentState,
} from '../src/index.ts';

/** A stacked round: hands of kind ids (all the same length), dealer last seat unless given. */
export function stacked(hands: readonly (readonly string[])[], more: Partial<StackedInput> = {}): TournamentState {
  const s = setupStacked({ players: hands.length, dealer: hands.length - 1, hands, ...more });
  if (!s.ok) throw new Error(JSON.stringify(s.error));
  return s.value;
}

export const legal = (s: TournamentState, seat: Seat): string[] =>
  tournament.legalMoves(s, seat).map((m) => tournament.formatMove(s, m));

/** Plays a move given in notation; fails the test if it is refused or not listed by legalMoves. */
export function go(state: TournamentState, seat: Seat, text: string): TournamentState {
  const parsed = tournament.parseMove(state, seat, text);
  if (!parsed.ok) throw new Error(`cannot parse "${text}": ${JSON.stringify(parsed.error)}`);
  const canonical = tournament.formatMove(state, parsed.value);
  const next = tournament.play(state, seat, parsed.value);
  if (!next.ok) throw new Error(`seat ${seat} "${text}" refused: ${JSON.stringify(next.error)}`);
  expect(legal(state, seat), `"${canonical}" should be a legal move of seat ${seat}`).toContain(canonical);
  return next.value;
}

/** Plays moves in order, each by the seat to move. */
export function run(state: TournamentState, texts: readonly string[]): TournamentState {
  return texts.reduce((s, t) => go(s, tournament.toMove(s)[0]!, t), state);
}

/** Expects the move to be refused with `code` (and details), the state untouched and the move not listed. */
export function refuse(
  state: TournamentState,
  seat: Seat,
  text: string,
  expected: Partial<GameError> & { code: string },
): void {
  const before = structuredClone(state);
  const parsed = tournament.parseMove(state, seat, text);
  if (!parsed.ok) {
    expect(parsed.error).toMatchObject(expected);
    return;
  }
  const result = tournament.play(state, seat, parsed.value);
  expect(result.ok, `"${text}" should be refused`).toBe(false);
  if (!result.ok) expect(result.error).toMatchObject(expected);
  expect(state).toEqual(before);
  expect(legal(state, seat)).not.toContain(tournament.formatMove(state, parsed.value));
}

export const ids = (cards: readonly number[]): string[] => cards.map((c) => CARD_ID[c]!);

/** Where each of the 80 weapon cards and 24 godsends is; throws if one is missing or doubled. */
export function accountFor(s: TournamentState): void {
  const all = [
    ...s.deck,
    ...s.discard,
    ...s.removed,
    ...s.hands.flat(),
    ...s.piles.flat(),
    ...s.combat.plays.map((p) => p.card),
    ...s.combat.pot,
  ];
  if (all.length !== CARD_COUNT || new Set(all).size !== CARD_COUNT)
    throw new Error(`weapon cards: ${all.length} places, ${new Set(all).size} distinct`);
  const faceUp = s.phase.kind === 'godsend' ? s.phase.faceUp : [];
  const g = [...s.godsendDeck, ...s.godsendDiscard, ...s.godsends.flat().map((h) => h.card), ...faceUp];
  if (g.length !== GODSEND_COUNT || new Set(g).size !== GODSEND_COUNT) throw new Error('godsends lost');
}
