import {
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRes,
  RateLimiterSQLite,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import type Database from 'better-sqlite3';
import type pg from 'pg';

/** A place taken in a window, or how long to wait for one. */
export type Taken = { readonly ok: true } | { readonly ok: false; readonly retrySeconds: number };

/** Where the windows are counted: one table (`limit_windows`) for every kind, each kind under its own key prefix. */
export type WindowStore =
  { readonly kind: 'sqlite'; readonly db: Database.Database } | { readonly kind: 'postgres'; readonly pool: pg.Pool };

export const WINDOW_TABLE = 'limit_windows';

/**
 * At most `max` of something per key in a fixed window that opens at the key's first use (`seconds`; 0: a window
 * that never closes, for what may happen once). The count lives in storage (rate-limiter-flexible), and is taken
 * by one atomic upsert: with several processes on one PostgreSQL, a place is never given twice, whichever process
 * asks; a burst is counted before any of its work starts.
 */
export class Window {
  private readonly limiter: RateLimiterAbstract;

  constructor(
    store: WindowStore,
    readonly name: string,
    readonly max: number,
    readonly seconds: number,
  ) {
    const common = { keyPrefix: name, points: max, duration: seconds };
    // If the storage fails, each process counts in its memory until it is back (the same limit, per process).
    const insuranceLimiter = new RateLimiterMemory(common);
    // The ledger sweeps the table (guard.ts), on a timer that stops with the server.
    const stored = { ...common, tableName: WINDOW_TABLE, tableCreated: true, clearExpiredByTimeout: false };
    this.limiter =
      store.kind === 'sqlite'
        ? new RateLimiterSQLite({ ...stored, storeClient: store.db, storeType: 'better-sqlite3', insuranceLimiter })
        : new RateLimiterPostgres({ ...stored, storeClient: store.pool, storeType: 'pool', insuranceLimiter });
  }

  /** Takes one place for `key`, or says how long until the window closes. */
  async take(key: string): Promise<Taken> {
    try {
      await this.limiter.consume(key);
      return { ok: true };
    } catch (e) {
      if (!(e instanceof RateLimiterRes)) throw e;
      // The upsert counted the refused try too: taken back, so that places given back later (a check that
      // could not run) free the window again instead of being lost under the refused ones.
      await this.limiter.reward(key);
      return { ok: false, retrySeconds: waitOf(e) };
    }
  }

  /** Gives back a place taken for work that did not count after all (a right password, a refused creation). */
  async giveBack(key: string): Promise<void> {
    await this.limiter.reward(key);
  }

  /** Forgets the key's window (a successful login clears its name's failures). */
  async clear(key: string): Promise<void> {
    await this.limiter.delete(key);
  }

  /** Whether the key's window is full now, and until when; nothing is taken. */
  async full(key: string): Promise<Taken> {
    const r = await this.limiter.get(key);
    return r && r.consumedPoints >= this.max ? { ok: false, retrySeconds: waitOf(r) } : { ok: true };
  }
}

function waitOf(r: RateLimiterRes): number {
  // -1: a window that never closes (what may happen once): there is nothing to wait for.
  return r.msBeforeNext < 0 ? 0 : Math.max(1, Math.ceil(r.msBeforeNext / 1000));
}
