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

  constructor(private capacity = 1024) {
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

  /** A copy sized to its content, for keeping (the generator's working lists are large). */
  compact(): MoveList {
    const copy = new MoveList(Math.max(1, this.count));
    copy.count = this.count;
    copy.from.set(this.from.subarray(0, this.count));
    copy.to.set(this.to.subarray(0, this.count));
    copy.capStart.set(this.capStart.subarray(0, this.count));
    copy.capLen.set(this.capLen.subarray(0, this.count));
    copy.pathStart.set(this.pathStart.subarray(0, this.count));
    copy.pathLen.set(this.pathLen.subarray(0, this.count));
    copy.caps = this.caps.slice(0, this.capTop);
    copy.capTop = this.capTop;
    copy.path = this.path.slice(0, this.pathTop);
    copy.steps = this.steps.slice(0, this.pathTop);
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
    return Array.from(this.caps.subarray(start, start + (this.capLen[i] as number))).sort((a, b) => a - b);
  }

  pathOf(i: number): { cells: number[]; jumps: boolean[] } {
    const start = this.pathStart[i] as number;
    const len = this.pathLen[i] as number;
    return {
      cells: Array.from(this.path.subarray(start, start + len)),
      jumps: Array.from(this.steps.subarray(start, start + len), (s) => s === 1),
    };
  }
}

type TypedArray = Int16Array | Int32Array | Uint8Array | Uint16Array;
function grow<T extends TypedArray>(a: T, Ctor: new (n: number) => T): T {
  const b = new Ctor(a.length * 2);
  b.set(a);
  return b;
}
