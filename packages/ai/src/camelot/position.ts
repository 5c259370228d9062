import { EMPTY, MoveList, engineOf, type CamelotState, type Engine, type Side } from '@roundtable/camelot';
import { WIN, type AbPosition } from '../alphabeta.ts';
import { evaluateBoard } from './evaluate.ts';

const MAX_PLY = 128;
const FIFTY_MOVE_PLIES = 100;

/** Move lists and capture scratch, one per ply, kept between searches (a search allocates nothing per node). */
const lists: MoveList[] = [];
const victims: Int8Array[] = [];
const pieces = new Int8Array(MAX_PLY);
const quietStack = new Int32Array(MAX_PLY + 1);
const irreversibleStack = new Int32Array(MAX_PLY + 1);

/**
 * A Camelot position for the alpha-beta searcher: one mutable board with make/unmake and an incremental Zobrist
 * key (the same keys as the engine's repetition history, so the game's earlier positions count too).
 */
export class CamelotPosition implements AbPosition {
  readonly engine: Engine;
  readonly board: Int8Array;
  side: Side;
  readonly castleMoves: [number, number];
  readonly count: [number, number] = [0, 0];
  lo = 0;
  hi = 0;
  /** Keys of the positions since the last irreversible move, earlier game history first; `top` is the current. */
  private keys: number[];
  private ply = 0;

  constructor(state: CamelotState) {
    this.engine = engineOf(state);
    this.board = state.board.slice();
    this.side = state.side;
    this.castleMoves = [state.castleMoves[0], state.castleMoves[1]];
    for (const c of this.engine.geo.cells) {
      const p = this.board[c] as number;
      if (p > 0) this.count[((p - 1) >> 1) as Side] += 1;
    }
    const key = this.engine.key(this.board, this.side, this.castleMoves);
    this.hi = Math.floor(key / 0x100000000);
    this.lo = key >>> 0;
    this.keys = state.history.length > 0 ? [...state.history] : [key];
    quietStack[0] = state.quiet;
    irreversibleStack[0] = 0;
    for (let p = lists.length; p < MAX_PLY; p++) {
      lists.push(new MoveList(256));
      victims.push(new Int8Array(64));
    }
  }

  list(ply: number): MoveList {
    return lists[ply] as MoveList;
  }

  keyLo(): number {
    return this.lo;
  }
  keyHi(): number {
    return this.hi;
  }

  generate(ply: number): number {
    const list = lists[ply] as MoveList;
    this.engine.gen.generate(this.board, this.side, this.castleMoves[this.side], list, ply === 0);
    return list.count;
  }

  make(ply: number, i: number): void {
    const list = lists[ply] as MoveList;
    const z = this.engine.zobrist;
    const geo = this.engine.geo;
    const b = this.board;
    const from = list.from[i] as number;
    const to = list.to[i] as number;
    const piece = b[from] as number;
    pieces[ply] = piece;
    let lo = this.lo ^ (z.lo[from * 5 + piece] as number) ^ (z.lo[to * 5 + piece] as number) ^ z.sideLo;
    let hi = this.hi ^ (z.hi[from * 5 + piece] as number) ^ (z.hi[to * 5 + piece] as number) ^ z.sideHi;
    const start = list.capStart[i] as number;
    const n = list.capLen[i] as number;
    const saved = victims[ply] as Int8Array;
    for (let k = 0; k < n; k++) {
      const c = list.caps[start + k] as number;
      const v = b[c] as number;
      saved[k] = v;
      lo ^= z.lo[c * 5 + v] as number;
      hi ^= z.hi[c * 5 + v] as number;
      b[c] = EMPTY;
    }
    const mover = this.side;
    if (geo.isEnemyCastle(from, mover)) {
      const used = Math.min(2, this.castleMoves[mover]);
      lo ^= (z.castleLo[mover * 3 + used] as number) ^ (z.castleLo[mover * 3 + Math.min(2, used + 1)] as number);
      hi ^= (z.castleHi[mover * 3 + used] as number) ^ (z.castleHi[mover * 3 + Math.min(2, used + 1)] as number);
      this.castleMoves[mover]++;
    }
    b[from] = EMPTY;
    b[to] = piece;
    this.count[(1 - mover) as Side] -= n;
    this.side = (1 - mover) as Side;
    this.lo = lo >>> 0;
    this.hi = hi >>> 0;
    const irreversible = n > 0 || geo.isEnemyCastle(to, mover);
    quietStack[ply + 1] = irreversible ? 0 : (quietStack[ply] as number) + 1;
    irreversibleStack[ply + 1] = irreversible ? this.keys.length : (irreversibleStack[ply] as number);
    this.keys.push(this.hi * 0x100000000 + this.lo);
    this.ply = ply + 1;
  }

