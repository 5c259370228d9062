import { err, ok, type GameError, type Result } from '@roundtable/core';
import { EMPTY, isKnight, sideOf, type Side } from './board.ts';
import type { CamelotState, Engine } from './engine.ts';
import type { CamelotMove } from './move.ts';
import { MoveList } from './movelist.ts';

/** WCF notation: the full path, `-` before a plain or canter step, `x` before a jump step. */
export function formatMove(engine: Engine, move: CamelotMove): string {
  let text = engine.geo.name(move.from);
  move.path.forEach((cell, i) => {
    text += (move.jumps[i] ? 'x' : '-') + engine.geo.name(cell);
  });
  return text;
}

/** Every legal move of the side to move, as values. */
export function legalMoves(engine: Engine, state: CamelotState): CamelotMove[] {
  const list = engine.legal(state);
  const moves: CamelotMove[] = [];
  for (let i = 0; i < list.count; i++) moves.push(moveAt(list, i));
  return moves;
}

export function moveAt(list: MoveList, i: number): CamelotMove {
  const { cells, jumps } = list.pathOf(i);
  return { from: list.from[i] as number, to: list.to[i] as number, captures: list.capturesOf(i), path: cells, jumps };
}

interface Step {
  readonly sep: '-' | 'x';
  readonly cell: number;
}

/**
 * Reads a move in WCF notation. Any legal path to a legal result is accepted and answered with the canonical
 * move; a path the rules refuse is answered with the rule and the square at fault.
 */
export function parseMove(engine: Engine, state: CamelotState, text: string): Result<CamelotMove> {
  const geo = engine.geo;
  const side = state.side;
  const badNotation = (reason: string, reasonFr: string): { ok: false; error: GameError } =>
    err({ code: 'BAD_NOTATION', text, reason, reasonFr });
  const tokens = text.trim().split(/([-xX])/);
  if (tokens.length < 3 || tokens.length % 2 === 0) {
    return badNotation(
      'write a move as squares joined by "-" (plain move, canter) or "x" (jump), e.g. F6-F7',
      'écrivez un coup comme des cases reliées par « - » (pas, saut amical) ou « x » (prise), ex. F6-F7',
    );
  }
  const cells: number[] = [];
  for (let i = 0; i < tokens.length; i += 2) {
    const name = (tokens[i] as string).trim();
    const cell = geo.parse(name);
    if (cell === undefined)
      return badNotation(`"${name}" is not a square of the board`, `« ${name} » n'est pas une case du plateau`);
    cells.push(cell);
  }
  const from = cells[0] as number;
  const fromName = geo.name(from);
  const piece = state.board[from] as number;
  if (piece === EMPTY || sideOf(piece) !== side) return err({ code: 'NO_PIECE', square: fromName });

  // Expand abbreviated straight canters (J11-F11 for J11-H11-F11).
  const steps: Step[] = [];
  let at = from;
  for (let i = 1; i < cells.length; i++) {
    const sep = (tokens[2 * i - 1] as string).toLowerCase() as '-' | 'x';
    const to = cells[i] as number;
    const dir = straightDirection(engine, at, to);
    if (sep === '-' && dir !== 0 && (to - at) / dir > 2 && ((to - at) / dir) % 2 === 0) {
      for (let c = at + 2 * dir; ; c += 2 * dir) {
        steps.push({ sep, cell: c });
        if (c === to) break;
      }
    } else steps.push({ sep, cell: to });
    at = to;
  }

  // Walk the path on a copy of the board, checking each step's own rule.
  const board = state.board.slice();
  board[from] = EMPTY;
  const captures: number[] = [];
  const inEnemyCastle = geo.isEnemyCastle(from, side);
  let pos = from;
  let jumped = false;
  let cantered = false;
  let dirtyPassed = -1;
  for (let i = 0; i < steps.length; i++) {
    const { sep, cell } = steps[i] as Step;
    const d = straightDirection(engine, pos, cell);
    const dist = d === 0 ? 0 : (cell - pos) / d;
    const here = geo.name(pos);
    const there = geo.name(cell);
    if (inEnemyCastle && !(steps.length === 1 && sep === '-' && dist === 1 && geo.isEnemyCastle(cell, side))) {
      return err({ code: 'CASTLE_PRISONER', square: fromName });
    }
    if (i > 0 && geo.isEnemyCastle(pos, side)) return err({ code: 'ENTERED_ENEMY_CASTLE', square: here });
    if (sep === '-' && dist === 1) {
      if (steps.length !== 1) return err({ code: 'PLAIN_STEP_ALONE', from: here, to: there });
      if (board[cell] !== EMPTY) return err({ code: 'OCCUPIED', square: there });
      if (geo.isOwnCastle(cell, side)) return err({ code: 'OWN_CASTLE', square: there });
    } else if (dist === 2) {
      const over = pos + d;
      const victim = board[over] as number;
      if (board[cell] !== EMPTY) return err({ code: 'OCCUPIED', square: there });
      if (sep === '-') {
        if (jumped) return err({ code: 'CHARGE_ORDER', square: there });
        if (victim === EMPTY || sideOf(victim) !== side)
          return err({ code: 'CANTER_OVER_FRIEND', from: here, over: geo.name(over) });
        if (geo.isOwnCastle(cell, side)) return err({ code: 'OWN_CASTLE', square: there });
        cantered = true;
        if (
          dirtyPassed < 0 &&
          isKnight(piece) &&
          !geo.isEnemyCastle(cell, side) &&
          canJumpFrom(engine, board, cell, side)
        )
          dirtyPassed = cell;
      } else {
        if (victim === EMPTY || sideOf(victim) === side)
          return err({ code: 'JUMP_OVER_ENEMY', from: here, over: geo.name(over) });
        if (cantered && !isKnight(piece)) return err({ code: 'ONLY_KNIGHTS_CHARGE', square: fromName });
        board[over] = EMPTY;
        captures.push(over);
        jumped = true;
      }
    } else {
      return err({ code: 'NOT_A_STEP', from: here, to: there });
    }
    pos = cell;
  }
  if (pos === from && !jumped) return err({ code: 'CANTER_RETURNS', square: fromName });

  captures.sort((a, b) => a - b);
  const list = engine.legal(state);
  const i = list.indexOf(from, pos, captures);
  if (i >= 0) return ok(moveAt(list, i));
  return err(diagnose(engine, state, { from, to: pos, captures, board, dirtyPassed, text }));
}

