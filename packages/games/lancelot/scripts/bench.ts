// Playouts per second from the start position: `npx tsx packages/games/lancelot/scripts/bench.ts`.
import { createRng } from '@roundtable/core';
import { lancelot } from '../src/index.ts';

for (const players of [2, 3, 4, 5]) {
  for (const variant of [{}, { diagonals: true }, { excalibur: true }, { diagonals: true, excalibur: true }]) {
    const options = lancelot.parseOptions(variant, players);
    if (!options.ok) throw new Error('options');
    const start = lancelot.setup({ players, options: options.value, seed: 1 });
    if (!start.ok) throw new Error('setup');
    const rng = createRng('bench');
    let n = 0;
    const t0 = performance.now();
    while (performance.now() - t0 < 1000) {
      lancelot.playout?.(start.value, rng);
      n++;
    }
    const secs = (performance.now() - t0) / 1000;
    console.log(`${players} players ${JSON.stringify(variant).padEnd(36)} ${Math.round(n / secs)} playouts/s`);
  }
}
