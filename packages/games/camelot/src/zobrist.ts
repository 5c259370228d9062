import { createRng, nextUint32 } from '@roundtable/core';

/**
 * Zobrist keys for repetition detection (and later the bots' transposition tables). A key is 53 bits (a safe JS
 * integer) built from two 32-bit halves: 21 high bits and 32 low bits.
 */
export class Zobrist {
  readonly lo: Uint32Array;
  readonly hi: Uint32Array;
  readonly sideLo: number;
  readonly sideHi: number;
  /** Keys for the castle-move counters: index side * 3 + used. */
  readonly castleLo: Uint32Array;
  readonly castleHi: Uint32Array;

  constructor(size: number) {
    const rng = createRng('camelot-zobrist');
    this.lo = new Uint32Array(size * 5);
    this.hi = new Uint32Array(size * 5);
    for (let i = 0; i < size * 5; i++) {
      this.lo[i] = nextUint32(rng);
      this.hi[i] = nextUint32(rng) & 0x1fffff;
    }
    this.sideLo = nextUint32(rng);
    this.sideHi = nextUint32(rng) & 0x1fffff;
    this.castleLo = new Uint32Array(6);
    this.castleHi = new Uint32Array(6);
    for (let i = 0; i < 6; i++) {
      this.castleLo[i] = nextUint32(rng);
      this.castleHi[i] = nextUint32(rng) & 0x1fffff;
    }
  }

  /** The key of a whole position, computed from scratch. */
  key(board: Int8Array, side: number, castleMoves: readonly number[]): number {
    let lo = 0;
    let hi = 0;
    for (let c = 0; c < board.length; c++) {
      const p = board[c] as number;
      if (p > 0) {
        lo ^= this.lo[c * 5 + p] as number;
        hi ^= this.hi[c * 5 + p] as number;
      }
    }
    if (side === 1) {
      lo ^= this.sideLo;
      hi ^= this.sideHi;
    }
    for (let s = 0; s < 2; s++) {
      const used = Math.min(2, castleMoves[s] ?? 0);
      lo ^= this.castleLo[s * 3 + used] as number;
      hi ^= this.castleHi[s * 3 + used] as number;
    }
    return (hi >>> 0) * 0x100000000 + (lo >>> 0);
  }
}
