/** The 95% Wilson score interval of a proportion (`successes` of `n`), better than ±1.96σ near 0 and 1. */
export function wilson(successes: number, n: number, z = 1.959964): { low: number; high: number } {
  if (n === 0) return { low: 0, high: 1 };
  const p = successes / n;
  const z2 = z * z;
  const centre = p + z2 / (2 * n);
  const margin = z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  const denom = 1 + z2 / n;
  return { low: Math.max(0, (centre - margin) / denom), high: Math.min(1, (centre + margin) / denom) };
}

/** One pairwise result extracted from a game: `a` scored `score` (1, ½ or 0) against `b`. */
export interface PairResult {
  readonly a: number;
  readonly b: number;
  readonly score: number;
}

/**
 * Elo ratings from pairwise results (Bradley–Terry fitted by minorisation–maximisation, a draw counting half a win
 * each way), centred on 0. A multiplayer game yields pairs: each winner beats each loser, winners tie with each
 * other, losers are not compared. An entrant that never lost (or never won) gets a pseudo-result of half a draw
 * against the field, so its rating stays finite.
 */
export function eloRatings(entrants: number, pairs: readonly PairResult[]): number[] {
  const wins = new Array<number>(entrants).fill(0);
  const games: number[][] = Array.from({ length: entrants }, () => new Array<number>(entrants).fill(0));
  const add = (a: number, b: number, s: number): void => {
    wins[a] = (wins[a] as number) + s;
    wins[b] = (wins[b] as number) + (1 - s);
    (games[a] as number[])[b] = ((games[a] as number[])[b] as number) + 1;
    (games[b] as number[])[a] = ((games[b] as number[])[a] as number) + 1;
  };
  for (const p of pairs) add(p.a, p.b, p.score);
  // Prior: half a draw between every two entrants (keeps a perfect score finite).
  for (let a = 0; a < entrants; a++)
    for (let b = a + 1; b < entrants; b++) {
      add(a, b, 0.5);
    }
  let gamma = new Array<number>(entrants).fill(1);
  for (let iter = 0; iter < 2000; iter++) {
    const next = gamma.map((g, i) => {
      let denom = 0;
      for (let j = 0; j < entrants; j++) {
        const n = (games[i] as number[])[j] as number;
        if (j !== i && n > 0) denom += n / (g + (gamma[j] as number));
      }
      return denom > 0 ? (wins[i] as number) / denom : g;
    });
    const mean = next.reduce((s, v) => s + Math.log(v), 0) / entrants;
    const normalised = next.map((v) => Math.exp(Math.log(v) - mean));
    const change = normalised.reduce((m, v, i) => Math.max(m, Math.abs(v - (gamma[i] as number))), 0);
    gamma = normalised;
    if (change < 1e-9) break;
  }
  return gamma.map((g) => (400 * Math.log(g)) / Math.LN10);
}
