import type { Outcome } from '@roundtable/core';
import { BLACK_KNIGHT, EMPTY, Geometry, WHITE_KNIGHT, sideOf, type Side } from './board.ts';
import { LAYOUTS, type Layout } from './layout.ts';
import { MoveGenerator } from './movegen.ts';
import { MoveList } from './movelist.ts';
import { Zobrist } from './zobrist.ts';

/**
 * A Camelot position with everything needed to continue the game: plain data (the board is a typed array of
 * mailbox cells, see board.ts). `history` holds the keys of the positions since the last capture or castle entry,
 * the current one last, for the threefold-repetition rule.
 */
export interface CamelotState {
  readonly variant: string;
  /** Which end rules decide the game (option `ends`): seed 003's, the default, or the WCF's. */
  readonly ends: CamelotEnds;
  readonly board: Int8Array;
  readonly side: Side;
  readonly castleMoves: readonly [number, number];
  /** Plies since the last capture or entry onto an enemy castle square. */
  readonly quiet: number;
  readonly moveNumber: number;
  readonly history: readonly number[];
  readonly outcome: Outcome | null;
}

/**
 * The end rules (option `ends`). `seed` (the default): seed 003 as written, « A player captures all opponent's
 * pieces. This player wins the game. » and « A player cannot make a legal move. This player loses the game. ».
 * `wcf`: the World Camelot Federation's reading, where both need the winner to keep two or more pieces (else it is
 * a draw); on the Cam board a single piece is enough under both.
 */
export type CamelotEnds = 'seed' | 'wcf';
export const ENDS: readonly CamelotEnds[] = ['seed', 'wcf'];

/** 50 moves by each side without a capture or a castle entry (WCF). */
export const FIFTY_MOVE_PLIES = 100;
export const REPETITIONS = 3;

/** Everything compiled from one layout: geometry, generator, keys, and a scratch move list. */
export class Engine {
  readonly geo: Geometry;
  readonly gen: MoveGenerator;
  readonly zobrist: Zobrist;
  /**
   * Pieces a player must keep to win by capturing everything, or when the opponent has no legal move: 1 under the
   * seed's end rules, the layout's number under the WCF's.
   */
  readonly winMinPieces: number;
  /** Working list of `legal`; what is kept is a compact copy. */
  private readonly scratch = new MoveList();
  /**
   * The legal moves of the positions still in play: `withOutcome` needs them (no legal move ends the game), and the
   * next `parseMove`/`play` on that position reuses them. An entry is dropped once a move is played from its
   * position, so a server holds one list per live match.
   */
  private readonly legalCache = new WeakMap<CamelotState, MoveList>();
  /**
   * The JSON text of history arrays (keys joined by commas), kept incrementally along a game once it has been
   * asked for: a 53-bit key takes ~0.3 µs to print, and a server prints the whole history with every move.
   */
  private readonly historyTexts = new WeakMap<readonly number[], string>();

  constructor(
    readonly layout: Layout,
    readonly ends: CamelotEnds = 'seed',
  ) {
    this.winMinPieces = ends === 'wcf' ? layout.wcfWinMinPieces : 1;
    this.geo = new Geometry(layout);
    this.gen = new MoveGenerator(this.geo);
    this.zobrist = new Zobrist(this.geo.size);
  }

  generate(state: { board: Int8Array; side: Side; castleMoves: readonly number[] }, list: MoveList): MoveList {
    this.gen.generate(state.board, state.side, state.castleMoves[state.side] ?? 0, list);
    return list;
  }

  /** The legal moves of `state` (shared: do not change the list). */
  legal(state: CamelotState): MoveList {
    let list = this.legalCache.get(state);
    if (!list) {
      list = this.generate(state, this.scratch).compact();
      this.legalCache.set(state, list);
    }
    return list;
  }

  key(board: Int8Array, side: Side, castleMoves: readonly number[]): number {
    return this.zobrist.key(board, side, castleMoves);
  }

  start(): CamelotState {
    const board = this.geo.blank.slice();
    const { knights, men } = this.layout.start;
    for (const side of [0, 1] as const) {
      for (const s of knights[side]) board[this.cell(s)] = side === 0 ? WHITE_KNIGHT : BLACK_KNIGHT;
      for (const s of men[side]) board[this.cell(s)] = side * 2 + 1;
    }
    return this.withOutcome({
      variant: this.layout.id,
      ends: this.ends,
      board,
      side: 0,
      castleMoves: [0, 0],
      quiet: 0,
      moveNumber: 1,
      history: [this.key(board, 0, [0, 0])],
      outcome: null,
    });
  }

  private cell(square: string): number {
    const c = this.geo.parse(square);
    if (c === undefined) throw new Error(`${square} is not on the ${this.layout.id} board`);
    return c;
  }

