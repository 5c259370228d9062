import type { Outcome } from '@roundtable/core';

/**
 * What an outcome is worth to each seat, in [0, 1]: 1 to a sole winner, shared among several winners (a tie for
 * first place), ½ each in a plain draw. Search maximises the mover's share, so a shared win is worth less than
 * winning alone and more than losing.
 */
export function rewards(outcome: Outcome, players: number): number[] {
  const out = new Array<number>(players).fill(0);
  if (outcome.winners.length > 0) {
    const share = 1 / outcome.winners.length;
    for (const s of outcome.winners) if (s >= 0 && s < players) out[s] = share;
  } else if (outcome.draw) {
    out.fill(1 / players);
  }
  return out;
}
