import type { Budget, SearchInfo } from './bot.ts';

/** How often `onInfo` hears from a running search. */
const INFO_MS = 250;

/**
 * When a search must stop. An iteration budget alone never reads the clock, so the result depends only on the
 * seed. Searchers call `reached` once per iteration (MCTS) or every 64 nodes (alpha-beta).
 */
export class Deadline {
  readonly maxIterations: number;
  readonly endsAt: number;
  private expired = false;
  private readonly stop: Int32Array | null;
  private readonly onInfo: ((info: SearchInfo) => void) | null;
  private readonly started: number;
  private nextInfo: number;
  private calls = 0;
  private lastIterations = 0;
  /** What the searcher knows of its best line, asked only when an info report is due. */
  describe: (() => Partial<SearchInfo>) | null = null;

  constructor(budget: Budget) {
    this.maxIterations = budget.iterations ?? Infinity;
    this.endsAt = budget.ms !== undefined ? performance.now() + budget.ms : Infinity;
    this.stop = budget.stop ?? null;
    this.onInfo = budget.onInfo ?? null;
    this.started = this.onInfo ? performance.now() : 0;
    this.nextInfo = this.started + INFO_MS;
  }

  /** True once `iterations` reach the budget, the time is up or the search was told to stop. */
  reached(iterations: number): boolean {
    if (iterations >= this.maxIterations) return true;
    if (this.expired) return true;
    if (this.stop !== null && Atomics.load(this.stop, 0) !== 0) return (this.expired = true);
    this.lastIterations = iterations;
    if (this.onInfo !== null && (++this.calls & 63) === 0 && performance.now() >= this.nextInfo) this.report({});
    if (this.endsAt === Infinity) return false;
    if (performance.now() >= this.endsAt) this.expired = true;
    return this.expired;
  }

  /** Reads the clock now (between iterations of deepening, where a check is cheap). */
  outOfTime(): boolean {
    if (!this.expired && this.stop !== null && Atomics.load(this.stop, 0) !== 0) this.expired = true;
    if (!this.expired && this.endsAt !== Infinity && performance.now() >= this.endsAt) this.expired = true;
    return this.expired;
  }

  /** Alpha-beta completed a depth: reported at once. */
  depthDone(depth: number, score: number, nodes: number, pv?: () => string[]): void {
    if (this.onInfo === null) return;
    this.lastIterations = nodes;
    this.report({ depth, score, ...(pv ? { pv: pv() } : {}) });
  }

  private report(extra: Partial<SearchInfo>): void {
    const now = performance.now();
    this.nextInfo = now + INFO_MS;
    const ms = now - this.started;
    const iterations = this.lastIterations;
    (this.onInfo as (info: SearchInfo) => void)({
      iterations,
      ms: Math.round(ms),
      nps: ms > 0 ? Math.round((iterations * 1000) / ms) : 0,
      ...this.describe?.(),
      ...extra,
    });
  }
}

/** A budget with the level's defaults filled in: an explicit budget replaces the default entirely. */
export function budgetOr(given: Budget | undefined, fallback: Budget): Budget {
  if (given && (given.ms !== undefined || given.iterations !== undefined)) return given;
  return fallback;
}
