import { createRng, nextUint32 } from '@roundtable/core';
import type { History } from './history.ts';
import type { Entrant, EntrantId, PairingSeed } from './types.ts';

/**
 * The order a round is paired in: points, then rating (higher first), then a draw from the seed and the round,
 * so that equal entrants are ordered by lot, the same lot for the same seed.
 */
export function pairingOrder(
  entrants: readonly Entrant[],
  history: History,
  seed: PairingSeed,
  round: number,
): Entrant[] {
  const rng = createRng(`${typeof seed === 'number' ? `#${seed}` : seed}/round ${round}`);
  const lot = new Map<EntrantId, number>();
  // Lots drawn in id order, so that the order of the input list changes nothing.
  for (const e of [...entrants].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)))
    lot.set(e.id, nextUint32(rng));
  const points = (e: Entrant): number => history.points.get(e.id) ?? 0;
  return [...entrants].sort(
    (a, b) => points(b) - points(a) || (b.rating ?? 0) - (a.rating ?? 0) || (lot.get(a.id) ?? 0) - (lot.get(b.id) ?? 0),
  );
}

export function findDuplicate(entrants: readonly Entrant[]): EntrantId | null {
  const seen = new Set<EntrantId>();
  for (const e of entrants) {
    if (seen.has(e.id)) return e.id;
    seen.add(e.id);
  }
  return null;
}
