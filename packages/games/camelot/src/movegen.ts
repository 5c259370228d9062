import { EMPTY, isKnight, sideOf, type Geometry, type Side } from './board.ts';
import { MoveList } from './movelist.ts';

/**
 * The Camelot move generator (rules/camelot.md, "Settled points"). It fills a MoveList with every legal move of
 * `side`, one entry per resulting position. The board is lifted and restored in place while generating, so the
 * caller's board is unchanged when `generate` returns.
 *
 * Order of obligations each turn (research §8.5):
 *  1. a piece standing in its own castle must leave now, before anything else (capturing if it can);
 *  2. if any piece can jump, the legal moves are all jump sequences and all knight's charges;
 *  3. otherwise plain moves, canters, knight's charges and castle moves.
 */
export class MoveGenerator {
  private readonly visited: Int32Array;
  private readonly parent: Int16Array;
  private readonly queue: Int16Array;
  private stamp = 0;
  private readonly pathCells = new Int16Array(256);
  private readonly pathSteps = new Uint8Array(256);
  private pathDepth = 0;
  private readonly capStack = new Int16Array(64);
  private capDepth = 0;
  private readonly sortedCaps = new Int16Array(64);
  /** Index in the list of the first capture move of this generation (for de-duplication). */
  private firstCapture = 0;
  private withPaths = true;
  private board!: Int8Array;
  private side!: Side;
  private list!: MoveList;
  private from = 0;

  constructor(readonly geo: Geometry) {
    this.visited = new Int32Array(geo.size);
    this.parent = new Int16Array(geo.size);
    this.queue = new Int16Array(geo.size);
  }

  /**
   * Fills `list` with the legal moves of `side`. Hot loops that never show a move (perft, playouts) pass
   * `withPaths = false`: moves then carry from, to and captures but an empty path.
   */
  generate(board: Int8Array, side: Side, castleMovesUsed: number, list: MoveList, withPaths = true): void {
    const geo = this.geo;
    this.board = board;
    this.side = side;
    this.list = list;
    this.withPaths = withPaths;
    list.clear();
    this.firstCapture = -1;

    // 1. seed 003: "if a player's piece is located at his own castle, his next move must be done with this piece,
    //    even if he could make a jump with another piece".
    for (const cell of geo.castleCells[side]) {
      const p = board[cell] as number;
      if (p > 0 && sideOf(p) === side) {
        if (this.canJump(cell)) this.captures(cell, true);
        else if (isKnight(p)) this.knightMoves(cell);
        else this.quietMoves(cell);
        return;
      }
    }

    // 2. seed 003: jumping is mandatory, but a knight's charge may be chosen instead.
    const cells = geo.cells;
    let compulsory = false;
    for (let i = 0; i < cells.length; i++) {
      const c = cells[i] as number;
      const p = board[c] as number;
      if (p > 0 && sideOf(p) === side && !geo.isEnemyCastle(c, side) && this.canJump(c)) {
        compulsory = true;
        break;
      }
    }

    for (let i = 0; i < cells.length; i++) {
      const c = cells[i] as number;
      const p = board[c] as number;
      if (p <= 0 || sideOf(p) !== side) continue;
      if (geo.isEnemyCastle(c, side)) {
        // A piece in the enemy castle never leaves; it may only step to the other castle square.
        if (!compulsory && castleMovesUsed < geo.layout.castleMoveLimit) this.castleMoves(c);
        continue;
      }
      if (compulsory) this.captures(c, isKnight(p));
      else if (isKnight(p)) this.knightMoves(c);
      else this.quietMoves(c);
    }
  }

  /** True if the piece standing on (or lifted above) `cell` could jump an enemy piece from there. */
  canJump(cell: number): boolean {
    const b = this.board;
    const dirs = this.geo.dirs;
    for (let k = 0; k < 8; k++) {
      const d = dirs[k] as number;
      const over = b[cell + d] as number;
      if (over > 0 && sideOf(over) !== this.side && b[cell + 2 * d] === EMPTY) return true;
    }
    return false;
  }

  /** All jump sequences from `c`, and the knight's charges when `charges` is set. */
  private captures(c: number, withCharges: boolean): void {
    const piece = this.board[c] as number;
    this.board[c] = EMPTY;
    this.from = c;
    this.pathDepth = 0;
    this.capDepth = 0;
    this.jumpOn(c);
    this.board[c] = piece;
    if (withCharges && isKnight(piece)) this.charges(c);
  }

