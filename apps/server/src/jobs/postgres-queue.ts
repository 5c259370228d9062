import { randomUUID } from 'node:crypto';
import PgBoss from 'pg-boss';
import type pg from 'pg';
import type { Logger } from 'pino';
import type { JobCounts, JobHandler, JobKind, JobQueue, SendOptions, WorkOptions } from './queue.ts';
import { Workers } from './workers.ts';

const SCHEMA = 'pgboss';

/**
 * The job queue of processes sharing one PostgreSQL: pg-boss (its own schema, `pgboss`, migrated at start under
 * its lock; jobs claimed with SKIP LOCKED so each runs in one process), on the server's own connection pool.
 * A key maps onto pg-boss's 'short' policy: one waiting job per key. That policy counts a job without a key as
 * having the empty key, so a job sent without one gets a key of its own.
 *
 * Our own worker loops (workers.ts) fetch, complete and fail the jobs, not pg-boss's `work`: its loop records an
 * attempt's end without waiting for the write, so a database that went away meanwhile became an unhandled
 * rejection, which ends a Node process. Ours wait for it and carry on.
 */
export class PostgresJobQueue implements JobQueue {
  private readonly kinds = new Set<string>();
  private readonly workers: Workers;

  private constructor(
    private readonly boss: PgBoss,
    private readonly pool: pg.Pool,
    log: Logger,
  ) {
    this.workers = new Workers(
      log,
      async (kind) => {
        const [job] = await this.boss.fetch<object>(kind, { batchSize: 1, includeMetadata: true });
        return job ? { id: job.id, data: job.data, attempt: job.retryCount + 1 } : null;
      },
      async (kind, job, error) => {
        if (error === null) await this.boss.complete(kind, job.id);
        else await this.boss.fail(kind, job.id, { message: String((error as Error)?.message ?? error) });
      },
    );
  }

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
    return new PostgresJobQueue(boss, pool, log);
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
    if (id !== null) this.workers.wake(kind);
    return id;
  }

  async work<T extends object>(kind: string, options: WorkOptions, handler: JobHandler<T>): Promise<void> {
    if (!this.kinds.has(kind)) throw new Error(`job kind ${kind} is not defined`);
    this.workers.start(kind, { pollMs: 2_000, ...options }, handler as JobHandler<object>);
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
    // Running handlers finish (up to a bounded wait); pg-boss must not close the server's pool.
    await this.workers.stop();
    await this.boss.stop({ graceful: false, wait: true, close: false });
  }
}
