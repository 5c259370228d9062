import { describeError, type GameError, type Result } from '@roundtable/core';
import {
  fieldFor,
  lancelot,
  lookupSquare,
  messages,
  type LancelotMove,
  type LancelotOptions,
  type LancelotState,
} from '../src/index.ts';

export const LETTERS = 'RBGYP';
export const RED = 0;
export const BLUE = 1;
export const GREEN = 2;
export const YELLOW = 3;

export function options(players: number, raw: Record<string, unknown> = {}): LancelotOptions {
  const parsed = lancelot.parseOptions(raw, players);
  if (!parsed.ok) throw new Error(describeError(parsed.error));
  return parsed.value;
}

/** The board field of a position string, from a map square → seat letter (`{ K9: 'R', K4: 'Y' }`). */
export function boardField(players: number, pieces: Record<string, string>): string {
  const field = fieldFor(players, false);
  const grid: (string | null)[] = new Array<string | null>(field.cellCount).fill(null);
  for (const [square, letter] of Object.entries(pieces)) {
    const found = lookupSquare(field, square);
    if (found.kind !== 'cell') throw new Error(`${square} is not on the ${players}-player field`);
    grid[found.cell] = letter;
  }
  const rows: string[] = [];
  for (let r = field.size - 1; r >= 0; r--) {
    let row = '';
    let empty = 0;
    for (let c = 0; c < field.size; c++) {
      const v = grid[r * field.size + c];
      if (v === null || v === undefined) empty++;
      else {
        row += (empty > 0 ? String(empty) : '') + v;
        empty = 0;
      }
    }
    rows.push(row + (empty > 0 ? String(empty) : ''));
  }
  return rows.join('/');
}

export interface Scene {
  readonly players: number;
  /** Square → seat letter. */
  readonly pieces: Record<string, string>;
  /** Seat letter to move, with `:E`, `:K` or `:-` if needed. */
  readonly toMove: string;
  readonly options?: Record<string, unknown>;
  readonly sword?: string;
  readonly shields?: string;
  readonly captures?: readonly number[];
  /** Knights each seat has lost to captures (so that hands add up). */
  readonly lost?: readonly number[];
  readonly first?: string;
  readonly passes?: number;
  readonly hands?: readonly number[];
}

/** A position string for a scene: hands are worked out from the knights on the board and those lost. */
export function positionText(scene: Scene): string {
  const n = scene.players;
  const onBoard = new Array<number>(n).fill(0);
  for (const letter of Object.values(scene.pieces)) onBoard[LETTERS.indexOf(letter)]! += 1;
  const lost = scene.lost ?? new Array<number>(n).fill(0);
  const hands = scene.hands ?? onBoard.map((b, s) => 30 - b - (lost[s] ?? 0));
  const captures = scene.captures ?? new Array<number>(n).fill(0);
  return [
    boardField(n, scene.pieces),
    scene.toMove,
    scene.sword ?? '-',
    scene.shields ?? '-',
    hands.join(','),
    captures.join(','),
    scene.first ?? 'R',
    String(scene.passes ?? 0),
  ].join(' ');
}

export function scene(s: Scene): LancelotState {
  const read = lancelot.position!.read(positionText(s), { players: s.players, options: options(s.players, s.options) });
  if (!read.ok) throw new Error(`${describeError(read.error)} in ${positionText(s)}`);
  return read.value;
}

export function value<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(describeError(result.error, 'en', messages));
  return result.value;
}

export function errorOf<T>(result: Result<T>): GameError {
  if (result.ok) throw new Error('expected an error');
  return result.error;
}

/** Plays moves in notation, each by the seat to move. */
export function playText(state: LancelotState, ...moves: string[]): LancelotState {
  let s = state;
  for (const text of moves) {
    const seat = lancelot.toMove(s)[0];
    if (seat === undefined) throw new Error(`no seat to move for ${text}`);
    const move = value(lancelot.parseMove(s, seat, text));
    s = value(lancelot.play(s, seat, move));
  }
  return s;
}

/** The seat letter on a square, or null. */
export function at(state: LancelotState, square: string): string | null {
  const found = lookupSquare(fieldFor(state.players, state.options.diagonals), square);
  if (found.kind !== 'cell') throw new Error(`${square} off the field`);
  const v = state.board[found.cell];
  return v === null || v === undefined ? null : (LETTERS[v] as string);
}

export function place(square: string): LancelotMove {
  return { kind: 'place', square };
}

export function sword(square: string): LancelotMove {
  return { kind: 'sword', square };
}
