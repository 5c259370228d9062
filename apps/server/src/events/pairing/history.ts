import { present, tableScores } from './scoring.ts';
import type { EntrantId, EventResult } from './types.ts';

/** What the pairing needs to know of the earlier rounds, derived from the results alone. */
export interface History {
  readonly points: Map<EntrantId, number>;
  /** How many times each pair has met, keyed by `pairKey`. */
  readonly met: Map<string, number>;
  /** Per entrant, how many times it sat at each seat position (index 0 = played first). */
  readonly seats: Map<EntrantId, number[]>;
  /** Per entrant, its seat positions in the order played (two players: 0 first, 1 second). */
  readonly seatOrder: Map<EntrantId, number[]>;
  readonly byes: Map<EntrantId, number>;
  /** Per entrant, the smallest table it played at: seat balance is measured over that table's positions. */
  readonly tableSizes: Map<EntrantId, number>;
}

export function pairKey(a: EntrantId, b: EntrantId): string {
  return a < b ? `${a}\u0000${b}` : `${b}\u0000${a}`;
}

function chronological(results: readonly EventResult[]): EventResult[] {
  return [...results].sort(
    (x, y) =>
      x.round - y.round ||
      (x.kind === 'match' ? x.matchId : `~${x.entrant}`).localeCompare(
        y.kind === 'match' ? y.matchId : `~${y.entrant}`,
      ),
  );
}

/**
 * Scores, meetings, seat histories and byes from the results. A pairing counts as a meeting whatever happened in
 * it (a forfeit too: the pairing is not made again), and a seat counts for balance only when its entrant played it.
 */
export function readHistory(results: readonly EventResult[], byePoints: number): History {
  const points = new Map<EntrantId, number>();
  const met = new Map<string, number>();
  const seats = new Map<EntrantId, number[]>();
  const seatOrder = new Map<EntrantId, number[]>();
  const byes = new Map<EntrantId, number>();
  const tableSizes = new Map<EntrantId, number>();
  const add = (id: EntrantId, p: number): void => {
    points.set(id, (points.get(id) ?? 0) + p);
  };
  for (const r of chronological(results)) {
    if (r.kind === 'bye') {
      add(r.entrant, byePoints);
      byes.set(r.entrant, (byes.get(r.entrant) ?? 0) + 1);
      continue;
    }
    const scores = tableScores(r);
    r.seats.forEach((s, i) => {
      add(s.entrant, scores[i] ?? 0);
      for (let j = i + 1; j < r.seats.length; j++) {
        const k = pairKey(s.entrant, r.seats[j]!.entrant);
        met.set(k, (met.get(k) ?? 0) + 1);
      }
      if (!present(s)) return;
      const counts = seats.get(s.entrant) ?? [];
      while (counts.length <= i) counts.push(0);
      counts[i]! += 1;
      seats.set(s.entrant, counts);
      const order = seatOrder.get(s.entrant) ?? [];
      order.push(i);
      seatOrder.set(s.entrant, order);
      tableSizes.set(s.entrant, Math.min(tableSizes.get(s.entrant) ?? Infinity, r.seats.length));
    });
  }
  return { points, met, seats, seatOrder, byes, tableSizes };
}
