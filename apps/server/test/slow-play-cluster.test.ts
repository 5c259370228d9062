// Vacations and held seats across two server processes (PostgreSQL + Redis): a vacation taken through the process
// that does not own a match moves that match's clock on its owner (and back when it ends early), and a player
// whose seat a bot holds gets it back by attaching through the process that does not own the match. Both changes
// are forwarded to the owner (an owner call). The two processes run in this one (two servers on one database and
// one Redis), so that a "day" can be short here (slowPlay).
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { camelotLegalAfter } from './camelot-lines.ts';
import { api, Client, dropTestDatabase, testDatabase, testServer, testServices, type TestServer } from './helpers.ts';

const cheap = { N: 1 << 10, r: 8, p: 1 };
const DAY = 1000;
let database = '';
let owner: TestServer;
let other: TestServer;

beforeAll(async () => {
  database = await testDatabase();
  const options = {
    database,
    redis: testServices().redis,
    leaseMs: 1500,
    passwordCost: cheap,
    vacationDays: 3,
    slowPlay: { dayMs: DAY, minMoveSeconds: 1, checkMs: 100, absenceWaitMs: 300, absenceCheckMs: 100 },
  };
  // The first one alone applies the migrations.
  owner = await testServer(options);
  other = await testServer(options);
});
afterAll(async () => {
  await other?.stop();
  await owner?.stop();
  if (database) await dropTestDatabase(database).catch(() => undefined);
});

