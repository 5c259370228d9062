import { err, ok, type Result } from '@roundtable/core';
import { BLACK_KNIGHT, BLACK_MAN, EMPTY, WHITE_KNIGHT, WHITE_MAN, sideOf, type Side } from './board.ts';
import { FIFTY_MOVE_PLIES, type CamelotState, type Engine } from './engine.ts';

const LETTER: Record<number, string> = { [WHITE_MAN]: 'M', [WHITE_KNIGHT]: 'K', [BLACK_MAN]: 'm', [BLACK_KNIGHT]: 'k' };
const PIECE: Record<string, number> = { M: WHITE_MAN, K: WHITE_KNIGHT, m: BLACK_MAN, k: BLACK_KNIGHT };

/** The position string of NOTATION.md: `<board> <side> <W,B castle moves> <quiet plies> <move number>`. */
export function writePosition(engine: Engine, state: CamelotState): string {
  return `${encodeBoard(engine, state.board)} ${state.side === 0 ? 'w' : 'b'} ${state.castleMoves[0]},${state.castleMoves[1]} ${state.quiet} ${state.moveNumber}`;
}

/** The board field: ranks from the top, each listing only its own squares, runs of empty squares as numbers. */
function encodeBoard(engine: Engine, board: Int8Array): string {
  const { geo, layout } = engine;
  const ranks: string[] = [];
  for (let r = layout.ranks; r >= 1; r--) {
    const [first, last] = layout.rows[r - 1] as [number, number];
    let text = '';
    let empty = 0;
    for (let f = first; f <= last; f++) {
      const p = board[geo.cellAt(f, r)] as number;
      if (p === EMPTY) empty++;
      else {
        if (empty > 0) text += String(empty);
        empty = 0;
        text += LETTER[p];
      }
    }
    if (empty > 0) text += String(empty);
    ranks.push(text);
  }
  return ranks.join('/');
}

/**
 * A position string from a diagram-like list of pieces, "K:C6 M:D6 m:E7 k:F9" (K/M White knight/man, k/m Black),
 * with the side to move and the remaining fields as given. Not validated here: read it with `readPosition`.
 */
export function positionFromPieces(engine: Engine, pieces: string, side: 'w' | 'b' = 'w', rest = '0,0 0 10'): string {
  const board = engine.geo.blank.slice();
  for (const item of pieces.trim().split(/\s+/).filter(Boolean)) {
    const [letter = '', square = ''] = item.split(':');
    const piece = PIECE[letter];
    const cell = engine.geo.parse(square);
    if (piece === undefined || cell === undefined) throw new Error(`positionFromPieces: bad item "${item}"`);
    board[cell] = piece;
  }
  return `${encodeBoard(engine, board)} ${side} ${rest}`;
}

type Bad = { ok: false; error: { code: 'BAD_POSITION'; reason: string; reasonFr: string; text: string } };

