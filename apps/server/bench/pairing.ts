/**
 * Pairing bench: `npx tsx apps/server/bench/pairing.ts [rounds]`. Pairs 1,000 entrants for 5 rounds (two-player
 * Swiss and Swiss at tables of 4) with random results, printing each round's wall and CPU time (the machine may be
 * shared: CPU time is what the pairing itself costs), then the seat balance and repeated meetings measured on the
 * small events of the pairing tests over 10 seeds each (README.md in src/events/pairing, "Measured balance").
 */
import { createRng, shuffle } from '@roundtable/core';
import {
  measureSeatBalance,
  pairArena,
  pairSwissRound,
  type EventResult,
  type RoundPairing,
  type TableSizes,
} from '../src/events/pairing/index.ts';

const rounds = Number(process.argv[2] ?? 5);
const SEEDS = 10;

function timed<T>(f: () => T): { value: T; wall: number; cpu: number } {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const value = f();
  const wall = performance.now() - t0;
  const c = process.cpuUsage(c0);
  return { value, wall, cpu: (c.user + c.system) / 1000 };
}

function swiss(n: number, sizes: TableSizes, seed: number, log: boolean): RoundPairing[] {
  const entrants = Array.from({ length: n }, (_, i) => ({
    id: `p${String(i).padStart(4, '0')}`,
    rating: 1200 + ((i * 7919) % 1000),
  }));
  const results: EventResult[] = [];
  const paired: RoundPairing[] = [];
  const rng = createRng(`bench ${seed}`);
  for (let round = 1; round <= rounds; round++) {
    const t = timed(() => pairSwissRound({ entrants, results, round, sizes, seed }));
    if (!t.value.ok) throw new Error(JSON.stringify(t.value.error));
    const r = t.value.value;
    paired.push(r);
    if (log) {
      console.log(
        `  round ${round}: ${r.tables.length} tables, ${r.byes.length} byes — ${t.wall.toFixed(0)} ms wall, ${t.cpu.toFixed(0)} ms CPU`,
      );
    }
    for (const table of r.tables) {
      const places = shuffle(
        rng,
        table.seats.map((_, i) => i + 1),
      );
      results.push({
        kind: 'match',
        matchId: `${round}-${table.table}`,
        round,
        seats: table.seats.map((entrant, i) => ({ entrant, place: places[i]! })),
      });
    }
    for (const b of r.byes) results.push({ kind: 'bye', round, entrant: b });
  }
  return paired;
}

function report(paired: RoundPairing[]): string {
  const b = measureSeatBalance(paired);
  return `seat spread ${b.seatSpread}, first-player spread ${b.firstSpread}, repeated meetings ${b.repeats}`;
}

console.log(`Two-player Swiss, 1,000 entrants, ${rounds} rounds:`);
console.log(`  ${report(swiss(1000, { min: 2, max: 2, preferred: 2 }, 1, true))}`);
console.log(`Swiss at tables of 4 (3–6 allowed), 1,000 entrants, ${rounds} rounds:`);
console.log(`  ${report(swiss(1000, { min: 3, max: 6, preferred: 4 }, 1, true))}`);

const arena = Array.from({ length: 500 }, (_, i) => ({
  id: `a${i}`,
  score: (i * 13) % 40,
  rating: 1200 + ((i * 7919) % 1000),
  lastOpponents: [`a${(i + 1) % 500}`],
  waitingSince: i,
}));
for (const sizes of [
  { min: 2, max: 2, preferred: 2 },
  { min: 3, max: 6, preferred: 4 },
]) {
  const t = timed(() => pairArena({ waiting: arena, sizes, seed: 1 }));
  console.log(
    `Arena wave, 500 waiting, tables of ${sizes.preferred}: ${t.wall.toFixed(0)} ms wall, ${t.cpu.toFixed(0)} ms CPU`,
  );
}

console.log(`Balance over ${rounds} rounds, ${SEEDS} seeds each (worst / mean of repeated meetings):`);
const small: [number, TableSizes][] = [
  [9, { min: 3, max: 6, preferred: 3 }],
  [10, { min: 3, max: 6, preferred: 3 }],
  [17, { min: 3, max: 6, preferred: 4 }],
  [23, { min: 3, max: 6, preferred: 4 }],
  [17, { min: 4, max: 4, preferred: 4 }],
  [17, { min: 3, max: 6, preferred: 3 }],
  [23, { min: 3, max: 6, preferred: 5 }],
  [23, { min: 3, max: 6, preferred: 6 }],
  [17, { min: 2, max: 2, preferred: 2 }],
];
for (const [n, sizes] of small) {
  const runs = Array.from({ length: SEEDS }, (_, seed) => measureSeatBalance(swiss(n, sizes, seed + 1, false)));
  const within = runs.filter((b) => b.seatSpread <= 1).length;
  const firsts = runs.filter((b) => b.firstSpread <= 1).length;
  const reps = runs.map((b) => b.repeats);
  console.log(
    `  ${n} entrants, tables ${sizes.min}–${sizes.max} (preferred ${sizes.preferred}): seats within one in ${within}/${SEEDS}, ` +
      `firsts within one in ${firsts}/${SEEDS}, repeats worst ${Math.max(...reps)} mean ${(reps.reduce((a, b) => a + b, 0) / reps.length).toFixed(1)}`,
  );
}
