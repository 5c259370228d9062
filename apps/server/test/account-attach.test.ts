// A signed-in player on another device: the browser there holds no seat token (tokens are stored hashed, the
// server cannot hand them out), so attaching with the match and no token, with the account's session, takes the
// account's own seat. Everyone else attaching that way is a spectator. Real HTTP and WebSocket clients.
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, Client, testServer, type TestServer } from './helpers.ts';

const cheap = { N: 1 << 10, r: 8, p: 1 };
const PASSWORD = 'a long password';
let server: TestServer;
beforeAll(async () => {
  server = await testServer({ passwordCost: cheap });
});
afterAll(async () => {
  await server?.stop();
});

const cookieOf = (res: Response): string => /^(rt_session=[^;]*)/.exec(res.headers.get('set-cookie') ?? '')![1]!;

async function signUp(name: string): Promise<string> {
  const res = await fetch(`${server.url}/api/accounts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, password: PASSWORD }),
  });
  expect(res.status).toBe(201);
  return cookieOf(res);
}

/** A second device: a fresh login, its own session cookie, no token. */
async function logIn(name: string): Promise<string> {
  const res = await fetch(`${server.url}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, password: PASSWORD }),
  });
  expect(res.status).toBe(200);
  return cookieOf(res);
}

async function connect(cookie?: string, origin?: string): Promise<Client> {
  const ws = new WebSocket(server.ws, { ...(cookie ? { headers: { cookie } } : {}), ...(origin ? { origin } : {}) });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return new (Client as unknown as new (ws: WebSocket) => Client)(ws);
}

/** A Camelot match Alice created signed in (seat 0), joined by a guest (seat 1) who keeps the token. */
async function aliceAgainstGuest(alice: string): Promise<{ id: string; guestToken: string }> {
  const made = await api(
    server,
    'POST',
    '/api/matches',
    { game: 'camelot', seats: [{ kind: 'human' }, { kind: 'open' }] },
    { cookie: alice },
  );
  expect(made.status).toBe(201);
  const joined = await api(server, 'POST', `/api/matches/${made.body.match.id}/join`, { name: 'Passer-by' });
  expect(joined.status).toBe(200);
  return { id: made.body.match.id, guestToken: joined.body.token };
}

describe('attach with a match and no token', () => {
  it('a fresh login on another device attaches as the account’s seat and plays a move the others see', async () => {
    const first = await signUp('Alice of Avalon');
    const { id, guestToken } = await aliceAgainstGuest(first);
    const guest = await connect();
    await guest.request({ t: 'attach', token: guestToken });

    const second = await logIn('Alice of Avalon');
    expect(second).not.toBe(first);
    const phone = await connect(second);
    const attached = await phone.request({ t: 'attach', match: id });
    expect(attached).toMatchObject({ t: 'attached', match: id, seat: 0, status: 'active', yourTurn: true });
    const seatsMsg = await guest.wait((m) => m.t === 'seats' && m.seats[0].connected === true);
    expect(seatsMsg.seats[0].name).toBe('Alice of Avalon');

    const legal = await phone.request({ t: 'legal' });
    expect(legal.moves.length).toBeGreaterThan(0);
    const move = legal.moves[0];
    const ack = await phone.request({ t: 'move', move });
    expect(ack).toMatchObject({ t: 'update', last: { seat: 0, move }, yourTurn: false, ply: 1 });
    expect(await guest.wait((m) => m.t === 'update' && m.ply === 1)).toMatchObject({
      last: { seat: 0, move },
      yourTurn: true,
    });
    for (const c of [guest, phone]) c.close();
  });

  it('a guest, or an account with no seat in the match, attaches as a spectator and cannot move', async () => {
    const alice = await signUp('Alys');
    const { id } = await aliceAgainstGuest(alice);
    const bob = await signUp('Bedivere');
    for (const cookie of [undefined, bob]) {
      const c = await connect(cookie);
      const attached = await c.request({ t: 'attach', match: id });
      expect(attached).toMatchObject({ t: 'attached', match: id, seat: null, yourTurn: false });
      expect((await c.request({ t: 'legal' })).moves).toEqual([]);
      expect((await c.request({ t: 'move', move: 'F6-F7' })).code).toBe('SPECTATOR');
      c.close();
    }
    // Alice's seat 0 has not moved: the spectators changed nothing.
    const phone = await connect(await logIn('Alys'));
    expect(await phone.request({ t: 'attach', match: id })).toMatchObject({ seat: 0, yourTurn: true, ply: 0 });
    phone.close();
  });

  it('only from a page of this site: a socket opened by another origin with the cookie is a spectator', async () => {
    const cookie = await signUp('Gaheris');
    const { id } = await aliceAgainstGuest(cookie);
    const foreign = await connect(cookie, 'http://games.example.net');
    expect(await foreign.request({ t: 'attach', match: id })).toMatchObject({ seat: null });
    expect((await foreign.request({ t: 'move', move: 'F6-F7' })).code).toBe('SPECTATOR');
    foreign.close();
    const own = await connect(cookie, server.url);
    expect(await own.request({ t: 'attach', match: id })).toMatchObject({ seat: 0, yourTurn: true });
    own.close();
  });

  it('a guest seat claimed after sign-up is the account’s on its next device; a logged-out session is a spectator again', async () => {
    const made = await api(server, 'POST', '/api/matches', {
      game: 'camelot',
      seats: [{ kind: 'open' }, { kind: 'human', name: 'Gareth' }],
    });
    const id = made.body.match.id;
    const joined = await api(server, 'POST', `/api/matches/${id}/join`, { name: 'Lynette' });
    expect(joined.body.seat).toBe(0);
    const cookie = await signUp('Lynette');
    const claim = await api(server, 'POST', '/api/me/claim', { tokens: [joined.body.token] }, { cookie });
    expect(claim.body).toEqual({ claimed: [{ match: id, seat: 0 }], unknown: 0 });

    const other = await logIn('Lynette');
    const device = await connect(other);
    expect(await device.request({ t: 'attach', match: id })).toMatchObject({ seat: 0, yourTurn: true });
    device.close();

    expect((await api(server, 'DELETE', '/api/session', undefined, { cookie: other })).status).toBe(204);
    const after = await connect(other);
    expect(await after.request({ t: 'attach', match: id })).toMatchObject({ seat: null });
    expect((await after.request({ t: 'move', move: 'F6-F7' })).code).toBe('SPECTATOR');
    after.close();
  });

  it('with a token, the token’s seat wins (a hot-seat match of one account: the seat to move without one)', async () => {
    const cookie = await signUp('Percival');
    const made = await api(
      server,
      'POST',
      '/api/matches',
      { game: 'camelot', seats: [{ kind: 'human' }, { kind: 'human' }] },
      { cookie },
    );
    const id = made.body.match.id;
    const [t0, t1] = made.body.tokens;
    const c1 = await connect(cookie);
    expect(await c1.request({ t: 'attach', token: t1.token })).toMatchObject({ seat: 1, yourTurn: false });
    const c0 = await connect(cookie);
    expect(await c0.request({ t: 'attach', token: t0.token })).toMatchObject({ seat: 0, yourTurn: true });
    const move = (await c0.request({ t: 'legal' })).moves[0];
    await c0.request({ t: 'move', move });
    // Seat 1 is to move now: a tokenless attach of the same account takes it.
    const elsewhere = await connect(await logIn('Percival'));
    expect(await elsewhere.request({ t: 'attach', match: id })).toMatchObject({ seat: 1, yourTurn: true });
    for (const c of [c0, c1, elsewhere]) c.close();
  });
});
