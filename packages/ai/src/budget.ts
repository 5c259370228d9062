import type { Budget } from './bot.ts';

/**
 * When a search must stop. An iteration budget alone never reads the clock, so the result depends only on the
 * seed. Searchers call `reached` once per iteration (MCTS) or every 64 nodes (alpha-beta).
 */
export class Deadline {
  readonly maxIterations: number;
  readonly endsAt: number;
  private expired = false;

  constructor(budget: Budget) {
    this.maxIterations = budget.iterations ?? Infinity;
    this.endsAt = budget.ms !== undefined ? performance.now() + budget.ms : Infinity;
  }

  /** True once `iterations` reach the budget or the time is up. */
  reached(iterations: number): boolean {
    if (iterations >= this.maxIterations) return true;
    if (this.expired) return true;
    if (this.endsAt === Infinity) return false;
    if (performance.now() >= this.endsAt) this.expired = true;
    return this.expired;
  }

  /** Reads the clock now (between iterations of deepening, where a check is cheap). */
  outOfTime(): boolean {
    if (!this.expired && this.endsAt !== Infinity && performance.now() >= this.endsAt) this.expired = true;
    return this.expired;
  }
}

/** A budget with the level's defaults filled in: an explicit budget replaces the default entirely. */
export function budgetOr(given: Budget | undefined, fallback: Budget): Budget {
  if (given && (given.ms !== undefined || given.iterations !== undefined)) return given;
  return fallback;
}
