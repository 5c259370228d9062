// A Swiss of 17 accounts in tables of Le Tournoi de Camelot, 5 rounds, through the real server: every seat played
// by its account's own WebSocket (random legal moves, short games: 50 life, no heroes, no godsends); after each
// round the standings equal a recomputation from the stored matches' outcomes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, testServer, type TestServer } from './helpers.ts';
import { verifyEventRecord } from '../src/events/pairing/index.ts';
import { as, cheap, eventLimits, playEvent, signUp, type Account } from './events-clients.ts';

let server: TestServer;
beforeAll(async () => {
  server = await testServer({
    passwordCost: cheap,
    eventPollMs: 50,
    botMs: 5,
    limits: eventLimits({ eventNoShowSeconds: 600 }),
  });
});
afterAll(async () => {
  await server?.stop();
});

/** What each seat scored at its table from the match's outcome: the share of table-mates beaten, a tie half. */
function scoresOf(outcome: { winners: number[]; draw: boolean }, n: number): number[] {
  const place = (s: number): number => (outcome.draw || outcome.winners.includes(s) ? 1 : 2);
  return Array.from({ length: n }, (_, i) => {
    let sum = 0;
    for (let j = 0; j < n; j++) if (j !== i) sum += place(i) < place(j) ? 1 : place(i) === place(j) ? 0.5 : 0;
    return sum / (n - 1);
  });
}

describe('Swiss in tables of Le Tournoi de Camelot', () => {
  it('plays 5 rounds of 17 accounts; after each round the standings equal a recomputation from the matches', async () => {
    const t0 = Date.now();
    const organiser = await signUp(server, 'Organiser');
    console.log(`first sign-up: ${Date.now() - t0} ms`);
    const players: Account[] = [];
    for (let i = 0; i < 17; i++) players.push(await signUp(server, `Knight${i}`));
    const created = await as(server, organiser)('POST', '/api/events', {
      name: 'Tournoi de la Pentecôte',
      kind: 'swiss',
      game: 'tournament',
      options: { life: 50, heroes: 'none', godsends: false },
      players: 4,
      clock: { moveSeconds: 120 },
      rounds: 5,
    });
    expect(created.status).toBe(201);
    const id = created.body.event.id as string;
    for (const p of players) expect((await as(server, p)('POST', `/api/events/${id}/join`, {})).status).toBe(200);
    expect((await as(server, organiser)('POST', `/api/events/${id}/start`)).status).toBe(200);

    const recomputed = async (detail: any): Promise<Map<string, number>> => {
      const points = new Map<string, number>(detail.standings.map((s: any) => [s.name, 0]));
      for (const round of detail.rounds) {
        for (const p of round.pairings) {
          if (p.status === 'playing') continue;
          if (p.status === 'bye') {
            points.set(p.seats[0].name, points.get(p.seats[0].name)! + 0.5);
            continue;
          }
          const match = (await api(server, 'GET', `/api/matches/${p.match}`)).body.match;
          expect(match.status).toBe('finished');
          // The match's seats are the pairing's, named after the accounts.
          expect(match.seats.map((s: any) => s.name)).toEqual(p.seats.map((s: any) => s.name));
          scoresOf(match.outcome, p.seats.length).forEach((sc, i) => {
            points.set(p.seats[i].name, points.get(p.seats[i].name)! + sc);
          });
        }
      }
      return points;
    };

    const seatCounts = new Map<string, number>();
    for (let round = 1; round <= 5; round++) {
      const tr = Date.now();
      const detail = await playEvent(
        server,
        id,
        players,
        () => ({}),
        (d) =>
          d.event.status === 'finished' || d.event.round > round || (d.rounds[round - 1]?.finishedAt ?? null) !== null,
      );
      console.log(`round ${round}: ${Date.now() - tr} ms`);
      const points = await recomputed(detail);
      for (const s of detail.standings) expect(s.points).toBeCloseTo(points.get(s.name)!, 5);
      // Ranked by points, then tie-breaks.
      for (let i = 1; i < detail.standings.length; i++)
        expect(detail.standings[i - 1].points).toBeGreaterThanOrEqual(detail.standings[i].points);
      const r = detail.rounds[round - 1];
      // 17 in tables of 4: every entrant seated or given a bye, once.
      const seated = r.pairings.flatMap((p: any) => p.seats.map((s: any) => s.name));
      expect(new Set(seated).size).toBe(17);
      expect(seated.length).toBe(17);
      for (const p of r.pairings) {
        expect(p.status).toBe(p.seats.length === 1 ? 'bye' : 'done');
        if (p.match) seatCounts.set(p.seats[0].name, (seatCounts.get(p.seats[0].name) ?? 0) + 1);
      }
    }
    const final = (await api(server, 'GET', `/api/events/${id}`)).body;
    expect(final.event.status).toBe('finished');
    expect(final.rounds).toHaveLength(5);
    // The record verifies against the matches as their own summaries give them (seats in order, winners).
    const record = (await api(server, 'GET', `/api/events/${id}/record`)).body;
    expect(record.version).toBe(1);
    const matches = [];
    for (const round of record.rounds) {
      for (const t of round.tables) {
        const m = (await api(server, 'GET', `/api/matches/${t.matchId}`)).body.match;
        matches.push({
          kind: 'match' as const,
          matchId: t.matchId,
          round: round.round,
          seats: t.seats.map((entrant: string, seat: number) => ({
            entrant,
            place: m.outcome.draw || m.outcome.winners.includes(seat) ? 1 : 2,
            status: 'played' as const,
          })),
        });
      }
    }
    expect(matches.length).toBeGreaterThanOrEqual(20);
    expect(verifyEventRecord(record, matches)).toEqual({ ok: true, differences: [] });
    // A result changed in the record is caught.
    const forged = structuredClone(record);
    const first = forged.results.find((r: any) => r.kind === 'match');
    first.seats[0].place = first.seats[0].place === 1 ? 2 : 1;
    expect(verifyEventRecord(forged, matches).ok).toBe(false);
    console.log(`swiss-tournoi: ${Date.now() - t0} ms`);
  }, 90_000);
});
