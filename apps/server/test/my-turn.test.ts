// "My turn" (issue 36): every correspondence match waiting for the signed-in account, across games, the least
// time left first; matches waiting for the opponent and matches on a live clock are not listed.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { api, Client, testServer, type TestServer } from './helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await testServer({ passwordCost: { N: 1 << 10, r: 8, p: 1 } });
});
afterAll(async () => {
  await server?.stop();
});

async function account(name: string): Promise<string> {
  const res = await fetch(`${server.url}/api/accounts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, password: 'a long password' }),
  });
  expect(res.status).toBe(201);
  return /^(rt_session=[^;]*)/.exec(res.headers.get('set-cookie') ?? '')![1]!;
}

/**
 * A match created by `host` (seat 0) and joined by `guest` (seat 1): it starts, seat 0 to move. Where the game
 * draws its first player (Lancelot), a guest drawn to begin plays one move, so that the host is to move.
 */
async function match(
  game: string,
  clock: unknown,
  host: string,
  guest: string,
): Promise<{ id: string; token: string }> {
  const made = await api(
    server,
    'POST',
    '/api/matches',
    { game, seats: [{ kind: 'human' }, { kind: 'open' }], clock },
    { cookie: host },
  );
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const id: string = made.body.match.id;
  const joined = await api(server, 'POST', `/api/matches/${id}/join`, {}, { cookie: guest });
  expect(joined.status).toBe(200);
  const c = await Client.connect(server.ws);
  await c.request({ t: 'attach', token: joined.body.token });
  const legal = await c.request({ t: 'legal' });
  if (legal.moves.length > 0) expect((await c.request({ t: 'move', move: legal.moves[0] })).t).toBe('update');
  c.close();
  return { id, token: made.body.tokens[0].token };
}

it('lists the correspondence matches waiting for the account across games, least time left first, and no other', async () => {
  const ann = await account('Ann');
  const bob = await account('Bob');
  const threeDays = await match('camelot', { days: 3 }, ann, bob);
  const oneDay = await match('lancelot', { days: 1 }, ann, bob);
  const twoDays = await match('camelot', { days: 2 }, ann, bob);
  await match('camelot', { moveSeconds: 600 }, ann, bob);
  // Ann moves in this one: it waits for Bob now.
  const bobs = await match('camelot', { days: 1 }, ann, bob);
  const c = await Client.connect(server.ws);
  await c.request({ t: 'attach', token: bobs.token });
  const legal = await c.request({ t: 'legal' });
  expect((await c.request({ t: 'move', move: legal.moves[0] })).t).toBe('update');
  c.close();

  const mine = await api(server, 'GET', '/api/my-turn', undefined, { cookie: ann });
  expect(mine.status).toBe(200);
  expect(mine.body.matches.map((m: { match: { id: string } }) => m.match.id)).toEqual([
    oneDay.id,
    twoDays.id,
    threeDays.id,
  ]);
  const deadlines = mine.body.matches.map((m: { deadline: number }) => m.deadline - mine.body.now);
  expect(deadlines[0]).toBeGreaterThan(0.9 * 86_400_000);
  expect(deadlines[0]).toBeLessThan(deadlines[1]);
  expect(deadlines[1]).toBeLessThan(deadlines[2]);
  expect(mine.body.matches.map((m: { seat: number }) => m.seat)).toEqual([0, 0, 0]);
  const theirs = await api(server, 'GET', '/api/my-turn', undefined, { cookie: bob });
  expect(theirs.body.matches.map((m: { match: { id: string }; seat: number }) => [m.match.id, m.seat])).toEqual([
    [bobs.id, 1],
  ]);
  const nobody = await api(server, 'GET', '/api/my-turn');
  expect(nobody.status).toBe(401);
  expect(nobody.body.error.code).toBe('NOT_SIGNED_IN');
});
