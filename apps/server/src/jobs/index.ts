import type { Logger } from 'pino';
import { PostgresStore } from '../storage/postgres.ts';
import type { Store } from '../storage/store.ts';
import { PostgresJobQueue } from './postgres-queue.ts';
import type { JobQueue } from './queue.ts';
import { SqliteJobQueue } from './sqlite-queue.ts';

export type { JobCounts, JobHandler, JobKind, JobQueue, SendOptions, WorkOptions } from './queue.ts';

/** The job queue beside the matches: pg-boss in their PostgreSQL, else `jobs.db` in the data folder. */
export function openJobQueue(store: Store, dataDir: string, log: Logger): Promise<JobQueue> {
  return store instanceof PostgresStore
    ? PostgresJobQueue.open(store.pool, log)
    : Promise.resolve(new SqliteJobQueue(dataDir, log));
}