  /** The state after move `i` of `list` (generated from `state`). */
  apply(state: CamelotState, list: MoveList, i: number): CamelotState {
    const geo = this.geo;
    const board = state.board.slice();
    const from = list.from[i] as number;
    const to = list.to[i] as number;
    const piece = board[from] as number;
    board[from] = EMPTY;
    const capStart = list.capStart[i] as number;
    const capLen = list.capLen[i] as number;
    for (let k = 0; k < capLen; k++) board[list.caps[capStart + k] as number] = EMPTY;
    board[to] = piece;
    const mover = state.side;
    const castleMoves: [number, number] = [state.castleMoves[0], state.castleMoves[1]];
    if (geo.isEnemyCastle(from, mover)) castleMoves[mover]++;
    // [decision] a castle move also moves a piece onto an enemy castle square, so it resets the 50-move count.
    const irreversible = capLen > 0 || geo.isEnemyCastle(to, mover);
    const side = (1 - mover) as Side;
    const key = this.key(board, side, castleMoves);
    this.legalCache.delete(state);
    const history = irreversible ? [key] : [...state.history, key];
    const before = this.historyTexts.get(state.history);
    if (before !== undefined) this.historyTexts.set(history, irreversible ? String(key) : `${before},${key}`);
    return this.withOutcome({
      variant: state.variant,
      ends: state.ends,
      board,
      side,
      castleMoves,
      quiet: irreversible ? 0 : state.quiet + 1,
      moveNumber: state.moveNumber + (mover === 1 ? 1 : 0),
      history,
      outcome: null,
    });
  }

  /** `history.join(',')`, remembered for the history that follows it. */
  historyText(history: readonly number[]): string {
    let text = this.historyTexts.get(history);
    if (text === undefined) {
      text = history.join(',');
      this.historyTexts.set(history, text);
    }
    return text;
  }

  withOutcome(state: CamelotState): CamelotState {
    const full: { -readonly [K in keyof CamelotState]: CamelotState[K] } = { ...state, outcome: null };
    full.outcome = this.judge(full);
    return full;
  }

  /**
   * The ends decided by the board alone, after `mover` moved (`count` = pieces per side): a castle taken (the
   * mover's first; the other side's only in a position set up that way), every piece of one side captured, both
   * sides bare. Shared by `judge` and the hot loops.
   */
  boardOutcome(board: Int8Array, mover: Side, count: readonly [number, number]): Outcome | null {
    const geo = this.geo;
    const side = (1 - mover) as Side;
    for (const s of [mover, side]) {
      // seed 003: "A player moves two pieces (of any type) to the opponent's castle. This player wins the game."
      const castle = geo.castleCells[(1 - s) as Side];
      let held = true;
      for (let k = 0; k < castle.length; k++) {
        const p = board[castle[k] as number] as number;
        if (p === EMPTY || sideOf(p) !== s) held = false;
      }
      if (held) return { winners: [s], draw: false, reason: 'castle' };
    }
    const min = this.winMinPieces;
    for (const s of [mover, side]) {
      if (count[1 - s] === 0) {
        // seed 003: « A player captures all opponent's pieces. This player wins the game. » (with any number of
        // pieces left); option ends=wcf: only while keeping two or more, else a draw.
        return count[s] >= min
          ? { winners: [s], draw: false, reason: 'annihilation' }
          : { winners: [], draw: true, reason: 'bare' };
      }
    }
    const bare = this.layout.bareDraw;
    if (bare !== null && count[0] <= bare && count[1] <= bare) return { winners: [], draw: true, reason: 'bare' };
    return null;
  }

  /**
   * The end conditions (rules/camelot.md "Ends"), checked in this order: castle taken; every enemy piece captured;
   * both sides bare; the side to move has no legal move; threefold repetition; 50 moves each without progress.
   */
  judge(state: CamelotState): Outcome | null {
    const geo = this.geo;
    const { board, side } = state;
    const mover = (1 - side) as Side;
    const count = [0, 0];
    for (const c of geo.cells) {
      const p = board[c] as number;
      if (p > 0) count[sideOf(p)] = (count[sideOf(p)] as number) + 1;
    }
    const decided = this.boardOutcome(board, mover, count as [number, number]);
    if (decided) return decided;
    if (this.legal(state).count === 0) {
      // seed 003: « A player cannot make a legal move. This player loses the game. » Option ends=wcf: unless the
      // opponent is down to one piece, then it is a draw.
      return (count[mover] as number) >= this.winMinPieces
        ? { winners: [mover], draw: false, reason: 'no-moves' }
        : { winners: [], draw: true, reason: 'no-moves' };
    }
    const key = state.history[state.history.length - 1];
    let seen = 0;
    for (const k of state.history) if (k === key) seen++;
    if (seen >= REPETITIONS) return { winners: [], draw: true, reason: 'repetition' };
    if (state.quiet >= FIFTY_MOVE_PLIES) return { winners: [], draw: true, reason: 'fifty-moves' };
    return null;
  }
}

const engines = new Map<string, Engine>();

/** The compiled engine of a variant under the given end rules (built once, shared). */
export function engineFor(variant: string, ends: CamelotEnds = 'seed'): Engine {
  const id = `${variant}/${ends}`;
  let engine = engines.get(id);
  if (!engine) {
    const layout = LAYOUTS[variant];
    if (!layout) throw new Error(`unknown Camelot variant ${variant}`);
    if (!ENDS.includes(ends)) throw new Error(`unknown Camelot end rules ${String(ends)}`);
    engine = new Engine(layout, ends);
    engines.set(id, engine);
  }
  return engine;
}

/** The engine a state was built by (its variant and end rules). */
export function engineOf(state: Pick<CamelotState, 'variant' | 'ends'>): Engine {
  return engineFor(state.variant, state.ends);
}
