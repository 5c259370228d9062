import { constants, setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { reviewMatch } from '@roundtable/ai';
import { gameById } from '@roundtable/catalog';
import { Match } from '@roundtable/core';
import { minePositions, type MinedPuzzle } from '@roundtable/puzzles/mine';
import type { MiningTask, ReviewAnswer, ReviewTask, ThreadTask } from './threads.ts';

// The lowest priority for this thread alone (on Linux a thread's nice value is its own): a core busy with a
// review gives way at once to the event loop, the bots and the writers of the matches being played.
try {
  setPriority(constants.priority.PRIORITY_LOW);
} catch {
  // A system that does not allow it: the thread runs at the process's priority, still off the event loop.
}

/**
 * A search thread: one finished match's record in, its review out (searches of a minute or so, off the loop), or
 * one match's moves in, the puzzles mined from its positions out.
 */
parentPort?.on('message', (task: ThreadTask) => {
  let answer: ReviewAnswer;
  try {
    answer = task.kind === 'mine' ? { id: task.id, puzzles: mine(task) } : review(task);
  } catch (e) {
    answer = { id: task.id, error: e instanceof Error ? e.message : String(e) };
  }
  parentPort?.postMessage(answer);
});
parentPort?.postMessage({ ready: true });

function review(task: ReviewTask): ReviewAnswer {
  const game = gameById(task.record.game);
  if (!game) throw new Error(`unknown game ${task.record.game}`);
  const review = reviewMatch(game, task.record, {
    ...(task.nodes !== undefined ? { nodes: task.nodes } : {}),
    ...(task.iterations !== undefined ? { iterations: task.iterations } : {}),
  });
  return review.ok ? { id: task.id, review: review.value } : { id: task.id, error: review.error.code };
}

function mine(task: MiningTask): MinedPuzzle[] {
  const game = gameById(task.game);
  if (!game) throw new Error(`unknown game ${task.game}`);
  const made = Match.create(game, { players: task.players, options: task.options, seed: task.seed });
  if (!made.ok) throw new Error(made.error.code);
  for (const move of task.moves) {
    // A stored row is input from outside: a move that no longer replays ends the mining there.
    if (!made.value.play(move.seat, move.move).ok) break;
  }
  const found: MinedPuzzle[] = [];
  for (const p of minePositions(made.value, task.label, new Set(task.seen), task.budget)) if (p) found.push(p);
  return found;
}
