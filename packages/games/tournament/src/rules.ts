/**
 * The flow of the game: who may act, which moves are legal, and the state after a move. `check` says why a move
 * is refused; `apply` changes a draft copy only after `check` passed.
 */
import { err, ok, type GameError, type Result, type Seat } from '@roundtable/core';
import { GODSENDS, GODSEND_INDEX, HERO_IDS, heroById, legendOf } from './powers.ts';
import { applyDishonour, applyPlay, cardMoves, dishonourError, findKind, playError } from './combat.ts';
import { afterGodsendPick, drawGodsend, giveGodsend, startRound } from './round.ts';
import { draft } from './state.ts';
import { applyGive, applyRedrawDiscard, applyUse, useError, useMoves } from './use.ts';
import type { Draft, Move, TournamentState } from './types.ts';
import { kindId } from './cards.ts';

export function toMove(s: TournamentState): readonly Seat[] {
  const p = s.phase;
  switch (p.kind) {
    case 'hero':
    case 'godsend':
      return p.queue.length > 0 ? [p.queue[0]!] : [];
    case 'combat':
    case 'exchange':
    case 'redraw':
      return [p.turn];
    case 'over':
      return [];
  }
}

/** What each phase waits for, in notation: the refusal of another move says it. */
const EXPECTED: Readonly<Record<TournamentState['phase']['kind'], string>> = {
  hero: 'hero <hero>',
  combat: 'play <card>',
  exchange: 'give <card>',
  redraw: 'discard <card>',
  godsend: 'take <godsend> | draw',
  over: '',
};

function wrongMove(s: TournamentState, move: Move): GameError {
  return { code: 'WRONG_MOVE', move: move.type, phase: s.phase.kind, expected: EXPECTED[s.phase.kind] };
}

/** Why `seat` may not play `move` now, or null. */
export function check(s: TournamentState, seat: Seat, move: Move): GameError | null {
  const p = s.phase;
  if (p.kind === 'over') return { code: 'GAME_OVER' };
  if (!Number.isInteger(seat) || seat < 0 || seat >= s.players) return { code: 'BAD_SEAT', seat, max: s.players - 1 };
  const seats = toMove(s);
  if (!seats.includes(seat)) return { code: 'NOT_YOUR_TURN', seat, toMove: [...seats] };
  switch (p.kind) {
    case 'hero': {
      if (move.type !== 'hero') return wrongMove(s, move);
      if (!heroById(move.hero)) return { code: 'UNKNOWN_HERO', hero: move.hero };
      return s.heroes.includes(move.hero) ? { code: 'HERO_TAKEN', hero: move.hero } : null;
    }
    case 'combat':
      if (move.type === 'play') return playError(s, seat, move.card, move.declare);
      if (move.type === 'discard') return dishonourError(s, seat, move.card);
      if (move.type === 'use') return useError(s, seat, move);
      return wrongMove(s, move);
    case 'exchange':
      if (move.type !== 'give') return wrongMove(s, move);
      return findKind(s.hands[seat]!, move.card) < 0 ? { code: 'NOT_IN_HAND', card: move.card } : null;
    case 'redraw':
      if (move.type !== 'discard') return wrongMove(s, move);
      return findKind(s.hands[seat]!, move.card) < 0 ? { code: 'NOT_IN_HAND', card: move.card } : null;
    case 'godsend': {
      if (move.type === 'take') {
        const g = GODSEND_INDEX.get(move.godsend);
        if (g === undefined) return { code: 'UNKNOWN_GODSEND', godsend: move.godsend };
        return p.faceUp.includes(g)
          ? null
          : { code: 'NOT_FACE_UP', godsend: move.godsend, faceUp: p.faceUp.map((c) => GODSENDS[c]!.id) };
      }
      if (move.type === 'draw')
        return s.godsendDeck.length + s.godsendDiscard.length > 0 ? null : { code: 'GODSEND_PILE_EMPTY' };
      return wrongMove(s, move);
    }
  }
}

/** Changes the draft by a checked move (random playouts apply legal moves in place). */
export function apply(d: Draft, seat: Seat, move: Move): void {
  const p = d.phase;
  switch (move.type) {
    case 'hero': {
      if (p.kind !== 'hero') return;
      d.heroes[seat] = move.hero;
      if (legendOf(move.hero).threshold === null) d.legendFrom[seat] = 1;
      const queue = p.queue.slice(1);
      if (queue.length > 0) d.phase = { kind: 'hero', queue };
      else startRound(d, true);
      return;
    }
    case 'play':
      applyPlay(d, seat, move.card, move.declare);
      return;
    case 'discard': {
      const card = findKind(d.hands[seat]!, move.card);
      if (p.kind === 'redraw') applyRedrawDiscard(d, seat, card);
      else applyDishonour(d, seat, move.card);
      return;
    }
    case 'use':
      applyUse(d, seat, move);
      return;
    case 'give':
      applyGive(d, seat, findKind(d.hands[seat]!, move.card));
      return;
    case 'take':
    case 'draw': {
      if (p.kind !== 'godsend') return;
      const faceUp = p.faceUp.slice();
      let card: number;
      if (move.type === 'take') {
        card = GODSEND_INDEX.get(move.godsend)!;
        faceUp.splice(faceUp.indexOf(card), 1);
      } else {
        card = drawGodsend(d)!;
      }
      giveGodsend(d, seat, card);
      afterGodsendPick(d, faceUp, p.queue.slice(1));
      return;
    }
  }
}

export function play(s: TournamentState, seat: Seat, move: Move): Result<TournamentState> {
  const error = check(s, seat, move);
  if (error) return err(error);
  const d = draft(s);
  apply(d, seat, move);
  return ok(d as TournamentState);
}

/** Every legal move of `seat` now, in a stable order. */
export function legalMoves(s: TournamentState, seat: Seat): Move[] {
  if (!toMove(s).includes(seat)) return [];
  const p = s.phase;
  switch (p.kind) {
    case 'hero':
      return HERO_IDS.filter((h) => !s.heroes.includes(h)).map((hero) => ({ type: 'hero', hero }));
    case 'combat': {
      const cards = cardMoves(s, seat);
      const uses = useMoves(s, seat, cards);
      return uses.length === 0 ? cards : [...cards, ...uses];
    }
    case 'exchange':
      return distinctKinds(s.hands[seat]!).map((card) => ({ type: 'give', card }));
    case 'redraw':
      return distinctKinds(s.hands[seat]!).map((card) => ({ type: 'discard', card }));
    case 'godsend': {
      const out: Move[] = p.faceUp.map((g) => ({ type: 'take', godsend: GODSENDS[g]!.id }));
      if (s.godsendDeck.length + s.godsendDiscard.length > 0) out.push({ type: 'draw' });
      return out;
    }
    case 'over':
      return [];
  }
}

function distinctKinds(hand: readonly number[]): string[] {
  const out: string[] = [];
  for (const c of hand) {
    const k = kindId(c);
    if (!out.includes(k)) out.push(k);
  }
  return out;
}