/** Reads and validates a position string; every refusal says which field or rank is wrong. */
export function readPosition(engine: Engine, text: string): Result<CamelotState> {
  const bad = (reason: string, reasonFr: string): Bad => err({ code: 'BAD_POSITION', reason, reasonFr, text });
  const { geo, layout } = engine;
  const fields = text.trim().split(/\s+/);
  if (fields.length !== 5) {
    return bad(
      `expected 5 fields (board, side, castle moves, quiet plies, move number), found ${fields.length}`,
      `5 champs attendus (plateau, trait, coups de château, demi-coups calmes, numéro du coup), ${fields.length} trouvés`,
    );
  }
  const [boardText, sideText, castleText, quietText, moveText] = fields as [string, string, string, string, string];
  const rows = boardText.split('/');
  if (rows.length !== layout.ranks) {
    return bad(
      `the board must have ${layout.ranks} ranks separated by "/", found ${rows.length}`,
      `le plateau doit avoir ${layout.ranks} rangées séparées par « / », ${rows.length} trouvées`,
    );
  }
  const board = geo.blank.slice();
  for (let i = 0; i < rows.length; i++) {
    const rank = layout.ranks - i;
    const [first, last] = layout.rows[rank - 1] as [number, number];
    const width = last - first + 1;
    let f = first;
    const row = rows[i] as string;
    for (const token of row.match(/\d+|./g) ?? []) {
      if (/^\d+$/.test(token)) {
        const n = Number(token);
        if (n === 0)
          return bad(
            `rank ${rank}: an empty run cannot be 0`,
            `rangée ${rank} : une suite de cases vides ne peut valoir 0`,
          );
        f += n;
      } else {
        const p = PIECE[token];
        if (p === undefined)
          return bad(
            `rank ${rank}: "${token}" is not a piece (M K m k) or a number`,
            `rangée ${rank} : « ${token} » n'est ni une pièce (M K m k) ni un nombre`,
          );
        if (f <= last) board[geo.cellAt(f, rank)] = p;
        f++;
      }
    }
    if (f - first !== width) {
      return bad(
        `rank ${rank} must describe ${width} squares, "${row}" describes ${f - first}`,
        `la rangée ${rank} doit décrire ${width} cases, « ${row} » en décrit ${f - first}`,
      );
    }
  }
  if (sideText !== 'w' && sideText !== 'b')
    return bad(
      `the side to move must be "w" or "b", not "${sideText}"`,
      `le trait doit être « w » ou « b », pas « ${sideText} »`,
    );
  const side: Side = sideText === 'w' ? 0 : 1;
  const castle = /^(\d+),(\d+)$/.exec(castleText);
  const limit = layout.castleMoveLimit;
  if (!castle || Number(castle[1]) > limit || Number(castle[2]) > limit) {
    return bad(
      `castle moves used must be "W,B" with each from 0 to ${limit}, not "${castleText}"`,
      `les coups de château joués s'écrivent « B,N » de 0 à ${limit} chacun, pas « ${castleText} »`,
    );
  }
  const castleMoves: [number, number] = [Number(castle[1]), Number(castle[2])];
  if (!/^\d+$/.test(quietText) || Number(quietText) > FIFTY_MOVE_PLIES) {
    return bad(
      `quiet plies must be a whole number from 0 to ${FIFTY_MOVE_PLIES}, not "${quietText}"`,
      `les demi-coups calmes vont de 0 à ${FIFTY_MOVE_PLIES}, pas « ${quietText} »`,
    );
  }
  if (!/^\d+$/.test(moveText) || Number(moveText) < 1 || Number(moveText) > 100000) {
    return bad(
      `the move number must be a whole number from 1, not "${moveText}"`,
      `le numéro du coup doit être un entier à partir de 1, pas « ${moveText} »`,
    );
  }
  // Material can only shrink from the start.
  const start = layout.start;
  for (const s of [0, 1] as const) {
    let knights = 0;
    let men = 0;
    for (const c of geo.cells) {
      const p = board[c] as number;
      if (p > 0 && sideOf(p) === s) {
        if (p === WHITE_KNIGHT || p === BLACK_KNIGHT) knights++;
        else men++;
      }
    }
    const name = s === 0 ? 'White' : 'Black';
    const nameFr = s === 0 ? 'Blanc' : 'Noir';
    if (knights > start.knights[s].length || men > start.men[s].length) {
      return bad(
        `${name} has more pieces than at the start (${knights} knights, ${men} men)`,
        `${nameFr} a plus de pièces qu'au départ (${knights} cavaliers, ${men} pions)`,
      );
    }
    // A piece gets into its own castle only by a jump, and must leave on its side's next move: so there is at
    // most one, whoever is to move (it just jumped in, or it must leave now).
    const inOwn = geo.castleCells[s].filter((c) => board[c] !== EMPTY && sideOf(board[c] as number) === s).length;
    if (inOwn > 1)
      return bad(`${name} has two pieces in its own castle`, `${nameFr} a deux pièces dans son propre château`);
  }
  const quiet = Number(quietText);
  return ok(
    engine.withOutcome({
      variant: layout.id,
      ends: engine.ends,
      board,
      side,
      castleMoves,
      quiet,
      moveNumber: Number(moveText),
      history: [engine.key(board, side, castleMoves)],
      outcome: null,
    }),
  );
}
