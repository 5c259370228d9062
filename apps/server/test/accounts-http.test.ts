// Accounts over real HTTP: sign-up, sessions in an HttpOnly cookie, guessing limits, names, and the seats an
// account holds (created, joined or claimed) with whose turn it is.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, Client, testServer, type TestServer } from './helpers.ts';

const cheap = { N: 1 << 10, r: 8, p: 1 };
let server: TestServer;
beforeAll(async () => {
  server = await testServer({ passwordCost: cheap });
});
afterAll(async () => {
  await server?.stop();
});

/** A request with an optional session cookie; answers the status, body and the cookie set, if any. */
async function call(
  method: string,
  path: string,
  body?: unknown,
  cookie?: string,
): Promise<{ status: number; body: any; cookie: string | null; setCookie: string | null }> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (cookie) headers.cookie = cookie;
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  const setCookie = res.headers.get('set-cookie');
  const value = setCookie ? /^rt_session=([^;]*)/.exec(setCookie)?.[1] : undefined;
  return {
    status: res.status,
    body: text ? JSON.parse(text) : null,
    cookie: value ? `rt_session=${value}` : null,
    setCookie,
  };
}

async function signUp(name: string, password = 'a long password'): Promise<string> {
  const r = await call('POST', '/api/accounts', { name, password });
  expect(r.status).toBe(201);
  return r.cookie!;
}

describe('accounts', () => {
  it('sign up sets an HttpOnly, SameSite=Lax session cookie that says who you are', async () => {
    const r = await call('POST', '/api/accounts', { name: 'Sir Percival', password: 'grail seeker' });
    expect(r.status).toBe(201);
    expect(r.body.me).toMatchObject({ name: 'Sir Percival' });
    expect(r.setCookie).toMatch(/HttpOnly/i);
    expect(r.setCookie).toMatch(/SameSite=Lax/i);
    expect((await call('GET', '/api/me', undefined, r.cookie!)).body.me.name).toBe('Sir Percival');
  });

  it('logs in with the right password only; without its cookie nothing is signed in', async () => {
    await signUp('Sir Bors');
    const wrong = await call('POST', '/api/session', { name: 'sir bors', password: 'not the one' }, undefined);
    expect(wrong.status).toBe(401);
    expect(wrong.body.error.code).toBe('WRONG_LOGIN');
    expect(wrong.cookie).toBeNull();
    const fr = await fetch(`${server.url}/api/session?lang=fr`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Sir Bors', password: 'nope nope' }),
    });
    expect((await fr.json()).error.message).toBe('Nom ou mot de passe incorrect.');
    const good = await call('POST', '/api/session', { name: 'SIR BORS', password: 'a long password' });
    expect(good.status).toBe(200);
    expect(good.body.me.name).toBe('Sir Bors');
    const none = await call('GET', '/api/me');
    expect(none.status).toBe(401);
    expect(none.body.error.code).toBe('NOT_SIGNED_IN');
    expect(
      (await call('GET', '/api/me', undefined, 'rt_session=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')).status,
    ).toBe(401);
  });

  it('a session cookie cannot be replayed after logout', async () => {
    const cookie = await signUp('Sir Tor');
    expect((await call('GET', '/api/me', undefined, cookie)).status).toBe(200);
    const out = await call('DELETE', '/api/session', undefined, cookie);
    expect(out.status).toBe(204);
    expect(out.setCookie).toMatch(/Max-Age=0/i);
    expect((await call('GET', '/api/me', undefined, cookie)).status).toBe(401);
  });

  it('names are unique without regard to case and look-alikes, and refused ones store nothing', async () => {
    await signUp('Sir Lionel');
    for (const same of ['sir lionel', 'SIR_LIONEL', 'Sir L1onel', 'Sír Lïonel']) {
      const r = await call('POST', '/api/accounts', { name: same, password: 'a long password' });
      expect(r.status).toBe(409);
      expect(r.body.error.code).toBe('NAME_TAKEN');
    }
    const cyrillic = await call('POST', '/api/accounts', { name: 'Sir Liоnel', password: 'a long password' }); // Cyrillic о
    expect(cyrillic.body.error.code).toBe('BAD_NAME');
    expect((await call('POST', '/api/accounts', { name: 'Sir Ector', password: 'short' })).body.error.code).toBe(
      'BAD_PASSWORD',
    );
    expect((await call('POST', '/api/session', { name: 'Sir Ector', password: 'short' })).body.error.code).toBe(
      'WRONG_LOGIN',
    );
  });

  it('guessing is stopped: after 10 wrong passwords for a name, 429 LOGIN_RATE_LIMITED, even for the right one', async () => {
    await signUp('Sir Dagonet', 'the right password');
    for (let i = 0; i < 10; i++)
      expect((await call('POST', '/api/session', { name: 'Sir Dagonet', password: `guess number ${i}` })).status).toBe(
        401,
      );
    const blocked = await call('POST', '/api/session', { name: 'Sir Dagonet', password: 'the right password' });
    expect(blocked.status).toBe(429);
    expect(blocked.body.error.code).toBe('LOGIN_RATE_LIMITED');
    expect(blocked.body.error.details.retrySeconds).toBeGreaterThan(0);
    expect(blocked.cookie).toBeNull();
  });
});

