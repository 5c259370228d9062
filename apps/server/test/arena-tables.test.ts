// An arena of 40 accounts at tables of three of Le Tournoi de Camelot, through the real server: each seat played
// by its account's WebSocket; a player who finishes is paired again at once; those left waiting with too few for a
// table get house bots; one account never shows and its seat is handed to a bot (marked); the record verifies.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, testServer, type TestServer } from './helpers.ts';
import { placesFromOutcome, verifyEventRecord } from '../src/events/pairing/index.ts';
import { as, cheap, eventLimits, playEvent, signUp, type Account } from './events-clients.ts';

let server: TestServer;
beforeAll(async () => {
  server = await testServer({
    passwordCost: cheap,
    httpRate: 1_000_000,
    eventPollMs: 50,
    botMs: 5,
    limits: eventLimits({ eventNoShowSeconds: 2 }),
  });
});
afterAll(async () => {
  await server?.stop();
});

describe('arena at tables', () => {
  it('re-pairs players as they finish, fills short tables with bots, hands a no-show to a bot', async () => {
    const organiser = await signUp(server, 'Merlin');
    const players: Account[] = await Promise.all(Array.from({ length: 40 }, (_, i) => signUp(server, `Squire${i}`)));
    const created = await as(server, organiser)('POST', '/api/events', {
      name: 'Arène du samedi',
      kind: 'arena',
      game: 'tournament',
      options: { life: 50, heroes: 'none', godsends: false },
      players: 3,
      clock: { moveSeconds: 60 },
      // 6 s: the no-show wait (2 s) and the runner's looks fit well inside it on a loaded machine (with 3 s, one full
      // run in five ended the arena before the no-show's seat was handed over).
      minutes: 0.1,
      bots: true,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.event.id as string;
    await Promise.all(players.map((p) => as(server, p)('POST', `/api/events/${id}/join`)));
    expect((await as(server, organiser)('POST', `/api/events/${id}/start`)).status).toBe(200);
    const absent = players[7]!;
    const final = await playEvent(
      server,
      id,
      players,
      (a) => (a === absent ? { absent: true } : {}),
      (d) => d.event.status === 'finished',
    );
    const pairings = final.rounds.flatMap((r: any) => r.pairings);
    // Everyone played; some played again after finishing (re-paired at once).
    const games = new Map<string, number>();
    for (const p of pairings) for (const s of p.seats) games.set(s.name, (games.get(s.name) ?? 0) + 1);
    for (const p of players) expect(games.get(p.name) ?? 0).toBeGreaterThanOrEqual(1);
    expect(Math.max(...games.values())).toBeGreaterThanOrEqual(2);
    // Short tables were filled by house bots (not entrants: never in the standings).
    expect(pairings.some((p: any) => p.seats.some((s: any) => s.bot && s.name === 'bot'))).toBe(true);
    expect(final.standings.some((s: any) => s.name === 'bot')).toBe(false);
    // The no-show: its seat went to a bot so the others played on; marked, and withdrawn from the arena.
    const row = final.standings.find((s: any) => s.name === absent.name);
    expect(row.botReplaced).toBe(1);
    expect(row.withdrawn).toBe(true);
    expect(row.points).toBe(0);
    // The record verifies against the matches' summaries.
    const record = (await api(server, 'GET', `/api/events/${id}/record`)).body;
    const matches = [];
    for (const r of record.results.filter((x: any) => x.kind === 'match')) {
      const m = (await api(server, 'GET', `/api/matches/${r.matchId}`)).body.match;
      const entrant = record.rounds[0].tables.find((t: any) => t.matchId === r.matchId).seats;
      matches.push({
        kind: 'match' as const,
        matchId: r.matchId,
        round: r.round,
        seats: entrant.map((e: string, seat: number) => ({
          entrant: e,
          place: placesFromOutcome(m.outcome, entrant.length)[seat]!,
          // A seat of an entrant a bot played: handed over (no-show); an ended match's losers by no-show: forfeit.
          status: (e.startsWith('bot:')
            ? 'played'
            : m.outcome.reason === 'no-show' && !m.outcome.winners.includes(seat)
              ? 'forfeit'
              : m.seats[seat].kind === 'bot'
                ? 'bot-replaced'
                : 'played') as 'bot-replaced' | 'played' | 'forfeit',
        })),
      });
    }
    expect(verifyEventRecord(record, matches)).toEqual({ ok: true, differences: [] });
  }, 60_000);
});
