import { parentPort } from 'node:worker_threads';
import { botFor } from '@roundtable/ai';
import { gameById } from '@roundtable/catalog';
import type { BotJob, BotAnswer } from './jobs.ts';

/** A bot thread: it receives a seat's view (never the state), thinks within its budget and answers a move. */
parentPort?.on('message', (job: BotJob) => {
  let answer: BotAnswer;
  try {
    const game = gameById(job.game);
    const bot = botFor(job.level);
    if (!game || !bot) throw new Error(`no game ${job.game} or bot ${job.level}`);
    const move = bot.choose({
      game,
      view: job.view,
      seat: job.seat,
      rng: job.rng,
      ...(job.budgetMs !== null ? { budget: { ms: job.budgetMs } } : {}),
      ...(job.memory ? { memory: job.memory } : {}),
    });
    answer = { id: job.id, move, ...(job.memory ? { memory: job.memory } : {}) };
  } catch (e) {
    answer = { id: job.id, move: null, error: e instanceof Error ? e.message : String(e) };
  }
  parentPort?.postMessage(answer);
});
parentPort?.postMessage({ ready: true });
