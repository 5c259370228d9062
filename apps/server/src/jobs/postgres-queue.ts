import { randomUUID } from 'node:crypto';
import PgBoss from 'pg-boss';
import type pg from 'pg';
import type { Logger } from 'pino';
import type { JobCounts, JobHandler, JobKind, JobQueue, SendOptions, WorkOptions } from './queue.ts';

const SCHEMA = 'pgboss';
const STOP_WAIT_MS = 5_000;

/**
 * The job queue of processes sharing one PostgreSQL: pg-boss (its own schema, `pgboss`, migrated at start under
 * its lock; jobs claimed with SKIP LOCKED so each runs in one process), on the server's own connection pool.
 * A key maps onto pg-boss's 'short' policy: one waiting job per key. That policy counts a job without a key as
 * having the empty key, so a job sent without one gets a key of its own.
 */
export class PostgresJobQueue implements JobQueue {
  private readonly workers = new Map<string, string[]>();
  private readonly kinds = new Set<string>();

  private constructor(
    private readonly boss: PgBoss,
    private readonly pool: pg.Pool,
  ) {}

  static async open(pool: pg.Pool, log: Logger): Promise<PostgresJobQueue> {
    const boss = new PgBoss({
      db: { executeSql: (text: string, values: unknown[]) => pool.query(text, values) },
      schema: SCHEMA,
      migrate: true,
      supervise: true,
      schedule: false,
      // Expired claims (a process that died holding a job) are put back this often.
      maintenanceIntervalSeconds: 30,
      // Finished jobs are kept a day for the operator, failed ones a week.
      deleteAfterDays: 7,
      archiveCompletedAfterSeconds: 86_400,
    });
    // pg-boss reports what goes wrong in its own loops (an outage, a lost connection) as events: an unheard
    // 'error' event would end the process.
    boss.on('error', (e: Error) => log.warn({ err: e }, 'jobs: pg-boss'));
    await boss.start();
    return new PostgresJobQueue(boss, pool);
  }

  async define(kind: JobKind): Promise<void> {
    await this.boss.createQueue(kind.name, {
      name: kind.name,
      policy: 'short',
      retryLimit: kind.retryLimit,
      retryDelay: kind.retryDelaySeconds,
      retryBackoff: true,
      expireInSeconds: kind.expireSeconds,
    });
    this.kinds.add(kind.name);
  }

  async send<T extends object>(kind: string, data: T, options: SendOptions = {}): Promise<string | null> {
    // pg-boss drops a send to a queue it does not know without a word: say so instead.
    if (!this.kinds.has(kind)) throw new Error(`job kind ${kind} is not defined`);
    const id = await this.boss.send(kind, data, {
      singletonKey: options.key !== undefined ? `k:${options.key}` : `u:${randomUUID()}`,
      ...(options.delayMs ? { startAfter: new Date(Date.now() + options.delayMs) } : {}),
    });
    if (id !== null) for (const worker of this.workers.get(kind) ?? []) this.boss.notifyWorker(worker);
    return id;
  }

  async work<T extends object>(kind: string, options: WorkOptions, handler: JobHandler<T>): Promise<void> {
    const ids = this.workers.get(kind) ?? [];
    for (let i = 0; i < Math.max(1, options.concurrency); i++) {
      const id = await this.boss.work<T>(
        kind,
        {
          batchSize: 1,
          includeMetadata: true,
          pollingIntervalSeconds: Math.max(0.5, (options.pollMs ?? 2_000) / 1000),
        },
        async (jobs) => {
          for (const job of jobs) await handler(job.data, { id: job.id, attempt: job.retryCount + 1 });
        },
      );
      ids.push(id);
    }
    this.workers.set(kind, ids);
  }

  async counts(kind: string): Promise<JobCounts> {
    const { rows } = await this.pool.query<{ state: string; n: string }>(
      `SELECT state, count(*) AS n FROM ${SCHEMA}.job WHERE name = $1 GROUP BY state`,
      [kind],
    );
    const n = (...states: string[]): number =>
      rows.filter((r) => states.includes(r.state)).reduce((sum, r) => sum + Number(r.n), 0);
    return { waiting: n('created', 'retry'), active: n('active'), failed: n('failed') };
  }

  async close(): Promise<void> {
    // Graceful: running handlers finish (up to the wait); pg-boss must not close the server's pool.
    await this.boss.stop({ graceful: true, wait: true, close: false, timeout: STOP_WAIT_MS });
  }
}
