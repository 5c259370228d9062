// Bot accounts (issue 38), through real HTTP and WebSocket clients and a real `roundtable bot-connect` process
// bridging a small script engine (fixtures/script-engine.mjs): challenges accepted and declined, a rated Camelot
// match against a person to its end, the marks, the refusals and the limits, and the views the bot is sent.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replay } from '@roundtable/core';
import { gameById } from '@roundtable/catalog';
import { DEFAULT_LIMITS, readConfig } from '../src/config.ts';
import { api, Client, testServer, waitFor, type TestServer } from './helpers.ts';
import { leaves, secretsFor } from './leak-checks.ts';

const cheap = { N: 1 << 10, r: 8, p: 1 };
const CLI = fileURLToPath(new URL('../../cli/bin/roundtable.js', import.meta.url));
const ENGINE = fileURLToPath(new URL('./fixtures/script-engine.mjs', import.meta.url));

let server: TestServer;
const scratch = mkdtempSync(join(tmpdir(), 'rt-bots-'));
beforeAll(async () => {
  server = await testServer({
    passwordCost: cheap,
    limits: {
      matchesPerAddress: 100_000,
      matchesPerAccount: 100_000,
      signupsPerAddress: 100_000,
      socketsPerAddress: 100_000,
      hashPerAddress: 1000,
      provisionalGames: 0,
      botMatches: 1,
      botRate: 5,
    },
  });
});
afterAll(async () => {
  await server?.stop();
  rmSync(scratch, { recursive: true, force: true });
});

