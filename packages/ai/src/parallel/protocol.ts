import type { Budget } from '../bot.ts';

/**
 * The shared memory of one worker: a control block of Int32 and a byte area for the JSON report. The calling
 * thread blocks on CONTROL[STATE] with Atomics.wait, so a bot's `choose` stays synchronous.
 */
export const STATE = 0;
export const LENGTH = 1;
export const JOB = 2;
export const READY = 3;
export const CONTROL_INTS = 4;
export const REPORT_BYTES = 1 << 22;

export const IDLE = 0;
export const DONE = 1;

export interface Job {
  readonly id: number;
  readonly gameId: string;
  readonly view: unknown;
  readonly seat: number;
  readonly rng: [number, number, number, number];
  readonly budget: Budget;
  /** Wall-clock end of a timed budget (Date.now() scale: shared by threads), so a late start does not overrun. */
  readonly endsAt: number | null;
  readonly share: { readonly index: number; readonly of: number };
  readonly maxDepth?: number;
}
