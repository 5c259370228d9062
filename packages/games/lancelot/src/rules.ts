import { err, ok, type GameError, type Outcome, type Result, type Seat } from '@roundtable/core';
import { fieldFor, lookupSquare, type Field, type Square } from './geometry.ts';
import {
  Kernel,
  PASS,
  PH_KNIGHT,
  PH_OVER,
  PH_SWORD,
  PH_SWORD_AFTER,
  PH_TURN,
  PLACE,
  PLACE_THEN_SWORD,
  SWORD,
} from './kernel.ts';
import type { LancelotMove, LancelotState, Phase } from './state.ts';

const PHASES: readonly Phase[] = ['sword', 'turn', 'knight', 'swordAfter', 'over'];

export function fieldOf(state: LancelotState): Field {
  return fieldFor(state.players, state.options.diagonals);
}

/** A fresh kernel holding `state`. */
export function toKernel(state: LancelotState): Kernel {
  const field = fieldOf(state);
  const k = new Kernel(field, state.players, state.options.target, state.options.excalibur);
  state.board.forEach((v, cell) => {
    if (v !== null) k.setCell(cell, v);
  });
  k.sword = state.excalibur === null ? -1 : cellOf(field, state.excalibur);
  k.holder = state.holder ?? -1;
  for (let s = 0; s < state.players; s++) {
    k.shields[s] = state.shields[s] ? 1 : 0;
    k.hand[s] = state.hand[s] ?? 0;
    k.captures[s] = state.captures[s] ?? 0;
  }
  k.first = state.first;
  k.seat = state.seat;
  k.phase = PHASES.indexOf(state.phase);
  k.passes = state.passes;
  return k;
}

export function fromKernel(k: Kernel, state: LancelotState): LancelotState {
  const field = k.field;
  return {
    players: state.players,
    options: state.options,
    board: Array.from(k.cells, (v) => (v < 0 ? null : v)),
    excalibur: k.sword < 0 ? null : (field.names[k.sword] as Square),
    holder: k.holder < 0 ? null : k.holder,
    shields: Array.from(k.shields, (v) => v === 1),
    hand: Array.from(k.hand),
    captures: Array.from(k.captures),
    first: k.first,
    seat: k.seat,
    phase: PHASES[k.phase] as Phase,
    passes: k.passes,
  };
}

function cellOf(field: Field, square: Square): number {
  const found = lookupSquare(field, square);
  if (found.kind !== 'cell') throw new Error(`internal: ${square} is not on the field`);
  return found.cell;
}

export function decodeStep(field: Field, code: number): LancelotMove {
  const kind = code >> 8;
  const square = field.names[code & 255] as Square;
  if (kind === PLACE) return { kind: 'place', square };
  if (kind === PLACE_THEN_SWORD) return { kind: 'place', square, thenSword: true };
  if (kind === SWORD) return { kind: 'sword', square };
  return { kind: 'pass' };
}

export function toMove(state: LancelotState): readonly Seat[] {
  return state.phase === 'over' ? [] : [state.seat];
}

export function legalMoves(state: LancelotState, seat: Seat): LancelotMove[] {
  if (state.phase === 'over' || seat !== state.seat) return [];
  const k = toKernel(state);
  const count = k.generate();
  const out: LancelotMove[] = [];
  for (let i = 0; i < count; i++) out.push(decodeStep(k.field, k.moves[i] as number));
  return out;
}

/** The outcome from the captures when the game is over (shared by `outcome` and `playout`). */
export function outcomeOf(captures: ArrayLike<number>, players: number, target: number): Outcome {
  const scores = Array.from(captures).slice(0, players);
  const winner = scores.findIndex((c) => c >= target);
  if (winner >= 0) return { winners: [winner], draw: false, reason: 'target', scores };
  // [decision] everybody passed in a row: most captures wins, equal counts share the win.
  const best = Math.max(...scores);
  const leaders = scores.flatMap((c, s) => (c === best ? [s] : []));
  if (leaders.length === 1) return { winners: leaders, draw: false, reason: 'blocked', scores };
  return { winners: leaders.length === players ? [] : leaders, draw: true, reason: 'blocked', scores };
}

