/**
 * A slow, plain reference move generator for Camelot, written from the rules alone
 * (/work/shared/rules/camelot.md, research §1 and §3, seed 003, NOTATION.md) and independent of the engine in
 * `../src`. It exists to be obviously correct, not fast: squares are strings ("F6"), the board is a Map, and
 * every rule is a small function that cites where it comes from.
 *
 * Only the standard 160-square board. Positions that are already over are not handled (the caller checks).
 */

// ---------------------------------------------------------------------------------------------------------
// Board geometry (research §1)
// ---------------------------------------------------------------------------------------------------------

export const FILES = 'ABCDEFGHIJKL';
export const TOP_RANK = 16;

/** The files present on each rank, as [first, last] file indexes (0 = A). Research §1 table. */
const RANK_SPAN: Readonly<Record<number, readonly [number, number]>> = (() => {
  const span: Record<number, readonly [number, number]> = {};
  for (let rank = 1; rank <= 16; rank++) {
    if (rank === 1 || rank === 16)
      span[rank] = [5, 6]; // the castles F/G
    else if (rank === 2 || rank === 15)
      span[rank] = [2, 9]; // C–J
    else if (rank === 3 || rank === 14)
      span[rank] = [1, 10]; // B–K
    else span[rank] = [0, 11]; // A–L
  }
  return span;
})();

export function squareName(file: number, rank: number): string {
  return `${FILES[file]}${rank}`;
}

function fileOf(square: string): number {
  return FILES.indexOf(square[0]!);
}

function rankOf(square: string): number {
  return Number(square.slice(1));
}

export function isOnBoard(file: number, rank: number): boolean {
  const span = RANK_SPAN[rank];
  return span !== undefined && file >= span[0] && file <= span[1];
}

/** The squares of one rank, left to right. */
export function rankSquares(rank: number): string[] {
  const span = RANK_SPAN[rank];
  if (span === undefined) return [];
  const squares: string[] = [];
  for (let file = span[0]; file <= span[1]; file++) squares.push(squareName(file, rank));
  return squares;
}

/** The squares of each rank, computed once (index = rank). */
const RANK_SQUARES: readonly (readonly string[])[] = Array.from({ length: 17 }, (_, rank) => rankSquares(rank));

/** All 160 squares, rank 1 first. */
export const SQUARES: readonly string[] = RANK_SQUARES.flat();

/** The 8 directions of a king step: plain moves, canters and jumps all use them (research §3.1). */
export const DIRECTIONS: readonly (readonly [number, number])[] = [
  [-1, -1],
  [0, -1],
  [1, -1],
  [-1, 0],
  [1, 0],
  [-1, 1],
  [0, 1],
  [1, 1],
];

function computeStep(square: string, [df, dr]: readonly [number, number]): string | null {
  const file = fileOf(square) + df;
  const rank = rankOf(square) + dr;
  return isOnBoard(file, rank) ? squareName(file, rank) : null;
}

/** Precomputed once (the only concession to speed: perft to depth 3 calls `step` some 10⁸ times). */
const STEP_TABLE = new Map(SQUARES.map((s) => [s, new Map(DIRECTIONS.map((d) => [d, computeStep(s, d)]))]));

/** The square one step away in a direction, or null off the board. */
export function step(square: string, direction: readonly [number, number]): string | null {
  return STEP_TABLE.get(square)?.get(direction) ?? computeStep(square, direction);
}

export function neighbours(square: string): string[] {
  return DIRECTIONS.map((d) => step(square, d)).filter((s): s is string => s !== null);
}

// ---------------------------------------------------------------------------------------------------------
// Pieces, castles, positions (NOTATION.md)
// ---------------------------------------------------------------------------------------------------------

export type Colour = 'white' | 'black';
export interface Piece {
  readonly colour: Colour;
  readonly knight: boolean;
}
export type Board = Map<string, Piece>;

export function other(colour: Colour): Colour {
  return colour === 'white' ? 'black' : 'white';
}

/** White's castle is F1 G1, Black's F16 G16 (rules: Board and start). */
export function ownCastle(colour: Colour): readonly string[] {
  return colour === 'white' ? ['F1', 'G1'] : ['F16', 'G16'];
}

