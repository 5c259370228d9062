/**
 * Issue 13's attack, replayed against `roundtable serve` with its default caps (SECURITY.md): one address asks for
 * 600 Chevaliers matches (1 human, 6 bots) and opens 3,000 WebSockets. Prints what was accepted and refused,
 * /healthz, the heap per idle match with bot seats, and how many matches are still in memory after the idle time.
 *
 *   npx tsx apps/server/bench/abuse.ts [--matches 600] [--sockets 3000] [--idle-ms 15000] [--server="--max-matches-per-address 1000"]
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import WebSocket from 'ws';

const SERVE = fileURLToPath(new URL('../bin/serve.js', import.meta.url));
const { values } = parseArgs({
  options: {
    matches: { type: 'string', default: '600' },
    sockets: { type: 'string', default: '3000' },
    'idle-ms': { type: 'string', default: '15000' },
    server: { type: 'string', default: '' },
  },
});
const MATCHES = Number(values.matches);
const SOCKETS = Number(values.sockets);
const IDLE = Number(values['idle-ms']);

const dir = mkdtempSync(join(tmpdir(), 'rt-abuse-'));
const child = spawn(
  process.execPath,
  [
    '--expose-gc',
    SERVE,
    '--port',
    '0',
    '--data',
    dir,
    '--debug',
    '--idle-ms',
    String(IDLE),
    '--log-level',
    'info',
    ...values.server!.split(' ').filter(Boolean),
  ],
  { stdio: ['ignore', 'pipe', 'inherit'] },
);
const url = await new Promise<string>((resolve, reject) => {
  let buffer = '';
  child.stdout!.on('data', (c: Buffer) => {
    buffer += c.toString();
    const m = /"url":"([^"]+)"/.exec(buffer);
    if (m) resolve(m[1]!);
  });
  child.once('exit', (code) => reject(new Error(`server exited ${code}`)));
});
child.stdout!.resume();
const json = async (path: string, init?: RequestInit): Promise<{ status: number; body: any }> => {
  const res = await fetch(`${url}${path}`, init);
  return { status: res.status, body: await res.json() };
};
const memory = async (): Promise<{ heapUsed: number; matches: number }> => (await json('/debug/memory')).body;

try {
  const before = await memory();
  // 1. Matches: 600 Chevaliers tables, one absent human and six bots each, 16 requests at a time.
  const codes = new Map<string, number>();
  const t0 = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (next < MATCHES) {
        next++;
        const r = await json('/api/matches', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            game: 'shadows',
            seats: [{ kind: 'human' }, ...Array.from({ length: 6 }, () => ({ kind: 'bot', level: 'random' }))],
          }),
        });
        const key = r.status === 201 ? '201 created' : `${r.status} ${r.body.error.code}`;
        codes.set(key, (codes.get(key) ?? 0) + 1);
      }
    }),
  );
  console.log(`matches asked: ${MATCHES} in ${Math.round(performance.now() - t0)} ms →`, Object.fromEntries(codes));
  await new Promise((r) => setTimeout(r, 1500)); // the bots lay their first cards, then wait for the human
  const loaded = await memory();
  const created = codes.get('201 created') ?? 0;
  console.log(
    `in memory: ${loaded.matches} matches; heap per idle match with bot seats: ${Math.round((loaded.heapUsed - before.heapUsed) / 1024 / Math.max(1, created))} KB`,
  );

  // 2. Sockets: 3,000 from one address, 50 at a time.
  let held = 0;
  let refused = 0;
  const open: WebSocket[] = [];
  const ws = `${url.replace('http', 'ws')}/ws`;
  for (let i = 0; i < SOCKETS; i += 50) {
    await Promise.all(
      Array.from(
        { length: Math.min(50, SOCKETS - i) },
        () =>
          new Promise<void>((resolve) => {
            const s = new WebSocket(ws);
            let first: any = null;
            s.on('message', (d) => (first ??= JSON.parse(d.toString())));
            s.on('open', () => {
              open.push(s);
              setTimeout(resolve, 50);
            });
            s.on('close', (code) => {
              if (code === 4030 && first?.code === 'TOO_MANY_CONNECTIONS') refused++;
              resolve();
            });
            s.on('error', () => resolve());
          }),
      ),
    );
  }
  await new Promise((r) => setTimeout(r, 500));
  held = open.filter((s) => s.readyState === s.OPEN).length;
  console.log(`sockets asked: ${SOCKETS} → held ${held}, refused with TOO_MANY_CONNECTIONS/4030: ${refused}`);
  console.log('healthz:', JSON.stringify((await json('/healthz')).body));
  for (const s of open) s.terminate();

  // 3. After the idle time, nobody needs those matches: they leave memory (their bots wait for the human).
  await new Promise((r) => setTimeout(r, IDLE + 2500));
  const after = await memory();
  console.log(
    `after ${IDLE} ms idle: ${after.matches} matches in memory; heap ${Math.round((after.heapUsed - before.heapUsed) / 1024)} KB above the start`,
  );
} finally {
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  rmSync(dir, { recursive: true, force: true });
}
