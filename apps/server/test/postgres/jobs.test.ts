// The job queue contract on PostgreSQL (pg-boss), and two processes sharing one queue.
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { PostgresJobQueue } from '../../src/jobs/postgres-queue.ts';
import type { JobQueue } from '../../src/jobs/index.ts';
import { eventually, jobQueueContract, quiet } from '../jobs-contract.ts';
import { dropTestDatabase, testDatabase } from '../helpers.ts';

const pools: pg.Pool[] = [];
const urls: string[] = [];
afterAll(async () => {
  for (const p of pools) await p.end();
  for (const url of urls) await dropTestDatabase(url);
});
const pool = async (url?: string): Promise<pg.Pool> => {
  if (!url) urls.push((url = await testDatabase()));
  const p = new pg.Pool({ connectionString: url, max: 4 });
  pools.push(p);
  return p;
};

jobQueueContract('PostgreSQL', async () => PostgresJobQueue.open(await pool(), quiet), 500);

describe('job queue (PostgreSQL): several processes', () => {
  it('runs each job in exactly one of the processes sharing the database', async () => {
    const url = await testDatabase();
    urls.push(url);
    const queues: JobQueue[] = [];
    const ran = new Map<number, string[]>();
    for (const name of ['a', 'b', 'c']) {
      const q = await PostgresJobQueue.open(await pool(url), quiet);
      queues.push(q);
      await q.define({ name: 'digest', retryLimit: 2, retryDelaySeconds: 1, expireSeconds: 60 });
      await q.work<{ n: number }>('digest', { concurrency: 2, pollMs: 500 }, async (data) => {
        ran.set(data.n, [...(ran.get(data.n) ?? []), name]);
        await new Promise((r) => setTimeout(r, 20));
      });
    }
    for (let n = 0; n < 60; n++) await queues[n % 3]!.send('digest', { n });
    await eventually(() => ran.size === 60, 30_000);
    await new Promise((r) => setTimeout(r, 1_000));
    expect([...ran.values()].every((who) => who.length === 1)).toBe(true);
    // The work was shared, not done by one process alone.
    expect(new Set([...ran.values()].map((who) => who[0])).size).toBeGreaterThan(1);
    for (const q of queues) await q.close();
  });
});

describe('job queue (PostgreSQL): the database goes away', () => {
  it('an attempt that fails while the database is unreachable is neither lost to an unhandled rejection nor fatal', async () => {
    const url = await testDatabase();
    urls.push(url);
    const own = new pg.Pool({ connectionString: url, max: 2 });
    const q = await PostgresJobQueue.open(own, quiet);
    await q.define({ name: 'mail', retryLimit: 3, retryDelaySeconds: 1, expireSeconds: 60 });
    const rejections: unknown[] = [];
    const onRejection = (e: unknown): void => void rejections.push(e);
    process.on('unhandledRejection', onRejection);
    let ran = false;
    await q.work('mail', { concurrency: 1, pollMs: 500 }, async () => {
      ran = true;
      await own.end(); // the database is gone before the failure can be recorded
      throw new Error('the SMTP server is down too');
    });
    await q.send('mail', { to: 'someone' });
    await eventually(() => ran);
    await new Promise((r) => setTimeout(r, 1_500)); // the loop tries again and meets the closed pool
    process.off('unhandledRejection', onRejection);
    expect(rejections).toEqual([]);
    await q.close().catch(() => undefined);
  });
});
