import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { openSqlite } from '../storage/open-sqlite.ts';
import { WalSync } from '../storage/wal-sync.ts';
import type { Logger } from 'pino';
import { Workers } from './workers.ts';
import {
  retryDelayMs,
  type JobCounts,
  type JobHandler,
  type JobKind,
  type JobQueue,
  type SendOptions,
  type WorkOptions,
} from './queue.ts';

// The design of pg-boss's job table, cut to what we use: a job waits ('created'), is held ('active') until its
// claim expires, and ends deleted (done) or 'failed' (kept a week for the operator to read `last_error`).
const SCHEMA = `
CREATE TABLE IF NOT EXISTS jobs (
  id TEXT PRIMARY KEY,
  kind TEXT NOT NULL,
  key TEXT,
  data TEXT NOT NULL,
  state TEXT NOT NULL CHECK (state IN ('created', 'active', 'failed')),
  run_at INTEGER NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  locked_until INTEGER,
  last_error TEXT,
  created_at INTEGER NOT NULL
);
CREATE UNIQUE INDEX IF NOT EXISTS jobs_waiting_key ON jobs(kind, key) WHERE key IS NOT NULL AND state = 'created';
CREATE INDEX IF NOT EXISTS jobs_due ON jobs(kind, state, run_at);
`;

const FAILED_KEPT_MS = 7 * 86_400_000;

interface JobRow {
  id: string;
  data: string;
  attempts: number;
}

/**
 * The job queue on SQLite (`jobs.db` in the data folder, apart from the matches so that no job write waits behind
 * the match writer's batches), shared by every process of the data folder: a claim is one transaction that takes
 * the write lock at its start, so a job is claimed by one process at a time, and a settlement applies to the
 * claim that made it only. Statements are synchronous and tiny; the handlers run async.
 *
 * A job sent is durable when `send` resolves, but the event loop never waits on the disk: SQLite does not sync on
 * commit (`synchronous = NORMAL`) and the WAL is fsync'ed by libuv's thread pool, one fsync for every job sent
 * while the previous one ran (as the match writer does, storage/writer.js). A turn told to a seat connected nowhere
 * is a job sent after a move: with `synchronous = FULL` each blocked the event loop for a whole fsync (6 ms and
 * more on a busy disk: PERFORMANCE.md). Claims and settlements are not waited for: one lost at a power cut
 * makes the job run again, which at-least-once allows.
 */
export class SqliteJobQueue implements JobQueue {
  private readonly db: Database.Database;
  private readonly kinds = new Map<string, JobKind>();
  private readonly workers: Workers;
  private readonly wal: WalSync;

  constructor(
    dataDir: string,
    private readonly log: Logger,
    /** The clock (tests move it); milliseconds. */
    private readonly now: () => number = Date.now,
  ) {
    mkdirSync(dataDir, { recursive: true });
    const path = join(dataDir, 'jobs.db');
    this.db = openSqlite(path);
    this.wal = new WalSync(path);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = NORMAL');
    this.db.pragma('busy_timeout = 5000');
    this.db.exec(SCHEMA);
    this.db.prepare("DELETE FROM jobs WHERE state = 'failed' AND run_at < ?").run(this.now() - FAILED_KEPT_MS);
    this.workers = new Workers(
      log,
      (kind) => this.claim(kind),
      (kind, job, error) => this.settle(kind, job, error),
    );
  }

  async define(kind: JobKind): Promise<void> {
    this.kinds.set(kind.name, kind);
  }

  async send<T extends object>(kind: string, data: T, options: SendOptions = {}): Promise<string | null> {
    this.kindOf(kind);
    const id = randomUUID();
    const at = this.now();
    const inserted = this.db
      .prepare(
        "INSERT INTO jobs (id, kind, key, data, state, run_at, created_at) VALUES (?, ?, ?, ?, 'created', ?, ?) ON CONFLICT DO NOTHING",
      )
      .run(id, kind, options.key ?? null, JSON.stringify(data), at + Math.max(0, options.delayMs ?? 0), at);
    if (inserted.changes === 0) return null;
    await this.wal.durable();
    this.workers.wake(kind);
    return id;
  }

