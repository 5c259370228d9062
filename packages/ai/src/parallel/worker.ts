import { parentPort, workerData } from 'node:worker_threads';
import { searcherFor } from '../dispatch.ts';
import { registeredGame } from '../profile.ts';
import type { RootReport } from '../search.ts';
import { CONTROL_INTS, DONE, JOB, LENGTH, READY, REPORT_BYTES, STATE, type Job } from './protocol.ts';

/** One search worker: runs its share of a search and writes the report into shared memory. */
const control = new Int32Array(workerData.control as SharedArrayBuffer, 0, CONTROL_INTS);
const bytes = new Uint8Array(workerData.report as SharedArrayBuffer, 0, REPORT_BYTES);
const encoder = new TextEncoder();

function run(job: Job): RootReport {
  const game = registeredGame(job.gameId);
  if (!game) return { kind: 'none', iterations: 0 };
  const ms = job.endsAt !== null ? Math.max(0, job.endsAt - Date.now()) : undefined;
  if (ms !== undefined && ms <= 0) return { kind: 'none', iterations: 0 };
  const budget = { ...job.budget, ...(ms !== undefined ? { ms } : {}) };
  const sample = game.determinize(job.view, job.seat, [...job.rng] as Job['rng']);
  return searcherFor(
    game,
    game.players(sample),
  )({
    game,
    view: job.view,
    seat: job.seat,
    rng: job.rng,
    budget,
    share: job.share,
    ...(job.maxDepth !== undefined ? { maxDepth: job.maxDepth } : {}),
  });
}

parentPort?.on('message', (job: Job) => {
  let report: RootReport;
  try {
    report = run(job);
  } catch {
    report = { kind: 'none', iterations: 0 };
  }
  let data = encoder.encode(JSON.stringify(report));
  if (data.length > REPORT_BYTES) data = encoder.encode(JSON.stringify({ kind: 'none', iterations: 0 }));
  bytes.set(data);
  Atomics.store(control, LENGTH, data.length);
  Atomics.store(control, JOB, job.id);
  Atomics.store(control, STATE, DONE);
  Atomics.notify(control, STATE);
});

Atomics.store(control, READY, 1);
Atomics.notify(control, READY);
