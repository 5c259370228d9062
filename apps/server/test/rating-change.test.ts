/**
 * The rating change of a rated match, through real HTTP and WebSocket clients: played to its end by the rules
 * (the games kept for tests: stones at two, Glicko-2; sealed at three, OpenSkill), every connection at the table
 * gets each seat's rating before and after, equal to what the player pages then show; a connection that attaches
 * afterwards gets it too, and "My matches" lists the account's own change.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

process.env.ROUNDTABLE_FIXTURES = '1';
const { api, Client: WsClient, pick, testServer } = await import('./helpers.ts');
type Client = import('./helpers.ts').Client;

const cheap = { N: 1 << 10, r: 8, p: 1 };
let server: Awaited<ReturnType<typeof testServer>>;
beforeAll(async () => {
  server = await testServer({ passwordCost: cheap, rate: { perSecond: 2000, burst: 4000 } });
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

async function connect(cookie?: string): Promise<Client> {
  return WsClient.connect(server.ws, cookie ? { headers: { cookie } } : {});
}

/** A rated match of `game` between the accounts, each seat attached by its own connection. */
async function ratedMatch(game: string, cookies: string[]): Promise<{ id: string; clients: Client[] }> {
  const made = await api(
    server,
    'POST',
    '/api/matches',
    {
      game,
      rated: true,
      clock: { moveSeconds: 300 },
      seats: [{ kind: 'human' }, ...cookies.slice(1).map(() => ({ kind: 'open' }))],
    },
    { cookie: cookies[0]! },
  );
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const id = made.body.match.id as string;
  const tokens = [made.body.tokens[0].token as string];
  for (const cookie of cookies.slice(1)) {
    const joined = await api(server, 'POST', `/api/matches/${id}/join`, {}, { cookie });
    expect(joined.status).toBe(200);
    tokens.push(joined.body.token);
  }
  const clients: Client[] = [];
  for (const [i, token] of tokens.entries()) {
    const c = await connect(cookies[i]);
    await c.request({ t: 'attach', token });
    clients.push(c);
  }
  return { id, clients };
}

/** Plays legal moves, each seat in turn, until the match is over by its rules. */
async function playToEnd(clients: Client[]): Promise<any> {
  for (let n = 0; n < 400; n++) {
    let moved = false;
    for (const c of clients) {
      const legal = await c.request({ t: 'legal' });
      if (legal.moves.length === 0) continue;
      const answer = await c.request({ t: 'move', move: pick(legal.moves, n) });
      expect(answer.t).toBe('update');
      if (answer.status === 'finished') return answer.outcome;
      moved = true;
    }
    // A bot's turn (a seat handed over after a resignation): it moves on its own, and may end the match.
    const ended = clients[0]!.messages.find((m) => m.t === 'update' && m.status === 'finished');
    if (ended) return ended.outcome;
    if (!moved) await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('the match did not end');
}

/** The rating a player's page shows for a game, and its history's last match. */
async function pageRating(name: string, game: string): Promise<{ rating: number; match: string }> {
  const page = (await api(server, 'GET', `/api/players/${encodeURIComponent(name)}`)).body;
  const r = page.ratings.find((x: { game: string }) => x.game === game);
  return { rating: r.rating, match: r.history[0].match };
}

describe('the rating change of a rated match', () => {
  it('at two players (Glicko-2): every connection gets each seat’s change once stored, equal to the player pages; later attaches and My matches show it', async () => {
    const names = ['Sir Bors', 'Sir Lionel'];
    const cookies = [await signUp(names[0]!), await signUp(names[1]!)];
    const { id, clients } = await ratedMatch('stones', cookies);
    const spectator = await connect();
    await spectator.request({ t: 'attach', match: id });
    const outcome = await playToEnd(clients);
    const winner = outcome.winners[0] as number;
    const messages = await Promise.all([...clients, spectator].map((c) => c.seen((m) => m.t === 'ratings')));
    const changes = messages[0].changes;
    for (const m of messages) expect(m).toEqual({ t: 'ratings', match: id, game: 'stones', changes });
    expect(changes.map((c: { seat: number; name: string }) => [c.seat, c.name])).toEqual([
      [0, names[0]],
      [1, names[1]],
    ]);
    for (const c of changes) {
      expect(c.before).toBe(1500);
      expect(await pageRating(c.name, 'stones')).toEqual({ rating: c.after, match: id });
    }
    expect(changes[winner].after).toBeGreaterThan(1500);
    expect(changes[1 - winner].after).toBeLessThan(1500);

    // A connection attaching to the finished match reads the same change back from storage.
    const later = await connect();
    await later.request({ t: 'attach', match: id });
    expect((await later.seen((m) => m.t === 'ratings')).changes).toEqual(changes);
    // "My matches": the account's own change.
    const mine = (await api(server, 'GET', '/api/me/matches', undefined, { cookie: cookies[1]! })).body.matches;
    expect(mine.find((m: { match: { id: string } }) => m.match.id === id).rating).toEqual({
      before: 1500,
      after: changes[1].after,
    });

    // A second rated match between them starts from the first one's ratings.
    const again = await ratedMatch('stones', cookies);
    await playToEnd(again.clients);
    const second = (await again.clients[0]!.seen((m) => m.t === 'ratings')).changes;
    for (const [seat, c] of second.entries()) {
      expect(c.before).toBe(changes[seat].after);
      expect((await pageRating(c.name, 'stones')).rating).toBe(c.after);
    }
    for (const c of [...clients, ...again.clients, spectator, later]) c.close();
  });

  it('at three players (OpenSkill): each seat’s change under its account’s name, a resigned seat’s too, equal to the player pages; an unrated match sends none', async () => {
    const names = ['Dame Lynette', 'Dame Laudine', 'Dame Enide'];
    const cookies = [await signUp(names[0]!), await signUp(names[1]!), await signUp(names[2]!)];
    const { id, clients } = await ratedMatch('sealed', cookies);
    // Enide resigns: a bot plays her seat to the end, and she ranks last.
    await clients[2]!.request({ t: 'resign' });
    await playToEnd(clients.slice(0, 2));
    const { changes } = await clients[0]!.seen((m) => m.t === 'ratings');
    expect(changes).toHaveLength(3);
    for (const [seat, c] of changes.entries()) {
      expect(c).toMatchObject({ seat, name: names[seat], before: 1500 });
      expect(await pageRating(c.name, 'sealed')).toEqual({ rating: c.after, match: id });
    }
    expect(changes[2].after).toBeLessThan(1500);
    // Her connection left the table when she resigned; her own change is in her "My matches".
    const hers = (await api(server, 'GET', '/api/me/matches', undefined, { cookie: cookies[2]! })).body.matches;
    expect(hers.find((m: { match: { id: string } }) => m.match.id === id).rating.after).toBe(changes[2].after);

    const casual = await api(server, 'POST', '/api/matches', {
      game: 'stones',
      seats: [{ kind: 'human' }, { kind: 'human' }],
    });
    const seats = await Promise.all(
      casual.body.tokens.map(async (t: { token: string }) => {
        const c = await connect();
        await c.request({ t: 'attach', token: t.token });
        return c;
      }),
    );
    await playToEnd(seats);
    // Answered after the end: anything the server sent about the end came before it.
    await seats[0].request({ t: 'ping' });
    for (const c of seats) expect(c.messages.some((m: { t: string }) => m.t === 'ratings')).toBe(false);
    for (const c of [...clients, ...seats]) c.close();
  });
});
