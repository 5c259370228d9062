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
