/**
 * Moves as flat typed arrays, reused between generations: the generator is the hot loop of every bot and
 * playout, so it allocates nothing per move. Move i goes from `from[i]` along `path` cells to `to[i]`, removing
 * the `caps` cells; `steps` holds, per path cell, 1 for a jump step and 0 for a plain or canter step.
 */
export class MoveList {
  count = 0;
  from: Int16Array;
  to: Int16Array;
  capStart: Int32Array;
  capLen: Uint8Array;
  pathStart: Int32Array;
  pathLen: Uint16Array;
  caps: Int16Array;
  capTop = 0;
  path: Int16Array;
  steps: Uint8Array;
  pathTop = 0;

  constructor(
    private capacity = 1024,
    compactOf?: MoveList,
  ) {
    if (compactOf) {
      // One allocation for the nine arrays of a kept list (a server keeps one per live match, and makes one per
      // move): typed arrays of their own would each be a separate off-heap buffer.
      const n = Math.max(1, compactOf.count);
      const caps = compactOf.capTop;
      const cells = compactOf.pathTop;
      const buffer = new ArrayBuffer(8 * n + 2 * (3 * n + caps + cells) + n + cells);
      let at = 0;
      const take = <T>(
        Ctor: new (b: ArrayBuffer, offset: number, length: number) => T,
        length: number,
        bytes: number,
      ): T => {
        const view = new Ctor(buffer, at, length);
        at += length * bytes;
        return view;
      };
      this.capStart = take(Int32Array, n, 4);
      this.pathStart = take(Int32Array, n, 4);
      this.from = take(Int16Array, n, 2);
      this.to = take(Int16Array, n, 2);
      this.pathLen = take(Uint16Array, n, 2);
      this.caps = take(Int16Array, caps, 2);
      this.path = take(Int16Array, cells, 2);
      this.capLen = take(Uint8Array, n, 1);
      this.steps = take(Uint8Array, cells, 1);
      this.capacity = n;
      return;
    }
    this.from = new Int16Array(capacity);
    this.to = new Int16Array(capacity);
    this.capStart = new Int32Array(capacity);
    this.capLen = new Uint8Array(capacity);
    this.pathStart = new Int32Array(capacity);
    this.pathLen = new Uint16Array(capacity);
    this.caps = new Int16Array(capacity * 4);
    this.path = new Int16Array(capacity * 8);
    this.steps = new Uint8Array(capacity * 8);
  }

  /** A copy sized to its content, for keeping (the generator's working lists are large). Not to be grown. */
  compact(): MoveList {
    const copy = new MoveList(0, this);
    const n = this.count;
    copy.count = n;
    // Element by element: nine subarrays per copy were a tenth of what a server move allocated.
    for (let i = 0; i < n; i++) {
      copy.from[i] = this.from[i] as number;
      copy.to[i] = this.to[i] as number;
      copy.capStart[i] = this.capStart[i] as number;
      copy.capLen[i] = this.capLen[i] as number;
      copy.pathStart[i] = this.pathStart[i] as number;
      copy.pathLen[i] = this.pathLen[i] as number;
    }
    for (let i = 0; i < this.capTop; i++) copy.caps[i] = this.caps[i] as number;
    copy.capTop = this.capTop;
    for (let i = 0; i < this.pathTop; i++) {
      copy.path[i] = this.path[i] as number;
      copy.steps[i] = this.steps[i] as number;
    }
    copy.pathTop = this.pathTop;
    return copy;
  }

  clear(): void {
    this.count = 0;
    this.capTop = 0;
    this.pathTop = 0;
  }

  /** Makes room for one more move with up to `pathCells` path cells and `capCells` captures. */
  reserve(pathCells: number, capCells: number): void {
    if (this.count + 1 >= this.capacity) this.growMoves();
    while (this.pathTop + pathCells >= this.path.length) {
      this.path = grow(this.path, Int16Array);
      this.steps = grow(this.steps, Uint8Array);
    }
    while (this.capTop + capCells >= this.caps.length) this.caps = grow(this.caps, Int16Array);
  }

  private growMoves(): void {
    this.capacity *= 2;
    this.from = grow(this.from, Int16Array);
    this.to = grow(this.to, Int16Array);
    this.capStart = grow(this.capStart, Int32Array);
    this.capLen = grow(this.capLen, Uint8Array);
    this.pathStart = grow(this.pathStart, Int32Array);
    this.pathLen = grow(this.pathLen, Uint16Array);
  }

  /** The captured cells of move i, sorted (a move's identity is from, to and this set). */
  capturesOf(i: number): number[] {
    const start = this.capStart[i] as number;
    const end = start + (this.capLen[i] as number);
    const out: number[] = [];
    for (let k = start; k < end; k++) out.push(this.caps[k] as number);
    return out.length > 1 ? out.sort((a, b) => a - b) : out;
  }

  /**
   * The index of the move with this identity (see moveKey in move.ts: same from and to, or both returning to
   * their own square, and the same set of captures), or -1. Allocates nothing: it is on every move's path.
   */
  indexOf(from: number, to: number, captures: readonly number[]): number {
    const n = captures.length;
    for (let i = 0; i < this.count; i++) {
      if (this.capLen[i] !== n) continue;
      const f = this.from[i] as number;
      const t = this.to[i] as number;
      if (from === to ? f !== t : f !== from || t !== to) continue;
      const start = this.capStart[i] as number;
      let same = true;
      for (let k = 0; k < n && same; k++) {
        const c = this.caps[start + k];
        same = false;
        for (let j = 0; j < n; j++)
          if (captures[j] === c) {
            same = true;
            break;
          }
      }
      if (same) return i;
    }
    return -1;
  }

  pathOf(i: number): { cells: number[]; jumps: boolean[] } {
    const start = this.pathStart[i] as number;
    const len = this.pathLen[i] as number;
    const cells: number[] = [];
    const jumps: boolean[] = [];
    for (let k = start; k < start + len; k++) {
      cells.push(this.path[k] as number);
      jumps.push(this.steps[k] === 1);
    }
    return { cells, jumps };
  }
}

type TypedArray = Int16Array | Int32Array | Uint8Array | Uint16Array;
function grow<T extends TypedArray>(a: T, Ctor: new (n: number) => T): T {
  const b = new Ctor(a.length * 2);
  b.set(a);
  return b;
}