export function outcome(state: LancelotState): Outcome | null {
  return state.phase === 'over' ? outcomeOf(state.captures, state.players, state.options.target) : null;
}

/** Lines through `cell` where placing (a knight, or Excalibur moved there) would give `seat` more than +2. */
export function chivalryBreaches(
  k: Kernel,
  seat: Seat,
  cell: number,
  asSword: boolean,
): { line: string; advantage: number }[] {
  const field = k.field;
  const saved = k.sword;
  if (asSword) k.sword = -1;
  const out: { line: string; advantage: number }[] = [];
  for (let i = 0; i < (field.cellLineCount[cell] as number); i++) {
    const l = field.cellLines[cell * 4 + i] as number;
    const advantage = k.advantage(seat, l) + 1;
    if (advantage > 2) out.push({ line: field.lineNames[l] as string, advantage });
  }
  k.sword = saved;
  return out;
}

/** Reads the square of a typed move: the error names it (not a square, or off this field). */
export function squareCell(field: Field, square: unknown): Result<number> {
  if (typeof square !== 'string') return err({ code: 'BAD_SQUARE', square: String(square) });
  const found = lookupSquare(field, square);
  if (found.kind === 'not-a-square') return err({ code: 'BAD_SQUARE', square });
  if (found.kind === 'off-field')
    return err({ code: 'OFF_FIELD', square: found.square, field: `${field.corners[0]}-${field.corners[1]}` });
  return ok(found.cell);
}

/** Why a knight of `seat` may not go on `cell` now, or null if it may (phase aside). */
export function knightRefusal(k: Kernel, seat: Seat, cell: number): GameError | null {
  const square = k.field.names[cell] as Square;
  if (cell === k.sword) return { code: 'OCCUPIED', square, by: 'excalibur' };
  const v = k.cells[cell] as number;
  if (v >= 0) return { code: 'OCCUPIED', square, by: v };
  if ((k.hand[seat] as number) <= 0) return { code: 'NO_KNIGHTS_LEFT', seat };
  const breach = chivalryBreaches(k, seat, cell, false)[0];
  if (breach)
    return { code: 'CHIVALRY', square, line: breach.line, advantage: breach.advantage, seat, piece: 'knight' };
  return null;
}

function swordRefusal(k: Kernel, seat: Seat, cell: number): GameError | null {
  const square = k.field.names[cell] as Square;
  if (cell === k.sword) return { code: 'SWORD_NOT_MOVED', square };
  const v = k.cells[cell] as number;
  if (v >= 0) return { code: 'OCCUPIED', square, by: v };
  const breach = chivalryBreaches(k, seat, cell, true)[0];
  if (breach)
    return { code: 'CHIVALRY', square, line: breach.line, advantage: breach.advantage, seat, piece: 'excalibur' };
  return null;
}

