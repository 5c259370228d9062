// An arena of 500 simulated players through the server on this machine: accounts signed up over HTTP, each table's
// seats played by their own WebSocket (one move, then one side resigns, so the pairing is what is measured).
// Prints pairings/s (tables seated), matches/s (tables finished) and the pairing step's p50/p99 (ms).
//   npx tsx apps/server/bench/arena.ts [players=500] [seconds=30]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { startServer } from '../src/server.ts';
import { as, eventLimits, playSeat, signUp, type Account } from '../test/events-clients.ts';
import { api } from '../test/helpers.ts';

const players = Number(process.argv[2] ?? 500);
const seconds = Number(process.argv[3] ?? 30);
const dir = mkdtempSync(join(tmpdir(), 'rt-arena-bench-'));
const pairingMs: number[] = [];
// The runner logs each arena wave with the time its pairing step took.
const sink = new Writable({
  write(chunk: Buffer, _enc, done) {
    for (const line of chunk.toString().split('\n')) {
      if (!line.includes('arena wave paired')) continue;
      pairingMs.push((JSON.parse(line) as { ms: number }).ms);
    }
    done();
  },
});
const server = await startServer({
  port: 0,
  dataDir: dir,
  webDir: join(dir, 'none'),
  durability: 'normal',
  logger: pino({ level: 'debug' }, sink),
  passwordCost: { N: 1 << 10, r: 8, p: 1 },
  httpRate: 1_000_000,
  eventPollMs: 100,
  limits: { ...eventLimits(), entrantsPerEvent: 10_000, hashQueue: 100_000 },
});
const ws = `${server.url.replace('http', 'ws')}/ws`;
const target = { url: server.url, ws };
try {
  const organiser = await signUp(server, 'Bench');
  const accounts: Account[] = [];
  for (let i = 0; i < players; i += 20)
    accounts.push(
      ...(await Promise.all(Array.from({ length: Math.min(20, players - i) }, (_, k) => signUp(server, `P${i + k}`)))),
    );
  const byName = new Map(accounts.map((a) => [a.name, a]));
  const created = await as(server, organiser)('POST', '/api/events', {
    name: 'Bench arena',
    kind: 'arena',
    game: 'camelot',
    players: 2,
    clock: { moveSeconds: 60 },
    minutes: seconds / 60,
  });
  const id = created.body.event.id as string;
  for (let i = 0; i < accounts.length; i += 50)
    await Promise.all(accounts.slice(i, i + 50).map((a) => as(server, a)('POST', `/api/events/${id}/join`)));
  const t0 = performance.now();
  await as(server, organiser)('POST', `/api/events/${id}/start`);
  const started = new Set<string>();
  let seed = 1;
  let detail: any;
  for (;;) {
    detail = (await api(server, 'GET', `/api/events/${id}`)).body;
    if (detail.event.status === 'finished') break;
    for (const p of detail.rounds[0]?.pairings ?? []) {
      if (p.status !== 'playing' || started.has(p.match)) continue;
      started.add(p.match);
      const loser = seed % 2;
      p.seats.forEach((s: any, i: number) => {
        void playSeat(target, byName.get(s.name)!, p.match, { resignAfter: i === loser ? 0 : 9 }, seed++).catch(
          () => undefined,
        );
      });
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const elapsed = (performance.now() - t0) / 1000;
  const tables = detail.rounds[0].pairings.length;
  const done = detail.rounds[0].pairings.filter((p: any) => p.status === 'done').length;
  const sorted = [...pairingMs].sort((a, b) => a - b);
  const q = (f: number): number => sorted[Math.min(sorted.length - 1, Math.floor(f * sorted.length))] ?? 0;
  console.log(`arena of ${players} players for ${seconds} s (ran ${elapsed.toFixed(1)} s to the last match):`);
  console.log(`  pairings/s ${(tables / elapsed).toFixed(1)}  (${tables} tables)`);
  console.log(`  matches/s  ${(done / elapsed).toFixed(1)}  (${done} finished)`);
  console.log(
    `  pairing step: ${sorted.length} waves, p50 ${q(0.5).toFixed(2)} ms, p99 ${q(0.99).toFixed(2)} ms, max ${q(1).toFixed(2)} ms`,
  );
} finally {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
}
