import type { TableSizes } from './types.ts';

/** How a round seats n entrants: the sizes of its tables (largest first) and how many sit out with a bye. */
export interface TablePlan {
  readonly tables: readonly number[];
  readonly byes: number;
}

/**
 * The table sizes for n entrants (README.md, "Table sizes"): the fewest byes first (none whenever some mix of
 * allowed sizes seats everyone); then, over every allowed number of tables, the sizes spread as evenly as possible
 * (which, the cost being convex, is the best for that number) with the least Σ(size − preferred)²; ties to fewer
 * tables. 17 in tables of 4 (3–6): 5+4+4+4; 23: 4+4+4+4+4+3; 17 in tables of exactly 4: 4+4+4+4 and one bye.
 */
export function planTables(n: number, sizes: TableSizes): TablePlan {
  for (let byes = 0; byes <= n; byes++) {
    const seated = n - byes;
    if (seated === 0) return { tables: [], byes };
    let best: number[] | null = null;
    let bestCost = Infinity;
    for (let t = Math.ceil(seated / sizes.max); t <= Math.floor(seated / sizes.min); t++) {
      const q = Math.floor(seated / t);
      const big = seated - q * t;
      const tables = [...Array<number>(big).fill(q + 1), ...Array<number>(t - big).fill(q)];
      if (tables.some((s) => s < sizes.min || s > sizes.max)) continue;
      const cost = tables.reduce((c, s) => c + (s - sizes.preferred) ** 2, 0);
      if (cost < bestCost) {
        best = tables;
        bestCost = cost;
      }
    }
    if (best) return { tables: best, byes };
  }
  return { tables: [], byes: n };
}

/**
 * The table sizes a game allows, from its catalog descriptor: the counts it is meant for (`usualPlayers`, else
 * `minPlayers`–`maxPlayers`), narrowed by the organiser's `min`/`max` and aimed at their `preferred` size (default:
 * 4 where allowed, else the nearest allowed). Null when the organiser's choice leaves no size the game allows.
 */
export function sizesForGame(
  game: { readonly minPlayers: number; readonly maxPlayers: number; readonly usualPlayers?: readonly [number, number] },
  organiser: { readonly min?: number; readonly max?: number; readonly preferred?: number } = {},
): TableSizes | null {
  const lo = Math.max(game.usualPlayers?.[0] ?? game.minPlayers, organiser.min ?? 0, 2);
  const hi = Math.min(game.usualPlayers?.[1] ?? game.maxPlayers, organiser.max ?? Infinity);
  if (lo > hi) return null;
  const preferred = Math.min(hi, Math.max(lo, organiser.preferred ?? 4));
  return { min: lo, max: hi, preferred };
}