export function enemyCastle(colour: Colour): readonly string[] {
  return ownCastle(other(colour));
}

export interface Position {
  readonly board: Board;
  readonly side: Colour;
  readonly castleMovesUsed: { readonly white: number; readonly black: number };
  readonly quietPlies: number;
  readonly moveNumber: number;
}

export const START = '2/8/10/12/12/2kmmmmmmk2/3kmmmmk3/12/12/3KMMMMK3/2KMMMMMMK2/12/12/10/8/2 w 0,0 0 1';

const PIECE_LETTERS: Readonly<Record<string, Piece>> = {
  M: { colour: 'white', knight: false },
  K: { colour: 'white', knight: true },
  m: { colour: 'black', knight: false },
  k: { colour: 'black', knight: true },
};

function pieceLetter(piece: Piece): string {
  if (piece.colour === 'white') return piece.knight ? 'K' : 'M';
  return piece.knight ? 'k' : 'm';
}

/** Reads a position string (NOTATION.md). Throws on malformed input: this is test code. */
export function parsePosition(text: string): Position {
  const fields = text.trim().split(/\s+/);
  if (fields.length !== 5) throw new Error(`expected 5 fields: ${text}`);
  const [boardText, sideText, castleText, quietText, moveText] = fields as [string, string, string, string, string];
  const rows = boardText.split('/');
  if (rows.length !== 16) throw new Error(`expected 16 ranks: ${text}`);
  const board: Board = new Map();
  rows.forEach((row, i) => {
    const squares = rankSquares(TOP_RANK - i);
    let index = 0;
    for (const token of row.match(/\d+|[^\d]/g) ?? []) {
      if (/^\d+$/.test(token)) {
        index += Number(token);
        continue;
      }
      const piece = PIECE_LETTERS[token];
      const square = squares[index];
      if (piece === undefined || square === undefined) throw new Error(`bad rank "${row}" in ${text}`);
      board.set(square, piece);
      index++;
    }
    if (index !== squares.length) throw new Error(`rank "${row}" has ${index} squares, not ${squares.length}`);
  });
  if (sideText !== 'w' && sideText !== 'b') throw new Error(`bad side: ${text}`);
  const [white, black] = castleText.split(',').map(Number) as [number, number];
  return {
    board,
    side: sideText === 'w' ? 'white' : 'black',
    castleMovesUsed: { white, black },
    quietPlies: Number(quietText),
    moveNumber: Number(moveText),
  };
}

export function writePosition(position: Position): string {
  const rows: string[] = [];
  for (let rank = TOP_RANK; rank >= 1; rank--) {
    let row = '';
    let empty = 0;
    for (const square of RANK_SQUARES[rank]!) {
      const piece = position.board.get(square);
      if (piece === undefined) {
        empty++;
        continue;
      }
      if (empty > 0) row += String(empty);
      empty = 0;
      row += pieceLetter(piece);
    }
    if (empty > 0) row += String(empty);
    rows.push(row);
  }
  const { white, black } = position.castleMovesUsed;
  const side = position.side === 'white' ? 'w' : 'b';
  return `${rows.join('/')} ${side} ${white},${black} ${position.quietPlies} ${position.moveNumber}`;
}

// ---------------------------------------------------------------------------------------------------------
// Moves
// ---------------------------------------------------------------------------------------------------------

type StepKind = 'plain' | 'canter' | 'jump' | 'castle';

/** One path through the board: where the piece starts, each square it lands on, and what it removes. */
export interface ReferenceMove {
  readonly from: string;
  readonly steps: readonly { readonly to: string; readonly kind: StepKind }[];
  readonly captured: readonly string[];
}

export function finalSquare(move: ReferenceMove): string {
  return move.steps.length === 0 ? move.from : move.steps[move.steps.length - 1]!.to;
}

/** WCF notation: `-` before a plain, canter or castle step, `x` before a jump step (rules: Notation). */
export function moveToWcf(move: ReferenceMove): string {
  return move.from + move.steps.map((s) => (s.kind === 'jump' ? 'x' : '-') + s.to).join('');
}

function isEmpty(board: Board, square: string): boolean {
  return !board.has(square);
}

