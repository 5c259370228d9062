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

describe('job queue (SQLite): a holder whose claim expired', () => {
  it('settles nothing once another process took the job again: the new holder ends it', async () => {
    const dir = folder();
    const kind = { name: 'push', retryLimit: 3, retryDelaySeconds: 1, expireSeconds: 30 };
    let now = 1_000_000;
    const slow = new SqliteJobQueue(dir, quiet, () => now);
    const next = new SqliteJobQueue(dir, quiet, () => now);
    await slow.define(kind);
    await next.define(kind);
    let failSlow: (e: Error) => void = () => undefined;
    await slow.work('push', { concurrency: 1, pollMs: 20 }, () => new Promise((_, reject) => (failSlow = reject)));
    await slow.send('push', { match: 'm1' });
    await eventually(async () => (await slow.counts('push')).active === 1);
    now += 31_000;
    let endNext: () => void = () => undefined;
    const attempts: number[] = [];
    await next.work('push', { concurrency: 1, pollMs: 20 }, (_data, job) => {
      attempts.push(job.attempt);
      return new Promise<void>((resolve) => (endNext = resolve));
    });
    await eventually(() => attempts.length === 1);
    // The first holder's attempt fails late: the job stays the second's (not waiting again, not run a third time).
    failSlow(new Error('too late'));
    await new Promise((r) => setTimeout(r, 100));
    expect(await next.counts('push')).toEqual({ waiting: 0, active: 1, failed: 0 });
    endNext();
    await eventually(async () => (await next.counts('push')).active === 0);
    expect(await next.counts('push')).toEqual({ waiting: 0, active: 0, failed: 0 });
    expect(attempts).toEqual([2]);
    await slow.close();
    await next.close();
  });
});
