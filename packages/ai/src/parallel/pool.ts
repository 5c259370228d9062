import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { RootReport, SearchRequest } from '../search.ts';
import { searcherFor } from '../dispatch.ts';
import { registeredGame, workerSetup } from '../profile.ts';
import { CONTROL_INTS, DONE, IDLE, JOB, LENGTH, READY, REPORT_BYTES, STATE, type Job } from './protocol.ts';

/**
 * Root parallelism: the search is split into SHARES (each worker searches with its own seed, or its own share of
 * the root moves for alpha-beta) and the reports are merged by `pickMove`. The calling thread searches share 0
 * itself and blocks on the others with Atomics.wait, so `choose` stays synchronous. The number of shares does
 * not depend on the machine, so a seed and an iteration budget give the same move everywhere.
 */
export const SHARES = 2;

/** How long to wait past a timed budget for a worker before dropping its report. */
const GRACE_MS = 300;
/** With an iteration budget the result must not depend on time: wait for the workers (within reason). */
const UNTIMED_WAIT_MS = 120_000;
/** A fresh worker needs this long to load TypeScript; an untimed search waits for it. */
const BOOT_WAIT_MS = 60_000;

interface Slot {
  readonly worker: Worker;
  readonly control: Int32Array;
  readonly report: Uint8Array;
  busy: boolean;
}

let slots: Slot[] | null = null;
let nextJob = 1;
const decoder = new TextDecoder();

function spawn(): Slot {
  const controlBuffer = new SharedArrayBuffer(CONTROL_INTS * 4);
  const reportBuffer = new SharedArrayBuffer(REPORT_BYTES);
  const worker = new Worker(new URL('./worker.js', import.meta.url), {
    // The catalog's module, imported first in the worker: the same games and bots as this thread.
    workerData: { control: controlBuffer, report: reportBuffer, setup: workerSetup() },
  });
  // Idle workers must not keep a process alive (a CLI command exits when its work is done).
  worker.unref();
  const slot: Slot = {
    worker,
    control: new Int32Array(controlBuffer),
    report: new Uint8Array(reportBuffer),
    busy: false,
  };
  worker.on('error', () => retire(slot));
  worker.on('exit', () => retire(slot));
  return slot;
}

function retire(slot: Slot): void {
  if (!slots) return;
  const i = slots.indexOf(slot);
  if (i >= 0) slots.splice(i, 1);
}

function pool(): Slot[] {
  if (!slots) {
    slots = [];
    const n = Math.max(1, Math.min(SHARES - 1, availableParallelism()));
    for (let i = 0; i < n; i++) slots.push(spawn());
  }
  while (slots.length < SHARES - 1) slots.push(spawn());
  return slots;
}

/** Stops every search worker (tests and long-lived servers call this; a CLI process exits anyway). */
export async function closeWorkers(): Promise<void> {
  const all = slots ?? [];
  slots = null;
  await Promise.all(all.map((s) => s.worker.terminate()));
}

/**
 * Runs `request` as SHARES searches, one on this thread and the rest on workers, and returns every report that
 * arrived. A game the workers cannot rebuild is searched here alone.
 */
export function searchInParallel(request: SearchRequest, _level: string): RootReport[] {
  const { game } = request;
  const sample = game.determinize(request.view, request.seat, [...request.rng] as SearchRequest['rng']);
  const searcher = searcherFor(game, game.players(sample));
  if (workerSetup() === null || registeredGame(game.id) !== game) return [searcher(request)];
  const timed = request.budget.ms !== undefined;
  const endsAt = timed ? Date.now() + (request.budget.ms as number) : null;
  const workers = pool();
  const sent: { slot: Slot; id: number; index: number }[] = [];
  for (let k = 1; k < SHARES; k++) {
    const slot = workers[(k - 1) % workers.length];
    if (!slot || slot.busy) continue;
    // A timed search does not wait for a worker still loading; an untimed one does (determinism).
    if (Atomics.load(slot.control, READY) !== 1) {
      if (timed) continue;
      Atomics.wait(slot.control, READY, 0, BOOT_WAIT_MS);
      if (Atomics.load(slot.control, READY) !== 1) continue;
    }
    const id = nextJob++;
    const job: Job = {
      id,
      gameId: game.id,
      view: request.view,
      seat: request.seat,
      rng: seedFor(request.rng, k),
      // The stop flag is shared memory and travels; the info callback stays here (share 0 reports).
      budget: { ...request.budget, onInfo: undefined },
      endsAt,
      share: { index: k, of: SHARES },
      ...(request.maxDepth !== undefined ? { maxDepth: request.maxDepth } : {}),
    };
    Atomics.store(slot.control, STATE, IDLE);
    slot.busy = true;
    slot.worker.postMessage(job);
    sent.push({ slot, id, index: k });
  }
  const reports: RootReport[] = [searcher({ ...request, share: { index: 0, of: SHARES } })];
  // With an iteration budget every share must be searched, or the move would depend on a busy or dead worker: a
  // share no worker took is searched here, with the stream the worker would have used.
  if (!timed) {
    for (let k = 1; k < SHARES; k++) {
      if (sent.some((s) => s.index === k)) continue;
      reports.push(searcher({ ...request, rng: seedFor(request.rng, k), share: { index: k, of: SHARES } }));
    }
  }
  for (const { slot, id } of sent) {
    const wait = endsAt !== null ? Math.max(0, endsAt - Date.now()) + GRACE_MS : UNTIMED_WAIT_MS;
    Atomics.wait(slot.control, STATE, IDLE, wait);
    if (Atomics.load(slot.control, STATE) !== DONE || Atomics.load(slot.control, JOB) !== id) continue; // late: dropped, stays busy
    slot.busy = false;
    const length = Atomics.load(slot.control, LENGTH);
    reports.push(JSON.parse(decoder.decode(slot.report.slice(0, length))) as RootReport);
  }
  // A worker that missed its deadline is freed when its late answer lands.
  for (const slot of workers) {
    if (slot.busy && Atomics.load(slot.control, STATE) === DONE) slot.busy = false;
  }
  return reports;
}

/** A distinct, reproducible stream per share. */
export function seedFor(rng: SearchRequest['rng'], k: number): [number, number, number, number] {
  return [(rng[0] ^ Math.imul(k, 0x9e3779b9)) >>> 0, (rng[1] + k) >>> 0, rng[2] >>> 0, (rng[3] ^ (k << 16)) >>> 0];
}