/** Why a physically possible path is still refused: the first rule, in priority order, that it breaks. */
function diagnose(
  engine: Engine,
  state: CamelotState,
  m: { from: number; to: number; captures: number[]; board: Int8Array; dirtyPassed: number; text: string },
): GameError {
  const geo = engine.geo;
  const side = state.side;
  for (const c of geo.castleCells[side]) {
    const p = state.board[c] as number;
    if (p !== EMPTY && sideOf(p) === side && c !== m.from) return { code: 'MUST_LEAVE_CASTLE', square: geo.name(c) };
  }
  // seed 003: jumping is mandatory when any piece (outside the enemy castle) can jump.
  const capturers: string[] = [];
  for (const c of geo.cells) {
    const p = state.board[c] as number;
    if (p !== EMPTY && sideOf(p) === side && !geo.isEnemyCastle(c, side) && canJumpFrom(engine, state.board, c, side))
      capturers.push(geo.name(c));
  }
  if (m.captures.length === 0 && capturers.length > 0) return { code: 'CAPTURE_REQUIRED', squares: capturers };
  if (m.captures.length > 0 && !geo.isEnemyCastle(m.to, side) && canJumpFrom(engine, m.board, m.to, side)) {
    return { code: 'MUST_CONTINUE', square: geo.name(m.to) };
  }
  if (m.captures.length === 0 && m.dirtyPassed >= 0)
    return { code: 'KNIGHT_MUST_CAPTURE', square: geo.name(m.dirtyPassed) };
  if (geo.isEnemyCastle(m.from, side)) return { code: 'CASTLE_MOVES_USED', limit: engine.layout.castleMoveLimit };
  return { code: 'ILLEGAL_MOVE', move: m.text };
}

function canJumpFrom(engine: Engine, board: Int8Array, cell: number, side: Side): boolean {
  for (const d of engine.geo.dirs) {
    const over = board[cell + d] as number;
    if (over > 0 && sideOf(over) !== side && board[cell + 2 * d] === EMPTY) return true;
  }
  return false;
}

/** The unit step (one of the eight directions) leading from a to b in a straight line, or 0. */
function straightDirection(engine: Engine, a: number, b: number): number {
  const geo = engine.geo;
  const df = geo.fileOf(b) - geo.fileOf(a);
  const dr = geo.rankOf(b) - geo.rankOf(a);
  if (df === 0 && dr === 0) return 0;
  if (df !== 0 && dr !== 0 && Math.abs(df) !== Math.abs(dr)) return 0;
  return Math.sign(dr) * geo.width + Math.sign(df);
}
