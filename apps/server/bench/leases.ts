/**
 * What the leases cost PostgreSQL: claiming N matches, and the round each process runs every third of a lease
 * (its own lease, one row written; then which of its N matches are still its own at their epoch: one read).
 *
 *   npx tsx apps/server/bench/leases.ts postgres://…/db     (a scratch database: scripts/services.sh up)
 */
import { PostgresStore } from '../src/storage/postgres.ts';
import { Leases } from '../src/cluster/leases.ts';

const url = process.argv[2];
if (!url?.startsWith('postgres')) throw new Error('usage: leases.ts postgres://…/scratch-database');
const store = await PostgresStore.open(url);
for (const n of [1000, 10_000]) {
  const ids = Array.from({ length: n }, (_, i) => `bench-${n}-${i}`);
  const leases = new Leases(store.pool, `bench-${process.pid}`, 5000);
  await leases.beat();
  let t = performance.now();
  const owned = new Map([...(await leases.claim(ids, true))].map(([id, c]) => [id, c.epoch]));
  const claimMs = performance.now() - t;
  const times: number[] = [];
  for (let i = 0; i < 11; i++) {
    t = performance.now();
    await leases.beat();
    const kept = await leases.held(owned);
    times.push(performance.now() - t);
    if (kept.size !== n) throw new Error(`kept ${kept.size} of ${n}`);
  }
  times.sort((a, b) => a - b);
  await leases.leave(owned);
  console.log(
    `${n} leases: claim all ${claimMs.toFixed(1)} ms; a round (one row written, N read) p50 ${times[5]!.toFixed(1)} ms, max ${times[10]!.toFixed(1)} ms`,
  );
}
await store.close();
