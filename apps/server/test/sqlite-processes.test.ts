// Several processes on one data folder (`roundtable serve --processes N`): the SQLite stores' read-then-write steps
// (a cap counted then a row added, a job found then claimed, an event's lease) must hold when the processes race,
// not only because one process runs its synchronous statements one at a time. A few processes
// (fixtures/sqlite-racer.mjs) open a store on the same files and start each race together.
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SqliteClubStore } from '../src/clubs/sqlite-store.ts';
import { SqliteEventStore } from '../src/events/sqlite-store.ts';
import { EventFenced, type EventRow } from '../src/events/store.ts';
import { SqliteJobQueue } from '../src/jobs/sqlite-queue.ts';
import { quiet } from './jobs-contract.ts';

const RACER = fileURLToPath(new URL('./fixtures/sqlite-racer.mjs', import.meta.url));
const RACERS = 3;

const dirs: string[] = [];
const folder = (): string => {
  const d = mkdtempSync(join(tmpdir(), 'rt-sqlite-race-'));
  dirs.push(d);
  return d;
};

interface Seen {
  readonly seen: Record<string, number> & { ran?: number[] };
  readonly errors: string[];
}

/** The racing processes, started once for every race (a process's start is most of a race's time). */
let racers: ChildProcess[] = [];
beforeAll(() => {
  racers = Array.from({ length: RACERS }, () => fork(RACER, [], { stdio: 'inherit' }));
});
afterAll(() => {
  for (const r of racers) if (r.exitCode === null) r.kill();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** The next message of a racer (it exiting instead fails the race). */
const answer = <T>(racer: ChildProcess): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const exited = (code: number | null): void => reject(new Error(`a racer exited (${code})`));
    racer.once('exit', exited);
    racer.once('message', (m) => {
      racer.off('exit', exited);
      resolve(m as T);
    });
  });

/** Each racer opens its store on `dir`; once all have, they start together; what each saw. */
async function race(kind: string, dir: string, each: number, max = 0): Promise<Seen[]> {
  const ready = racers.map((r) => answer(r));
  racers.forEach((r, index) => r.send({ race: kind, dir, index, each, max }));
  await Promise.all(ready);
  const answers = racers.map((r) => answer<Seen>(r));
  for (const r of racers) r.send({ go: true });
  return Promise.all(answers);
}

const total = (answers: readonly Seen[], what: string): number => answers.reduce((n, a) => n + (a.seen[what] ?? 0), 0);

const event = (id: string): EventRow => ({
  id,
  organiser: 'o',
  organiserName: 'O',
  kind: 'swiss',
  game: 'camelot',
  status: 'upcoming',
  spec: {} as EventRow['spec'],
  createdAt: 0,
  startsAt: null,
  startedAt: null,
  endsAt: null,
  rounds: 3,
  round: 0,
  seed: 's',
});

describe('SQLite stores shared by several processes', () => {
  it('never admits a party past its cap of matches in play (limits.db, the matches attached)', async () => {
    const dir = folder();
    const matches = new Database(join(dir, 'matches.db'));
    matches.pragma('journal_mode = WAL');
    matches.exec('CREATE TABLE matches (id TEXT PRIMARY KEY, status TEXT NOT NULL)');
    matches.close();
    const answers = await race('limits', dir, 200, 300);
    expect(answers.flatMap((a) => a.errors)).toEqual([]);
    expect(total(answers, 'added')).toBe(300);
    expect(total(answers, 'full')).toBe(RACERS * 200 - 300);
  });

  it('never lets a club or an event past its cap, and gives each event lease to one process', async () => {
    const dir = folder();
    const clubs = new SqliteClubStore(dir);
    await clubs.create({ id: 'club', name: 'Club', nameKey: 'club', ownerId: 'owner', code: 'c', createdAt: 0 }, 0);
    const events = new SqliteEventStore(dir);
    await events.createEvent(event('event'));
    const joined = await race('clubs', dir, 25, 61);
    const entered = await race('entrants', dir, 25, 60);
    expect([...joined, ...entered].flatMap((a) => a.errors)).toEqual([]);
    expect(total(joined, 'added')).toBe(60); // the owner is the 61st member
    expect(total(joined, 'full')).toBe(RACERS * 25 - 60);
    expect((await clubs.members('club')).length).toBe(61);
    expect(total(entered, 'added')).toBe(60);
    expect(total(entered, 'full')).toBe(RACERS * 25 - 60);
    expect(total(entered, 'leased')).toBe(25);
    expect(total(entered, 'refused')).toBe((RACERS - 1) * 25);
    await clubs.close();
    await events.close();
  });

  it('runs each job once when several processes claim from one queue', async () => {
    const dir = folder();
    const queue = new SqliteJobQueue(dir, quiet);
    await queue.define({ name: 'race', retryLimit: 0, retryDelaySeconds: 1, expireSeconds: 60 });
    for (let i = 0; i < 200; i++) await queue.send('race', { i });
    const answers = await race('jobs', dir, 0);
    expect(answers.flatMap((a) => a.errors)).toEqual([]);
    const ran = answers.flatMap((a) => a.seen.ran ?? []).sort((a, b) => a - b);
    expect(ran).toEqual(Array.from({ length: 200 }, (_, i) => i));
    await queue.close();
  });
});

describe('SQLite event leases', () => {
  it('refuses the writes of a process whose lease was taken over, and lets its owner renew it', async () => {
    const dir = folder();
    let now = 1_000_000;
    const a = new SqliteEventStore(dir, { leaseMs: 10_000, now: () => now });
    const b = new SqliteEventStore(dir, { leaseMs: 10_000, now: () => now });
    await a.createEvent(event('e'));
    const fa = await a.lease('e', 'node-a');
    expect(fa).toMatchObject({ kind: 'lease', owner: 'node-a' });
    expect(await b.lease('e', 'node-b')).toBeNull();
    now += 9_000;
    // Renewed by its owner, at the same epoch (what it knows of the event still holds).
    expect(await a.lease('e', 'node-a')).toEqual(fa);
    now += 9_000;
    expect(await b.lease('e', 'node-b')).toBeNull();
    // A fenced write renews the lease too.
    await a.updateEvent(fa!, 'e', { status: 'running' });
    now += 9_000;
    expect(await b.lease('e', 'node-b')).toBeNull();
    now += 2_000;
    const fb = await b.lease('e', 'node-b');
    expect(fb).toMatchObject({ kind: 'lease', owner: 'node-b' });
    expect(fb).not.toEqual(fa);
    await expect(a.updateEvent(fa!, 'e', { round: 1 })).rejects.toBeInstanceOf(EventFenced);
    await expect(
      a.writeRound(fa!, { eventId: 'e', round: 1, startedAt: now, finishedAt: null }, []),
    ).rejects.toBeInstanceOf(EventFenced);
    expect(await b.rounds('e')).toEqual([]);
    expect(await a.lease('e', 'node-a')).toBeNull();
    expect(await b.writeRound(fb!, { eventId: 'e', round: 1, startedAt: now, finishedAt: null }, [])).toBe(true);
    expect((await b.rounds('e')).map((r) => r.round)).toEqual([1]);
    // Released: free at once for anyone, at a new epoch.
    await b.release(fb!);
    const again = await a.lease('e', 'node-a');
    expect(again).toMatchObject({ kind: 'lease', owner: 'node-a' });
    expect(again).not.toEqual(fa);
    await a.close();
    await b.close();
  });
});
