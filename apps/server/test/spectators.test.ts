// Who watches a table: every connection is told the signed-in spectators by name and counts the others, when it
// attaches and whenever a spectator comes or goes. Real HTTP and WebSocket clients against a real server.
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, Client, testServer, type TestServer } from './helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await testServer({ passwordCost: { N: 1 << 10, r: 8, p: 1 } });
});
afterAll(async () => {
  await server?.stop();
});

async function signUp(name: string): Promise<string> {
  const res = await fetch(`${server.url}/api/accounts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, password: 'a long password' }),
  });
  expect(res.status).toBe(201);
  return /^(rt_session=[^;]*)/.exec(res.headers.get('set-cookie') ?? '')![1]!;
}

async function connect(cookie?: string): Promise<{ client: Client; ws: WebSocket }> {
  const ws = new WebSocket(server.ws, cookie ? { headers: { cookie } } : {});
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return { client: new (Client as unknown as new (ws: WebSocket) => Client)(ws), ws };
}

describe('the spectator list', () => {
  it('players and spectators see the signed-in spectators by name and the others counted, live', async () => {
    const made = await api(server, 'POST', '/api/matches', {
      game: 'camelot',
      seats: [
        { kind: 'human', name: 'Arthur' },
        { kind: 'bot', level: 'random' },
      ],
    });
    expect(made.status).toBe(201);
    const id = made.body.match.id as string;
    const player = (await connect()).client;
    await player.request({ t: 'attach', token: made.body.tokens[0].token });
    expect(await player.wait((m) => m.t === 'spectators')).toMatchObject({ match: id, names: [], anonymous: 0 });

    // Someone watching without an account is counted, and told the list too.
    const anon = await connect();
    await anon.client.request({ t: 'attach', match: id });
    expect(await anon.client.wait((m) => m.t === 'spectators')).toMatchObject({ names: [], anonymous: 1 });
    await player.wait((m) => m.t === 'spectators' && m.anonymous === 1);

    // A signed-in spectator is named (once, even on two tabs).
    const cookie = await signUp('Morgan le Fay');
    const morgan = await connect(cookie);
    await morgan.client.request({ t: 'attach', match: id });
    const tab = await connect(cookie);
    await tab.client.request({ t: 'attach', match: id });
    const both = await player.wait((m) => m.t === 'spectators' && m.names.length === 1 && m.anonymous === 1);
    expect(both).toMatchObject({ match: id, names: ['Morgan le Fay'], anonymous: 1 });

    // Leaving is told too: the anonymous one goes, then both of Morgan's tabs.
    anon.ws.close();
    await player.wait((m) => m.t === 'spectators' && m.anonymous === 0 && m.names.length === 1);
    morgan.ws.close();
    tab.ws.close();
    await player.wait((m) => m.t === 'spectators' && m.anonymous === 0 && m.names.length === 0);
  });
});
