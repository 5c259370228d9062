import type { Deadline } from './budget.ts';

/** Scores are centi-units from the side to move's point of view; a won game is worth WIN minus its distance. */
export const WIN = 1_000_000;
const MAX_PLY = 128;
const INF = 2 * WIN;

/**
 * A two-player position the alpha-beta searcher can walk with make/unmake. Each game adapts its own fast
 * internals to this (camelot/search.ts) or falls back to the pure interface (generic.ts). Moves are indices into
 * the list generated for that ply, so the position owns one move list per ply and nothing is allocated per node.
 */
export interface AbPosition {
  /** Fills the list of `ply` with the legal moves of the side to move; returns how many. */
  generate(ply: number): number;
  make(ply: number, i: number): void;
  /**
   * After `make(ply, …)`: true when the same side moves again (a turn in two steps). Absent: sides alternate.
   */
  sameMover?(ply: number): boolean;
  unmake(ply: number, i: number): void;
  /** The position's hash in two 32-bit halves (for the transposition table). */
  keyLo(): number;
  keyHi(): number;
  /**
   * The game's verdict on the position reached by the last `make` (or the root), from the side to move's point of
   * view: a score (±WIN or 0) once the game is over, else null. Called before `generate`.
   */
  terminal(ply: number): number | null;
  /** The score when the side to move has no legal move (`generate` returned 0). */
  noMoves(ply: number): number;
  /** Static evaluation, side to move's point of view; `count` is the number of moves just generated (mobility). */
  evaluate(ply: number, count: number): number;
  /** Ordering hint, higher first (captures, castle entries...). */
  orderScore(ply: number, i: number): number;
  /** Moves searched in quiescence (captures, wins). */
  noisy(ply: number, i: number): boolean;
  /**
   * Whether the side to move may decline the noisy moves (called before `generate`; a game with compulsory
   * captures answers false when one is available, so quiescence cannot stand pat on a lost piece).
   */
  mayStandPat(ply: number): boolean;
  /** A small integer naming move i independently of its index (killer and history tables). */
  moveId(ply: number, i: number): number;
}

export interface AbOptions {
  readonly maxDepth?: number;
  readonly quiescenceDepth?: number;
  /** Root moves to search: all when absent; root parallelism gives each worker a share. */
  readonly rootFilter?: (i: number, rank: number) => boolean;
  /** A root move's notation, for info reports (asked only when the budget wants them). */
  readonly moveName?: (i: number) => string;
  /**
   * The whole best line after a completed depth, for info reports (the analysis board): called at the root with
   * the best root move, while the transposition table holds that depth's search. Replaces `moveName` there.
   */
  readonly line?: (best: number) => string[];
  /** Search a root with a single legal move too (an analysis wants its score; a bot just plays it). */
  readonly searchForced?: boolean;
}

export interface AbDepthResult {
  readonly depth: number;
  readonly move: number;
  readonly score: number;
}

export interface AbResult {
  /** Best move (root list index) after each completed depth. */
  readonly depths: readonly AbDepthResult[];
  readonly nodes: number;
  /** The root moves searched, in the order of the root list. */
  readonly rootCount: number;
}

const EXACT = 1;
const LOWER = 2;
const UPPER = 3;

/** A transposition table in typed arrays, replaced depth-preferred; cleared before every search. */
class Table {
  readonly mask: number;
  readonly lo: Int32Array;
  readonly hi: Int32Array;
  readonly depth: Int8Array;
  readonly flag: Uint8Array;
  readonly score: Int32Array;
  readonly move: Int16Array;

  constructor(bits: number) {
    const n = 1 << bits;
    this.mask = n - 1;
    this.lo = new Int32Array(n);
    this.hi = new Int32Array(n);
    this.depth = new Int8Array(n);
    this.flag = new Uint8Array(n);
    this.score = new Int32Array(n);
    this.move = new Int16Array(n);
  }

  clear(): void {
    this.flag.fill(0);
  }
}

let table: Table | null = null;
let historyTable: Int32Array | null = null;
const HISTORY_SIZE = 1 << 19;
const HISTORY_MASK = HISTORY_SIZE - 1;
const SELECT_FIRST = 3;
let sortBuf: Float64Array | null = null;

