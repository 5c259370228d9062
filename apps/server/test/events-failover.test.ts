// Two server processes on one PostgreSQL and one Redis: the process that runs a Swiss is killed (SIGKILL) in the
// middle of a round; the other takes the event's lease once it lapses, finds every pairing and result written
// before, records the rest, and pairs the next round once: no result lost, no table and no match made twice.
import type { ChildProcess } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import {
  api,
  dropTestDatabase,
  spawnServerProcess,
  testDatabase,
  testServer,
  testServices,
  waitFor,
} from './helpers.ts';
import { as, eventLimits, playEvent, playSeat, signUp, type Account } from './events-clients.ts';

const children: ChildProcess[] = [];
const databases: string[] = [];

function spawn(database: string) {
  return spawnServerProcess(
    [
      '--database',
      database,
      '--redis',
      testServices().redis,
      '--lease-ms',
      '1000',
      '--bot-workers',
      '1',
      '--max-signups-per-address',
      '1000',
      '--max-matches-per-address',
      '100000',
    ],
    children,
  );
}

afterAll(async () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  for (const d of databases) await dropTestDatabase(d).catch(() => undefined);
});

describe('an event on several processes', () => {
  it('survives a kill -9 of its owner mid-round: nothing lost, nothing paired twice', async () => {
    const database = await testDatabase();
    databases.push(database);
    // A is a process of its own (to be killed); B runs in this one, started once A has migrated the database.
    const a = await spawn(database);
    const b = await testServer({
      database,
      redis: testServices().redis,
      leaseMs: 1000,
      eventPollMs: 100,
      limits: eventLimits(),
    });
    const organiser = await signUp(a, 'Owner');
    const players: Account[] = [];
    for (const n of ['Bors', 'Kay', 'Bedivere', 'Lamorak']) players.push(await signUp(a, n));
    const created = await as(a, organiser)('POST', '/api/events', {
      name: 'Coupe de Carlion',
      kind: 'swiss',
      game: 'camelot',
      players: 2,
      clock: { moveSeconds: 300 },
      rounds: 2,
    });
    const id = created.body.event.id as string;
    for (const p of players) expect((await as(a, p)('POST', `/api/events/${id}/join`)).status).toBe(200);
    // Started through A: A runs it.
    expect((await as(a, organiser)('POST', `/api/events/${id}/start`)).status).toBe(200);
    const round1 = (await api(a, 'GET', `/api/events/${id}`)).body.rounds[0].pairings;
    expect(round1).toHaveLength(2);
    const byName = new Map(players.map((p) => [p.name, p]));
    // Board 1 is played to its end on A; board 2 is under way when A dies.
    const [first, second] = round1;
    await Promise.all(
      first.seats.map((s: any, i: number) =>
        playSeat(a, byName.get(s.name)!, first.match, { resignAfter: i === 0 ? 2 : 9 }, i + 1),
      ),
    );
    await waitFor(
      async () => (await api(a, 'GET', `/api/events/${id}`)).body.rounds[0].pairings[0].status === 'done',
      5000,
    );
    const killed = new Promise<void>((r) => a.child.once('exit', () => r()));
    a.child.kill('SIGKILL');
    await killed;
    // B takes over: the rest of round 1 played through B, round 2 paired by B, played to the end.
    const final = await playEvent(
      b,
      id,
      players,
      (acc, match) => ({ resignAfter: match === second.match ? (acc.name === second.seats[0].name ? 1 : 9) : 2 }),
      (d) => d.event.status === 'finished',
      { pollMs: 100, timeoutMs: 30_000 },
    );
    expect(final.rounds).toHaveLength(2);
    expect(final.rounds[0].pairings.map((p: any) => p.match)).toEqual(round1.map((p: any) => p.match));
    expect(final.rounds[0].pairings.every((p: any) => p.status === 'done')).toBe(true);
    expect(final.standings.reduce((s: number, r: any) => s + r.points, 0)).toBeCloseTo(4, 6);
    // In the database: two tables a round, each with its own match, and no match of the event's players besides.
    const db = new pg.Client({ connectionString: database });
    await db.connect();
    try {
      const tables = await db.query(
        'SELECT round, COUNT(*)::int AS n FROM event_pairings WHERE event_id = $1 GROUP BY round ORDER BY round',
        [id],
      );
      expect(tables.rows).toEqual([
        { round: 1, n: 2 },
        { round: 2, n: 2 },
      ]);
      const matches = await db.query('SELECT COUNT(*)::int AS n FROM matches');
      expect(matches.rows[0].n).toBe(4);
      const rounds = await db.query('SELECT COUNT(*)::int AS n FROM event_rounds WHERE event_id = $1', [id]);
      expect(rounds.rows[0].n).toBe(2);
    } finally {
      await db.end();
    }
    await b.stop();
  }, 60_000);
});