  async work<T extends object>(kind: string, options: WorkOptions, handler: JobHandler<T>): Promise<void> {
    this.kindOf(kind);
    this.workers.start(kind, options, handler as JobHandler<object>);
  }

  async counts(kind: string): Promise<JobCounts> {
    const rows = this.db.prepare('SELECT state, count(*) AS n FROM jobs WHERE kind = ? GROUP BY state').all(kind) as {
      state: string;
      n: number;
    }[];
    const n = (state: string): number => rows.find((r) => r.state === state)?.n ?? 0;
    return { waiting: n('created'), active: n('active'), failed: n('failed') };
  }

  async close(): Promise<void> {
    await this.workers.stop();
    // A send whose fsync is under way is answered first (the WAL stays open until then).
    await this.wal.close();
    this.db.close();
  }

  private kindOf(name: string): JobKind {
    const kind = this.kinds.get(name);
    if (!kind) throw new Error(`job kind ${name} is not defined`);
    return kind;
  }

  /** Takes one due job of the kind (a waiting one, or one whose holder's claim expired), or none. */
  private claim(name: string): { id: string; data: object; attempt: number } | null {
    const kind = this.kindOf(name);
    const at = this.now();
    const due = this.db.prepare(
      `SELECT id, data, attempts FROM jobs WHERE kind = ? AND ((state = 'created' AND run_at <= ?) OR (state = 'active' AND locked_until < ?))
       ORDER BY run_at LIMIT 1`,
    );
    // Most looks find nothing: they take no lock. One that finds a job takes it under the write lock, looking
    // again (another process may have taken it meanwhile): a deferred transaction would fail at its write, at
    // once (SQLITE_BUSY_SNAPSHOT), whenever another process wrote since its read.
    if (due.get(name, at, at) === undefined) return null;
    const row = this.db
      .transaction((): JobRow | undefined => {
        const job = due.get(name, at, at) as JobRow | undefined;
        if (!job) return undefined;
        this.db
          .prepare("UPDATE jobs SET state = 'active', attempts = attempts + 1, locked_until = ? WHERE id = ?")
          .run(at + kind.expireSeconds * 1000, job.id);
        return job;
      })
      .immediate();
    if (!row) return null;
    let data: object;
    try {
      data = JSON.parse(row.data) as object;
    } catch {
      // A row nobody can read is failed at once rather than retried for ever.
      this.db.prepare("UPDATE jobs SET state = 'failed', last_error = 'unreadable data' WHERE id = ?").run(row.id);
      return null;
    }
    return { id: row.id, data, attempt: row.attempts + 1 };
  }

  /**
   * Done (deleted), waits for its next attempt, or failed for good. Only while the job is still this claim's (its
   * attempt): a claim that expired meanwhile was taken again, here or by another process, and that one settles it.
   */
  private settle(name: string, job: { id: string; attempt: number }, error: unknown): void {
    const claim = "id = ? AND state = 'active' AND attempts = ?";
    if (error === null) {
      this.db.prepare(`DELETE FROM jobs WHERE ${claim}`).run(job.id, job.attempt);
      return;
    }
    const kind = this.kindOf(name);
    const message = String((error as Error)?.message ?? error).slice(0, 500);
    if (job.attempt > kind.retryLimit) {
      this.db
        .prepare(`UPDATE jobs SET state = 'failed', last_error = ?, run_at = ? WHERE ${claim}`)
        .run(message, this.now(), job.id, job.attempt);
      return;
    }
    try {
      this.db
        .prepare(`UPDATE jobs SET state = 'created', last_error = ?, run_at = ?, locked_until = NULL WHERE ${claim}`)
        .run(message, this.now() + retryDelayMs(kind, job.attempt), job.id, job.attempt);
    } catch (e) {
      // A newer job with the same key waits already: it carries the same work, so this one gives way.
      if ((e as { code?: string }).code !== 'SQLITE_CONSTRAINT_UNIQUE') throw e;
      this.db.prepare(`DELETE FROM jobs WHERE ${claim}`).run(job.id, job.attempt);
    }
  }
}