/** The board with the moving piece lifted: its origin counts as empty (research §3.2). */
function lifted(board: Board, from: string): Board {
  const copy = new Map(board);
  copy.delete(from);
  return copy;
}

/** The single jumps from `at` for a piece of `colour` (the piece itself already lifted from `board`). */
function singleJumps(board: Board, colour: Colour, at: string): { over: string; to: string }[] {
  // A piece on the enemy castle never leaves it (rules: Settled points), so it has no jumps.
  if (enemyCastle(colour).includes(at)) return [];
  const jumps: { over: string; to: string }[] = [];
  for (const direction of DIRECTIONS) {
    const over = step(at, direction);
    if (over === null) continue;
    const victim = board.get(over);
    if (victim === undefined || victim.colour === colour) continue;
    const to = step(over, direction);
    // A jump may land in one's own castle (rules: Settled points), so no castle test here.
    if (to !== null && isEmpty(board, to)) jumps.push({ over, to });
  }
  return jumps;
}

/** Can a piece of `colour` standing on `at` jump now? (the piece itself lifted from `board`). */
export function canJumpFrom(board: Board, colour: Colour, at: string): boolean {
  return singleJumps(board, colour, at).length > 0;
}

/**
 * Every complete jump sequence starting at `at` (at least one jump). Enemy pieces are removed at once, the
 * piece must continue while it can (seed 003: "must continue jumping as long as it can"), squares may be
 * revisited (research §3.3), and landing on the enemy castle ends the move (research §3.3, §3.5).
 * `board` has the moving piece lifted.
 */
function jumpSequences(
  board: Board,
  colour: Colour,
  at: string,
  stepsSoFar: ReferenceMove['steps'],
  capturedSoFar: readonly string[],
): { steps: ReferenceMove['steps']; captured: readonly string[] }[] {
  const landedInEnemyCastle = stepsSoFar.length > 0 && enemyCastle(colour).includes(at);
  const next = landedInEnemyCastle ? [] : singleJumps(board, colour, at);
  if (next.length === 0) {
    return stepsSoFar.length > 0 ? [{ steps: stepsSoFar, captured: capturedSoFar }] : [];
  }
  return next.flatMap(({ over, to }) => {
    const after = new Map(board);
    after.delete(over); // removed at once: it cannot be jumped twice and its square can be crossed
    return jumpSequences(after, colour, to, [...stepsSoFar, { to, kind: 'jump' }], [...capturedSoFar, over]);
  });
}

/**
 * The squares a piece can reach by canters from `from` (breadth-first, so each path is a shortest one), with
 * the path to each. Canters leap a friendly piece to an empty square, never into one's own castle, and a
 * canter that reaches the enemy castle ends there (research §3.2). `mayLand` further restricts where a canter
 * may land (the knight's rule below). The origin is marked visited, so it is never a destination.
 * `board` has the moving piece lifted.
 */
function canterRegion(
  board: Board,
  colour: Colour,
  from: string,
  mayLand: (square: string) => boolean,
): Map<string, string[]> {
  const paths = new Map<string, string[]>([[from, []]]);
  const queue = [from];
  while (queue.length > 0) {
    const at = queue.shift()!;
    if (at !== from && enemyCastle(colour).includes(at)) continue; // entering the enemy castle ends the move
    for (const direction of DIRECTIONS) {
      const over = step(at, direction);
      if (over === null || board.get(over)?.colour !== colour) continue;
      const to = step(over, direction);
      if (to === null || !isEmpty(board, to) || paths.has(to)) continue;
      if (ownCastle(colour).includes(to)) continue; // no canter into one's own castle
      if (!mayLand(to)) continue;
      paths.set(to, [...paths.get(at)!, to]);
      queue.push(to);
    }
  }
  return paths;
}

/** Plain moves: one step to an empty square, never into one's own castle (rules: Settled points). */
function plainMoves(board: Board, colour: Colour, from: string): ReferenceMove[] {
  return neighbours(from)
    .filter((to) => isEmpty(board, to) && !ownCastle(colour).includes(to))
    .map((to) => ({ from, steps: [{ to, kind: 'plain' as const }], captured: [] }));
}

