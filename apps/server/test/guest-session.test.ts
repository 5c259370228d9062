// A page asks who its visitor is on every load: GET /api/session answers a guest with `me: null` (200), so a
// guest's visit logs no error, and a signed-in session with its account. Real HTTP against a real server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testServer, type TestServer } from './helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await testServer({ passwordCost: { N: 1 << 10, r: 8, p: 1 } });
});
afterAll(async () => {
  await server?.stop();
});

describe('GET /api/session', () => {
  it('a guest is me: null with 200; a signed-in session is its account; a stale cookie is a guest', async () => {
    const guest = await fetch(`${server.url}/api/session`);
    expect(guest.status).toBe(200);
    expect(await guest.json()).toEqual({ me: null });
    const made = await fetch(`${server.url}/api/accounts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Sir Bedivere', password: 'a long password' }),
    });
    const cookie = /^(rt_session=[^;]*)/.exec(made.headers.get('set-cookie') ?? '')![1]!;
    const mine = await fetch(`${server.url}/api/session`, { headers: { cookie } });
    expect(mine.status).toBe(200);
    expect((await mine.json()).me.name).toBe('Sir Bedivere');
    await fetch(`${server.url}/api/session`, { method: 'DELETE', headers: { cookie } });
    expect(await (await fetch(`${server.url}/api/session`, { headers: { cookie } })).json()).toEqual({ me: null });
  });
});
