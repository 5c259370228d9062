import { closeSync, fsync, fsyncSync, openSync } from 'node:fs';
import { dirname } from 'node:path';

interface Waiter {
  resolve(): void;
  reject(e: Error): void;
}

/**
 * Durable SQLite commits without a disk wait on the event loop. A connection in WAL mode with
 * `synchronous = NORMAL` commits without syncing; `durable()` then resolves once the WAL is fsync'ed in libuv's
 * thread pool, one fsync for every caller that asked while the previous one ran (group commit, as the match writer
 * does in storage/writer.js). With `synchronous = FULL` each commit is an fsync on the event loop: 1–6 ms on this
 * machine's disk, during which no move is served (PERFORMANCE.md).
 */
export class WalSync {
  private fd: number | null = null;
  /** Callers waiting for the fsync under way (null: none under way), and those waiting for the next one. */
  private syncing: Waiter[] | null = null;
  private next: Waiter[] = [];

  /** `databasePath`: the database file; its WAL is `<path>-wal`, there as long as a connection is open. */
  constructor(private readonly databasePath: string) {}

  /** Resolves once every commit made so far on the database is on disk. */
  durable(): Promise<void> {
    return new Promise((resolve, reject) => {
      this.next.push({ resolve, reject });
      if (this.syncing === null) this.sync();
    });
  }

  /** Answers the callers still waiting, then lets go of the WAL (before the connection closes). */
  async close(): Promise<void> {
    while (this.syncing !== null || this.next.length > 0) await new Promise((r) => setTimeout(r, 1));
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
  }

  private sync(): void {
    const batch = this.next;
    this.next = [];
    this.syncing = batch;
    const done = (e: Error | null): void => {
      this.syncing = null;
      for (const w of batch)
        if (e) w.reject(e);
        else w.resolve();
      if (this.next.length > 0) this.sync();
    };
    try {
      if (this.fd === null) {
        const wal = `${this.databasePath}-wal`;
        this.fd = openSync(wal, 'r');
        // The WAL's directory entry must be durable too, once.
        const dir = openSync(dirname(wal), 'r');
        try {
          fsyncSync(dir);
        } finally {
          closeSync(dir);
        }
      }
    } catch (e) {
      return done(e as Error);
    }
    fsync(this.fd, (e) => done(e));
  }
}
