/**
 * Background work that must happen once, whichever process does it, and survive a restart: pushes, e-mails,
 * digests, reviews of finished matches. Jobs live in the database (pg-boss on PostgreSQL, a table of the same
 * design in `jobs.db` on SQLite), are claimed by one worker at a time, retried with a growing wait when they fail,
 * and taken again by another worker when the one that held them vanished (its claim expires).
 *
 * Delivery is at least once: a handler that succeeded but whose process died before recording it runs again, so
 * handlers are idempotent or tolerate a repeat (a second push of the same turn is harmless; a sent e-mail records
 * itself before it returns).
 */

/** How the jobs of one kind are run. */
export interface JobKind {
  readonly name: string;
  /** Attempts after the first failure; each waits twice as long as the one before, from `retryDelaySeconds`. */
  readonly retryLimit: number;
  readonly retryDelaySeconds: number;
  /** How long one attempt may hold a job before another worker may take it (its process may have died). */
  readonly expireSeconds: number;
}

export interface SendOptions {
  /**
   * At most one job of this kind and key waits at a time: a second `send` while one waits is dropped (it returns
   * null). One running job does not block a new waiting one.
   */
  readonly key?: string;
  /** Not before this many milliseconds from now. */
  readonly delayMs?: number;
}

export interface WorkOptions {
  /** Jobs of this kind run at once in this process (each a separate claim). */
  readonly concurrency: number;
  /** How often an idle worker looks for due jobs; a send in this process wakes it at once. */
  readonly pollMs?: number;
}

export type JobHandler<T> = (data: T, job: { readonly id: string; readonly attempt: number }) => Promise<void>;

export interface JobCounts {
  /** Waiting, due or not (retries included). */
  readonly waiting: number;
  readonly active: number;
  /** Gave up after its last retry. */
  readonly failed: number;
}

export interface JobQueue {
  /** Declares a kind (once per process, before its first send or work). */
  define(kind: JobKind): Promise<void>;
  /** Adds a job; resolves to its id, or null when a job with the same key already waits. */
  send<T extends object>(kind: string, data: T, options?: SendOptions): Promise<string | null>;
  /** Runs `handler` for each job of the kind; a handler that throws fails that attempt. */
  work<T extends object>(kind: string, options: WorkOptions, handler: JobHandler<T>): Promise<void>;
  counts(kind: string): Promise<JobCounts>;
  /** Stops taking jobs, waits (a bounded time) for the running ones, and lets go of the database. */
  close(): Promise<void>;
}

/** The wait before attempt `attempt + 1` (attempt 1 is the first): the delay, doubled each time, at most a day. */
export function retryDelayMs(kind: JobKind, attempt: number): number {
  return Math.min(86_400_000, kind.retryDelaySeconds * 1000 * 2 ** Math.max(0, attempt - 1));
}
