import type { Engine } from '@roundtable/camelot';

/**
 * Centi-pawn style weights; a man is 100. Tuned by arena runs against greedy: the steep `near` table (a runner
 * is worth stopping early) took medium from 26/30 to 28/30 wins over the same seeds.
 */
export const WEIGHTS = {
  man: 100,
  knight: 160,
  /** Per square of progress towards the enemy castle. */
  advance: 3,
  /**
   * Extra by distance to the enemy castle (index 1 = next to it): a piece walking in unopposed wins races, so a
   * runner is worth stopping long before it arrives. Index 0 is a piece standing in the castle.
   */
  near: [220, 150, 100, 65, 40, 20, 8] as readonly number[],
  /** A friendly piece right behind (towards home) guards a piece against a jump along that line. */
  guarded: 6,
  /**
   * With one piece already in the enemy castle, the nearest other piece to the free castle square is a threat to
   * win, by its distance to that square (1 means: wins next move unless stopped).
   */
  threat: [0, 500, 260, 140, 70, 30] as readonly number[],
};

interface Tables {
  /** score[side][cell * 5 + piece]: material plus placement, from that piece's owner's point of view. */
  readonly piece: Int32Array;
  /** Distance to the nearest enemy castle square, per side and cell. */
  readonly dist: readonly [Uint8Array, Uint8Array];
  /** Forward direction offset (towards the enemy castle) per side. */
  readonly forward: readonly [number, number];
}

const cache = new Map<string, Tables>();

function tables(engine: Engine): Tables {
  let t = cache.get(engine.layout.id);
  if (t) return t;
  const geo = engine.geo;
  const dist: [Uint8Array, Uint8Array] = [new Uint8Array(geo.size), new Uint8Array(geo.size)];
  const piece = new Int32Array(geo.size * 5);
  const far = engine.layout.ranks - 1;
  for (const c of geo.cells) {
    for (const side of [0, 1] as const) {
      let best = 99;
      for (const k of geo.castleCells[(1 - side) as 0 | 1]) {
        const d = Math.max(Math.abs(geo.fileOf(k) - geo.fileOf(c)), Math.abs(geo.rankOf(k) - geo.rankOf(c)));
        if (d < best) best = d;
      }
      dist[side][c] = best;
      const place = WEIGHTS.advance * Math.max(0, far - best) + (WEIGHTS.near[best] ?? 0);
      const man = side * 2 + 1;
      piece[c * 5 + man] = WEIGHTS.man + place;
      piece[c * 5 + man + 1] = WEIGHTS.knight + place;
    }
  }
  t = { piece, dist, forward: [geo.width, -geo.width] };
  cache.set(engine.layout.id, t);
  return t;
}

/**
 * A Camelot position for White (negate for Black): material with knights worth more, progress towards the enemy
 * castle (sharply more on its doorstep and in it), and pieces guarded from behind against a jump.
 */
export function evaluateBoard(engine: Engine, board: Int8Array, _castleMoves: readonly number[]): number {
  const t = tables(engine);
  const cells = engine.geo.cells;
  const table = t.piece;
  let score = 0;
  const geo = engine.geo;
  for (const side of [0, 1] as const) {
    const castle = geo.castleCells[(1 - side) as 0 | 1];
    if (castle.length !== 2) continue;
    const a = castle[0] as number;
    const b = castle[1] as number;
    const pa = board[a] as number;
    const pb = board[b] as number;
    const mine = (p: number): boolean => p > 0 && (p - 1) >> 1 === side;
    let free = -1;
    if (mine(pa) && pb === 0) free = b;
    else if (mine(pb) && pa === 0) free = a;
    if (free < 0) continue;
    let best = 99;
    const ff = geo.fileOf(free);
    const fr = geo.rankOf(free);
    for (let i = 0; i < cells.length; i++) {
      const c = cells[i] as number;
      if (c === a || c === b || !mine(board[c] as number)) continue;
      const d = Math.max(Math.abs(geo.fileOf(c) - ff), Math.abs(geo.rankOf(c) - fr));
      if (d < best) best = d;
    }
    const bonus = WEIGHTS.threat[best] ?? 0;
    score += side === 0 ? bonus : -bonus;
  }
  for (let i = 0; i < cells.length; i++) {
    const c = cells[i] as number;
    const p = board[c] as number;
    if (p <= 0) continue;
    const side = (p - 1) >> 1;
    let v = table[c * 5 + p] as number;
    // Guarded: the square behind is not empty (a friend, or the edge), so no enemy can jump over from the front.
    const behind = board[c - (side === 0 ? t.forward[0] : t.forward[1])] as number;
    if (behind !== 0 && (behind < 0 || (behind - 1) >> 1 === side)) v += WEIGHTS.guarded;
    score += side === 0 ? v : -v;
  }
  return score;
}
