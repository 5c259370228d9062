import type { Layout } from '@roundtable/camelot';

/** One Camelot position as the table draws it, read from the view's position string (NOTATION.md). */
export interface Board {
  /** Square name → piece letter (`M` `K` white man/knight, `m` `k` black). */
  readonly pieces: ReadonlyMap<string, string>;
  readonly side: 0 | 1;
  readonly castleMovesUsed: readonly [number, number];
  readonly squares: readonly { readonly name: string; readonly file: number; readonly rank: number }[];
}

export const squareName = (file: number, rank: number): string => `${String.fromCharCode(65 + file)}${rank}`;

export function readBoard(layout: Layout, position: string): Board {
  const [board = '', side = 'w', castles = '0,0'] = position.split(' ');
  const pieces = new Map<string, string>();
  const rows = board.split('/');
  rows.forEach((row, i) => {
    const rank = layout.ranks - i;
    const [first] = layout.rows[rank - 1] ?? [0, 0];
    let file = first;
    for (const token of row.match(/\d+|[a-zA-Z]/g) ?? []) {
      if (/\d/.test(token)) file += Number(token);
      else pieces.set(squareName(file++, rank), token);
    }
  });
  const squares: { name: string; file: number; rank: number }[] = [];
  layout.rows.forEach(([first, last], r) => {
    for (let f = first; f <= last; f++) squares.push({ name: squareName(f, r + 1), file: f, rank: r + 1 });
  });
  const [w = 0, b = 0] = castles.split(',').map(Number);
  return { pieces, side: side === 'b' ? 1 : 0, castleMovesUsed: [w, b], squares };
}

/** A move's squares and separators: `E6-E8xC10` → squares [E6, E8, C10], jumps [false, true]. */
export function pathOf(move: string): { squares: string[]; jumps: boolean[] } {
  const tokens = move.toUpperCase().split(/([-X])/);
  const squares: string[] = [];
  const jumps: boolean[] = [];
  tokens.forEach((tk, i) => {
    if (i % 2 === 0) squares.push(tk.trim());
    else jumps.push(tk === 'X');
  });
  return { squares, jumps };
}

/** The notation of a path the player clicked: `x` over an enemy piece, `-` otherwise. */
export function notationOf(path: readonly string[], pieces: ReadonlyMap<string, string>, side: 0 | 1): string {
  let text = path[0] ?? '';
  for (let i = 1; i < path.length; i++) {
    const a = path[i - 1] as string;
    const b = path[i] as string;
    const [fa, ra] = [a.charCodeAt(0) - 65, Number(a.slice(1))];
    const [fb, rb] = [b.charCodeAt(0) - 65, Number(b.slice(1))];
    let sep = '-';
    if (Math.abs(fa - fb) === 2 || Math.abs(ra - rb) === 2) {
      const over = pieces.get(squareName((fa + fb) / 2, (ra + rb) / 2));
      if (over && (over === over.toLowerCase()) === (side === 0)) sep = 'x';
    }
    text += sep + b;
  }
  return text;
}
