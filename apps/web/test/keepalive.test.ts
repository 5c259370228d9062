/**
 * The online session's keepalive, against the real server through a TCP relay: a connection that goes silent
 * without closing (its server process paused, a network path gone) is dropped and another opened, so a seat is
 * not left waiting on it while its clock runs at the match's owner; a server that is merely quiet is kept.
 * The session is the web client's own class, run in Node with the `ws` package's WebSocket.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { camelot } from '@roundtable/camelot';
import { OnlineSession, type Keepalive } from '../src/session/online.ts';
import type { Snapshot } from '../src/session/types.ts';
import { api, testServer, waitFor, type TestServer } from '../../server/test/helpers.ts';
import { Relay } from '../../server/test/proxy.ts';

/** Short times, so that a test takes seconds: the same rules as KEEPALIVE's 2 s, 15 s and 5 s. */
const FAST: Keepalive = { askMs: 300, idleMs: 800, silentMs: 1000, tickMs: 50 };

let server: TestServer;
let relay: Relay;
const sessions: OnlineSession[] = [];

beforeAll(async () => {
  server = await testServer();
  relay = await Relay.start({ host: '127.0.0.1', port: server.port });
  vi.stubGlobal('WebSocket', WebSocket);
  vi.stubGlobal('location', { protocol: 'http:', host: `127.0.0.1:${relay.port}` });
});

afterEach(() => {
  for (const s of sessions.splice(0)) s.close();
});

afterAll(async () => {
  vi.unstubAllGlobals();
  await relay.close();
  await server.stop();
});

/** A Camelot match of a person against a bot, the person's seat followed by a session through the relay. */
async function seated(): Promise<OnlineSession> {
  const created = await api(server, 'POST', '/api/matches', {
    game: 'camelot',
    seats: [{ kind: 'human' }, { kind: 'bot', level: 'random' }],
    clock: { moveSeconds: 120 },
  });
  expect(created.status).toBe(201);
  const session = new OnlineSession(camelot, created.body.id, created.body.tokens[0].token, 'en', { keepalive: FAST });
  sessions.push(session);
  return session;
}

const ready = (s: Snapshot): boolean => s.connection === 'online' && s.active === 0 && s.legal.length > 0;

describe('the online session keeps its connection alive', () => {
  it('stays on a quiet server that answers its pings', async () => {
    const session = await seated();
    await waitFor(() => ready(session.snapshot()), 10_000);
    const before = relay.accepted;
    // Several idle periods: each ends in a ping, answered.
    await new Promise((r) => setTimeout(r, 4 * FAST.idleMs));
    expect(relay.accepted).toBe(before);
    expect(session.snapshot().connection).toBe('online');
    expect(await session.play(session.snapshot().legal[0] as string)).toBeNull();
  });

  it('drops a connection that goes silent without closing, opens another, and the seat plays on', async () => {
    const session = await seated();
    await waitFor(() => ready(session.snapshot()), 10_000);
    const before = relay.accepted;
    const ply = session.snapshot().ply ?? 0;
    relay.freeze();
    // The move goes into the frozen connection: no answer, then the ping unanswered: the request fails as lost
    // (before, it waited for as long as the server process stayed paused).
    const refused = await session.play(session.snapshot().legal[0] as string);
    expect(refused).toBe('Connection lost.');
    // Another connection, attached again as the same seat, where the move is played.
    await waitFor(() => relay.accepted > before && ready(session.snapshot()), 10_000);
    expect(session.snapshot().ply).toBe(ply);
    expect(await session.play(session.snapshot().legal[0] as string)).toBeNull();
    await waitFor(() => (session.snapshot().ply ?? 0) > ply, 10_000);
  });

  it('drops a new connection whose attach is never answered, and tries again until a process answers', async () => {
    const session = await seated();
    await waitFor(() => ready(session.snapshot()), 10_000);
    // The whole process paused: its open connection silent, new ones taken by the kernel and never answered.
    relay.stall(true);
    relay.freeze();
    const first = relay.accepted;
    // Two new connections at least: the first was dropped unanswered (it would otherwise wait for ever).
    await waitFor(() => relay.accepted >= first + 2, 15_000);
    expect(session.snapshot().connection).toBe('lost');
    relay.stall(false);
    await waitFor(() => ready(session.snapshot()), 15_000);
    expect(await session.play(session.snapshot().legal[0] as string)).toBeNull();
  });
});