describe('seats an account holds', () => {
  it("a match created and one joined with a session are the account's, named after it, with whose turn it is", async () => {
    const arthur = await signUp('Arthur Pendragon');
    const morgan = await signUp('Morgan le Fay');
    const made = await call(
      'POST',
      '/api/matches',
      { game: 'camelot', seats: [{ kind: 'human', name: 'Someone Else' }, { kind: 'open' }] },
      arthur,
    );
    expect(made.status).toBe(201);
    expect(made.body.match.seats[0].name).toBe('Arthur Pendragon');
    const joined = await call('POST', `/api/matches/${made.body.match.id}/join`, { name: 'Not Morgan' }, morgan);
    expect(joined.status).toBe(200);
    expect(joined.body.match.seats.map((s: any) => s.name)).toEqual(['Arthur Pendragon', 'Morgan le Fay']);
    const mine = await call('GET', '/api/me/matches', undefined, arthur);
    expect(mine.body.matches).toEqual([
      expect.objectContaining({
        seat: 0,
        yourTurn: true,
        match: expect.objectContaining({ id: made.body.match.id, status: 'active' }),
      }),
    ]);
    const hers = await call('GET', '/api/me/matches', undefined, morgan);
    expect(hers.body.matches).toEqual([expect.objectContaining({ seat: 1, yourTurn: false })]);
    // After White moves, it is Black's turn.
    const c = await Client.connect(server.ws);
    await c.request({ t: 'attach', token: made.body.tokens[0].token });
    const legal = await c.request({ t: 'legal' });
    await c.request({ t: 'move', move: legal.moves[0] });
    c.close();
    expect((await call('GET', '/api/me/matches', undefined, morgan)).body.matches[0].yourTurn).toBe(true);
    expect((await call('GET', '/api/me/matches', undefined, arthur)).body.matches[0].yourTurn).toBe(false);
    expect((await call('GET', '/api/me/matches')).status).toBe(401);
  });

  it("a guest's seats are claimed with their tokens; a guest cannot take an account's name", async () => {
    const kay = await signUp('Sir Kay');
    const impostor = await call('POST', '/api/matches', {
      game: 'camelot',
      seats: [
        { kind: 'human', name: 'SIR KAY' },
        { kind: 'bot', level: 'random' },
      ],
    });
    expect(impostor.status).toBe(409);
    expect(impostor.body.error.code).toBe('NAME_TAKEN');
    const guest = await api(server, 'POST', '/api/matches', {
      game: 'lancelot',
      seats: [{ kind: 'human', name: 'Kay the guest' }, { kind: 'open' }],
    });
    expect(guest.status).toBe(201);
    const joinAsKay = await api(server, 'POST', `/api/matches/${guest.body.match.id}/join`, { name: 'Sír Kay' });
    expect(joinAsKay.body.error.code).toBe('NAME_TAKEN');
    const token = guest.body.tokens[0].token;
    const claimed = await call('POST', '/api/me/claim', { tokens: [token, 'not-a-token-at-all'] }, kay);
    expect(claimed.body).toEqual({ claimed: [{ match: guest.body.match.id, seat: 0 }], unknown: 1 });
    expect((await api(server, 'GET', `/api/matches/${guest.body.match.id}`)).body.match.seats[0].name).toBe('Sir Kay');
    const mine = await call('GET', '/api/me/matches', undefined, kay);
    expect(mine.body.matches).toEqual([
      expect.objectContaining({ seat: 0, yourTurn: false, match: expect.objectContaining({ status: 'open' }) }),
    ]);
    expect((await call('POST', '/api/me/claim', { tokens: [token] })).status).toBe(401);
    expect((await call('POST', '/api/me/claim', { tokens: [] }, kay)).body.error.code).toBe('BAD_REQUEST');
  });
});

describe('names and presence at the table', () => {
  it("seats show the account's or guest's name and whether someone holding the seat is connected", async () => {
    const elaine = await signUp('Elaine of Astolat');
    const made = await call(
      'POST',
      '/api/matches',
      { game: 'camelot', seats: [{ kind: 'human' }, { kind: 'open' }] },
      elaine,
    );
    const id = made.body.match.id;
    const watcher = await Client.connect(server.ws);
    const first = await watcher.request({ t: 'attach', match: id });
    expect(first.seats).toEqual([
      { seat: 0, kind: 'human', name: 'Elaine of Astolat', level: null, connected: false },
      { seat: 1, kind: 'open', name: null, level: null, connected: false },
    ]);
    const a = await Client.connect(server.ws);
    await a.request({ t: 'attach', token: made.body.tokens[0].token });
    expect((await watcher.wait((m) => m.t === 'seats')).seats[0]).toMatchObject({
      name: 'Elaine of Astolat',
      connected: true,
    });
    const joined = await api(server, 'POST', `/api/matches/${id}/join`, { name: 'Lavaine' });
    expect((await watcher.wait((m) => m.t === 'seats')).seats[1]).toMatchObject({
      kind: 'human',
      name: 'Lavaine',
      connected: false,
    });
    const b = await Client.connect(server.ws);
    await b.request({ t: 'attach', token: joined.body.token });
    expect(
      (await watcher.wait((m) => m.t === 'seats' && m.seats[1].connected)).seats.map((s: any) => s.connected),
    ).toEqual([true, true]);
    a.close();
    expect(
      (await watcher.wait((m) => m.t === 'seats' && !m.seats[0].connected)).seats.map((s: any) => s.connected),
    ).toEqual([false, true]);
    expect(
      (await api(server, 'GET', `/api/matches/${id}`)).body.match.seats.map((s: any) => [s.name, s.connected]),
    ).toEqual([
      ['Elaine of Astolat', false],
      ['Lavaine', true],
    ]);
    for (const c of [b, watcher]) c.close();
  });
});
