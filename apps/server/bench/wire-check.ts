/**
 * What checking a forwarded move costs (cluster/wire.ts): a forwarded move is checked once per move on the
 * match's owner. Prints µs per check (median of five rounds), JSON.parse alone for scale.
 *
 * Here (6 Dec, 2 cores, load about 2): JSON.parse 0.56–0.88 µs, ForwardedMove.safeParse 0.69–1.34 µs, the whole
 * Wire union 0.73–1.04 µs; on the same machine under a load of 8, 2.4–4.8 µs for safeParse, as for JSON.parse.
 * A hand-written check of a move measured 0.015 µs; not kept: zod's is well under the 2 µs a move may spend on it,
 * and a second check would have to be kept equal to the schema.
 *
 *   npx tsx apps/server/bench/wire-check.ts [--n 100000]
 */
import { parseArgs } from 'node:util';
import { ForwardedMove, Wire } from '../src/cluster/wire.ts';

const { values } = parseArgs({ options: { n: { type: 'string', default: '100000' } } });
const N = Number(values.n);
const text = JSON.stringify({
  k: 'move',
  id: 'Xk3f9aQ2rT7w',
  seat: 1,
  ply: 42,
  text: 'c4-c5',
  from: 'host-12345-a1b2c3d4',
  req: 1234,
  until: Date.now() + 3000,
});

function time(name: string, fn: (msg: unknown) => boolean): void {
  const msgs = Array.from({ length: 1000 }, () => JSON.parse(text) as unknown);
  // Warm-up, then the measure.
  for (let i = 0; i < 20_000; i++) fn(msgs[i % 1000]);
  // Five rounds of N, the median kept: a shared machine's noise lands on one round or two.
  const rounds: number[] = [];
  for (let r = 0; r < 5; r++) {
    let good = 0;
    const t0 = process.hrtime.bigint();
    for (let i = 0; i < N; i++) if (fn(msgs[i % 1000])) good++;
    rounds.push(Number(process.hrtime.bigint() - t0) / 1000 / N);
    if (good !== N) throw new Error(`${name}: ${N - good} refused`);
  }
  const sorted = [...rounds].sort((a, b) => a - b);
  console.log(
    `${name.padEnd(34)} ${sorted[2]!.toFixed(3)} µs per check (median of 5 × ${N}; ${sorted[0]!.toFixed(3)} to ${sorted[4]!.toFixed(3)})`,
  );
}

time('JSON.parse alone (for scale)', () => JSON.parse(text) !== null);
time('ForwardedMove.safeParse', (m) => ForwardedMove.safeParse(m).success);
time('Wire.safeParse (the union)', (m) => Wire.safeParse(m).success);