async function signUp(server: TestServer, name: string): Promise<string> {
  const res = await fetch(`${server.url}/api/accounts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, password: 'a long password' }),
  });
  expect(res.status).toBe(201);
  return /^(rt_session=[^;]*)/.exec(res.headers.get('set-cookie') ?? '')![1]!;
}

async function attach(server: TestServer, token: string): Promise<Client> {
  const ws = new WebSocket(server.ws);
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const c = new (Client as unknown as new (ws: WebSocket) => Client)(ws);
  const attached = await c.request({ t: 'attach', token });
  expect(attached.t, JSON.stringify(attached)).toBe('attached');
  return c;
}

describe('vacations and held seats on two processes', () => {
  it('conditional moves set through the process that does not own the match are set on the owner, which answers the foreseen move', async () => {
    const made = await api(owner, 'POST', '/api/matches', {
      game: 'camelot',
      seats: [{ kind: 'human' }, { kind: 'human' }],
      clock: { days: 1 },
    });
    expect(made.status).toBe(201);
    const id = made.body.match.id as string;
    const [white, black] = made.body.tokens.map((t: { token: string }) => t.token) as [string, string];
    const w = await attach(owner, white);
    const b = await attach(owner, black);
    // A move with no tree anywhere: the owner now knows the match has none.
    const w0 = camelotLegalAfter([])[0]!;
    expect((await w.request({ t: 'move', move: w0 })).t).toBe('update');
    const b1 = camelotLegalAfter([w0])[0]!;
    const w2 = camelotLegalAfter([w0, b1]).at(-1)!;
    const set = await api(
      other,
      'PUT',
      `/api/matches/${id}/conditional`,
      { tree: [{ if: b1, then: w2 }] },
      { authorization: `Bearer ${white}` },
    );
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body).toMatchObject({ offered: true, seat: 0, ply: 1 });
    // Read back through either process.
    for (const server of [owner, other]) {
      const read = await api(server, 'GET', `/api/matches/${id}/conditional`, undefined, {
        authorization: `Bearer ${white}`,
      });
      expect(read.body.tree).toEqual([{ if: b1, then: w2 }]);
    }
    await b.seen((m) => m.t === 'update' && m.last?.move === w0, 5000);
    expect((await b.request({ t: 'move', move: b1 })).t).toBe('update');
    const answered = await b.wait((m) => m.t === 'update' && m.last?.move === w2, 5000);
    expect(answered.ply).toBe(3);
    w.close();
    b.close();
  });

  it('a vacation taken through the process that does not own the match stops and restarts its clock on the owner', async () => {
    const away = await signUp(owner, 'Sir Ector');
    const there = await signUp(owner, 'Sir Kay');
    // Made through the owner: the match is owned there.
    const made = await api(
      owner,
      'POST',
      '/api/matches',
      { game: 'camelot', clock: { moveSeconds: 60 }, seats: [{ kind: 'human' }, { kind: 'open' }] },
      { cookie: away },
    );
    expect(made.status).toBe(201);
    const id = made.body.match.id as string;
    const joined = await api(owner, 'POST', `/api/matches/${id}/join`, {}, { cookie: there });
    expect(joined.status).toBe(200);
    const kay = await attach(owner, joined.body.token);
    const first = (await kay.seen((m) => m.t === 'attached')).deadline as number;
    // Ector (White, to move, 60 s left) goes on vacation for 2 days (2 s here) through the other process.
    const started = await api(other, 'POST', '/api/vacation', { days: 2 }, { cookie: away });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const { since, until } = started.body.current as { since: number; until: number };
    const moved = await kay.wait((m) => m.t === 'update' && m.deadline !== first, 5000);
    // What he had left when it began, counted from the vacation's end.
    expect(moved.deadline).toBeGreaterThan(until + 55_000);
    expect(moved.deadline).toBeLessThanOrEqual(until + (first - since));
    // He ends it early, through the other process again: his clock runs from now with what he had left.
    const ended = await api(other, 'POST', '/api/vacation/end', {}, { cookie: away });
    expect(ended.status, JSON.stringify(ended.body)).toBe(200);
    const back = await kay.wait((m) => m.t === 'update' && m.deadline < moved.deadline, 5000);
    expect(back.deadline).toBeLessThanOrEqual(Date.now() + (first - since));
    expect(back.deadline).toBeGreaterThan(Date.now() + 50_000);
    kay.close();
  });

  it('a seat a bot holds is handed back when its player attaches through the process that does not own the match', async () => {
    const made = await api(owner, 'POST', '/api/matches', {
      game: 'shadows',
      hold: { bot: 'random' },
      seats: [
        { kind: 'human', name: 'Gawain' },
        { kind: 'human', name: 'Kay' },
        { kind: 'human', name: 'Tristan' },
      ],
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const id = made.body.match.id as string;
    const tokens = made.body.tokens.map((t: { token: string }) => t.token) as string[];
    // Gawain and Kay are at the owner and play when it is their turn; Tristan never comes: at his turn a bot holds
    // his seat (the absence wait is 300 ms here).
    const gawain = await attach(owner, tokens[0]!);
    const present = [gawain, await attach(owner, tokens[1]!)];
    const latest = (c: Client, f: (m: any) => boolean): any => [...c.messages].reverse().find(f);
    const held = (): boolean => latest(gawain, (m) => m.t === 'seats')?.seats[2].kind === 'bot';
    for (const until = Date.now() + 5000; !held() && Date.now() < until;) {
      for (const c of present) {
        if (!latest(c, (m) => m.t === 'attached' || m.t === 'update')?.yourTurn) continue;
        const legal = await c.request({ t: 'legal' });
        if (legal.moves?.length) await c.request({ t: 'move', move: legal.moves[0] });
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    await gawain.seen((m) => m.t === 'seats' && m.seats[2].kind === 'bot', 5000);
    // Tristan comes back through the other process, with his token: the seat is his again, on the owner too.
    const tristan = await attach(other, tokens[2]!);
    await tristan.seen((m) => m.t === 'seats' && m.seats[2].kind === 'human', 5000);
    await gawain.seen((m) => m.t === 'seats' && m.seats[2].kind === 'human', 5000);
    // The span is closed by the process he came through, once the owner answered.
    const spans = async (): Promise<any[]> => (await api(owner, 'GET', `/api/matches/${id}/held`)).body.spans;
    await expect.poll(async () => (await spans())[0]?.to, { timeout: 3000 }).toBeTypeOf('number');
    expect(await spans()).toMatchObject([{ seat: 2, level: 'random' }]);
    tristan.close();
  });
});
