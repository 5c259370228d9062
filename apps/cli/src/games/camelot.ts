import type { Lang } from '@roundtable/core';
import type { CommandContext, HintGroup, RenderOptions, TerminalAdapter } from '../terminal/adapter.ts';
import { style } from '../terminal/style.ts';

/**
 * Camelot at the terminal, drawn from the view's position string (NOTATION.md) alone, so the drawing never
 * depends on the engine's internals. Every Camelot-family board is symmetric about its centre column, so each
 * rank's squares are centred on the widest rank: that gives the 160-square board and the small Cam board
 * alike, and the castles are the squares of the first and last ranks.
 *
 * Each square is three characters: `[ ]` a castle, `( )` a square of the last move, `< >` the piece whose hints
 * are shown, `*` a square it can reach. Colour repeats these marks but is never the only carrier.
 */

interface Board {
  readonly files: number;
  readonly ranks: number;
  /** Piece letter by square ("F6" → "M"); an empty existing square maps to "". */
  readonly squares: ReadonlyMap<string, string>;
  readonly side: string;
  readonly castleMoves: string;
  readonly quiet: string;
  readonly moveNumber: string;
}

const FILES = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

export function parseBoard(position: string): Board | null {
  const [board, side = '?', castleMoves = '?', quiet = '?', moveNumber = '?'] = position.trim().split(/\s+/);
  if (!board) return null;
  const rows = board.split('/').map(rowCells);
  if (rows.some((r) => r === null)) return null;
  const cells = rows as string[][];
  const files = Math.max(...cells.map((r) => r.length));
  const ranks = cells.length;
  const squares = new Map<string, string>();
  cells.forEach((row, i) => {
    const rank = ranks - i;
    const first = (files - row.length) / 2;
    if (!Number.isInteger(first)) return;
    row.forEach((piece, j) => squares.set(`${FILES[first + j]}${rank}`, piece));
  });
  return { files, ranks, squares, side, castleMoves, quiet, moveNumber };
}

/** The cells of one rank of a position string: a letter is a piece, a number a run of empty squares. */
function rowCells(row: string): string[] | null {
  const out: string[] = [];
  for (const token of row.match(/\d+|[A-Za-z]/g) ?? []) {
    if (/^\d+$/.test(token)) out.push(...Array<string>(Number(token)).fill(''));
    else if ('MKmk'.includes(token)) out.push(token);
    else return null;
  }
  return out.length > 0 ? out : null;
}

/** The squares a move passes through, in order: `E8xC10xC12` → E8 C10 C12. */
export function moveSquares(notation: string): string[] {
  return (notation.toUpperCase().match(/[A-Z]\d{1,2}/g) ?? []).map((s) => s);
}

const words = {
  en: {
    over: 'Game over',
    white: 'White',
    black: 'Black',
    toMove: 'to move',
    castleMoves: 'castle moves',
    quiet: 'quiet plies',
    move: 'move',
    last: 'last move',
    legend: 'M K White man, knight · m k Black man, knight · [ ] castle · ( ) last move · < > * hints',
  },
  fr: {
    over: 'Partie terminée',
    white: 'Blanc',
    black: 'Noir',
    toMove: 'au trait',
    castleMoves: 'coups de château',
    quiet: 'demi-coups sans prise',
    move: 'coup',
    last: 'dernier coup',
    legend: 'M K pion, cavalier blancs · m k pion, cavalier noirs · [ ] château · ( ) dernier coup · < > * aides',
  },
} as const;

export function renderBoard(position: string, options: RenderOptions): string {
  const board = parseBoard(position);
  if (!board) return position;
  const s = style(options.color);
  const w = words[options.lang];
  // A lone Black human sees the board from their side, as across a real table.
  const flip = options.humans.length === 1 && options.humans[0] === 1;
  const last = new Set(options.lastMove ? moveSquares(options.lastMove) : []);
  const hintFrom = new Set<string>();
  const hintTo = new Set<string>();
  for (const h of options.hints ?? []) {
    const path = moveSquares(h);
    if (path[0]) hintFrom.add(path[0]);
    const end = path[path.length - 1];
    if (end) hintTo.add(end);
  }
  const castles = new Set([...board.squares.keys()].filter((sq) => rankOf(sq) === 1 || rankOf(sq) === board.ranks));

  const fileIdx = [...Array(board.files).keys()];
  const rankIdx = [...Array(board.ranks).keys()].map((i) => board.ranks - i);
  if (flip) {
    fileIdx.reverse();
    rankIdx.reverse();
  }
  const header = `    ${fileIdx.map((f) => ` ${FILES[f]} `).join('')}`;
  const lines = [s.dim(header)];
  for (const rank of rankIdx) {
    let line = s.dim(String(rank).padStart(3)) + ' ';
    for (const f of fileIdx) {
      const sq = `${FILES[f]}${rank}`;
      const piece = board.squares.get(sq);
      if (piece === undefined) {
        line += '   ';
        continue;
      }
      let glyph = piece === '' ? '.' : piece;
      let [open, close] = castles.has(sq) ? ['[', ']'] : [' ', ' '];
      if (last.has(sq)) [open, close] = ['(', ')'];
      if (hintFrom.has(sq)) [open, close] = ['<', '>'];
      if (hintTo.has(sq) && piece === '') glyph = '*';
      const coloured =
        piece === ''
          ? glyph === '*'
            ? s.green(glyph)
            : s.dim(glyph)
          : piece === piece.toUpperCase()
            ? s.light(glyph)
            : s.dark(glyph);
      let cell = `${open}${coloured}${close}`;
      if (hintTo.has(sq) || hintFrom.has(sq)) cell = s.hint(cell);
      else if (last.has(sq)) cell = s.lastMove(cell);
      else if (castles.has(sq)) cell = `${s.yellow(open)}${coloured}${s.yellow(close)}`;
      line += cell;
    }
    lines.push(`${line} ${s.dim(String(rank))}`);
  }
  lines.push(s.dim(header));
  const side = board.side === 'w' ? w.white : board.side === 'b' ? w.black : board.side;
  const [wc = '?', bc = '?'] = board.castleMoves.split(',');
  const status = options.outcome ? w.over : `${side} ${w.toMove}`;
  lines.push(
    `${s.bold(status)} · ${w.move} ${board.moveNumber} · ${w.castleMoves} ${w.white} ${wc}, ${w.black} ${bc} · ${w.quiet} ${board.quiet}`,
  );
  if (options.lastMove) lines.push(`${w.last}${options.lang === 'fr' ? '\u00a0:' : ':'} ${options.lastMove}`);
  lines.push(s.dim(w.legend));
  return lines.join('\n');
}