/**
 * Pure canters (no capture). For a knight, the WCF reading (research §3.4, rules: "a pure canter may not touch
 * such a square"): it may not land on, not even pass through, a square from which it could jump.
 */
function pureCanters(board: Board, colour: Colour, from: string, knight: boolean): ReferenceMove[] {
  const rest = lifted(board, from);
  const mayLand = knight ? (square: string) => !canJumpFrom(rest, colour, square) : () => true;
  const moves: ReferenceMove[] = [];
  for (const [to, path] of canterRegion(rest, colour, from, mayLand)) {
    if (to === from) continue; // a canter may not end where it began (seed 003)
    moves.push({ from, steps: path.map((s) => ({ to: s, kind: 'canter' as const })), captured: [] });
  }
  return moves;
}

/** Jump sequences of the piece on `from` (at least one jump). */
function jumpMoves(board: Board, colour: Colour, from: string): ReferenceMove[] {
  return jumpSequences(lifted(board, from), colour, from, [], []).map((j) => ({ from, ...j }));
}

/**
 * Knight's charges: at least one canter, then at least one jump, then the ordinary jump continuation (seed 003,
 * research §3.4). The canters may pass through jump squares (WCF reading) and the jumps may start from any
 * square the canters reach, except the enemy castle (the move ends there) and the origin (a canter may not end
 * where it began; jumping from the origin is a plain jump anyway).
 */
function chargeMoves(board: Board, colour: Colour, from: string): ReferenceMove[] {
  const rest = lifted(board, from);
  const moves: ReferenceMove[] = [];
  for (const [start, path] of canterRegion(rest, colour, from, () => true)) {
    if (start === from) continue;
    const canters = path.map((s) => ({ to: s, kind: 'canter' as const }));
    for (const j of jumpSequences(rest, colour, start, [], [])) {
      moves.push({ from, steps: [...canters, ...j.steps], captured: j.captured });
    }
  }
  return moves;
}

/** A castle move: a piece on the enemy castle steps to the other castle square (research §3.5). */
function castleMoves(position: Position, from: string): ReferenceMove[] {
  const colour = position.side;
  if (position.castleMovesUsed[colour] >= 2) return []; // two castle moves per player per game
  const to = enemyCastle(colour).find((s) => s !== from)!;
  return isEmpty(position.board, to) ? [{ from, steps: [{ to, kind: 'castle' }], captured: [] }] : [];
}

/** Every move a single piece may make when no obligation narrows the choice. */
function allMovesOf(position: Position, from: string): ReferenceMove[] {
  const { board, side } = position;
  const piece = board.get(from)!;
  // A piece on the enemy castle never leaves it; its only move is the castle move (rules: Settled points).
  if (enemyCastle(side).includes(from)) return castleMoves(position, from);
  return [
    ...plainMoves(board, side, from),
    ...pureCanters(board, side, from, piece.knight),
    ...jumpMoves(board, side, from),
    ...(piece.knight ? chargeMoves(board, side, from) : []),
  ];
}

/** The capturing moves of a piece: its jumps, plus its charges if it is a knight. */
function capturesOf(position: Position, from: string): ReferenceMove[] {
  const { board, side } = position;
  if (enemyCastle(side).includes(from)) return [];
  return [...jumpMoves(board, side, from), ...(board.get(from)!.knight ? chargeMoves(board, side, from) : [])];
}

/** Does the piece on `from` have a plain jump available (the test of compulsory capture)? */
function mayJump(position: Position, from: string): boolean {
  return !enemyCastle(position.side).includes(from) && canJumpFrom(lifted(position.board, from), position.side, from);
}

/** Every legal path for the side to move, with the turn's obligations applied in priority order. */
export function legalPaths(position: Position): ReferenceMove[] {
  const { board, side } = position;
  const mine = [...board.keys()].filter((s) => board.get(s)!.colour === side);

  // 1. Own-castle priority: a piece in its own castle must leave now, before any other obligation; if it can
  //    jump it must capture (jump or charge). Rules: Settled points; research §3.5.
  const inOwnCastle = mine.filter((s) => ownCastle(side).includes(s));
  if (inOwnCastle.length > 0) {
    return inOwnCastle.flatMap((s) => (mayJump(position, s) ? capturesOf(position, s) : allMovesOf(position, s)));
  }

  // 2. Compulsory capture: if any piece has a plain jump, the moves are all jumps and all knight's charges.
  //    A charge alone does not make capture compulsory (research §3.4).
  if (mine.some((s) => mayJump(position, s))) return mine.flatMap((s) => capturesOf(position, s));

  // 3. Otherwise everything, castle moves included.
  return mine.flatMap((s) => allMovesOf(position, s));
}