/**
 * Negamax alpha-beta with principal-variation search, iterative deepening, a transposition table (Zobrist keys
 * from the position), killer moves and a history table for ordering, and a quiescence search over noisy moves.
 * The budget's iterations count nodes: with a node budget the result depends on nothing but the position.
 */
export function alphaBeta(pos: AbPosition, deadline: Deadline, options: AbOptions = {}): AbResult {
  const tt = (table ??= new Table(20));
  tt.clear();
  const maxDepth = Math.min(options.maxDepth ?? 64, MAX_PLY - 16);
  const qDepth = options.quiescenceDepth ?? 8;
  const killers = new Int32Array(MAX_PLY * 2).fill(-1);
  const history = (historyTable ??= new Int32Array(HISTORY_SIZE));
  history.fill(0);
  const orderBuf: Float64Array[] = Array.from({ length: MAX_PLY }, () => new Float64Array(0));
  const idxBuf: Int32Array[] = Array.from({ length: MAX_PLY }, () => new Int32Array(0));
  const sortedFrom = new Int32Array(MAX_PLY);
  let nodes = 0;
  let stopped = false;

  const stop = (): boolean => {
    if (!stopped && deadline.reached(nodes)) stopped = true;
    return stopped;
  };

  /**
   * Scores the moves of `ply` for ordering (hash move, captures by hint, killers, history) into idxBuf[ply];
   * with `noisyOnly`, keeps only the noisy moves. Returns how many were kept; `next` hands them out best first.
   */
  const order = (ply: number, count: number, hashMove: number, noisyOnly: boolean): number => {
    if ((idxBuf[ply] as Int32Array).length < count) {
      idxBuf[ply] = new Int32Array(count * 2);
      orderBuf[ply] = new Float64Array(count * 2);
    }
    const idx = idxBuf[ply] as Int32Array;
    const key = orderBuf[ply] as Float64Array;
    const k1 = killers[ply * 2] as number;
    const k2 = killers[ply * 2 + 1] as number;
    let n = 0;
    for (let i = 0; i < count; i++) {
      if (noisyOnly && !pos.noisy(ply, i)) continue;
      let s = pos.orderScore(ply, i) * 1e6;
      if (i === hashMove) s += 1e11;
      const id = pos.moveId(ply, i);
      if (id === k1) s += 5e5;
      else if (id === k2) s += 4e5;
      s += Math.min(3e5, history[id & HISTORY_MASK] as number);
      idx[n] = i;
      key[n] = s;
      n++;
    }
    sortedFrom[ply] = n + 1;
    return n;
  };

  /**
   * The k-th best move: selection for the first few (a cut-off usually comes early), then one full sort of the
   * rest when the node turns out to need them all.
   */
  const next = (ply: number, k: number, count: number): number => {
    const idx = idxBuf[ply] as Int32Array;
    const key = orderBuf[ply] as Float64Array;
    if (k >= (sortedFrom[ply] as number)) return idx[k] as number;
    if (k === SELECT_FIRST && count - k > 2) {
      const tail =
        (sortBuf ??= new Float64Array(4096)).length >= count ? sortBuf : (sortBuf = new Float64Array(count * 2));
      const m = count - k;
      for (let j = 0; j < m; j++) tail[j] = -(Math.round(key[k + j] as number) * 4096 + (4095 - j));
      const view = tail.subarray(0, m).sort();
      const moves = idx.slice(k, count);
      for (let j = 0; j < m; j++) {
        const v = -(view[j] as number);
        idx[k + j] = moves[4095 - (v % 4096)] as number;
      }
      sortedFrom[ply] = k;
      return idx[k] as number;
    }
    let bestK = k;
    let bestV = key[k] as number;
    for (let j = k + 1; j < count; j++) {
      const v = key[j] as number;
      if (v > bestV) {
        bestV = v;
        bestK = j;
      }
    }
    const chosen = idx[bestK] as number;
    idx[bestK] = idx[k] as number;
    idx[k] = chosen;
    key[bestK] = key[k] as number;
    key[k] = bestV;
    return chosen;
  };

  const quiesce = (alpha: number, beta: number, ply: number, q: number): number => {
    nodes++;
    if ((nodes & 63) === 0 && stop()) return 0;
    const over = pos.terminal(ply);
    if (over !== null) return adjust(over, ply);
    let best = -INF;
    const standPat = pos.mayStandPat(ply);
    if (standPat || q <= 0 || ply >= MAX_PLY - 2) {
      best = pos.evaluate(ply, -1);
      if (best >= beta || q <= 0 || ply >= MAX_PLY - 2) return best;
      if (best > alpha) alpha = best;
    }
    const all = pos.generate(ply);
    if (all === 0) return adjust(pos.noMoves(ply), ply);
    const count = order(ply, all, -1, standPat);
    for (let k = 0; k < count; k++) {
      const i = next(ply, k, count);
      pos.make(ply, i);
      const score = pos.sameMover?.(ply)
        ? quiesce(alpha, beta, ply + 1, q - 1)
        : -quiesce(-beta, -alpha, ply + 1, q - 1);
      pos.unmake(ply, i);
      if (stopped) return 0;
      if (score > best) best = score;
      if (score > alpha) alpha = score;
      if (alpha >= beta) break;
    }
    return best;
  };

  const search = (depth: number, alpha: number, beta: number, ply: number): number => {
    if (depth <= 0) return quiesce(alpha, beta, ply, qDepth);
    nodes++;
    if ((nodes & 63) === 0 && stop()) return 0;
    const over = pos.terminal(ply);
    if (over !== null) return adjust(over, ply);
    const lo = pos.keyLo() | 0;
    const hi = pos.keyHi() | 0;
    const slot = lo & tt.mask;
    let hashMove = -1;
    if (tt.flag[slot] !== 0 && tt.lo[slot] === lo && tt.hi[slot] === hi) {
      hashMove = tt.move[slot] as number;
      if ((tt.depth[slot] as number) >= depth) {
        const s = fromTable(tt.score[slot] as number, ply);
        const f = tt.flag[slot];
        if (f === EXACT || (f === LOWER && s >= beta) || (f === UPPER && s <= alpha)) return s;
      }
    }
    const count = pos.generate(ply);
    if (count === 0) return adjust(pos.noMoves(ply), ply);
    if (hashMove >= count) hashMove = -1;
    order(ply, count, hashMove, false);
    const alpha0 = alpha;
    let best = -INF;
    let bestMove = -1;
    for (let k = 0; k < count; k++) {
      const i = next(ply, k, count);
      pos.make(ply, i);
      let score: number;
      if (k === 0) score = child(depth - 1, alpha, beta, ply);
      else {
        // Late quiet moves at depth ≥ 3 are first tried one ply shallower (late move reduction).
        const reduce = depth >= 3 && k >= 4 && pos.orderScore(ply, i) <= 0 ? 1 : 0;
        score = child(depth - 1 - reduce, alpha, alpha + 1, ply);
        if (score > alpha && (reduce > 0 || score < beta)) score = child(depth - 1, alpha, beta, ply);
      }
      pos.unmake(ply, i);
      if (stopped) return 0;
      if (score > best) {
        best = score;
        bestMove = i;
      }
      if (score > alpha) alpha = score;
      if (alpha >= beta) {
        if (pos.orderScore(ply, i) <= 0) {
          const id = pos.moveId(ply, i);
          if (killers[ply * 2] !== id) {
            killers[ply * 2 + 1] = killers[ply * 2] as number;
            killers[ply * 2] = id;
          }
          history[id & HISTORY_MASK] = (history[id & HISTORY_MASK] as number) + depth * depth;
        }
        break;
      }
    }
    const existing = tt.flag[slot] !== 0 ? (tt.depth[slot] as number) : -1;
    if (depth >= existing || tt.lo[slot] !== lo) {
      tt.lo[slot] = lo;
      tt.hi[slot] = hi;
      tt.depth[slot] = depth;
      tt.flag[slot] = best <= alpha0 ? UPPER : best >= beta ? LOWER : EXACT;
      tt.score[slot] = toTable(best, ply);
      tt.move[slot] = bestMove;
    }
    return best;
  };

  /** The score of the move just made at `ply`, for the side that made it, in the window (alpha, beta). */
  const child = (depth: number, alpha: number, beta: number, ply: number): number =>
    pos.sameMover?.(ply) ? search(depth, alpha, beta, ply + 1) : -search(depth, -beta, -alpha, ply + 1);

  // The root: iterative deepening over a fixed list, reordered by the last iteration's scores.
  const depths: AbDepthResult[] = [];
  const rootCount = pos.generate(0);
  const root: number[] = [];
  {
    order(0, rootCount, -1, false);
    for (let k = 0; k < rootCount; k++) {
      const i = next(0, k, rootCount);
      if (!options.rootFilter || options.rootFilter(i, k)) root.push(i);
    }
  }
  if (root.length === 0) return { depths, nodes, rootCount };
  if (root.length === 1 && !options.rootFilter && !options.searchForced) {
    return { depths: [{ depth: 1, move: root[0] as number, score: 0 }], nodes, rootCount };
  }
  for (let depth = 1; depth <= maxDepth; depth++) {
    let alpha = -INF;
    const beta = INF;
    let best = -INF;
    let bestMove = -1;
    const scores = new Map<number, number>();
    for (let k = 0; k < root.length; k++) {
      const i = root[k] as number;
      pos.make(0, i);
      let score: number;
      if (k === 0) score = child(depth - 1, alpha, beta, 0);
      else {
        score = child(depth - 1, alpha, alpha + 1, 0);
        if (score > alpha && !stopped) score = child(depth - 1, alpha, beta, 0);
      }
      pos.unmake(0, i);
      if (stopped) break;
      scores.set(i, score);
      if (score > best) {
        best = score;
        bestMove = i;
      }
      if (score > alpha) alpha = score;
    }
    if (stopped) {
      // A partial iteration still counts if its first (previously best) move was searched and something beat it.
      if (bestMove >= 0 && depths.length > 0 && bestMove !== (depths[depths.length - 1] as AbDepthResult).move) {
        depths.push({ depth, move: bestMove, score: best });
      }
      break;
    }
    depths.push({ depth, move: bestMove, score: best });
    const line = options.line;
    const moveName = options.moveName;
    deadline.depthDone(
      depth,
      best,
      nodes,
      line ? () => line(bestMove) : moveName ? () => [moveName(bestMove)] : undefined,
    );
    if (Math.abs(best) >= WIN - MAX_PLY) break; // a forced result is found: deeper search changes nothing
    root.sort((a, b) => (scores.get(b) ?? -INF) - (scores.get(a) ?? -INF));
    if (deadline.outOfTime() || deadline.reached(nodes)) break;
  }
  return { depths, nodes, rootCount };
}

