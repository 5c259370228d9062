/**
 * The games kept for tests, listed by the catalog with ROUNDTABLE_FIXTURES=1 and served without a line of their
 * own: created, played against a bot through a real WebSocket client, watched by a spectator who never sees a
 * hand, and replayed from the record. The server's game list is the catalog's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

process.env.ROUNDTABLE_FIXTURES = '1';
const { LINES, GAME_IDS } = await import('@roundtable/catalog');
const { api, Client, pick, testServer } = await import('./helpers.ts');

let server: Awaited<ReturnType<typeof testServer>>;
beforeAll(async () => {
  server = await testServer({ rate: { perSecond: 2000, burst: 4000 } });
});
afterAll(async () => {
  await server.stop();
});

describe('the games kept for tests, online', () => {
  it('lists every game of the catalog, fixtures included when they are on', async () => {
    const listed = (await api(server, 'GET', '/api/games')).body.map((g: { id: string }) => g.id);
    expect(listed).toEqual(LINES.map((l) => l.descriptor.id));
    expect(listed).toEqual(GAME_IDS);
  });

  for (const [id, seats] of [
    ['stones', 2],
    ['sealed', 3],
  ] as const) {
    it(`${id}: created, played against bots, watched by a spectator, replayed from its record`, async () => {
      const created = await api(server, 'POST', '/api/matches', {
        game: id,
        seed: 9,
        seats: [{ kind: 'human' }, ...Array.from({ length: seats - 1 }, () => ({ kind: 'bot', level: 'easy' }))],
      });
      expect(created.status).toBe(201);
      const matchId = created.body.match.id;
      const spectator = await Client.connect(server.ws);
      await spectator.request({ t: 'attach', match: matchId });
      const player = await Client.connect(server.ws);
      let last = await player.request({ t: 'attach', token: created.body.tokens[0].token });
      expect(last).toMatchObject({ t: 'attached', seat: 0, status: 'active' });
      for (let i = 0; i < 50 && last.status === 'active'; i++) {
        if (!last.yourTurn) {
          last = await player.wait((m) => m.t === 'update', 30_000);
          continue;
        }
        const legal = await player.request({ t: 'legal' });
        last = await player.request({ t: 'move', move: pick(legal.moves, i) });
        expect(last.t).toBe('update');
      }
      expect(last.status).toBe('finished');
      expect(last.outcome.reason).toBe(id === 'stones' ? 'last-stone' : 'highest-row');
      const watched = await spectator.seen((m) => m.t === 'update' && m.status === 'finished');
      if (id === 'sealed') {
        // Every message the spectator got shows no hand.
        for (const m of spectator.messages) if (m.view) expect(m.view.hand).toEqual([]);
        expect(last.view.hand).toEqual([]);
      } else expect(watched.view).toEqual(last.view);
      const record = await api(server, 'GET', `/api/matches/${matchId}/record`);
      const plies = record.body.moves.length as number;
      if (id === 'sealed') expect(plies).toBe(3 * seats);
      expect((await api(server, 'GET', `/api/matches/${matchId}/replay`)).body.plies).toBe(plies);
      // The replay's last position is what the spectator saw at the end.
      const replay = await api(server, 'GET', `/api/matches/${matchId}/replay/${plies}`);
      expect(replay.body.view).toEqual(watched.view);
      player.close();
      spectator.close();
    });
  }
});
