import { nextInt, type Outcome, type RngState } from '@roundtable/core';
import { EMPTY, sideOf, type Side } from './board.ts';
import { FIFTY_MOVE_PLIES, REPETITIONS, type CamelotState, type Engine } from './engine.ts';
import { MoveList } from './movelist.ts';

/**
 * The hot loops, on one mutable board with make/unmake: perft and random playouts. They must agree with the pure
 * interface (`legalMoves`/`play`); the tests check that they do.
 */
class Position {
  board: Int8Array;
  side: Side;
  castleMoves: [number, number];
  count: [number, number] = [0, 0];
  /** The Zobrist key in two halves, kept up to date by `make` (playouts only; perft does not read it). */
  lo = 0;
  hi = 0;

  constructor(
    readonly engine: Engine,
    state: CamelotState,
  ) {
    this.board = state.board.slice();
    this.side = state.side;
    this.castleMoves = [state.castleMoves[0], state.castleMoves[1]];
    for (const c of engine.geo.cells) {
      const p = this.board[c] as number;
      if (p > 0) this.count[sideOf(p)]++;
    }
    const key = engine.key(this.board, this.side, this.castleMoves);
    this.hi = Math.floor(key / 0x100000000);
    this.lo = key >>> 0;
  }

  get key(): number {
    return (this.hi >>> 0) * 0x100000000 + (this.lo >>> 0);
  }

  /** `make`, also updating the Zobrist key. */
  makeHashed(list: MoveList, i: number): void {
    const z = this.engine.zobrist;
    const b = this.board;
    const from = list.from[i] as number;
    const to = list.to[i] as number;
    const piece = b[from] as number;
    let lo = this.lo ^ (z.lo[from * 5 + piece] as number) ^ (z.lo[to * 5 + piece] as number) ^ z.sideLo;
    let hi = this.hi ^ (z.hi[from * 5 + piece] as number) ^ (z.hi[to * 5 + piece] as number) ^ z.sideHi;
    const start = list.capStart[i] as number;
    const n = list.capLen[i] as number;
    for (let k = 0; k < n; k++) {
      const c = list.caps[start + k] as number;
      const v = b[c] as number;
      lo ^= z.lo[c * 5 + v] as number;
      hi ^= z.hi[c * 5 + v] as number;
    }
    const mover = this.side;
    if (this.engine.geo.isEnemyCastle(from, mover)) {
      const used = this.castleMoves[mover];
      lo ^= (z.castleLo[mover * 3 + used] as number) ^ (z.castleLo[mover * 3 + used + 1] as number);
      hi ^= (z.castleHi[mover * 3 + used] as number) ^ (z.castleHi[mover * 3 + used + 1] as number);
    }
    this.lo = lo;
    this.hi = hi;
    this.make(list, i);
  }

  /** Plays move i of `list`; returns the piece moved (for unmake). Captured pieces are left in `list`. */
  make(list: MoveList, i: number): number {
    const b = this.board;
    const from = list.from[i] as number;
    const piece = b[from] as number;
    b[from] = EMPTY;
    const start = list.capStart[i] as number;
    const n = list.capLen[i] as number;
    for (let k = 0; k < n; k++) b[list.caps[start + k] as number] = EMPTY;
    b[list.to[i] as number] = piece;
    const mover = this.side;
    if (this.engine.geo.isEnemyCastle(from, mover)) this.castleMoves[mover]++;
    this.count[(1 - mover) as Side] -= n;
    this.side = (1 - mover) as Side;
    return piece;
  }

  unmake(list: MoveList, i: number, piece: number, victims: Int8Array): void {
    const b = this.board;
    const from = list.from[i] as number;
    const mover = (1 - this.side) as Side;
    this.side = mover;
    b[list.to[i] as number] = EMPTY;
    const start = list.capStart[i] as number;
    const n = list.capLen[i] as number;
    for (let k = 0; k < n; k++) b[list.caps[start + k] as number] = victims[k] as number;
    b[from] = piece;
    if (this.engine.geo.isEnemyCastle(from, mover)) this.castleMoves[mover]--;
    this.count[(1 - mover) as Side] += n;
  }

  /** Outcome decided by the board alone, after `mover` moved: castle taken, annihilation, bare pieces. */
  decided(mover: Side): Outcome | null {
    return this.engine.boardOutcome(this.board, mover, this.count);
  }
}

/**
 * Leaf positions of the move tree to `depth` (moves identified by resulting position). A position decided by the
 * board (castle, annihilation, bare pieces) is a leaf; repetition and the 50-move rule are ignored, as in chess.
 */
export function perft(engine: Engine, state: CamelotState, depth: number): number {
  if (depth <= 0) return 1;
  if (state.outcome && state.outcome.reason !== 'repetition' && state.outcome.reason !== 'fifty-moves') return 0;
  const pos = new Position(engine, state);
  const lists = Array.from({ length: depth }, () => new MoveList());
  const victims = Array.from({ length: depth }, () => new Int8Array(64));
  const walk = (d: number): number => {
    const list = lists[d] as MoveList;
    engine.gen.generate(pos.board, pos.side, pos.castleMoves[pos.side], list, false);
    if (d === depth - 1) return list.count;
    let total = 0;
    const saved = victims[d] as Int8Array;
    for (let i = 0; i < list.count; i++) {
      const start = list.capStart[i] as number;
      const n = list.capLen[i] as number;
      for (let k = 0; k < n; k++) saved[k] = pos.board[list.caps[start + k] as number] as number;
      const mover = pos.side;
      const piece = pos.make(list, i);
      if (!pos.decided(mover)) total += walk(d + 1);
      pos.unmake(list, i, piece, saved);
    }
    return total;
  };
  return walk(0);
}

const playoutList = new MoveList();

/** Plays uniformly random legal moves from `state` to the end; `rng` advances. */
export function playout(engine: Engine, state: CamelotState, rng: RngState): Outcome {
  if (state.outcome) return state.outcome;
  const pos = new Position(engine, state);
  const geo = engine.geo;
  const list = playoutList;
  const history = state.history.slice();
  let quiet = state.quiet;
  engine.gen.generate(pos.board, pos.side, pos.castleMoves[pos.side], list, false);
  for (;;) {
    // Same order as Engine.judge: board-decided ends, then no legal move, then repetition and the 50-move rule.
    const mover = pos.side;
    const i = nextInt(rng, list.count);
    const irreversible = (list.capLen[i] as number) > 0 || geo.isEnemyCastle(list.to[i] as number, mover);
    pos.makeHashed(list, i);
    const decided = pos.decided(mover);
    if (decided) return decided;
    const key = pos.key;
    if (irreversible) {
      quiet = 0;
      history.length = 0;
    } else quiet++;
    history.push(key);
    engine.gen.generate(pos.board, pos.side, pos.castleMoves[pos.side], list, false);
    if (list.count === 0) {
      return pos.count[mover] >= engine.winMinPieces
        ? { winners: [mover], draw: false, reason: 'no-moves' }
        : { winners: [], draw: true, reason: 'no-moves' };
    }
    let seen = 0;
    for (let k = 0; k < history.length; k++) if (history[k] === key) seen++;
    if (seen >= REPETITIONS) return { winners: [], draw: true, reason: 'repetition' };
    if (quiet >= FIFTY_MOVE_PLIES) return { winners: [], draw: true, reason: 'fifty-moves' };
  }
}
