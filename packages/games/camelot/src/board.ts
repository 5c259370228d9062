import type { Layout } from './layout.ts';

/** Cell contents of the mailbox. */
export const EMPTY = 0;
export const WHITE_MAN = 1;
export const WHITE_KNIGHT = 2;
export const BLACK_MAN = 3;
export const BLACK_KNIGHT = 4;
export const OFF = -1;

export type Side = 0 | 1;

export function sideOf(piece: number): Side {
  return ((piece - 1) >> 1) as Side;
}

export function isKnight(piece: number): boolean {
  return piece === WHITE_KNIGHT || piece === BLACK_KNIGHT;
}

export function pieceOf(side: Side, knight: boolean): number {
  return side * 2 + (knight ? 2 : 1);
}

/**
 * A layout compiled to a padded mailbox: two rings of OFF cells around the board, so that a leap (two steps in
 * one direction) never leaves the array and needs no bounds check.
 */
export class Geometry {
  readonly width: number;
  readonly size: number;
  /** The eight direction offsets. */
  readonly dirs: Int32Array;
  /** Every on-board cell, bottom rank first, then file. */
  readonly cells: Int32Array;
  /** The empty board: OFF outside, EMPTY inside. */
  readonly blank: Int8Array;
  /** castle[cell] = 1 + side that defends it, or 0. */
  readonly castleOwner: Int8Array;
  readonly castleCells: readonly [Int32Array, Int32Array];
  private readonly names: string[];
  private readonly byName = new Map<string, number>();

  constructor(readonly layout: Layout) {
    this.width = layout.files + 4;
    this.size = this.width * (layout.ranks + 4);
    const w = this.width;
    this.dirs = Int32Array.from([1, -1, w, -w, w + 1, w - 1, -w + 1, -w - 1]);
    this.blank = new Int8Array(this.size).fill(OFF);
    this.names = new Array<string>(this.size).fill('');
    const cells: number[] = [];
    layout.rows.forEach(([first, last], r) => {
      for (let f = first; f <= last; f++) {
        const cell = this.cellAt(f, r + 1);
        this.blank[cell] = EMPTY;
        const name = `${String.fromCharCode(65 + f)}${r + 1}`;
        this.names[cell] = name;
        this.byName.set(name, cell);
        cells.push(cell);
      }
    });
    this.cells = Int32Array.from(cells);
    this.castleOwner = new Int8Array(this.size);
    const castles = layout.castles.map((squares, side) =>
      Int32Array.from(
        squares.map((s) => {
          const cell = this.byName.get(s);
          if (cell === undefined) throw new Error(`castle square ${s} is not on the ${layout.id} board`);
          this.castleOwner[cell] = side + 1;
          return cell;
        }),
      ),
    );
    this.castleCells = [castles[0] as Int32Array, castles[1] as Int32Array];
  }

  /** file 0-based, rank 1-based. */
  cellAt(file: number, rank: number): number {
    return (rank + 1) * this.width + file + 2;
  }

  fileOf(cell: number): number {
    return (cell % this.width) - 2;
  }

  rankOf(cell: number): number {
    return Math.floor(cell / this.width) - 1;
  }

  name(cell: number): string {
    return this.names[cell] ?? '?';
  }

  /** The cell of a square name like "F6" (case-insensitive), or undefined if it is not on this board. */
  parse(square: string): number | undefined {
    return this.byName.get(square.toUpperCase());
  }

  onBoard(cell: number): boolean {
    return this.blank[cell] === EMPTY;
  }

  /** True if `cell` is in the castle that `side` defends. */
  isOwnCastle(cell: number, side: Side): boolean {
    return this.castleOwner[cell] === side + 1;
  }

  /** True if `cell` is in the castle `side` attacks. */
  isEnemyCastle(cell: number, side: Side): boolean {
    return this.castleOwner[cell] === 2 - side;
  }
}
