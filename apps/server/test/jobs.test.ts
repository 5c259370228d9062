import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SqliteJobQueue } from '../src/jobs/sqlite-queue.ts';
import { eventually, jobQueueContract, quiet } from './jobs-contract.ts';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});
const folder = (): string => {
  const d = mkdtempSync(join(tmpdir(), 'rt-jobs-'));
  dirs.push(d);
  return d;
};

jobQueueContract('SQLite', async () => new SqliteJobQueue(folder(), quiet), 50);

describe('job queue (SQLite): a process that dies holding a job', () => {
  it('gives the job to the next process once the claim expires, and keeps a waiting job across a restart', async () => {
    const dir = folder();
    const kind = { name: 'push', retryLimit: 3, retryDelaySeconds: 1, expireSeconds: 30 };
    let now = 1_000_000;
    const first = new SqliteJobQueue(dir, quiet, () => now);
    await first.define(kind);
    let held = false;
    // This handler never ends: its process "dies" holding the job.
    await first.work('push', { concurrency: 1, pollMs: 20 }, () => {
      held = true;
      return new Promise(() => {});
    });
    await first.send('push', { match: 'm1' });
    await first.send('push', { match: 'm2' }, { delayMs: 60_000 });
    await eventually(() => held);

    const second = new SqliteJobQueue(dir, quiet, () => now);
    await second.define(kind);
    const done: { match: string; attempt: number }[] = [];
    await second.work<{ match: string }>('push', { concurrency: 1, pollMs: 20 }, async (data, job) => {
      done.push({ match: data.match, attempt: job.attempt });
    });
    await new Promise((r) => setTimeout(r, 200));
    expect(done).toEqual([]); // the claim still holds
    now += 31_000;
    await eventually(() => done.length === 1);
    expect(done[0]).toEqual({ match: 'm1', attempt: 2 });
    now += 30_000;
    await eventually(() => done.length === 2);
    expect(done[1]).toEqual({ match: 'm2', attempt: 1 });
    await second.close();
  });
});