  /**
   * Continues a jump sequence standing on `at`. Jumped pieces leave the board at once, squares may be revisited,
   * and the sequence must go on while a jump is available, except that landing in the enemy castle ends it.
   */
  private jumpOn(at: number): void {
    const b = this.board;
    const geo = this.geo;
    const dirs = geo.dirs;
    let jumped = false;
    for (let k = 0; k < 8; k++) {
      const d = dirs[k] as number;
      const over = at + d;
      const victim = b[over] as number;
      const land = over + d;
      if (victim <= 0 || sideOf(victim) === this.side || b[land] !== EMPTY) continue;
      jumped = true;
      b[over] = EMPTY;
      this.capStack[this.capDepth++] = over;
      this.pathCells[this.pathDepth] = land;
      this.pathSteps[this.pathDepth++] = 1;
      if (geo.isEnemyCastle(land, this.side)) this.emitCapture(land);
      else this.jumpOn(land);
      this.pathDepth--;
      this.capDepth--;
      b[over] = victim;
    }
    if (!jumped && this.capDepth > 0) this.emitCapture(at);
  }

  /**
   * Knight's charges from `c`: one or more canters, then jumps. The canters may pass squares from which a jump is
   * possible (the move captures later anyway); the jumps may start from any square the canters reach.
   */
  private charges(c: number): void {
    const b = this.board;
    const piece = b[c] as number;
    b[c] = EMPTY;
    const n = this.canterSearch(c, false);
    for (let i = 1; i < n; i++) {
      const s = this.queue[i] as number;
      if (this.geo.isEnemyCastle(s, this.side) || !this.canJump(s)) continue;
      this.from = c;
      this.pathDepth = this.writeCanterPath(c, s);
      this.capDepth = 0;
      this.jumpOn(s);
    }
    b[c] = piece;
  }

  /** seed 003: "A player may not make a plain move or a canter to his own castle." */
  private plainMoves(c: number): void {
    const b = this.board;
    const geo = this.geo;
    const dirs = geo.dirs;
    for (let k = 0; k < 8; k++) {
      const t = c + (dirs[k] as number);
      if (b[t] === EMPTY && !geo.isOwnCastle(t, this.side)) this.emitQuiet(c, t, 0);
    }
  }

  /**
   * A knight's moves when no capture is due: plain moves, charges, and pure canters ([WCF] a knight's pure canter
   * may not touch a square from which it could jump: it would have to capture). One canter search serves
   * both when it reaches no square from which a jump is possible (the usual case): the clean region is then
   * the whole reach. Otherwise the pure canters get their own search through clean squares only.
   */
  private knightMoves(c: number): void {
    this.plainMoves(c);
    const b = this.board;
    const piece = b[c] as number;
    b[c] = EMPTY;
    const n = this.canterSearch(c, false);
    let dirty = false;
    for (let i = 1; i < n; i++) {
      const s = this.queue[i] as number;
      if (this.geo.isEnemyCastle(s, this.side) || !this.canJump(s)) continue;
      dirty = true;
      this.from = c;
      this.pathDepth = this.writeCanterPath(c, s);
      this.capDepth = 0;
      this.jumpOn(s);
    }
    const m = dirty ? this.canterSearch(c, true) : n;
    for (let i = 1; i < m; i++) {
      const s = this.queue[i] as number;
      this.emitQuiet(c, s, this.writeCanterPath(c, s));
    }
    b[c] = piece;
  }

  /** Plain moves and pure canters of the man on `c`. */
  private quietMoves(c: number): void {
    this.plainMoves(c);
    const b = this.board;
    const piece = b[c] as number;
    b[c] = EMPTY;
    const n = this.canterSearch(c, false);
    for (let i = 1; i < n; i++) {
      const s = this.queue[i] as number;
      this.emitQuiet(c, s, this.writeCanterPath(c, s));
    }
    b[c] = piece;
  }

