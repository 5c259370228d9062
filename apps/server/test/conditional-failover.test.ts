// Conditional moves through a failover: two processes on one PostgreSQL and one Redis; a tree set through the
// process that does not own the match is stored in PostgreSQL, the owner is killed, and the process that takes the
// match over plays the answer when the opponent's foreseen move comes.
import type { ChildProcess } from 'node:child_process';
import { afterAll, expect, it } from 'vitest';
import { camelotLegalAfter } from './camelot-lines.ts';
import {
  api,
  Client,
  dropTestDatabase,
  spawnServerProcess,
  testDatabase,
  testServer,
  testServices,
} from './helpers.ts';

const children: ChildProcess[] = [];
const databases: string[] = [];
afterAll(async () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  for (const d of databases) await dropTestDatabase(d).catch(() => undefined);
});

const LEASE_MS = 1500;

it('a tree set through one process is played by the process that takes the match over once its owner is killed', async () => {
  const database = await testDatabase();
  databases.push(database);

  // a, to be killed, in a process of its own; b in this one (a second process costs seconds to start).
  const { redis } = testServices();
  const a = await spawnServerProcess(
    ['--database', database, '--redis', redis, '--lease-ms', String(LEASE_MS), '--bot-workers', '1'],
    children,
  );
  const b = await testServer({ database, redis, leaseMs: LEASE_MS });
  // Created on a, which owns it; white plays there.
  const made = await api(a, 'POST', '/api/matches', {
    game: 'camelot',
    seats: [{ kind: 'human' }, { kind: 'human' }],
    clock: { days: 1 },
  });
  expect(made.status).toBe(201);
  const id: string = made.body.match.id;
  const [white, black] = made.body.tokens.map((t: { token: string }) => t.token) as [string, string];
  const w = await Client.connect(a.ws);
  expect((await w.request({ t: 'attach', token: white })).t).toBe('attached');
  const w0 = camelotLegalAfter([])[0]!;
  expect((await w.request({ t: 'move', move: w0 })).t).toBe('update');
  w.close();

  const b1 = camelotLegalAfter([w0])[0]!;
  const w2 = camelotLegalAfter([w0, b1]).at(-1)!;
  const set = await api(
    b,
    'PUT',
    `/api/matches/${id}/conditional`,
    { tree: [{ if: b1, then: w2 }] },
    {
      authorization: `Bearer ${white}`,
    },
  );
  expect(set.status, JSON.stringify(set.body)).toBe(200);

  a.child.kill('SIGKILL');
  // Black plays through b: refused while a's lease runs, then b owns the match and stores the move.
  const until = Date.now() + 30_000;
  let answered: any = null;
  while (!answered && Date.now() < until) {
    const c = await Client.connect(b.ws);
    try {
      const attached = await c.request({ t: 'attach', token: black });
      if (attached.t === 'attached' && attached.ply === 1) {
        const played = await c.request({ t: 'move', move: b1 }, 5000);
        if (played.t === 'update') answered = await c.wait((m) => m.t === 'update' && m.last?.move === w2, 10_000);
      } else if (attached.t === 'attached' && attached.ply > 1) throw new Error(`ply ${attached.ply}`);
    } catch (e) {
      if ((e as Error).message.startsWith('ply')) throw e;
    } finally {
      c.close();
    }
    if (!answered) await new Promise((r) => setTimeout(r, 300));
  }
  expect(answered?.yourTurn).toBe(true);
  const record = await api(b, 'GET', `/api/matches/${id}/record`);
  expect(record.body.moves.map((m: { move: string }) => m.move)).toEqual([w0, b1, w2]);
  await b.stop();
}, 60_000);
