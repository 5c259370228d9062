/**
 * What sending a job costs the event loop (SQLite job queue): a turn told to a seat connected nowhere is a job sent
 * after a move, on the match owner's event loop. Prints, per send, the time the event loop was held (the call's
 * synchronous part) and the time until the job was durable (the promise), over `--jobs` sends one after the other.
 * BENCH_JOBS_QUEUE=path/to/sqlite-queue.ts measures another build's queue in the same run (before/after).
 *
 *   npx tsx apps/server/bench/jobs-send.ts [--jobs 300]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import pino from 'pino';

const argv = process.argv.slice(2);
const jobs = Number(argv[argv.indexOf('--jobs') + 1] || 300);
const builds: [string, string][] = [['this build', new URL('../src/jobs/sqlite-queue.ts', import.meta.url).href]];
if (process.env.BENCH_JOBS_QUEUE) builds.unshift(['other build', pathToFileURL(process.env.BENCH_JOBS_QUEUE).href]);

interface Queue {
  define(kind: object): Promise<void>;
  send(kind: string, data: object, options?: object): Promise<string | null>;
  close(): Promise<void>;
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
// Alternated, twice, so that both builds see the same load.
for (let round = 0; round < 2; round++) {
  for (const [name, url] of builds) {
    const { SqliteJobQueue } = (await import(url)) as { SqliteJobQueue: new (dir: string, log: unknown) => Queue };
    const dir = mkdtempSync(join(tmpdir(), 'rt-jobs-bench-'));
    const q = new SqliteJobQueue(dir, pino({ level: 'silent' }));
    await q.define({ name: 'notice', retryLimit: 1, retryDelaySeconds: 1, expireSeconds: 60 });
    const held: number[] = [];
    const durable: number[] = [];
    for (let i = 0; i < jobs; i++) {
      const t0 = performance.now();
      const sent = q.send('notice', { match: `m${i}`, seat: 0, ply: i }, { key: `turn:m${i}:0:${i}` });
      held.push(performance.now() - t0);
      await sent;
      durable.push(performance.now() - t0);
    }
    await q.close();
    rmSync(dir, { recursive: true, force: true });
    const ms = (x: number): string => x.toFixed(3);
    console.log(
      `${name}: ${jobs} sends, event loop held per send: median ${ms(median(held))} ms, total ${Math.round(held.reduce((a, b) => a + b, 0))} ms; durable after: median ${ms(median(durable))} ms`,
    );
  }
}