  /**
   * Breadth-first search over canter landings from `origin` (the piece already lifted). Fills `queue[0..n)` with
   * the origin followed by every reachable square and `parent` with a shortest path. Canters never land in the
   * mover's own castle and stop in the enemy castle. With `clean`, squares from which a jump is possible are
   * neither landed on nor passed.
   */
  private canterSearch(origin: number, clean: boolean): number {
    const b = this.board;
    const geo = this.geo;
    const side = this.side;
    const dirs = geo.dirs;
    const visited = this.visited;
    const mark = ++this.stamp;
    const queue = this.queue;
    visited[origin] = mark;
    queue[0] = origin;
    let head = 0;
    let tail = 1;
    while (head < tail) {
      const s = queue[head++] as number;
      if (s !== origin && geo.isEnemyCastle(s, side)) continue;
      for (let k = 0; k < 8; k++) {
        const d = dirs[k] as number;
        const over = b[s + d] as number;
        const land = s + 2 * d;
        if (over <= 0 || sideOf(over) !== side || b[land] !== EMPTY || visited[land] === mark) continue;
        if (geo.isOwnCastle(land, side)) continue;
        if (clean && !geo.isEnemyCastle(land, side) && this.canJump(land)) continue;
        visited[land] = mark;
        this.parent[land] = s;
        queue[tail++] = land;
      }
    }
    return tail;
  }

  /** Writes the canter path origin → s into the path stack; returns its length. */
  private writeCanterPath(origin: number, s: number): number {
    let len = 0;
    for (let t = s; t !== origin; t = this.parent[t] as number) len++;
    let i = len;
    for (let t = s; t !== origin; t = this.parent[t] as number) {
      this.pathCells[--i] = t;
      this.pathSteps[i] = 0;
    }
    return len;
  }

  private castleMoves(c: number): void {
    const geo = this.geo;
    for (const t of geo.castleCells[(1 - this.side) as Side]) {
      if (t !== c && this.board[t] === EMPTY && geo.dirs.includes(t - c)) {
        this.emitQuiet(c, t, 0);
      }
    }
  }

  /** A move without capture; `pathLen` 0 means a single step (plain or castle move), else the canter path. */
  private emitQuiet(from: number, to: number, pathLen: number): void {
    const list = this.list;
    list.reserve(pathLen + 1, 0);
    const i = list.count++;
    list.from[i] = from;
    list.to[i] = to;
    list.capStart[i] = list.capTop;
    list.capLen[i] = 0;
    list.pathStart[i] = list.pathTop;
    if (!this.withPaths) {
      list.pathLen[i] = 0;
    } else if (pathLen === 0) {
      list.pathLen[i] = 1;
      list.path[list.pathTop] = to;
      list.steps[list.pathTop++] = 0;
    } else {
      list.pathLen[i] = pathLen;
      this.copyPath(list, pathLen);
    }
  }

  /** The path under construction onto the end of `list` (element by element: a subarray is an allocation). */
  private copyPath(list: MoveList, pathLen: number): void {
    const top = list.pathTop;
    for (let k = 0; k < pathLen; k++) {
      list.path[top + k] = this.pathCells[k] as number;
      list.steps[top + k] = this.pathSteps[k] as number;
    }
    list.pathTop = top + pathLen;
  }

  private emitCapture(to: number): void {
    // A move is its resulting position: from, to and the set of captured cells. Sort the captures (insertion
    // sort: a handful of cells) and skip the move if an earlier capture move of this generation is the same.
    const n = this.capDepth;
    const caps = this.sortedCaps;
    for (let k = 0; k < n; k++) {
      const c = this.capStack[k] as number;
      let j = k;
      while (j > 0 && (caps[j - 1] as number) > c) {
        caps[j] = caps[j - 1] as number;
        j--;
      }
      caps[j] = c;
    }
    const list = this.list;
    if (this.firstCapture < 0) this.firstCapture = list.count;
    for (let m = this.firstCapture; m < list.count; m++) {
      // Same result: same from and to, or both return to their own square (see moveKey in move.ts).
      if (list.capLen[m] !== n || list.to[m] !== to) {
        if (!(list.capLen[m] === n && list.from[m] === list.to[m] && this.from === to)) continue;
      } else if (list.from[m] !== this.from) continue;
      const start = list.capStart[m] as number;
      let same = true;
      for (let k = 0; k < n; k++) {
        if (list.caps[start + k] !== caps[k]) {
          same = false;
          break;
        }
      }
      if (same) return;
    }
    const pathLen = this.withPaths ? this.pathDepth : 0;
    list.reserve(pathLen, n);
    const i = list.count++;
    list.from[i] = this.from;
    list.to[i] = to;
    list.capStart[i] = list.capTop;
    list.capLen[i] = n;
    const capTop = list.capTop;
    for (let k = 0; k < n; k++) list.caps[capTop + k] = caps[k] as number;
    list.capTop = capTop + n;
    list.pathStart[i] = list.pathTop;
    list.pathLen[i] = pathLen;
    if (pathLen > 0) this.copyPath(list, pathLen);
  }
}