async function signUp(name: string, on: TestServer = server): Promise<string> {
  const res = await fetch(`${on.url}/api/accounts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, password: 'a long password' }),
  });
  expect(res.status).toBe(201);
  return /^(rt_session=[^;]*)/.exec(res.headers.get('set-cookie') ?? '')![1]!;
}

const as =
  (cookie: string) =>
  (method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> =>
    api(server, method, path, body, { cookie });
const asBot =
  (token: string) =>
  (method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> =>
    api(server, method, path, body, { authorization: `Bearer ${token}` });

/** A new account made a bot account: its session and its bot token. */
async function newBot(name: string): Promise<{ cookie: string; token: string }> {
  const cookie = await signUp(name);
  const made = await as(cookie)('POST', '/api/me/bot');
  expect(made.status).toBe(201);
  expect(made.body).toMatchObject({ name, token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
  return { cookie, token: made.body.token };
}

async function settledChallenge(cookie: string, id: string): Promise<any> {
  let last: any;
  await waitFor(async () => {
    last = (await as(cookie)('GET', `/api/challenges/${id}`)).body.challenge;
    return last.status !== 'pending' && (last.status !== 'accepted' || last.match !== null);
  }, 30_000);
  return last;
}

describe('an outside engine through roundtable bot-connect', () => {
  it('declines a game it does not play, accepts a rated Camelot challenge and plays it to the end against a person; both are rated, the bot is marked everywhere, and its engine was sent its seat’s view only', async () => {
    const person = await signUp('Sir Ector');
    const bot = await newBot('Script Engine');
    const challenge = as(person);
    const lancelot = await challenge('POST', '/api/challenges', {
      to: 'script engine',
      game: 'lancelot',
      clock: { moveSeconds: 60 },
    });
    expect(lancelot.status).toBe(201);
    const camelot = await challenge('POST', '/api/challenges', {
      to: 'Script Engine',
      game: 'camelot',
      clock: { moveSeconds: 60 },
      rated: true,
      seat: 0,
    });
    expect(camelot.body.challenge).toMatchObject({ from: 'Sir Ector', to: 'Script Engine', status: 'pending' });

    const record = join(scratch, 'turns.jsonl');
    const child = spawn(
      process.execPath,
      [
        CLI,
        'bot-connect',
        '--engine',
        `"${process.execPath}" "${ENGINE}"`,
        '--server',
        server.url,
        '--token',
        bot.token,
        '--games',
        'camelot',
        '--matches',
        '1',
        '--poll-ms',
        '250',
      ],
      { env: { ...process.env, RECORD_FILE: record }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      expect(await settledChallenge(person, lancelot.body.challenge.id)).toMatchObject({
        status: 'declined',
        reason: 'game',
        match: null,
      });
      const accepted = await settledChallenge(person, camelot.body.challenge.id);
      expect(accepted.status).toBe('accepted');
      const id: string = accepted.match;

      // The person plays from their session (no token: the seat is their account's), the first legal move each time.
      const me = await Client.connect(server.ws, { headers: { cookie: person } });
      const attached = await me.request({ t: 'attach', match: id });
      expect(attached.seat).toBe(0);
      expect(attached.seats[1]).toMatchObject({ name: 'Script Engine', botAccount: true });
      expect(attached.seats[0].botAccount).toBeUndefined();
      let state = attached;
      for (let moves = 0; state.status === 'active';) {
        if (state.yourTurn && moves < 8) {
          const legal = await me.request({ t: 'legal' });
          state = await me.request({ t: 'move', move: legal.moves[0] });
          moves++;
        } else if (state.yourTurn) {
          // Long enough: the person resigns (an end like any other, and rated).
          await me.request({ t: 'resign' });
          state = await me.seen((m) => m.t === 'update' && m.status !== 'active');
        } else state = await me.wait((m) => m.t === 'update', 20_000);
      }
      expect(state.status).toBe('finished');
      me.close();
      expect(await exited).toBe(0);
      expect(out).toContain('declined challenge');
      expect(out).toMatch(/match .* over/);

      // Ratings for both, the bot marked on the player pages, the leaderboard's filters and My matches.
      await waitFor(async () => (await api(server, 'GET', '/api/players/Sir%20Ector')).body.ratings.length > 0, 10_000);
      const ector = (await api(server, 'GET', '/api/players/Sir%20Ector')).body;
      const engine = (await api(server, 'GET', '/api/players/Script%20Engine')).body;
      expect(ector).toMatchObject({ bot: false, ratings: [{ game: 'camelot', games: 1 }] });
      expect(engine).toMatchObject({ bot: true, ratings: [{ game: 'camelot', games: 1 }] });
      expect(ector.ratings[0].rating).not.toBe(1500);
      const engines = (await api(server, 'GET', '/api/ratings/camelot?kind=engines')).body.ratings;
      expect(engines).toEqual([expect.objectContaining({ name: 'Script Engine', bot: true })]);
      const people = (await api(server, 'GET', '/api/ratings/camelot?kind=people')).body.ratings;
      expect(people.map((r: any) => r.name)).toEqual(['Sir Ector']);
      expect(people[0].bot).toBeUndefined();
      const mine = (await as(person)('GET', '/api/me/matches')).body.matches;
      expect(mine[0]).toMatchObject({ seat: 0, match: { id, rated: true, seats: [{}, { botAccount: true }] } });

      // Every turn the engine was asked held its seat's view of that very position, and nothing else of the match.
      const rec = (await api(server, 'GET', `/api/matches/${id}/record`)).body;
      const game = gameById('camelot')!;
      const replayed = replay(game, rec);
      if (!replayed.ok) throw new Error(replayed.error.code);
      const turns = readFileSync(record, 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l));
      expect(turns.length).toBeGreaterThan(3);
      for (const t of turns) {
        expect(Object.keys(t).sort()).toEqual([
          'budget',
          'cmd',
          'game',
          'id',
          'legal',
          'options',
          'players',
          'ply',
          'seat',
          'view',
        ]);
        expect(t.seat).toBe(1);
        expect(t.view).toEqual(JSON.parse(JSON.stringify(game.view(replayed.value.stateAt(t.ply)!, 1))));
        expect(rec.moves[t.ply]).toMatchObject({ seat: 1 });
      }
    } finally {
      child.kill();
      if (process.env.DEBUG_BOTS) console.log(out);
    }
  });
});

describe('challenges and the bot API', () => {
  it('a declined challenge says why to the challenger; a settled one cannot be answered again; only its two sides see it', async () => {
    const person = await signUp('Lady Lynette');
    const bot = await newBot('Decliner');
    const made = await as(person)('POST', '/api/challenges', { to: 'Decliner', game: 'camelot' });
    const id = made.body.challenge.id;
    expect((await asBot(bot.token)('GET', '/api/bot/challenges')).body.challenges).toEqual([
      expect.objectContaining({ id, from: 'Lady Lynette', game: 'camelot', rated: false, status: 'pending' }),
    ]);
    const declined = await asBot(bot.token)('POST', `/api/bot/challenges/${id}/decline`, { reason: 'tooSlow' });
    expect(declined.body.challenge).toMatchObject({ status: 'declined', reason: 'tooSlow', match: null });
    expect((await as(person)('GET', `/api/challenges/${id}`)).body.challenge).toMatchObject({
      status: 'declined',
      reason: 'tooSlow',
    });
    expect(await asBot(bot.token)('POST', `/api/bot/challenges/${id}/accept`)).toMatchObject({
      status: 409,
      body: { error: { code: 'CHALLENGE_SETTLED', details: { status: 'declined' } } },
    });
    const stranger = await signUp('Sir Kay');
    expect((await as(stranger)('GET', `/api/challenges/${id}`)).status).toBe(404);
    // Bad input is refused and names what was wrong; nothing is made.
    const bad = await asBot(bot.token)('POST', `/api/bot/challenges/${id}/decline`, { reason: 'bored' });
    expect(bad).toMatchObject({ status: 400, body: { error: { code: 'BAD_REQUEST' } } });
    expect(bad.body.error.message).toContain('reason');
    for (const [body, code] of [
      [{ to: 'Sir Kay', game: 'camelot' }, 'NOT_A_BOT'],
      [{ to: 'Nobody Here', game: 'camelot' }, 'NO_SUCH_PLAYER'],
      [{ to: 'Decliner', game: 'chess' }, 'UNKNOWN_GAME'],
      [{ to: 'Decliner', game: 'camelot', rated: true }, 'RATED_NEEDS_CLOCK'],
      [{ to: 'Decliner', game: 'camelot', options: { variant: 'draughts' } }, 'BAD_OPTION'],
      [{ to: 'Decliner', game: 'camelot', sead: 3 }, 'BAD_REQUEST'],
    ] as const) {
      expect((await as(person)('POST', '/api/challenges', body)).body.error.code).toBe(code);
    }
    expect((await api(server, 'POST', '/api/challenges', { to: 'Decliner', game: 'camelot' })).status).toBe(401);
    expect((await as(person)('GET', '/api/challenges')).body.challenges).toHaveLength(1);
  });

  it('a bot account does nothing a person does, and chats only from its seat, marked as a bot', async () => {
    const person = await signUp('Sir Gaheris');
    const bot = await newBot('Quiet Engine');
    const botSession = as(bot.cookie);
    const open = await as(person)('POST', '/api/matches', {
      game: 'camelot',
      seats: [{ kind: 'human' }, { kind: 'open' }],
    });
    for (const refused of [
      await botSession('POST', '/api/matches', { game: 'camelot', seats: [{ kind: 'human' }, { kind: 'open' }] }),
      await botSession('POST', `/api/matches/${open.body.match.id}/join`, {}),
      await botSession('POST', '/api/play-now', { game: 'camelot', players: 2, waitSeconds: 1 }),
      await botSession('POST', '/api/challenges', { to: 'Decliner', game: 'camelot' }),
      await botSession('POST', '/api/me/claim', { tokens: ['a-guest-seat-token'] }),
    ]) {
      expect(refused).toMatchObject({ status: 403, body: { error: { code: 'PEOPLE_ONLY' } } });
    }
    // Watching a match, it cannot speak as a spectator.
    const watcher = await Client.connect(server.ws, { headers: { authorization: `Bearer ${bot.token}` } });
    expect(await watcher.request({ t: 'attach', match: open.body.match.id })).toMatchObject({
      t: 'attached',
      seat: null,
    });
    expect(await watcher.request({ t: 'chat', text: 'I am a person, truly' })).toMatchObject({
      t: 'error',
      code: 'BOT_CHATS_AT_ITS_SEAT',
    });
    watcher.close();
    // At its own seat its lines are a bot's.
    const made = await as(person)('POST', '/api/challenges', { to: 'Quiet Engine', game: 'camelot', seat: 0 });
    const accepted = await asBot(bot.token)('POST', `/api/bot/challenges/${made.body.challenge.id}/accept`);
    expect(accepted.body.match.seats[1]).toMatchObject({ name: 'Quiet Engine', botAccount: true });
    const engine = await Client.connect(server.ws, { headers: { authorization: `Bearer ${bot.token}` } });
    expect(await engine.request({ t: 'attach', match: accepted.body.match.id })).toMatchObject({ seat: 1 });
    const me = await Client.connect(server.ws, { headers: { cookie: person } });
    await me.request({ t: 'attach', match: accepted.body.match.id });
    expect(await engine.request({ t: 'chat', text: 'Good luck' })).toMatchObject({ t: 'ok' });
    expect(await me.wait((m) => m.t === 'chat')).toMatchObject({ from: { seat: 1, name: 'Quiet Engine', bot: true } });
    await me.request({ t: 'resign' });
    engine.close();
    me.close();
  });

  it('turning back is refused, and an account that played cannot become a bot', async () => {
    const bot = await newBot('Forever Engine');
    expect(await as(bot.cookie)('DELETE', '/api/me/bot')).toMatchObject({
      status: 409,
      body: { error: { code: 'BOT_IS_FOREVER' } },
    });
    expect((await as(bot.cookie)('GET', '/api/me/bot')).body).toMatchObject({ bot: true });
    expect((await as(bot.cookie)('POST', '/api/me/bot')).body.error.code).toBe('ALREADY_BOT');
    const player = await signUp('Sir Bors');
    await as(player)('POST', '/api/matches', {
      game: 'camelot',
      seats: [{ kind: 'human' }, { kind: 'bot', level: 'random' }],
    });
    const refused = await api(server, 'POST', '/api/me/bot?lang=fr', undefined, {
      cookie: player,
      'accept-language': 'fr',
    });
    expect(refused).toMatchObject({
      status: 409,
      body: { error: { code: 'BOT_HAS_PLAYED', details: { matches: 1 } } },
    });
    expect(refused.body.error.message).toContain('jamais joué');
    expect((await as(player)('GET', '/api/me/bot')).body).toMatchObject({ bot: false });
    // A new token replaces the old one at once.
    const renewed = await as(bot.cookie)('POST', '/api/me/bot/token');
    expect((await asBot(bot.token)('GET', '/api/bot/me')).body.error.code).toBe('BAD_BOT_TOKEN');
    expect((await asBot(renewed.body.token)('GET', '/api/bot/me')).body.me.name).toBe('Forever Engine');
  });

  it('a bot past its matches in play, or its message rate, is refused with a clear error; so is a bad token', async () => {
    const person = await signUp('Sir Lamorak');
    const bot = await newBot('Busy Engine');
    const ids: string[] = [];
    for (let i = 0; i < 2; i++)
      ids.push((await as(person)('POST', '/api/challenges', { to: 'Busy Engine', game: 'camelot' })).body.challenge.id);
    const first = await asBot(bot.token)('POST', `/api/bot/challenges/${ids[0]}/accept`);
    expect(first.status).toBe(200);
    const second = await asBot(bot.token)('POST', `/api/bot/challenges/${ids[1]}/accept`);
    expect(second).toMatchObject({
      status: 429,
      body: { error: { code: 'BOT_TOO_MANY_MATCHES', details: { max: 1, count: 1 } } },
    });
    expect(second.body.error.message).toContain('at most 1 at once');
    expect((await as(person)('GET', `/api/challenges/${ids[1]}`)).body.challenge.status).toBe('pending');
    // Past --max-challenges waiting at once from one person.
    for (let i = 0; i < 4; i++) await as(person)('POST', '/api/challenges', { to: 'Busy Engine', game: 'camelot' });
    expect(
      (await as(person)('POST', '/api/challenges', { to: 'Busy Engine', game: 'camelot' })).body.error,
    ).toMatchObject({
      code: 'TOO_MANY_CHALLENGES',
      details: { max: 5 },
    });
    // Its connection's rate: 5 a second, bursts of 20.
    const engine = await Client.connect(server.ws, { headers: { authorization: `Bearer ${bot.token}` } });
    for (let i = 0; i < 30; i++) engine.send({ t: 'ping', id: 100 + i });
    expect(await engine.seen((m) => m.t === 'error')).toMatchObject({
      code: 'BOT_RATE_LIMITED',
      details: { perSecond: 5, burst: 20 },
      message: expect.stringContaining('at most 5 a second'),
    });
    expect(engine.messages.filter((m) => m.t === 'pong').length).toBeLessThanOrEqual(21);
    engine.close();
    expect((await asBot('x'.repeat(43))('GET', '/api/bot/challenges')).body.error.code).toBe('BAD_BOT_TOKEN');
    const impostor = await Client.connect(server.ws, { headers: { authorization: `Bearer ${'y'.repeat(43)}` } });
    expect(await impostor.request({ t: 'attach', match: first.body.match.id })).toMatchObject({
      code: 'BAD_BOT_TOKEN',
    });
    impostor.close();
  });

  it('in a game with secrets, the bot’s connection is sent its own seat’s view of each position and no secret (the leak checks)', async () => {
    const person = await signUp('Sir Palamedes');
    const bot = await newBot('Card Engine');
    const made = await as(person)('POST', '/api/challenges', { to: 'Card Engine', game: 'joust', seat: 0 });
    const accepted = await asBot(bot.token)('POST', `/api/bot/challenges/${made.body.challenge.id}/accept`);
    const id = accepted.body.match.id;
    const engine = await Client.connect(server.ws, { headers: { authorization: `Bearer ${bot.token}` } });
    expect(await engine.request({ t: 'attach', match: id })).toMatchObject({ seat: 1 });
    const me = await Client.connect(server.ws, { headers: { cookie: person } });
    await me.request({ t: 'attach', match: id });
    const spectator = await Client.connect(server.ws);
    await spectator.request({ t: 'attach', match: id });
    // Both sides play their first legal move for a while; after each move a ping answered on every socket means
    // every message of that move has arrived: the bot's messages are cut into one slice per position.
    const clients = [me, engine];
    const sockets = [me, engine, spectator];
    const cuts: number[][] = [sockets.map((c) => c.raw.length)];
    // Six positions: the bot's connection sends at most three messages a position (legal, its move, ping), 19 with
    // its attach, within its burst of 20 at --bot-rate 5 however fast the machine (eight could pass the burst
    // before the bucket refilled).
    for (let ply = 0; ply < 6; ply++) {
      const turn = await Promise.all(clients.map((c) => c.request({ t: 'legal' })));
      const seat = turn.findIndex((l) => l.moves.length > 0);
      if (seat < 0) break;
      const answer = await clients[seat]!.request({ t: 'move', move: turn[seat].moves[0] });
      expect(answer).toMatchObject({ t: 'update' });
      await Promise.all(sockets.map((c) => c.request({ t: 'ping' })));
      cuts.push(sockets.map((c) => c.raw.length));
      if (answer.status !== 'active') break;
    }
    await me.request({ t: 'resign' });
    await engine.seen((m) => m.t === 'update' && m.status === 'finished');
    const rec = (await api(server, 'GET', `/api/matches/${id}/record`)).body;
    const game = gameById('joust')!;
    const replayed = replay(game, rec);
    if (!replayed.ok) throw new Error(replayed.error.code);
    expect(replayed.value.ply).toBe(cuts.length - 1);
    const secrets = await secretsFor(game);
    const everPublic = new Set<string>();
    const mine = new Set<string>();
    let checked = 0;
    for (let ply = 0; ply < cuts.length; ply++) {
      const state = replayed.value.stateAt(ply)!;
      const [from, to] = [cuts[ply - 1]?.[1] ?? 0, ply + 1 < cuts.length ? cuts[ply]![1]! : engine.raw.length];
      for (const m of spectator.messages.slice(0, ply + 1 < cuts.length ? cuts[ply]![2] : undefined))
        if (m.view) leaves(m.view, everPublic);
      for (const raw of engine.raw.slice(from, to)) {
        const msg = JSON.parse(raw);
        if (!('view' in msg)) continue;
        expect(msg.view).toEqual(JSON.parse(JSON.stringify(game.view(state, 1))));
        leaves(msg.view?.me, mine);
        for (const secret of secrets(state, 1, new Set([...everPublic, ...mine]), msg.view, mine))
          if (raw.includes(secret)) throw new Error(`the bot read the secret ${secret} in ${raw}`);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(3);
    for (const c of sockets) c.close();
  });
});

describe('challenges nobody answers', () => {
  // A server of its own, where a challenge lapses after 1.5 s (a correspondence one after 7 times that, 10.5 s): the
  // checks before the lapse take a few milliseconds, the margins are for a loaded machine.
  let short: TestServer;
  beforeAll(async () => {
    short = await testServer({ passwordCost: cheap, limits: { challengeLapseMs: 1500, challengesPending: 2 } });
  });
  afterAll(async () => {
    await short?.stop();
  });

  it('lapse: gone from the bot’s list, answered with a clear error in English and French, no longer counted as waiting; a correspondence one waits longer', async () => {
    const call = (headers: Record<string, string>) => (method: string, path: string, body?: unknown) =>
      api(short, method, path, body, headers);
    const person = await signUp('Sir Dinadan', short);
    const me = call({ cookie: person });
    const botCookie = await signUp('Sleeper', short);
    const token = (await call({ cookie: botCookie })('POST', '/api/me/bot')).body.token as string;
    const bot = call({ authorization: `Bearer ${token}` });
    const live = (await me('POST', '/api/challenges', { to: 'Sleeper', game: 'camelot', clock: { moveSeconds: 30 } }))
      .body.challenge.id as string;
    const post = (await me('POST', '/api/challenges', { to: 'Sleeper', game: 'camelot', clock: { days: 3 } })).body
      .challenge.id as string;
    const listed = async () =>
      (await bot('GET', '/api/bot/challenges')).body.challenges.map((c: { id: string }) => c.id).sort();
    expect(await listed()).toEqual([live, post].sort());
    // Two waiting: a third is refused.
    expect((await me('POST', '/api/challenges', { to: 'Sleeper', game: 'camelot' })).body.error.code).toBe(
      'TOO_MANY_CHALLENGES',
    );
    // The live one lapses: gone from the bot's list; the correspondence one still waits.
    await waitFor(async () => (await listed()).length === 1, 5000);
    expect(await listed()).toEqual([post]);
    expect((await me('GET', `/api/challenges/${live}`)).body.challenge.status).toBe('lapsed');
    const late = await bot('POST', `/api/bot/challenges/${live}/accept`);
    expect(late).toMatchObject({ status: 409, body: { error: { code: 'CHALLENGE_LAPSED' } } });
    expect(late.body.error.message).toMatch(/^This challenge lapsed: nobody answered it within [\d.]+ hours/);
    const fr = await call({ authorization: `Bearer ${token}`, 'accept-language': 'fr' })(
      'POST',
      `/api/bot/challenges/${live}/decline`,
    );
    expect(fr.body.error.message).toMatch(/^Ce défi a expiré\u00a0: personne n’y a répondu en [\d.]+\u00a0heures/);
    expect((await me('DELETE', `/api/challenges/${live}`)).body.error.code).toBe('CHALLENGE_LAPSED');
    // It no longer counts as waiting: a new challenge may be sent, and the bot accepts that one.
    const again = await me('POST', '/api/challenges', { to: 'Sleeper', game: 'camelot', clock: { moveSeconds: 30 } });
    expect(again.status).toBe(201);
    const accepted = await bot('POST', `/api/bot/challenges/${again.body.challenge.id}/accept`);
    expect(accepted.body.challenge).toMatchObject({ status: 'accepted', match: expect.any(String) });
    expect((await me('GET', '/api/challenges')).body.challenges.map((c: { status: string }) => c.status)).toEqual([
      'accepted',
      'pending',
      'lapsed',
    ]);
    // The server's flag, in hours: 24 unless set.
    expect(DEFAULT_LIMITS.challengeLapseMs).toBe(24 * 3600_000);
    expect(readConfig(['--challenge-hours', '48'], {}, 2).limits.challengeLapseMs).toBe(48 * 3600_000);
  });
});

describe('our own levels as bot accounts', () => {
  it('Round Table easy accepts a rated challenge at once, its seat is played by the server’s bot, and both are rated', async () => {
    const person = await signUp('Sir Dagonet');
    const made = await as(person)('POST', '/api/challenges', {
      to: 'Round Table easy',
      game: 'camelot',
      clock: { moveSeconds: 60 },
      rated: true,
      seat: 1,
    });
    expect(made).toMatchObject({ status: 201, body: { challenge: { status: 'accepted', to: 'Round Table easy' } } });
    const id = made.body.challenge.match;
    const me = await Client.connect(server.ws, { headers: { cookie: person } });
    const attached = await me.request({ t: 'attach', match: id });
    expect(attached.seat).toBe(1);
    expect(attached.seats[0]).toMatchObject({ kind: 'bot', level: 'easy', name: 'Round Table easy', botAccount: true });
    // The house bot moves first (seat 0), by itself.
    if (!attached.yourTurn) await me.wait((m) => m.t === 'update' && m.yourTurn);
    await me.request({ t: 'resign' });
    await waitFor(
      async () => (await api(server, 'GET', '/api/players/Round%20Table%20easy')).body.ratings.length > 0,
      10_000,
    );
    const house = (await api(server, 'GET', '/api/players/Round%20Table%20easy')).body;
    expect(house).toMatchObject({ bot: true, ratings: [{ game: 'camelot', games: 1 }] });
    expect(house.ratings[0].rating).toBeGreaterThan(1500);
    const ladder = (await api(server, 'GET', '/api/ratings/camelot?kind=engines')).body.ratings;
    expect(ladder.map((r: any) => r.name)).toContain('Round Table easy');
    // Nobody logs in to it.
    expect(
      (await api(server, 'POST', '/api/session', { name: 'Round Table easy', password: 'a long password' })).status,
    ).toBe(401);
    me.close();
  });
});
