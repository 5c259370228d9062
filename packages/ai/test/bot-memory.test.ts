/**
 * Bots are functions of what they are given (ARCHITECTURE.md, "One game, one place"): what a match's bots
 * remember travels in that match's `BotMemory`, so the same match gives the same decisions played alone, beside
 * other matches in the same process, and in a worker thread. Before, the Chevaliers' watch of the table was one
 * module-level record found by the table's players and knights: two 4-player matches with the default deck read
 * and wrote the same record, and seat 0's belief about the traitor (which decides when it accuses) changed with
 * the other match.
 */
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { playAlone, stepper } from './isolation/match.ts';
// The games and their bots, registered with packages/ai as every front door has them.
import '@roundtable/catalog';

function inWorker(gameId: string, seed: string, plies: number, searching: boolean): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./isolation/worker.js', import.meta.url), {
      workerData: { gameId, seed, plies, searching },
    });
    worker.once('message', (log: string[]) => {
      resolve(log);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}

/** Match `a` played move for move alternately with others of the same game, player count and options. */
function beside(gameId: string, a: string, others: readonly string[], plies: number, searching: boolean): string[] {
  const main = stepper(gameId, a, plies, searching);
  const rest = others.map((seed) => stepper(gameId, seed, plies, searching));
  let going = true;
  while (going) {
    going = main.step();
    for (const s of rest) going = s.step() || going;
  }
  return main.log;
}

describe('a match gives the same decisions alone, beside other matches, and in a worker', () => {
  it('the Chevaliers: the rule of thumb (moves, accusations and seat 0’s traitor belief), 4 players, default deck', async () => {
    const alone = playAlone('shadows', 'iso/1', 400, false);
    expect(alone.length).toBeGreaterThan(100);
    // The belief moves during the match (the watch reads the table): the comparison is not of constants.
    expect(new Set(alone.map((l) => l.split(' ')[1])).size).toBeGreaterThan(3);
    expect(beside('shadows', 'iso/1', ['iso/2', 'iso/3'], 400, false)).toEqual(alone);
    expect(await inWorker('shadows', 'iso/1', 400, false)).toEqual(alone);
  });

  it('the Chevaliers: the searching bot (belief-weighted samples, rollouts and prior), 30 decisions', async () => {
    const alone = playAlone('shadows', 'iso/4', 30, true);
    expect(beside('shadows', 'iso/4', ['iso/5'], 30, true)).toEqual(alone);
    expect(await inWorker('shadows', 'iso/4', 30, true)).toEqual(alone);
  });

  it('the Tournament: the searching bot remembers the round’s combats in the match’s memory only', async () => {
    const alone = playAlone('tournament', 'iso/6', 40, true);
    expect(beside('tournament', 'iso/6', ['iso/7'], 40, true)).toEqual(alone);
    expect(await inWorker('tournament', 'iso/6', 40, true)).toEqual(alone);
  });
});
