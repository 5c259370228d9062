import { pairwiseScore } from './scoring.ts';
import type { CrossGame, Crosstable, Entrant, EntrantId, EventResult } from './types.ts';

/**
 * The crosstable of an event: for every ordered pair of entrants, what the first scored against the second in
 * each match they shared (at a table, by their places there: 1, 0.5 or 0), in round order.
 */
export function crosstable(entrants: readonly Entrant[], results: readonly EventResult[]): Crosstable {
  const ids: EntrantId[] = entrants.map((e) => e.id);
  const index = new Map(ids.map((id, i) => [id, i]));
  const cells: CrossGame[][][] = ids.map(() => ids.map(() => []));
  const matches = [...results].sort((a, b) => a.round - b.round);
  for (const r of matches) {
    if (r.kind !== 'match') continue;
    r.seats.forEach((a, i) => {
      r.seats.forEach((b, j) => {
        if (i === j) return;
        const x = index.get(a.entrant);
        const y = index.get(b.entrant);
        if (x === undefined || y === undefined) return;
        cells[x]![y]!.push({ matchId: r.matchId, round: r.round, score: pairwiseScore(a, b), first: i === 0 });
      });
    });
  }
  return { entrants: ids, cells };
}
