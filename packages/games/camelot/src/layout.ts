/**
 * A Camelot-family board as data: which squares exist, where the castles are, the start, and the few numbers
 * that differ between variants. The move rules are the same for all of them (research §6), so a variant is a
 * layout plus a start.
 */
export interface Layout {
  readonly id: string;
  readonly files: number;
  readonly ranks: number;
  /** For each rank (index rank−1), the first and last file (0-based) present on that rank. */
  readonly rows: readonly (readonly [number, number])[];
  /** castles[side] is the castle that side defends (White = 0 defends rank 1). */
  readonly castles: readonly [readonly string[], readonly string[]];
  readonly start: {
    readonly knights: readonly [readonly string[], readonly string[]];
    readonly men: readonly [readonly string[], readonly string[]];
  };
  /** Castle moves each player may make per game (0 where castles have one square). */
  readonly castleMoveLimit: number;
  /**
   * Under the WCF end rules (option `ends=wcf`), pieces a player must keep to win by capturing everything, or when
   * the opponent has no move (fewer: a draw). Under the seed's end rules (the default) one is always enough.
   */
  readonly wcfWinMinPieces: number;
  /** Both sides at or below this many pieces is a draw (null: never). */
  readonly bareDraw: number | null;
}

function range(from: string, to: string, rank: number): string[] {
  const out: string[] = [];
  for (let c = from.charCodeAt(0); c <= to.charCodeAt(0); c++) out.push(`${String.fromCharCode(c)}${rank}`);
  return out;
}

/** The 1930 game on 160 squares (rules/camelot.md, WCF square list). */
export const CAMELOT: Layout = {
  id: 'camelot',
  files: 12,
  ranks: 16,
  rows: [
    [5, 6],
    [2, 9],
    [1, 10],
    [0, 11],
    [0, 11],
    [0, 11],
    [0, 11],
    [0, 11],
    [0, 11],
    [0, 11],
    [0, 11],
    [0, 11],
    [0, 11],
    [1, 10],
    [2, 9],
    [5, 6],
  ],
  castles: [
    ['F1', 'G1'],
    ['F16', 'G16'],
  ],
  start: {
    knights: [
      ['C6', 'D7', 'I7', 'J6'],
      ['C11', 'D10', 'I10', 'J11'],
    ],
    men: [
      [...range('D', 'I', 6), ...range('E', 'H', 7)],
      [...range('D', 'I', 11), ...range('E', 'H', 10)],
    ],
  },
  castleMoveLimit: 2,
  wcfWinMinPieces: 2,
  bareDraw: 1,
};

/**
 * Cam (Parker Brothers, 1949), 67 squares, one-square castles (research §6, WCF Cam rules). A single piece in the
 * enemy castle wins, so a lone piece still threatens: [decision] capturing everything wins with one piece left
 * (under the WCF end rules too), and there is no bare-pieces draw.
 */
export const CAM: Layout = {
  id: 'cam',
  files: 7,
  ranks: 13,
  rows: [
    [3, 3],
    [2, 4],
    [1, 5],
    [0, 6],
    [0, 6],
    [0, 6],
    [0, 6],
    [0, 6],
    [0, 6],
    [0, 6],
    [1, 5],
    [2, 4],
    [3, 3],
  ],
  castles: [['D1'], ['D13']],
  start: {
    knights: [
      ['C4', 'E4'],
      ['C10', 'E10'],
    ],
    men: [range('B', 'F', 5), range('B', 'F', 9)],
  },
  castleMoveLimit: 0,
  wcfWinMinPieces: 1,
  bareDraw: null,
};

export const LAYOUTS: Readonly<Record<string, Layout>> = { camelot: CAMELOT, cam: CAM };
