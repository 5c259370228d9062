import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, Client, testServer, type TestServer } from './helpers.ts';

let server: TestServer;
let match: string;
let tokens: string[];

beforeAll(async () => {
  server = await testServer({ rate: { perSecond: 20, burst: 40 } });
  const created = await api(server, 'POST', '/api/matches', {
    game: 'camelot',
    seats: [{ kind: 'human' }, { kind: 'human' }],
  });
  match = created.body.match.id;
  tokens = created.body.tokens.map((t: any) => t.token);
});
afterAll(async () => {
  await server.stop();
});

/** The match as its first seat sees it now: must be unchanged after every attack. */
async function snapshot(): Promise<{ ply: number; view: unknown }> {
  const c = await Client.connect(server.ws);
  const a = await c.request({ t: 'attach', token: tokens[0] });
  c.close();
  return { ply: a.ply, view: a.view };
}

async function alive(): Promise<void> {
  expect((await api(server, 'GET', '/healthz')).body.ok).toBe(true);
}

describe('hostile input never crashes the server and never changes a match', () => {
  it('malformed JSON, wrong shapes and unknown types get BAD_MESSAGE', async () => {
    const before = await snapshot();
    const c = await Client.connect(server.ws);
    for (const bad of [
      '{',
      'null',
      '[]',
      '42',
      '"move"',
      '{"t":"move"}',
      '{"t":"move","move":5}',
      '{"t":"launch-missiles"}',
      '{"t":"attach","match":{"$gt":""}}',
      '{"t":"move","move":"A1-A2","extra":1}',
    ]) {
      c.send(bad);
      const answer = await c.wait((m) => m.t === 'error');
      expect(answer.code).toBe('BAD_MESSAGE');
    }
    c.ws.send(Buffer.from([1, 2, 3]), { binary: true });
    expect((await c.wait((m) => m.t === 'error')).code).toBe('BAD_MESSAGE');
    expect((await c.request({ t: 'move', move: 'A1-A2' })).code).toBe('NOT_ATTACHED');
    expect((await c.request({ t: 'attach', match: 'nope' })).code).toBe('NO_SUCH_MATCH');
    expect((await c.request({ t: 'attach', token: 'forged-token' })).code).toBe('BAD_TOKEN');
    c.close();
    expect(await snapshot()).toEqual(before);
    await alive();
  });

  it('an oversized message closes the connection (1009)', async () => {
    const c = await Client.connect(server.ws);
    c.send(JSON.stringify({ t: 'move', move: 'x'.repeat(64 * 1024) }));
    expect((await c.whenClosed()).code).toBe(1009);
    await alive();
  });

  it("another seat's token plays only that seat; a token of another match is refused", async () => {
    const before = await snapshot();
    const other = await api(server, 'POST', '/api/matches', {
      game: 'camelot',
      seats: [{ kind: 'human' }, { kind: 'human' }],
    });
    const c = await Client.connect(server.ws);
    expect((await c.request({ t: 'attach', match, token: other.body.tokens[0].token })).code).toBe('BAD_TOKEN');
    const asSecond = await c.request({ t: 'attach', token: tokens[1] });
    expect(asSecond.seat).toBe(1);
    const legalForFirst = await (async () => {
      const d = await Client.connect(server.ws);
      await d.request({ t: 'attach', token: tokens[0] });
      const l = await d.request({ t: 'legal' });
      d.close();
      return l.moves as string[];
    })();
    expect((await c.request({ t: 'move', move: legalForFirst[0] })).code).toBe('NOT_YOUR_TURN');
    expect((await c.request({ t: 'legal' })).moves).toEqual([]);
    c.close();
    expect(await snapshot()).toEqual(before);
  });

  it('moves for a finished match are refused with MATCH_CLOSED', async () => {
    const created = await api(server, 'POST', '/api/matches', {
      game: 'camelot',
      options: { variant: 'cam' },
      seats: [{ kind: 'human' }, { kind: 'bot', level: 'random' }],
      clock: { moveSeconds: 1 },
    });
    const c = await Client.connect(server.ws);
    await c.request({ t: 'attach', token: created.body.tokens[0].token });
    const end = await c.wait((m) => m.t === 'update' && m.status === 'abandoned', 5000);
    const refused = await c.request({ t: 'move', move: 'A1-A2' });
    expect(refused.code).toBe('MATCH_CLOSED');
    const again = await c.request({ t: 'attach', token: created.body.tokens[0].token });
    expect(again.view).toEqual(end.view);
    c.close();
  });

  it('a flood is rate limited, then cut off; other clients are served meanwhile', async () => {
    const before = await snapshot();
    const flooder = await Client.connect(server.ws);
    await flooder.request({ t: 'attach', token: tokens[1] });
    for (let i = 0; i < 2000 && !flooder.closed; i++) flooder.send({ t: 'move', move: 'A1-A2' });
    const closed = await flooder.whenClosed();
    expect([4029, 1008]).toContain(closed.code);
    expect(flooder.messages.some((m) => m.code === 'RATE_LIMITED')).toBe(true);
    await alive();
    expect(await snapshot()).toEqual(before);
  });

  it('bad HTTP input gets a 4xx with a code', async () => {
    expect((await api(server, 'POST', '/api/matches', { game: 'camelot', seats: [] })).status).toBe(400);
    expect(
      (
        await api(server, 'POST', '/api/matches', {
          game: 'camelot',
          seats: [{ kind: 'human' }, { kind: 'human' }],
          admin: true,
        })
      ).body.error.code,
    ).toBe('BAD_REQUEST');
    expect((await api(server, 'POST', `/api/matches/${match}/join`, { seat: 99 })).status).toBe(400);
    expect((await api(server, 'POST', `/api/matches/${match}/leave`, { token: 'nope' })).body.error.code).toBe(
      'BAD_TOKEN',
    );
    expect(
      (await api(server, 'GET', `/api/matches/${match}/replay/3`, undefined, { authorization: `Bearer ${tokens[0]}` }))
        .body.error.code,
    ).toBe('NOT_FINISHED');
    expect(
      (
        await api(server, 'GET', `/api/matches/${match}/replay-views?from=0&to=3`, undefined, {
          authorization: `Bearer ${tokens[0]}`,
        })
      ).body.error.code,
    ).toBe('NOT_FINISHED');
    expect((await api(server, 'GET', '/api/nothing')).status).toBe(404);
    const huge = await api(server, 'POST', '/api/records', JSON.stringify({ moves: 'x'.repeat(2 * 1024 * 1024) }));
    expect(huge.status).toBe(413);
    await alive();
  });

  it('an HTTP flood gets 429 RATE_LIMITED per address; /healthz and the WebSocket stay served', async () => {
    const small = await testServer({ httpRate: 12 });
    try {
      const answers = [];
      for (let i = 0; i < 15; i++) answers.push(await api(small, 'GET', '/api/matches'));
      expect(answers.slice(0, 12).every((a) => a.status === 200)).toBe(true);
      const refused = answers[14]!;
      expect(refused.status).toBe(429);
      expect(refused.body.error.code).toBe('HTTP_RATE_LIMITED');
      expect(refused.body.error.message).toMatch(/more than 12 API requests per minute/);
      expect(refused.body.error.details.retrySeconds).toBeGreaterThan(0);
      expect(
        (await api(small, 'POST', '/api/matches', { game: 'camelot', seats: [{ kind: 'human' }, { kind: 'human' }] }))
          .status,
      ).toBe(429);
      expect((await api(small, 'GET', '/healthz')).status).toBe(200);
      const c = await Client.connect(small.ws);
      expect((await c.request({ t: 'ping' })).t).toBe('pong');
      c.close();
    } finally {
      await small.stop();
    }
  });
});
