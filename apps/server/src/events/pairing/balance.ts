import type { EntrantId, RoundPairing } from './types.ts';

/** How balanced a schedule is (README.md, "Measured balance"). */
export interface SeatBalance {
  /**
   * The worst entrant's spread of seat counts: max − min of its counts over the positions of the smallest table
   * it sat at (0 or 1 is "within one").
   */
  readonly seatSpread: number;
  /** Among entrants who played as many games, the widest gap between their counts of playing first. */
  readonly firstSpread: number;
  /** Meetings beyond the first: Σ over pairs of (times met − 1). */
  readonly repeats: number;
  /** Per entrant, its count at each seat position. */
  readonly seats: ReadonlyMap<EntrantId, readonly number[]>;
}

/** Measures the seat balance and repeated meetings of a list of rounds. */
export function measureSeatBalance(rounds: readonly RoundPairing[]): SeatBalance {
  const seats = new Map<EntrantId, number[]>();
  const smallest = new Map<EntrantId, number>();
  const met = new Map<string, number>();
  for (const r of rounds) {
    for (const t of r.tables) {
      t.seats.forEach((id, pos) => {
        const c = seats.get(id) ?? [];
        while (c.length <= pos) c.push(0);
        c[pos]!++;
        seats.set(id, c);
        smallest.set(id, Math.min(smallest.get(id) ?? Infinity, t.seats.length));
        for (let j = pos + 1; j < t.seats.length; j++) {
          const o = t.seats[j]!;
          const k = id < o ? `${id}\u0000${o}` : `${o}\u0000${id}`;
          met.set(k, (met.get(k) ?? 0) + 1);
        }
      });
    }
  }
  let seatSpread = 0;
  const firstsByGames = new Map<number, number[]>();
  for (const [id, c] of seats) {
    const m = smallest.get(id)!;
    const counts = Array.from({ length: m }, (_, j) => c[j] ?? 0);
    seatSpread = Math.max(seatSpread, Math.max(...counts) - Math.min(...counts));
    const games = c.reduce((a, b) => a + b, 0);
    const list = firstsByGames.get(games) ?? [];
    list.push(c[0] ?? 0);
    firstsByGames.set(games, list);
  }
  let firstSpread = 0;
  for (const list of firstsByGames.values()) firstSpread = Math.max(firstSpread, Math.max(...list) - Math.min(...list));
  let repeats = 0;
  for (const m of met.values()) repeats += m - 1;
  return { seatSpread, firstSpread, repeats, seats };
}
