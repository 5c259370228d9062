/**
 * Issue 36, households and clubs: rated play from one address that does not reopen issue 25's farm. A club (founded
 * by an established account) vouches for its members' rated seats at one address, within its own limits; a puppet
 * that is no member is still refused, and offered the same match unrated; sign-ups through a club's code count
 * against the club's day, not the address's; an account signed up that way is the club's ward while provisional.
 * All clients here come from 127.0.0.1 (one home) unless said; 127.0.0.2 is another address.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Limits } from '../src/config.ts';
import { apiFrom, Client, testServer, type TestServer } from './helpers.ts';

const HOME = '127.0.0.1';
const OTHER = '127.0.0.2';
const PASSWORD = 'a long password';
/** Passwords hashed cheaply: what is tested is where sign-ups count, not the hash. */
const cheap = { N: 1 << 10, r: 8, p: 1 };
const servers: TestServer[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.stop();
});

/** The default rules of rated play by address (the test helper lifts them for other suites), and `limits`. */
async function start(limits: Partial<Limits> = {}): Promise<TestServer> {
  const s = await testServer({
    passwordCost: cheap,
    limits: { pairSameAddress: false, clubFounderGames: 0, clubFounderDays: 0, ...limits },
  });
  servers.push(s);
  return s;
}

const cookieOf = (r: { headers: Record<string, unknown> }): string =>
  /^(rt_session=[^;]*)/.exec(String(r.headers['set-cookie']))![1]!;

async function signUp(server: TestServer, name: string, from = HOME): Promise<string> {
  const r = await apiFrom(server, from, 'POST', '/api/accounts', { name, password: PASSWORD });
  expect(r.status).toBe(201);
  return cookieOf(r);
}

const as =
  (server: TestServer, cookie: string | null, from = HOME) =>
  (method: string, path: string, body?: unknown) =>
    apiFrom(server, from, method, path, body, cookie ? { cookie } : {});

const RATED = { game: 'camelot', rated: true, clock: { days: 1 }, seats: [{ kind: 'human' }, { kind: 'open' }] };

async function seat(server: TestServer, token: string): Promise<Client> {
  const c = await Client.connect(server.ws);
  expect((await c.request({ t: 'attach', token })).t).toBe('attached');
  return c;
}

