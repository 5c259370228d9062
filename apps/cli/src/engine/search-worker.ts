import { parentPort } from 'node:worker_threads';
import type { SearchInfo } from '@roundtable/ai';
import { createRng, replay } from '@roundtable/core';
import { resolveLevel } from '../levels.ts';
import { loadRegistry } from '../load.ts';
import { perft } from '../perft.ts';
import { findGame } from '../registry.ts';
import type { SearchJob, SearchMessage } from './jobs.ts';

/**
 * The engine protocol's search thread: bots and perft run here, so the session's thread keeps reading requests
 * (`isready` is answered during a search, `stop` reaches it through shared memory). Jobs come one at a time.
 */
const registry = await loadRegistry();
const port = parentPort;
if (!port) throw new Error('search-worker.ts runs as a worker thread');
const post = (message: SearchMessage): void => port.postMessage(message);

function run(job: SearchJob): SearchMessage {
  const game = findGame(registry, job.gameId);
  if (!game)
    return {
      kind: 'done',
      id: job.id,
      ok: false,
      error: { code: 'INTERNAL_ERROR', reason: `the search thread does not know ${job.gameId}` },
    };
  if (job.kind === 'perft') {
    const match = replay(game, job.record);
    if (!match.ok) return { kind: 'done', id: job.id, ok: false, error: match.error };
    let count = 1;
    for (let d = job.depth === 0 ? 0 : 1; d <= job.depth; d++) {
      const started = performance.now();
      const counted = perft(game, match.value.state, d);
      if (!counted.ok) return { kind: 'done', id: job.id, ok: false, error: counted.error };
      count = counted.value;
      post({ kind: 'depth', id: job.id, depth: d, count, ms: performance.now() - started });
    }
    return { kind: 'done', id: job.id, ok: true, value: { count } };
  }
  const bot = resolveLevel(job.level);
  if (!bot) return { kind: 'done', id: job.id, ok: false, error: { code: 'BAD_LEVEL', level: job.level } };
  const stop = new Int32Array(job.stop);
  const move = bot.choose({
    game,
    view: job.view,
    seat: job.seat,
    rng: createRng(job.seed),
    budget: {
      ...job.budget,
      stop,
      ...(job.info ? { onInfo: (info: SearchInfo) => post({ kind: 'info', id: job.id, info: { ...info } }) } : {}),
    },
    ...(job.memory ? { memory: job.memory } : {}),
  });
  const stopped = Atomics.load(stop, 0) !== 0;
  return {
    kind: 'done',
    id: job.id,
    ok: true,
    value: { move, stopped, ...(job.memory ? { memory: job.memory } : {}) },
  };
}

port.on('message', (job: SearchJob) => {
  let answer: SearchMessage;
  try {
    answer = run(job);
  } catch (e) {
    answer = {
      kind: 'done',
      id: job.id,
      ok: false,
      error: { code: 'INTERNAL_ERROR', reason: e instanceof Error ? e.message : String(e) },
    };
  }
  post(answer);
});
post({ kind: 'info', id: 0, info: { ready: true } });
