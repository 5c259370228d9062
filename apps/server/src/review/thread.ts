import { constants, setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { reviewMatch } from '@roundtable/ai';
import { gameById } from '@roundtable/catalog';
import type { ReviewAnswer, ReviewTask } from './threads.ts';

// The lowest priority for this thread alone (on Linux a thread's nice value is its own): a core busy with a
// review gives way at once to the event loop, the bots and the writers of the matches being played.
try {
  setPriority(constants.priority.PRIORITY_LOW);
} catch {
  // A system that does not allow it: the thread runs at the process's priority, still off the event loop.
}

/** A review thread: one finished match's record in, its review out (searches of a minute or so, off the loop). */
parentPort?.on('message', (task: ReviewTask) => {
  let answer: ReviewAnswer;
  try {
    const game = gameById(task.record.game);
    if (!game) throw new Error(`unknown game ${task.record.game}`);
    const review = reviewMatch(game, task.record, {
      ...(task.nodes !== undefined ? { nodes: task.nodes } : {}),
      ...(task.iterations !== undefined ? { iterations: task.iterations } : {}),
    });
    answer = review.ok ? { id: task.id, review: review.value } : { id: task.id, error: review.error.code };
  } catch (e) {
    answer = { id: task.id, error: e instanceof Error ? e.message : String(e) };
  }
  parentPort?.postMessage(answer);
});
parentPort?.postMessage({ ready: true });
