/**
 * The review's and the analysis board's speed, on one core:
 *   npx tsx packages/ai/bench/review.ts [--plies 80] [--nodes N]
 * prints the time to review an 80-ply Camelot game at the review's strength (CPU seconds of this one thread, and
 * wall seconds), and the time the analysis search takes to its first evaluation (the first completed depth) on
 * each of that game's positions, Camelot and a Lancelot game alike: what the board shows within that time.
 */
import { Match, createRng, nextInt, type AnyGame } from '@roundtable/core';
import { camelot } from '@roundtable/camelot';
import { lancelot } from '@roundtable/lancelot';
import { analyse } from '../src/analysis/search.ts';
import { REVIEW_NODES, reviewPerfect } from '../src/review/perfect.ts';
// The games and their bots, registered with packages/ai as every front door has them.
import '@roundtable/catalog';

const args = process.argv.slice(2);
const flag = (name: string, fallback: number): number => {
  const k = args.indexOf(name);
  return k >= 0 ? Number(args[k + 1]) : fallback;
};
const plies = flag('--plies', 80);
const nodes = flag('--nodes', REVIEW_NODES);

/** A game between quick searches with a random opening, cut at `plies` moves (or its end). */
function game(g: AnyGame, seed: string, length: number): Match {
  const made = Match.create(g, { players: 2, seed });
  if (!made.ok) throw new Error(made.error.code);
  const m = made.value;
  const rng = createRng(seed);
  while (!m.outcome() && m.ply < length) {
    const seat = m.toMove()[0]!;
    if (m.ply < 4) {
      const legal = m.legalMoves(seat);
      m.playMove(seat, legal[nextInt(rng, legal.length)]);
      continue;
    }
    const e = analyse(g, m.state, { iterations: 2000 }, { lineLength: 1 });
    m.play(seat, e.best!);
  }
  return m;
}

// One 80-ply Camelot game (a longer one is cut; a shorter one is played again from another seed).
let m = game(camelot as AnyGame, 'bench/review/0', plies);
for (let k = 1; m.ply < plies && k < 20; k++) m = game(camelot as AnyGame, `bench/review/${k}`, plies);
const cpu = process.cpuUsage();
const wall = performance.now();
const review = reviewPerfect(camelot as AnyGame, m.record(), { nodes });
const used = process.cpuUsage(cpu);
if (!review.ok) throw new Error(review.error.code);
const cpuSeconds = (used.user + used.system) / 1e6;
const flagged = review.value.plies.filter((p) => p.class).length;
console.log(
  `review of a ${m.ply}-ply Camelot game at ${nodes.toLocaleString('en')} nodes a position: ${cpuSeconds.toFixed(1)} s of CPU on one thread, ${((performance.now() - wall) / 1000).toFixed(1)} s of wall time (${flagged} moves flagged; target ≤ 60 s)`,
);

for (const [g, label] of [
  [camelot, 'Camelot'],
  [lancelot, 'Lancelot at two'],
] as const) {
  const match = g === camelot ? m : game(lancelot as AnyGame, 'bench/review/lancelot', 60);
  const times: number[] = [];
  for (let i = 0; i < match.ply; i++) {
    const started = performance.now();
    let first = -1;
    // The board's first figure is the first completed depth; the search is cut right after it here.
    const stop = new Int32Array(new SharedArrayBuffer(4));
    analyse(
      g as AnyGame,
      match.stateAt(i),
      { stop },
      {
        onDepth: () => {
          if (first < 0) first = performance.now() - started;
          Atomics.store(stop, 0, 1);
        },
      },
    );
    if (first >= 0) times.push(first);
  }
  times.sort((a, b) => a - b);
  const at = (p: number): number => times[Math.min(times.length - 1, Math.floor(p * times.length))]!;
  console.log(
    `${label}: first evaluation on ${times.length} positions: median ${at(0.5).toFixed(1)} ms, 95th percentile ${at(0.95).toFixed(1)} ms, slowest ${at(1).toFixed(1)} ms (target ≤ 1,000 ms)`,
  );
}