/**
 * The principal line the last search left in the transposition table: `first` at the root, then the hash move
 * at each ply while the position's key is found, at most `length` moves, stopping at a decided position. `name`
 * reads each move before it is made (its ply and index); `pos` is left as it was given (at the root).
 */
export function principalLine<T>(
  pos: AbPosition,
  first: number,
  length: number,
  name: (ply: number, i: number) => T,
): T[] {
  const out: T[] = [];
  const made: number[] = [];
  const tt = table;
  let move = first;
  for (let ply = 0; ply < Math.min(length, MAX_PLY - 16); ply++) {
    if (ply > 0) {
      if (pos.terminal(ply) !== null) break;
      if (!tt) break;
      const lo = pos.keyLo() | 0;
      const hi = pos.keyHi() | 0;
      const slot = lo & tt.mask;
      if (tt.flag[slot] === 0 || tt.lo[slot] !== lo || tt.hi[slot] !== hi) break;
      move = tt.move[slot] as number;
    }
    const count = pos.generate(ply);
    if (move < 0 || move >= count) break;
    out.push(name(ply, move));
    pos.make(ply, move);
    made.push(move);
  }
  for (let ply = made.length - 1; ply >= 0; ply--) pos.unmake(ply, made[ply] as number);
  return out;
}

/** Wins nearer the root are better: the distance goes into the score. */
function adjust(score: number, ply: number): number {
  return score >= WIN ? score - ply : score <= -WIN ? score + ply : score;
}
function toTable(score: number, ply: number): number {
  return score >= WIN - MAX_PLY ? score + ply : score <= -WIN + MAX_PLY ? score - ply : score;
}
function fromTable(score: number, ply: number): number {
  return score >= WIN - MAX_PLY ? score - ply : score <= -WIN + MAX_PLY ? score + ply : score;
}
