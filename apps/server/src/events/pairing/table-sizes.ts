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