describe('clubs and households', () => {
  it("a club's members play rated from one address, shown on both pages; a non-member's puppet is refused and offered the match unrated, which works", async () => {
    const server = await start();
    const arthur = await signUp(server, 'Arthur');
    const club = await as(server, arthur)('POST', '/api/clubs', { name: 'Pendragon House' });
    expect(club.status).toBe(201);
    const code = club.body.club.code as string;
    // Guinevere signs up into the club at the same address (counted against the club's day).
    const joined = await as(server, null)('POST', '/api/clubs/signup', { code, name: 'Guinevere', password: PASSWORD });
    expect(joined.status).toBe(201);
    expect(joined.body.club.members.map((m: { name: string }) => m.name)).toEqual(['Arthur', 'Guinevere']);
    const guinevere = cookieOf(joined);
    // The host is told before anyone is refused: a second seat from this address is refused but for the club.
    expect((await as(server, arthur)('GET', '/api/clubs/rated-here')).body).toEqual({
      rule: 'refused',
      clubs: ['Pendragon House'],
    });
    const made = await as(server, arthur)('POST', '/api/matches', RATED);
    expect(made.body.sameAddress).toEqual({ rule: 'refused', clubs: ['Pendragon House'] });
    const id = made.body.match.id as string;
    const sat = await as(server, guinevere)('POST', `/api/matches/${id}/join`, {});
    expect(sat.status).toBe(200);
    const a = await seat(server, made.body.tokens[0].token);
    const g = await seat(server, sat.body.token);
    expect((await a.request({ t: 'resign' })).t).toBe('ok');
    const { changes } = await g.seen((m) => m.t === 'ratings');
    expect(changes.map((c: { name: string }) => c.name)).toEqual(['Arthur', 'Guinevere']);
    expect(changes[1].after).toBeGreaterThan(1500);
    // Both players' pages say the club vouched for that rated game from one address.
    for (const [name, opponent] of [
      ['Arthur', 'Guinevere'],
      ['Guinevere', 'Arthur'],
    ]) {
      const page = (await as(server, null)('GET', `/api/clubs/player/${name}`)).body;
      expect(page).toMatchObject({
        clubs: [{ name: 'Pendragon House' }],
        vouched: [{ match: id, game: 'camelot', club: 'Pendragon House', opponent }],
      });
    }
    a.close();
    g.close();

    // Mordred, a puppet signed up at the same address, is no member: refused, and offered the match unrated.
    const mordred = await signUp(server, 'Mordred');
    const second = await as(server, arthur)('POST', '/api/matches', RATED);
    const id2 = second.body.match.id as string;
    const host = await seat(server, second.body.tokens[0].token);
    const refused = await as(server, mordred)('POST', `/api/matches/${id2}/join`, {});
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({
      code: 'RATED_SAME_ADDRESS',
      details: { offer: `/api/matches/${id2}/unrated` },
    });
    expect(refused.body.error.message).toContain('unrated instead');
    // Someone at another address cannot turn Arthur's rated match into a casual one.
    const stranger = await signUp(server, 'Sir Stranger', OTHER);
    expect((await as(server, stranger, OTHER)('POST', `/api/matches/${id2}/unrated`, {})).body.error.code).toBe(
      'NO_UNRATED_OFFER',
    );
    const unrated = await as(server, mordred)('POST', `/api/matches/${id2}/unrated`, {});
    expect(unrated.status).toBe(200);
    expect(unrated.body).toMatchObject({ from: id2, seat: 1, match: { status: 'active' } });
    expect(unrated.body.match.rated).toBeFalsy();
    expect(unrated.body.match.seats.map((s: { name: string }) => s.name)).toEqual(['Arthur', 'Mordred']);
    // The host's table is told and moves to the unrated match; the rated one is called off.
    const moved = await host.seen((m) => m.t === 'rematch');
    // Marked unrated, so that the host's table says why (an agreed rematch is not).
    expect(moved).toMatchObject({ match: id2, next: unrated.body.match.id, seat: 0, unrated: 'same-address' });
    const hostThere = await seat(server, moved.token);
    hostThere.close();
    host.close();
    expect((await as(server, null)('GET', `/api/matches/${id2}`)).body.match.status).toBe('abandoned');
    const arthursMatches = (await as(server, arthur)('GET', '/api/me/matches')).body.matches;
    expect(arthursMatches[0]).toMatchObject({ match: { id: unrated.body.match.id }, seat: 0 });
  });

  it("sign-ups through a club count against the club's day, not the address's; its wards play rated only within it; founding takes an established account", async () => {
    const server = await start({ signupsPerAddress: 2, clubJoinsPerDay: 3 });
    const owner = await signUp(server, 'Lady of the Lake');
    const code = (await as(server, owner)('POST', '/api/clubs', { name: 'Avalon' })).body.club.code as string;
    const evening = [];
    for (const name of ['Nimue', 'Viviane', 'Morgause', 'Elaine']) {
      evening.push(await as(server, null)('POST', '/api/clubs/signup', { code, name, password: PASSWORD }));
    }
    expect(evening.map((r) => r.status)).toEqual([201, 201, 201, 429]);
    expect(evening[3]!.body.error).toMatchObject({ code: 'CLUB_JOINS_LIMIT', details: { max: 3 } });
    // The address still has its second sign-up of the day, and then none.
    expect(
      (await apiFrom(server, HOME, 'POST', '/api/accounts', { name: 'Lancelot', password: PASSWORD })).status,
    ).toBe(201);
    const past = await apiFrom(server, HOME, 'POST', '/api/accounts', { name: 'Galahad', password: PASSWORD });
    expect(past.body.error.code).toBe('SIGNUP_RATE_LIMITED');
    // Nimue, a ward of Avalon while provisional, may not take a rated seat against a stranger elsewhere.
    const nimue = cookieOf(evening[0]!);
    const outsider = await signUp(server, 'Sir Outsider', OTHER);
    const theirs = await as(server, outsider, OTHER)('POST', '/api/matches', RATED);
    const ward = await as(server, nimue)('POST', `/api/matches/${theirs.body.match.id}/join`, {});
    expect(ward.body.error).toMatchObject({ code: 'CLUB_WARD', details: { games: 10 } });
    expect(
      (
        await as(server, nimue)('POST', '/api/play-now', {
          game: 'camelot',
          players: 2,
          rated: true,
          clock: { days: 1 },
        })
      ).body.error.code,
    ).toBe('CLUB_WARD');
    // Founding a club takes an established account (rated games and age) on a server with the default rule.
    const strict = await start({ clubFounderGames: 20, clubFounderDays: 14 });
    const fresh = await signUp(strict, 'Sir Fresh');
    const founded = await as(strict, fresh)('POST', '/api/clubs', { name: 'Puppet Farm' });
    expect(founded.status).toBe(403);
    expect(founded.body.error).toMatchObject({ code: 'CLUB_FOUNDER', details: { games: 20, days: 14, hasGames: 0 } });
  });

  it("the club's limits per pair, per account and per day hold for rated games from one address, rematches included", async () => {
    const server = await start({ clubRatedPerPair: 1, clubRatedPerAccount: 2, clubRatedPerDay: 3 });
    const kay = await signUp(server, 'Sir Kay');
    const code = (await as(server, kay)('POST', '/api/clubs', { name: 'Ector Hall' })).body.club.code as string;
    const [ector, bors, lucan, gareth] = [
      await signUp(server, 'Sir Ector'),
      await signUp(server, 'Sir Bors'),
      await signUp(server, 'Sir Lucan'),
      await signUp(server, 'Sir Gareth'),
    ];
    for (const c of [ector, bors, lucan, gareth])
      expect((await as(server, c!)('POST', '/api/clubs/join', { code })).status).toBe(200);
    const play = async (host: string, joiner: string): Promise<{ status: number; body: any; made: any }> => {
      const made = (await as(server, host)('POST', '/api/matches', RATED)).body;
      const r = await as(server, joiner)('POST', `/api/matches/${made.match.id}/join`, {});
      return { ...r, made };
    };
    const first = await play(kay, ector!);
    expect(first.status).toBe(200);
    // A rated rematch of the vouched game would be a second one of the pair today: refused.
    const k = await seat(server, first.made.tokens[0].token);
    const e = await seat(server, first.body.token);
    expect((await e.request({ t: 'resign' })).t).toBe('ok');
    await k.wait((m) => m.t === 'update' && m.status === 'finished');
    expect((await k.request({ t: 'offer', kind: 'rematch' })).t).toBe('ok');
    expect(await e.request({ t: 'answer', kind: 'rematch', accept: true })).toMatchObject({
      t: 'error',
      code: 'CLUB_PAIR_LIMIT',
      details: { max: 1 },
    });
    k.close();
    e.close();
    const again = await play(ector!, kay);
    expect(again.status).toBe(429);
    expect(again.body.error).toMatchObject({ code: 'CLUB_PAIR_LIMIT', details: { max: 1 } });
    expect(again.body.error.details.offer).toBe(`/api/matches/${again.made.match.id}/unrated`);
    expect((await play(kay, bors!)).status).toBe(200);
    // Kay has had the two vouched games one account may have in a day, whoever the partner.
    expect((await play(lucan!, kay)).body.error).toMatchObject({ code: 'CLUB_ACCOUNT_LIMIT', details: { max: 2 } });
    expect((await play(ector!, bors!)).status).toBe(200);
    // The club's day holds three rated games from one address in all: fresh members are refused too.
    expect((await play(lucan!, gareth!)).body.error).toMatchObject({ code: 'CLUB_RATED_LIMIT', details: { max: 3 } });
  });
});
