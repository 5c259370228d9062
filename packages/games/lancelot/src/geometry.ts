/**
 * The tournament field and its lines. The printed board is 14×14 (columns A–N, rows 1–14); the field in play is
 * the centred square for the number of players (seed 002, "Champ du tournoi"). Cells are numbered inside the
 * field only, row by row from the bottom-left: `cell = row * size + column`, both counted from the field's
 * corner. Lines (rows, columns, and with the variant the diagonals longer than 4 squares) are precomputed once
 * per field as flat typed arrays, so that move generation and playouts never allocate.
 */

export const BOARD_SIZE = 14;
export const COLUMNS = 'ABCDEFGHIJKLMN';

/** A square in the board's notation, e.g. `K4`. */
export type Square = string;

export interface Field {
  readonly players: number;
  readonly diagonals: boolean;
  /** Side of the field (8, 10, 12 or 14). */
  readonly size: number;
  /** Columns and rows of the board left out on each side. */
  readonly offset: number;
  readonly cellCount: number;
  /** `names[cell]` is the square's name on the board. */
  readonly names: readonly Square[];
  readonly lineCount: number;
  /** Cells of line `l` are `lineCells[lineStart[l] .. lineStart[l + 1])`. */
  readonly lineStart: Int32Array;
  readonly lineCells: Int16Array;
  /** English name of each line: `row 4`, `column K`, `diagonal L1-A12` (stable, translated at the edge). */
  readonly lineNames: readonly string[];
  /** Lines through each cell: `cellLines[cell * 4 + k]` for `k < cellLineCount[cell]`. */
  readonly cellLines: Int16Array;
  readonly cellLineCount: Uint8Array;
  /** First and last square of the field, e.g. `D4` and `K11`. */
  readonly corners: readonly [Square, Square];
}

/** Side of the field for a number of players: 2 → 8, 3 → 10, 4 → 12, 5 → 14 (seed 002). */
export function fieldSize(players: number): number {
  return 2 * players + 4;
}

const cache = new Map<string, Field>();

export function fieldFor(players: number, diagonals: boolean): Field {
  const key = `${players}:${diagonals ? 1 : 0}`;
  let field = cache.get(key);
  if (!field) {
    field = buildField(players, diagonals);
    cache.set(key, field);
  }
  return field;
}

function buildField(players: number, diagonals: boolean): Field {
  const size = fieldSize(players);
  const offset = (BOARD_SIZE - size) / 2;
  const cellCount = size * size;
  const names: Square[] = [];
  for (let r = 0; r < size; r++) {
    for (let c = 0; c < size; c++) names.push(`${COLUMNS[c + offset]}${r + offset + 1}`);
  }
  const lines: number[][] = [];
  const lineNames: string[] = [];
  for (let r = 0; r < size; r++) {
    lines.push(Array.from({ length: size }, (_, c) => r * size + c));
    lineNames.push(`row ${r + offset + 1}`);
  }
  for (let c = 0; c < size; c++) {
    lines.push(Array.from({ length: size }, (_, r) => r * size + c));
    lineNames.push(`column ${COLUMNS[c + offset]}`);
  }
  if (diagonals) {
    // seed 002, variant: only diagonals longer than 4 squares are lines.
    for (const dc of [1, -1]) {
      for (let start = -(size - 1); start <= size - 1; start++) {
        const cells: number[] = [];
        for (let r = 0; r < size; r++) {
          // dc = 1: column − row = start; dc = −1: column + row = start + size − 1.
          const c = dc === 1 ? r + start : start + size - 1 - r;
          if (c >= 0 && c < size) cells.push(r * size + c);
        }
        if (cells.length > 4) {
          lines.push(cells);
          lineNames.push(`diagonal ${names[cells[0] as number]}-${names[cells[cells.length - 1] as number]}`);
        }
      }
    }
  }
  const lineStart = new Int32Array(lines.length + 1);
  const flat: number[] = [];
  lines.forEach((cells, l) => {
    lineStart[l] = flat.length;
    flat.push(...cells);
  });
  lineStart[lines.length] = flat.length;
  const cellLines = new Int16Array(cellCount * 4).fill(-1);
  const cellLineCount = new Uint8Array(cellCount);
  lines.forEach((cells, l) => {
    for (const cell of cells) {
      const k = cellLineCount[cell] as number;
      cellLines[cell * 4 + k] = l;
      cellLineCount[cell] = k + 1;
    }
  });
  return {
    players,
    diagonals,
    size,
    offset,
    cellCount,
    names,
    lineCount: lines.length,
    lineStart,
    lineCells: Int16Array.from(flat),
    lineNames,
    cellLines,
    cellLineCount,
    corners: [names[0] as Square, names[cellCount - 1] as Square],
  };
}

export type SquareLookup =
  | { readonly kind: 'cell'; readonly cell: number }
  | { readonly kind: 'off-field'; readonly square: Square }
  | { readonly kind: 'not-a-square' };

/** Reads a square name (case-insensitive) on this field. */
export function lookupSquare(field: Field, text: string): SquareLookup {
  const m = /^([A-Na-n])(1[0-4]|[1-9])$/.exec(text);
  if (!m) return { kind: 'not-a-square' };
  const col = COLUMNS.indexOf((m[1] as string).toUpperCase());
  const row = Number(m[2]) - 1;
  const square = `${COLUMNS[col]}${row + 1}`;
  const c = col - field.offset;
  const r = row - field.offset;
  if (c < 0 || r < 0 || c >= field.size || r >= field.size) return { kind: 'off-field', square };
  return { kind: 'cell', cell: r * field.size + c };
}

/** The cells of a line, as an array (for explanations and tests; the hot paths read the flat arrays). */
export function lineCellsOf(field: Field, line: number): number[] {
  const out: number[] = [];
  for (let i = field.lineStart[line] as number; i < (field.lineStart[line + 1] as number); i++)
    out.push(field.lineCells[i] as number);
  return out;
}

/** The lines through a cell. */
export function linesThrough(field: Field, cell: number): number[] {
  const out: number[] = [];
  for (let k = 0; k < (field.cellLineCount[cell] as number); k++) out.push(field.cellLines[cell * 4 + k] as number);
  return out;
}