function rankOf(square: string): number {
  return Number(square.slice(1));
}

function positionOf(view: unknown): string | null {
  const p = (view as { position?: unknown } | null)?.position;
  return typeof p === 'string' ? p : null;
}

const hintText = {
  en: {
    none: (sq: string) => `No legal move starts from ${sq}.`,
    from: (sq: string, moves: string) => `Moves from ${sq}: ${moves}`,
    bad: (sq: string) => `"${sq}" is not a square (write e.g. F6).`,
  },
  fr: {
    none: (sq: string) => `Aucun coup légal ne part de ${sq}.`,
    from: (sq: string, moves: string) => `Coups depuis ${sq}\u00a0: ${moves}`,
    bad: (sq: string) => `«\u00a0${sq}\u00a0» n’est pas une case (écrire par ex. F6).`,
  },
} as const;

const reasons: Readonly<Record<string, Readonly<Record<Lang, string>>>> = {
  castle: { en: 'two pieces hold the enemy castle', fr: 'deux pièces occupent le château adverse' },
  annihilation: { en: 'every enemy piece captured', fr: 'toutes les pièces adverses sont prises' },
  bare: { en: 'neither side has enough pieces left to win', fr: 'aucun camp n’a assez de pièces pour gagner' },
  'no-moves': { en: 'the side to move has no legal move', fr: 'le camp au trait n’a aucun coup légal' },
  repetition: { en: 'the same position occurred three times', fr: 'la même position est apparue trois fois' },
  'fifty-moves': {
    en: '50 moves each without a capture or castle entry',
    fr: '50 coups chacun sans prise ni entrée dans un château',
  },
};

export const camelotAdapter: TerminalAdapter = {
  gameId: 'camelot',
  privacyScreen: false,
  seatAliases: { white: 0, black: 1 },
  commands: [
    {
      usage: 'hints SQUARE',
      help: {
        en: "mark that piece's legal moves on the board",
        fr: 'marquer sur le plateau les coups légaux de cette pièce',
      },
    },
  ],
  render(view, options) {
    const position = positionOf(view);
    return position === null ? JSON.stringify(view, null, 2) : renderBoard(position, options);
  },
  command(line: string, context: CommandContext): string | null {
    const m = /^hints?\s+(\S+)$/i.exec(line.trim());
    if (!m) return null;
    const t = hintText[context.options.lang];
    const square = (m[1] ?? '').toUpperCase();
    if (!/^[A-Z]\d{1,2}$/.test(square)) return t.bad(square);
    const moves = context.legal.filter((mv) => moveSquares(mv)[0] === square);
    if (moves.length === 0) return t.none(square);
    const position = positionOf(context.view);
    const board =
      position === null || context.options.plain
        ? ''
        : `${renderBoard(position, { ...context.options, hints: moves })}\n`;
    return `${board}${t.from(square, moves.join(' '))}`;
  },
  describeReason: (reason, lang) => reasons[reason]?.[lang],
  groupHints: groupByPiece,
};

/** Legal moves by the piece that makes them: "F6: F5 E5 G5-G7", the piece's square said once. */
export function groupByPiece(legal: readonly string[]): HintGroup[] {
  const groups = new Map<string, string[]>();
  for (const move of legal) {
    const from = moveSquares(move)[0] ?? move;
    const rest = move.slice(from.length).replace(/^-/, '');
    groups.set(from, [...(groups.get(from) ?? []), rest === '' ? move : rest]);
  }
  return [...groups].map(([label, moves]) => ({ label, moves }));
}
