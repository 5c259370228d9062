// A correspondence round robin of 6 Camelot players (a day per move), rated, through the real server: every round's
// matches at once as correspondence championships are played, each seat played by its account's WebSocket (a few
// random moves, then one side resigns); the crosstable has each pair once, and the results rated the players.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, testServer, type TestServer } from './helpers.ts';
import { as, cheap, eventLimits, playEvent, signUp, type Account } from './events-clients.ts';

let server: TestServer;
beforeAll(async () => {
  server = await testServer({ passwordCost: cheap, httpRate: 1_000_000, eventPollMs: 50, limits: eventLimits() });
});
afterAll(async () => {
  await server?.stop();
});

describe('round robin by correspondence', () => {
  it('pairs every round at once; each pair meets once; standings and ratings follow the matches', async () => {
    const organiser = await signUp(server, 'Federation');
    const players: Account[] = await Promise.all(
      ['Arthur', 'Gauvain', 'Perceval', 'Lancelot', 'Tristan', 'Yvain'].map((n) => signUp(server, n)),
    );
    const created = await as(server, organiser)('POST', '/api/events', {
      name: 'Championnat par correspondance',
      kind: 'roundrobin',
      game: 'camelot',
      players: 2,
      clock: { days: 1 },
      rated: true,
    });
    expect(created.status).toBe(201);
    const id = created.body.event.id as string;
    for (const p of players) {
      const j = await as(server, p)('POST', `/api/events/${id}/join`);
      expect(j.status, JSON.stringify(j.body)).toBe(200);
    }
    expect((await as(server, organiser)('POST', `/api/events/${id}/start`)).status).toBe(200);

    // Every round is there from the start, its matches already created.
    const start = (await api(server, 'GET', `/api/events/${id}`)).body;
    expect(start.event.rounds).toBe(5);
    expect(start.rounds).toHaveLength(5);
    for (const r of start.rounds) {
      expect(r.pairings).toHaveLength(3);
      for (const p of r.pairings) expect(p.match).toBeTruthy();
    }
    // A player's own list has their five matches in play at once.
    const mine = (await as(server, players[0]!)('GET', '/api/me/matches')).body.matches;
    expect(mine.filter((m: any) => m.match.status === 'active')).toHaveLength(5);

    let k = 0;
    const final = await playEvent(
      server,
      id,
      players,
      () => ({ resignAfter: k++ % 2 === 0 ? 1 : 4 }),
      (d) => d.event.status === 'finished',
    );
    // Crosstable: each pair met exactly once, and what one scored the other conceded.
    const n = final.crosstable.entrants.length;
    expect(n).toBe(6);
    for (let i = 0; i < n; i++)
      for (let j = 0; j < n; j++) {
        const games = final.crosstable.cells[i][j];
        expect(games).toHaveLength(i === j ? 0 : 1);
        if (i !== j) expect(games[0].score + final.crosstable.cells[j][i][0].score).toBe(1);
      }
    // Standings: 15 games of a point each.
    expect(final.standings.reduce((s: number, r: any) => s + r.points, 0)).toBeCloseTo(15, 6);
    for (const r of final.rounds) expect(r.finishedAt).not.toBeNull();
    // Rated as ordinary rated matches: each player's Camelot history has a rating from each of the five matches.
    // (The rating of the last match is stored just after it ends.)
    const games = async (name: string): Promise<number> =>
      (await api(server, 'GET', `/api/players/${name}`)).body.ratings.find((r: any) => r.game === 'camelot')?.history
        .length ?? 0;
    for (const p of players) {
      for (let i = 0; i < 40 && (await games(p.name)) < 5; i++) await new Promise((r) => setTimeout(r, 50));
      expect(await games(p.name)).toBe(5);
      // Matches of one account that end together are rated one after the other: none of the five updates is lost.
      const rating = (await api(server, 'GET', `/api/players/${p.name}`)).body.ratings.find(
        (r: any) => r.game === 'camelot',
      );
      expect(rating.games).toBe(5);
    }
  }, 60_000);
});