  unmake(ply: number, i: number): void {
    const list = lists[ply] as MoveList;
    const z = this.engine.zobrist;
    const geo = this.engine.geo;
    const b = this.board;
    const from = list.from[i] as number;
    const to = list.to[i] as number;
    const piece = pieces[ply] as number;
    const mover = (1 - this.side) as Side;
    this.side = mover;
    let lo = this.lo ^ (z.lo[from * 5 + piece] as number) ^ (z.lo[to * 5 + piece] as number) ^ z.sideLo;
    let hi = this.hi ^ (z.hi[from * 5 + piece] as number) ^ (z.hi[to * 5 + piece] as number) ^ z.sideHi;
    b[to] = EMPTY;
    const start = list.capStart[i] as number;
    const n = list.capLen[i] as number;
    const saved = victims[ply] as Int8Array;
    for (let k = 0; k < n; k++) {
      const c = list.caps[start + k] as number;
      const v = saved[k] as number;
      b[c] = v;
      lo ^= z.lo[c * 5 + v] as number;
      hi ^= z.hi[c * 5 + v] as number;
    }
    b[from] = piece;
    if (geo.isEnemyCastle(from, mover)) {
      this.castleMoves[mover]--;
      const used = Math.min(2, this.castleMoves[mover]);
      lo ^= (z.castleLo[mover * 3 + used] as number) ^ (z.castleLo[mover * 3 + Math.min(2, used + 1)] as number);
      hi ^= (z.castleHi[mover * 3 + used] as number) ^ (z.castleHi[mover * 3 + Math.min(2, used + 1)] as number);
    }
    this.count[(1 - mover) as Side] += n;
    this.lo = lo >>> 0;
    this.hi = hi >>> 0;
    this.keys.pop();
    this.ply = ply;
  }

  terminal(ply: number): number | null {
    if (ply === 0) return null;
    // The engine's own verdict on the board (castle taken, annihilation, bare pieces), so search and rules agree.
    const decided = this.engine.boardOutcome(this.board, (1 - this.side) as Side, this.count);
    if (decided) return decided.winners.length === 0 ? 0 : decided.winners[0] === this.side ? WIN : -WIN;
    // Repetition: in search a position met once before on the path (or in the game) is scored as a draw.
    const keys = this.keys;
    const top = keys.length - 1;
    const key = keys[top] as number;
    const floor = irreversibleStack[ply] as number;
    for (let k = top - 2; k >= floor; k -= 2) if (keys[k] === key) return 0;
    if ((quietStack[ply] as number) >= FIFTY_MOVE_PLIES) return 0;
    return null;
  }

  noMoves(_ply: number): number {
    const mover = (1 - this.side) as Side;
    return this.count[mover] >= this.engine.winMinPieces ? -WIN : 0;
  }

  evaluate(_ply: number, _count: number): number {
    const white = evaluateBoard(this.engine, this.board, this.castleMoves);
    return this.side === 0 ? white : -white;
  }

  orderScore(ply: number, i: number): number {
    const list = lists[ply] as MoveList;
    const n = list.capLen[i] as number;
    let s = n * 10;
    const to = list.to[i] as number;
    if (this.engine.geo.isEnemyCastle(to, this.side)) s += 8;
    return s;
  }

  noisy(ply: number, i: number): boolean {
    const list = lists[ply] as MoveList;
    return (list.capLen[i] as number) > 0 || this.engine.geo.isEnemyCastle(list.to[i] as number, this.side);
  }

  /** False when a jump is available (captures are compulsory), or a piece must leave its own castle. */
  mayStandPat(_ply: number): boolean {
    const b = this.board;
    const geo = this.engine.geo;
    const side = this.side;
    const dirs = geo.dirs;
    for (const c of geo.castleCells[side]) {
      const p = b[c] as number;
      if (p > 0 && (p - 1) >> 1 === side) return false;
    }
    const cells = geo.cells;
    for (let i = 0; i < cells.length; i++) {
      const c = cells[i] as number;
      const p = b[c] as number;
      if (p <= 0 || (p - 1) >> 1 !== side || geo.isEnemyCastle(c, side)) continue;
      for (let k = 0; k < 8; k++) {
        const d = dirs[k] as number;
        const over = b[c + d] as number;
        if (over > 0 && (over - 1) >> 1 !== side && b[c + 2 * d] === EMPTY) return false;
      }
    }
    return true;
  }

  moveId(ply: number, i: number): number {
    const list = lists[ply] as MoveList;
    return (list.from[i] as number) * 1024 + (list.to[i] as number);
  }
}
