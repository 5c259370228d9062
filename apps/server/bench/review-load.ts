/**
 * Reviews never hold the event loop: a server (in this process, `--debug`) reviews long Camelot matches in its
 * background thread while a client plays moves; prints the event loop's delay (p50/p99/max, `/debug/memory`) and
 * the moves' round trips, with reviews running and without.
 *
 *   npx tsx apps/server/bench/review-load.ts [--reviews 3] [--moves 60]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pino from 'pino';
import WebSocket from 'ws';
import { Match, createRng, nextInt } from '@roundtable/core';
import { gameById } from '@roundtable/catalog';
import { startServer } from '../src/server.ts';

const { values } = parseArgs({
  options: { reviews: { type: 'string', default: '3' }, moves: { type: 'string', default: '60' } },
});
const REVIEWS = Number(values.reviews);
const MOVES = Number(values.moves);

const dir = mkdtempSync(join(tmpdir(), 'rt-review-load-'));
const server = await startServer({
  port: 0,
  dataDir: dir,
  webDir: join(dir, 'none'),
  logger: pino({ level: 'silent' }),
  debug: true,
  reviewThreads: 1,
});
const api = async (method: string, path: string, body?: unknown): Promise<any> => {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return res.json();
};

/** An 80-ply Camelot record of random moves (a long match to review). */
function record(seed: number): object {
  const made = Match.create(gameById('camelot')!, { seed });
  if (!made.ok) throw new Error('setup');
  const m = made.value;
  const rng = createRng(seed);
  while (!m.outcome() && m.ply < 80) {
    const seat = m.toMove()[0]!;
    const legal = m.legalNotation(seat);
    m.play(seat, legal[nextInt(rng, legal.length)]!);
  }
  return m.record();
}

/** Hot-seat Camelot matches played over a WebSocket, a new one when one ends: the round trip of each move, in ms. */
async function play(moves: number): Promise<number[]> {
  const times: number[] = [];
  while (times.length < moves) times.push(...(await playOne(moves - times.length)));
  return times;
}

async function playOne(moves: number): Promise<number[]> {
  const made = await api('POST', '/api/matches', { game: 'camelot', seats: [{ kind: 'human' }, { kind: 'human' }] });
  const ws = new WebSocket(`${server.url.replace('http', 'ws')}/ws`);
  await new Promise((r) => ws.once('open', r));
  let next = 1;
  const waiting = new Map<number, (m: any) => void>();
  ws.on('message', (raw) => {
    const m = JSON.parse(String(raw));
    const id = m.ack ?? m.id;
    if (typeof id === 'number') waiting.get(id)?.(m);
  });
  const request = (msg: object): Promise<any> =>
    new Promise((resolve) => {
      const id = next++;
      waiting.set(id, resolve);
      ws.send(JSON.stringify({ ...msg, id }));
    });
  const tokens: string[] = made.tokens.map((t: { token: string }) => t.token);
  const times: number[] = [];
  const rng = createRng('load');
  for (let i = 0; i < moves; i++) {
    await request({ t: 'attach', token: tokens[i % 2] });
    const legal = (await request({ t: 'legal' })).moves as string[] | undefined;
    if (!legal || legal.length === 0) break;
    const started = performance.now();
    await request({ t: 'move', move: legal[nextInt(rng, legal.length)] });
    times.push(performance.now() - started);
  }
  ws.close();
  return times;
}

const p = (xs: number[], q: number): number => [...xs].sort((a, b) => a - b)[Math.floor(q * (xs.length - 1))] ?? NaN;
async function measure(label: string): Promise<void> {
  await api('GET', '/debug/memory?gc=0');
  const times = await play(MOVES);
  const loop = (await api('GET', '/debug/memory?gc=0')).loop;
  console.log(
    `${label}: event loop delay p50 ${loop.p50.toFixed(1)} ms, p99 ${loop.p99.toFixed(1)} ms, max ${loop.max.toFixed(1)} ms; move round trip p50 ${p(times, 0.5).toFixed(1)} ms, p99 ${p(times, 0.99).toFixed(1)} ms`,
  );
}

await measure('no review running');
const ids: string[] = [];
for (let k = 0; k < REVIEWS; k++) ids.push((await api('POST', '/api/records', record(k))).match.id);
for (const id of ids) await api('POST', `/api/matches/${id}/review`);
await measure(`${REVIEWS} reviews queued, one running in its thread`);
const status = await Promise.all(ids.map((id) => api('GET', `/api/matches/${id}/review`)));
console.log(`reviews: ${status.map((s) => s.status).join(', ')}`);
await server.close();
rmSync(dir, { recursive: true, force: true });
