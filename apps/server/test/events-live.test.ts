// An event's page kept live over the real WebSocket (`watch-event`): a watcher is sent the event's detail, as a
// spectator sees it, within a moment of each change (an entrant in, the start and a round paired, a result
// recorded and the next round paired); unwatched, it is sent nothing more (an entrant withdraws); a watch of a malformed or unknown event
// is refused in words (English and French) and watches nothing. Two processes on one PostgreSQL and Redis: a change
// written by one reaches the watchers on the other.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, Client, dropTestDatabase, testDatabase, testServer, testServices, type TestServer } from './helpers.ts';
import { as, cheap, eventLimits, playSeat, signUp, type Account } from './events-clients.ts';

let server: TestServer;
beforeAll(async () => {
  server = await testServer({ passwordCost: cheap, eventPollMs: 50, limits: eventLimits() });
});
afterAll(async () => {
  await server?.stop();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('watching an event live over the WebSocket', () => {
  it('sends the detail on each change while watched, nothing once unwatched; a bad watch is refused and watches nothing', async () => {
    const organiser = await signUp(server, 'Uther');
    const [a, b, c] = (await Promise.all(['Ywain', 'Bohort', 'Dinadan'].map((n) => signUp(server, n)))) as [
      Account,
      Account,
      Account,
    ];
    const made = await as(server, organiser)('POST', '/api/events', {
      name: 'Joute du soir',
      kind: 'swiss',
      game: 'camelot',
      players: 2,
      clock: { moveSeconds: 60 },
      rounds: 2,
      conditions: { inviteCode: 'secret-graal' },
    });
    const id = made.body.event.id as string;
    const join = async (p: Account) =>
      expect((await as(server, p)('POST', `/api/events/${id}/join`, { inviteCode: 'secret-graal' })).status).toBe(200);
    await join(a);

    // A spectator's socket, without an account.
    const ws = await Client.connect(`${server.ws}?lang=fr`);
    const malformed = await ws.request({ t: 'watch-event', event: 'not an id!' });
    expect(malformed).toMatchObject({ t: 'error', code: 'BAD_MESSAGE' });
    expect(malformed.details.reason).toMatch(/^event: an event id is/);
    const unknown = await ws.request({ t: 'watch-event', event: 'nope' });
    expect(unknown).toMatchObject({ t: 'error', code: 'NO_SUCH_EVENT' });
    expect(unknown.message).toBe('Il n’y a pas d’événement «\u00a0nope\u00a0».');
    expect((await ws.request({ t: 'watch-event', event: id, extra: 1 })).code).toBe('BAD_MESSAGE');
    // None of those watches anything: a change of the event is not sent.
    await join(b);
    await sleep(400);
    expect(ws.messages.filter((m) => m.t === 'event')).toEqual([]);

    const first = await ws.request({ t: 'watch-event', event: id });
    expect(first).toMatchObject({ t: 'event', event: id, detail: { event: { status: 'upcoming', entrants: 2 } } });
    // What a spectator may see: no `entered` (each viewer's own), never the invitation code.
    expect(first.detail).not.toHaveProperty('entered');
    expect(JSON.stringify(first)).not.toContain('secret-graal');

    const changed = async (what: (d: any) => boolean): Promise<{ detail: any; ms: number }> => {
      const t0 = Date.now();
      const m = await ws.wait((x) => x.t === 'event' && x.id === undefined && what(x.detail), 2000);
      return { detail: m.detail, ms: Date.now() - t0 };
    };
    // A player enters.
    const entered = changed((d) => d.event.entrants === 3);
    await join(c);
    expect((await entered).ms).toBeLessThan(1000);
    // The organiser starts it: round 1 paired (one table and a bye).
    const paired = changed((d) => d.event.status === 'running' && d.rounds.length === 1);
    expect((await as(server, organiser)('POST', `/api/events/${id}/start`)).status).toBe(200);
    const round1 = (await paired).detail.rounds[0].pairings;
    const table = round1.find((p: any) => p.status === 'playing');
    expect(round1.map((p: any) => p.status).sort()).toEqual(['bye', 'playing']);
    // A result: one side resigns at once; the watcher sees it recorded and round 2 paired.
    const byName = new Map([a, b, c].map((p) => [p.name, p]));
    const [s0, s1] = table.seats.map((s: any) => byName.get(s.name)!);
    const recorded = changed(
      (d) => d.rounds[0].pairings.some((p: any) => p.status === 'done') && d.rounds.length === 2,
    );
    void playSeat(server, s1, table.match, {}, 1).catch(() => undefined);
    await playSeat(server, s0, table.match, { resignAfter: 0 }, 2);
    const after = (await recorded).detail;
    // The table asks which event its match is of (GET /api/matches/:id/event): a Swiss never offers berserk.
    const of = await as(server, s0)('GET', `/api/matches/${table.match}/event`);
    expect(of.body).toMatchObject({ event: { id }, round: 1, seat: 0, canBerserk: false });
    expect((await as(server, s0)('GET', '/api/matches/nope/event')).body.error.code).toBe('NO_SUCH_EVENT');
    expect(after.standings.find((s: any) => s.name === s1.name).points).toBe(1);

    // Unwatched: an entrant withdraws, and nothing more is sent.
    expect((await ws.request({ t: 'unwatch-event', event: id })).t).toBe('ok');
    const count = ws.messages.length;
    expect((await as(server, a)('POST', `/api/events/${id}/withdraw`)).status).toBe(200);
    const standings = (await api(server, 'GET', `/api/events/${id}`)).body.standings;
    expect(standings.find((s: any) => s.name === a.name).withdrawn).toBe(true);
    await sleep(600);
    expect(ws.messages.slice(count)).toEqual([]);
    ws.ws.close();
  });
});

describe('watching an event on several processes', () => {
  it('a change written by one process reaches a watcher on the other, through Redis', async () => {
    const database = await testDatabase();
    // One after the other: the first migrates the database.
    const start = () =>
      testServer({ database, redis: testServices().redis, passwordCost: cheap, limits: eventLimits() });
    const a = await start();
    const b = await start();
    try {
      const organiser = await signUp(a, 'Pellinore');
      const made = await as(a, organiser)('POST', '/api/events', {
        name: 'Deux châteaux',
        kind: 'swiss',
        game: 'camelot',
        players: 2,
        clock: { moveSeconds: 60 },
        rounds: 1,
      });
      const id = made.body.event.id as string;
      const ws = await Client.connect(b.ws);
      expect((await ws.request({ t: 'watch-event', event: id })).detail.event.entrants).toBe(0);
      const player = await signUp(a, 'Lamorak');
      const t0 = Date.now();
      const told = ws.wait((m) => m.t === 'event' && m.detail.event.entrants === 1, 2000);
      expect((await as(a, player)('POST', `/api/events/${id}/join`)).status).toBe(200);
      await told;
      expect(Date.now() - t0).toBeLessThan(1000);
      ws.ws.close();
    } finally {
      await Promise.all([a.stop(), b.stop()]);
      await dropTestDatabase(database).catch(() => undefined);
    }
  });
});