/** The position after a move (the path is taken as legal). */
export function applyMove(position: Position, move: ReferenceMove): Position {
  const mover = position.side;
  const piece = position.board.get(move.from)!;
  const to = finalSquare(move);
  const board = new Map(position.board);
  board.delete(move.from);
  for (const square of move.captured) board.delete(square);
  board.set(to, piece);
  const isCastleMove = move.steps.some((s) => s.kind === 'castle');
  // The 50-move counter restarts on a capture or when a piece moves onto an enemy castle square (rules: Ends).
  const resets = move.captured.length > 0 || enemyCastle(mover).includes(to);
  return {
    board,
    side: other(mover),
    castleMovesUsed: {
      white: position.castleMovesUsed.white + (isCastleMove && mover === 'white' ? 1 : 0),
      black: position.castleMovesUsed.black + (isCastleMove && mover === 'black' ? 1 : 0),
    },
    quietPlies: resets ? 0 : position.quietPlies + 1,
    moveNumber: position.moveNumber + (mover === 'black' ? 1 : 0),
  };
}

/**
 * The legal moves of a position as a map from resulting position string to one WCF path leading there. A move
 * is identified by its result (rules: Notation and counting), so paths to the same result are one move; the
 * shortest path (then the alphabetically first) is kept so the choice is deterministic.
 */
export function referenceMoves(text: string): Map<string, string> {
  const position = parsePosition(text);
  const moves = new Map<string, string>();
  for (const move of legalPaths(position)) {
    const result = writePosition(applyMove(position, move));
    const path = moveToWcf(move);
    const known = moves.get(result);
    if (known === undefined || path.length < known.length || (path.length === known.length && path < known)) {
      moves.set(result, path);
    }
  }
  return moves;
}

/** The set of resulting position strings. */
export function referenceResults(text: string): Set<string> {
  return new Set(referenceMoves(text).keys());
}

/**
 * For each result, every path this generator finds to it: all jump branches, but one (shortest) canter path per
 * canter landing square, since canters are searched breadth-first. For notation tests.
 */
export function referenceAllPaths(text: string): Map<string, Set<string>> {
  const position = parsePosition(text);
  const paths = new Map<string, Set<string>>();
  for (const move of legalPaths(position)) {
    const result = writePosition(applyMove(position, move));
    if (!paths.has(result)) paths.set(result, new Set());
    paths.get(result)!.add(moveToWcf(move));
  }
  return paths;
}

/** Leaf count of the move tree to `depth` (game ends are not checked: use only where none can occur). */
export function referencePerft(text: string, depth: number): number {
  if (depth === 0) return 1;
  const results = referenceResults(text);
  if (depth === 1) return results.size;
  let total = 0;
  for (const result of results) total += referencePerft(result, depth - 1);
  return total;
}

/**
 * A position string from a list of pieces, for hand-built tests: `{ E5: 'M', E6: 'm', H4: 'K' }` (letters as in
 * NOTATION.md), the side to move, castle moves used by White and Black, quiet plies and move number.
 */
export function buildPosition(
  pieces: Readonly<Record<string, 'M' | 'K' | 'm' | 'k'>>,
  side: 'w' | 'b' = 'w',
  castleMovesUsed: readonly [number, number] = [0, 0],
  quietPlies = 0,
  moveNumber = 1,
): string {
  const board: Board = new Map();
  for (const [square, letter] of Object.entries(pieces)) {
    if (!SQUARES.includes(square)) throw new Error(`no square ${square}`);
    board.set(square, PIECE_LETTERS[letter]!);
  }
  return writePosition({
    board,
    side: side === 'w' ? 'white' : 'black',
    castleMovesUsed: { white: castleMovesUsed[0], black: castleMovesUsed[1] },
    quietPlies,
    moveNumber,
  });
}
