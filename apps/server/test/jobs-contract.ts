// What every job queue must do; run on SQLite (jobs.test.ts) and on PostgreSQL with pg-boss (postgres/jobs.test.ts).
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import type { JobKind, JobQueue } from '../src/jobs/index.ts';

export const quiet = pino({ level: 'silent' });

/** Resolves once `check` holds (polled), or fails after `ms`. */
export async function eventually(check: () => boolean | Promise<boolean>, ms = 15_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 25));
  }
}

const kind = (name: string, more: Partial<JobKind> = {}): JobKind => ({
  name,
  retryLimit: 2,
  retryDelaySeconds: 1,
  expireSeconds: 60,
  ...more,
});

export function jobQueueContract(name: string, open: () => Promise<JobQueue>, pollMs: number): void {
  describe(`job queue (${name})`, () => {
    const queues: JobQueue[] = [];
    afterAll(async () => {
      for (const q of queues) await q.close();
    });
    const fresh = async (): Promise<JobQueue> => {
      const q = await open();
      queues.push(q);
      return q;
    };

    it('runs each job once, with its data, and forgets it when done', async () => {
      const q = await fresh();
      await q.define(kind('once'));
      const seen: number[] = [];
      await q.work<{ n: number }>('once', { concurrency: 2, pollMs }, async (data) => {
        seen.push(data.n);
      });
      for (let n = 0; n < 10; n++) expect(await q.send('once', { n })).toEqual(expect.any(String));
      await eventually(() => seen.length === 10);
      expect([...seen].sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
      await eventually(async () => (await q.counts('once')).waiting === 0 && (await q.counts('once')).active === 0);
      expect(await q.counts('once')).toEqual({ waiting: 0, active: 0, failed: 0 });
    });

    it('keeps one waiting job per key: a second send while one waits is dropped', async () => {
      const q = await fresh();
      await q.define(kind('keyed'));
      expect(await q.send('keyed', { v: 1 }, { key: 'match-1', delayMs: 60_000 })).toEqual(expect.any(String));
      expect(await q.send('keyed', { v: 2 }, { key: 'match-1' })).toBeNull();
      expect(await q.send('keyed', { v: 3 }, { key: 'match-2' })).toEqual(expect.any(String));
      expect((await q.counts('keyed')).waiting).toBe(2);
    });

    it('does not run a job before its delay', async () => {
      const q = await fresh();
      await q.define(kind('later'));
      const ran: number[] = [];
      await q.work('later', { concurrency: 1, pollMs }, async () => {
        ran.push(Date.now());
      });
      const sent = Date.now();
      await q.send('later', {}, { delayMs: 1_500 });
      await eventually(() => ran.length === 1);
      expect(ran[0]! - sent).toBeGreaterThanOrEqual(1_400);
    });

    it('retries a failed attempt after a wait, then gives up after its last retry', async () => {
      const q = await fresh();
      await q.define(kind('flaky', { retryLimit: 1, retryDelaySeconds: 1 }));
      const attempts: { attempt: number; at: number }[] = [];
      await q.work('flaky', { concurrency: 1, pollMs }, async (_data, job) => {
        attempts.push({ attempt: job.attempt, at: Date.now() });
        throw new Error('the push service is down');
      });
      await q.send('flaky', { to: 'someone' });
      await eventually(async () => (await q.counts('flaky')).failed === 1, 20_000);
      expect(attempts.map((a) => a.attempt)).toEqual([1, 2]);
      expect(attempts[1]!.at - attempts[0]!.at).toBeGreaterThanOrEqual(900);
      expect(await q.counts('flaky')).toEqual({ waiting: 0, active: 0, failed: 1 });
    });

    it('refuses a kind it was not told about', async () => {
      const q = await fresh();
      await expect(q.send('nobody-defined-this', {})).rejects.toThrow();
    });
  });
}