/** Plays one step on the kernel, or says which rule refuses it (the kernel is unchanged then). */
function playStep(k: Kernel, move: LancelotMove): GameError | null {
  const seat = k.seat;
  const field = k.field;
  if (typeof move !== 'object' || move === null)
    return { code: 'BAD_MOVE', reason: 'a move must be an object', reasonFr: 'un coup doit être un objet' };
  switch (move.kind) {
    case 'pass': {
      if (k.phase === PH_SWORD || k.phase === PH_SWORD_AFTER) return { code: 'MUST_PLACE_SWORD', seat };
      if (k.phase === PH_KNIGHT) return { code: 'MUST_PLACE_KNIGHT', seat };
      k.generate();
      const first = k.moves[0] as number;
      if (k.moveCount !== 1 || first !== PASS << 8) {
        return { code: 'CANNOT_PASS', seat, example: formatStep(decodeStep(field, first)) };
      }
      k.apply(first);
      return null;
    }
    case 'place': {
      const cell = squareCell(field, move.square);
      if (!cell.ok) return cell.error;
      if (k.phase === PH_SWORD || k.phase === PH_SWORD_AFTER) return { code: 'MUST_PLACE_SWORD', seat };
      if (move.thenSword === true) {
        if (!k.excaliburOn) return { code: 'NO_EXCALIBUR' };
        if (k.shields[seat] !== 1) return { code: 'SWORD_USED', seat };
      }
      const refusal = knightRefusal(k, seat, cell.value);
      if (refusal) return refusal;
      const code = ((move.thenSword === true ? PLACE_THEN_SWORD : PLACE) << 8) | cell.value;
      if (!k.isLegal(code)) return { code: 'NO_SQUARE_FOR_SWORD', seat, square: field.names[cell.value] };
      k.apply(code);
      return null;
    }
    case 'sword': {
      const cell = squareCell(field, move.square);
      if (!cell.ok) return cell.error;
      const code = (SWORD << 8) | cell.value;
      if (k.phase === PH_SWORD) {
        // seed 002: the initial placement is on any free square of the field (the field is empty then).
        k.apply(code);
        return null;
      }
      if (!k.excaliburOn) return { code: 'NO_EXCALIBUR' };
      if (k.phase === PH_KNIGHT || k.shields[seat] !== 1) return { code: 'SWORD_USED', seat };
      if (k.phase === PH_TURN && (k.hand[seat] as number) <= 0) return { code: 'NO_KNIGHTS_LEFT', seat };
      const refusal = swordRefusal(k, seat, cell.value);
      if (refusal) return refusal;
      if (!k.isLegal(code)) return { code: 'NO_SQUARE_FOR_KNIGHT', seat, square: field.names[cell.value] };
      k.apply(code);
      return null;
    }
    default:
      return {
        code: 'BAD_MOVE',
        reason: `unknown kind "${String((move as { kind?: unknown }).kind)}"`,
        reasonFr: `genre inconnu « ${String((move as { kind?: unknown }).kind)} »`,
      };
  }
}

export function play(state: LancelotState, seat: Seat, move: LancelotMove): Result<LancelotState> {
  if (!Number.isInteger(seat) || seat < 0 || seat >= state.players)
    return err({ code: 'BAD_SEAT', seat, max: state.players - 1 });
  if (state.phase === 'over') return err({ code: 'GAME_OVER' });
  if (seat !== state.seat) return err({ code: 'NOT_YOUR_TURN', seat, toMove: [state.seat] });
  const k = toKernel(state);
  if (move !== null && typeof move === 'object' && move.kind === 'turn') {
    // A whole invocation turn typed at once: sword then knight, or a knight announcing the sword then the sword.
    const steps = Array.isArray(move.steps) ? move.steps : [];
    const [a, b] = steps;
    const opens = a !== undefined && (a.kind === 'sword' || (a.kind === 'place' && a.thenSword === true));
    if (steps.length !== 2 || !opens || b === undefined || k.phase !== PH_TURN) {
      return err({
        code: 'BAD_MOVE',
        reason: 'a two-step turn is an invocation and a knight',
        reasonFr: 'un tour en deux temps est une invocation et un chevalier',
      });
    }
    const first = playStep(k, a);
    if (first) return err(first);
    // The first step may already have won the game: the turn ends there.
    if ((k.phase as number) !== PH_OVER) {
      const second = playStep(k, b);
      if (second) return err(second);
    }
    return ok(fromKernel(k, state));
  }
  const refusal = playStep(k, move);
  if (refusal) return err(refusal);
  return ok(fromKernel(k, state));
}

/** A step in notation: `K4`, `K4 E:?`, `E:G6`, `pass`. */
export function formatStep(move: LancelotMove): string {
  switch (move.kind) {
    case 'place':
      return move.thenSword === true ? `${move.square} E:?` : move.square;
    case 'sword':
      return `E:${move.square}`;
    case 'pass':
      return 'pass';
    case 'turn': {
      const [a, b] = move.steps;
      // The announced knight and its sword read as one turn: `G8 E:G6`.
      return a.kind === 'place' ? `${a.square} ${formatStep(b)}` : `${formatStep(a)} ${formatStep(b)}`;
    }
  }
}
