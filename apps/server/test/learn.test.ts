// Reviews of finished matches and puzzle ratings through the real HTTP and WebSocket server: a rated match is
// reviewed in the background when it ends, any other finished match on request, a match in play never; an
// account's first attempt at a puzzle moves its rating and the puzzle's, a later one nothing.
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_STEP, PUZZLES } from '@roundtable/puzzles';
import { api, Client, testServer, type TestServer } from './helpers.ts';

const cheap = { N: 1 << 10, r: 8, p: 1 };
let server: TestServer;
beforeAll(async () => {
  server = await testServer({ passwordCost: cheap });
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

const as = (cookie: string) => (method: string, path: string, body?: unknown) =>
  api(server, method, path, body, { cookie });

async function seat(token: string): Promise<Client> {
  const ws = new WebSocket(server.ws);
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const c = new (Client as unknown as new (ws: WebSocket) => Client)(ws);
  await c.request({ t: 'attach', token });
  return c;
}

/** Reads the review until it is done (the background worker takes a few seconds for a short match). */
async function reviewed(id: string): Promise<any> {
  for (let i = 0; i < 600; i++) {
    const r = await api(server, 'GET', `/api/matches/${id}/review`);
    expect(r.status).toBe(200);
    if (r.body.status === 'done') return r.body.review;
    // The end queues the review a moment after the last update reaches the players.
    expect(r.body.status).toBe(i < 50 && r.body.status === 'none' ? 'none' : 'pending');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('never reviewed');
}

// A quiet opening, then a man stepped aside that leaves a piece to black's compulsory jump.
const MOVES = ['C6-E8', 'J11-H9', 'G6-G8', 'D11-F9', 'D7-C7'];

describe('reviews', () => {
  it('a rated match is reviewed in the background once it ends, and shown to anyone: the blunder classed, the better move given', async () => {
    const lot = as(await signUp('Sir Lot'));
    const pell = as(await signUp('Sir Pell'));
    const made = await lot('POST', '/api/matches', {
      game: 'camelot',
      rated: true,
      // A rated match always has a clock (RATED_NEEDS_CLOCK): ten minutes a move, never reached here.
      clock: { moveSeconds: 600 },
      seats: [{ kind: 'human' }, { kind: 'open' }],
    });
    expect(made.status).toBe(201);
    const id = made.body.match.id;
    const joined = await pell('POST', `/api/matches/${id}/join`, {});
    const a = await seat(made.body.tokens[0].token);
    const b = await seat(joined.body.token);
    for (const [i, move] of MOVES.entries()) await (i % 2 === 0 ? a : b).request({ t: 'move', move });
    await b.request({ t: 'resign' });
    // Nobody asked: the end of a rated match queued it.
    const review = await reviewed(id);
    expect(review.kind).toBe('perfect');
    expect(review.plies.map((p: any) => p.move)).toEqual(MOVES);
    expect(review.plies[4]).toMatchObject({ class: 'blunder' });
    expect(review.plies[4].best).toMatch(/^[A-L]\d+-/);
    expect(review.plies.slice(0, 4).every((p: any) => p.class === null)).toBe(true);
    a.close();
    b.close();
  });

  it('another finished match is reviewed on request; a match in play is not; a bad id is no match', async () => {
    const imported = await api(server, 'POST', '/api/records', {
      game: 'joust',
      players: 3,
      options: {},
      seed: 5,
      moves: [],
    });
    expect(imported.status).toBe(201);
    const id = imported.body.match.id;
    expect((await api(server, 'GET', `/api/matches/${id}/review`)).body).toEqual({ status: 'none', canRequest: true });
    const asked = await api(server, 'POST', `/api/matches/${id}/review`);
    expect(asked.status).toBe(202);
    expect(asked.body.status).toBe('pending');
    const review = await reviewed(id);
    expect(review.kind).toBe('hidden');
    expect(review.players).toBe(3);

    const playing = await api(server, 'POST', '/api/matches', {
      game: 'camelot',
      seats: [{ kind: 'human' }, { kind: 'open' }],
    });
    const refused = await api(server, 'POST', `/api/matches/${playing.body.match.id}/review`);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('REVIEW_NOT_FINISHED');
    expect((await api(server, 'GET', `/api/matches/${playing.body.match.id}/review`)).body).toEqual({
      status: 'none',
      canRequest: false,
    });
    const fr = await api(server, 'POST', `/api/matches/${playing.body.match.id}/review?lang=fr`);
    expect(fr.body.error.message).toMatch(/n’est pas finie\u00a0:/);
    expect((await api(server, 'GET', '/api/matches/..%2Fx/review')).status).toBe(404);
    expect((await api(server, 'POST', '/api/matches/nope/review')).status).toBe(404);
  });
});

describe('puzzle ratings', () => {
  const puzzle = PUZZLES.camelot![0]!;

  it('an account’s first attempt moves its rating and the puzzle’s; a second counts for nothing', async () => {
    const me = as(await signUp('Sir Kay'));
    expect((await api(server, 'GET', '/api/puzzles/me')).status).toBe(401);
    const first = await me('GET', '/api/puzzles/me');
    expect(first.body).toEqual({ rating: { rating: 1500, deviation: 350, volatility: 0.06, attempts: 0 }, tried: [] });
    const solved = await me('POST', `/api/puzzles/${puzzle.id}/attempt`, { solved: true });
    expect(solved.status).toBe(200);
    expect(solved.body.counted).toBe(true);
    expect(solved.body.player.rating).toBeGreaterThan(1500);
    expect(solved.body.puzzle.rating).toBeLessThan(puzzle.rating);
    const again = await me('POST', `/api/puzzles/${puzzle.id}/attempt`, { solved: false });
    expect(again.body).toEqual({ player: solved.body.player, puzzle: solved.body.puzzle, counted: false });
    expect((await me('GET', '/api/puzzles/me')).body.tried).toEqual([puzzle.id]);
    expect((await api(server, 'GET', `/api/puzzles/${puzzle.id}`)).body.rating).toEqual(solved.body.puzzle);
  });

  it(`an account's first missed puzzle moves its rating by at most ${MAX_STEP}, as a guest's in the browser`, async () => {
    const me = as(await signUp('Sir Lionel'));
    const other = PUZZLES.camelot![1]!;
    const missed = await me('POST', `/api/puzzles/${other.id}/attempt`, { solved: false });
    expect(missed.body.counted).toBe(true);
    expect(1500 - missed.body.player.rating).toBeGreaterThan(0);
    expect(1500 - missed.body.player.rating).toBeLessThanOrEqual(MAX_STEP);
  });

  it('refuses what it cannot read: no session, an unknown puzzle, a malformed body', async () => {
    const me = as(await signUp('Sir Bors'));
    expect((await api(server, 'POST', `/api/puzzles/${puzzle.id}/attempt`, { solved: true })).status).toBe(401);
    const unknown = await me('POST', '/api/puzzles/z999999/attempt', { solved: true });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('NO_SUCH_PUZZLE');
    for (const body of [{}, { solved: 'yes' }, { solved: true, extra: 1 }, 'not json'])
      expect((await me('POST', `/api/puzzles/${puzzle.id}/attempt`, body)).status).toBe(400);
    expect((await me('GET', '/api/puzzles/me')).body.tried).toEqual([]);
  });
});
