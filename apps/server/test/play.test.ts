import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GAME_IDS, gameById } from '@roundtable/catalog';
import { api, Client, pick, testServer, type TestServer } from './helpers.ts';

let server: TestServer;
beforeAll(async () => {
  // Test clients play as fast as the server answers: far above the rate a person needs.
  server = await testServer({ rate: { perSecond: 2000, burst: 4000 } });
});
afterAll(async () => {
  await server.stop();
});

/** Plays the attached seat's turns with moves chosen from the server's legal list until the match ends. */
async function playOut(client: Client, seed: number, maxMoves = 2000): Promise<any> {
  let last = client.messages.filter((m) => m.t === 'attached' || m.t === 'update').at(-1);
  for (let i = 0; i < maxMoves; i++) {
    if (last.status !== 'active') return last;
    if (!last.yourTurn) {
      last = await client.wait((m) => m.t === 'update', 30_000);
      continue;
    }
    const legal = await client.request({ t: 'legal' });
    expect(legal.moves.length).toBeGreaterThan(0);
    const answer = await client.request({ t: 'move', move: pick(legal.moves, seed * 7919 + i * 104729) });
    expect(answer.t).toBe('update');
    last = answer;
  }
  throw new Error('match too long');
}

describe('lobby', () => {
  it('creates a match with an open seat, lists it, lets someone join it, and then it starts', async () => {
    const created = await api(server, 'POST', '/api/matches', {
      game: 'camelot',
      seats: [{ kind: 'human', name: 'Arthur' }, { kind: 'open' }],
    });
    expect(created.status).toBe(201);
    expect(created.body.tokens).toHaveLength(1);
    const id = created.body.match.id;
    expect(created.body.match.status).toBe('open');
    const open = await api(server, 'GET', '/api/matches?status=open');
    expect(open.body.matches.map((m: any) => m.id)).toContain(id);

    const joined = await api(server, 'POST', `/api/matches/${id}/join`, { name: 'Guinevere' });
    expect(joined.status).toBe(200);
    expect(joined.body.seat).toBe(1);
    expect(joined.body.match.status).toBe('active');
    const again = await api(server, 'POST', `/api/matches/${id}/join`, {});
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('NO_FREE_SEAT');
    const info = await api(server, 'GET', `/api/matches/${id}`);
    expect(info.body.match.seats.map((s: any) => s.name)).toEqual(['Arthur', 'Guinevere']);
    expect(JSON.stringify(info.body)).not.toContain('token');
  });

  it('frees a seat when its player leaves before the start', async () => {
    const created = await api(server, 'POST', '/api/matches', {
      game: 'camelot',
      seats: [{ kind: 'open' }, { kind: 'open' }],
    });
    const id = created.body.match.id;
    const joined = await api(server, 'POST', `/api/matches/${id}/join`, { seat: 1 });
    const left = await api(server, 'POST', `/api/matches/${id}/leave`, { token: joined.body.token });
    expect(left.body.match.seats[1].kind).toBe('open');
    const c = await Client.connect(server.ws);
    const refused = await c.request({ t: 'attach', token: joined.body.token });
    expect(refused.code).toBe('BAD_TOKEN');
    c.close();
  });

  it('refuses unknown games, bad options, unknown bots and malformed bodies with a code and a sentence', async () => {
    const unknown = await api(server, 'POST', '/api/matches', {
      game: 'chess',
      seats: [{ kind: 'open' }, { kind: 'open' }],
    });
    expect(unknown.body.error.code).toBe('UNKNOWN_GAME');
    const badOption = await api(server, 'POST', '/api/matches?lang=fr', {
      game: 'camelot',
      options: { variant: 'huge' },
      seats: [{ kind: 'open' }, { kind: 'open' }],
    });
    expect(badOption.body.error.code).toBe('BAD_OPTION');
    expect(badOption.body.error.message).toMatch(/Option/);
    const players = await api(server, 'POST', '/api/matches', { game: 'camelot', seats: [{ kind: 'open' }] });
    expect(players.body.error.code).toBe('BAD_PLAYERS');
    const bot = await api(server, 'POST', '/api/matches', {
      game: 'camelot',
      seats: [{ kind: 'bot', level: 'god' }, { kind: 'open' }],
    });
    expect(bot.body.error.code).toBe('UNKNOWN_BOT');
    const garbage = await api(server, 'POST', '/api/matches', '{"game":', { 'content-type': 'application/json' });
    expect(garbage.status).toBe(400);
    const games = await api(server, 'GET', '/api/games');
    expect(games.body.map((g: any) => g.id)).toContain('camelot');
    expect((await api(server, 'GET', '/healthz')).body.ok).toBe(true);
    const page = await fetch(`${server.url}/`);
    expect(await page.text()).toContain('/api/matches');
  });

  it('serves the built web client when there is one, its index for client-side routes', async () => {
    const web = mkdtempSync(join(tmpdir(), 'rt-web-'));
    writeFileSync(join(web, 'index.html'), '<!doctype html><title>Round Table web</title>');
    writeFileSync(join(web, 'app.js'), 'console.log(1)');
    const withWeb = await testServer({ webDir: web });
    expect(await (await fetch(`${withWeb.url}/`)).text()).toContain('Round Table web');
    expect(await (await fetch(`${withWeb.url}/app.js`)).text()).toContain('console.log');
    expect(await (await fetch(`${withWeb.url}/match/abc`)).text()).toContain('Round Table web');
    expect((await api(withWeb, 'GET', '/api/nothing')).status).toBe(404);
    await withWeb.stop();
    rmSync(web, { recursive: true, force: true });
  });
});

describe('a full game of Camelot between a client and a bot, watched by a spectator', () => {
  it('plays to the end; every message carries only views; the record replays', async () => {
    const created = await api(server, 'POST', '/api/matches', {
      game: 'camelot',
      seed: 5,
      seats: [{ kind: 'human' }, { kind: 'bot', level: 'random' }],
    });
    const { id } = created.body.match;
    const token = created.body.tokens[0].token;
    const spectator = await Client.connect(server.ws);
    await spectator.request({ t: 'attach', match: id });
    const player = await Client.connect(server.ws);
    const attached = await player.request({ t: 'attach', token });
    expect(attached).toMatchObject({ t: 'attached', seat: 0, yourTurn: true, status: 'active', ply: 0 });

    const end = await playOut(player, 1);
    expect(end.status).toBe('finished');
    expect(end.outcome).not.toBeNull();
    expect((await player.request({ t: 'move', move: 'A1-A2' })).code).toBe('MATCH_CLOSED');
    const finalSpectator = await spectator.seen((m) => m.t === 'update' && m.status === 'finished');
    expect(finalSpectator.view).toEqual(end.view);

    const record = await api(server, 'GET', `/api/matches/${id}/record`);
    expect(record.body.moves.length).toBe(end.ply);
    const replayInfo = await api(server, 'GET', `/api/matches/${id}/replay`);
    expect(replayInfo.body.plies).toBe(end.ply);
    const at = await api(server, 'GET', `/api/matches/${id}/replay/${end.ply}`);
    expect(at.body.view).toEqual(end.view);
    const first = await api(server, 'GET', `/api/matches/${id}/replay/1`);
    expect(first.body.last).toEqual(record.body.moves[0]);
    expect((await api(server, 'GET', `/api/matches/${id}/replay/99999`)).body.error.code).toBe('BAD_PLY');
    // A range of views: its bounds are checked, with a sentence naming what was wrong.
    expect((await api(server, 'GET', `/api/matches/${id}/replay-views?from=99999`)).body.error.code).toBe('BAD_PLY');
    expect((await api(server, 'GET', `/api/matches/${id}/replay-views?from=3&to=2`)).body.error.code).toBe('BAD_PLY');
    const bad = await api(server, 'GET', `/api/matches/${id}/replay-views?from=-1`);
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({ code: 'BAD_REQUEST' });
    expect(bad.body.error.message).toContain('from must be a position number');
    expect((await api(server, 'GET', `/api/matches/${id}/replay-views?to=1e3`)).body.error.code).toBe('BAD_REQUEST');
    expect(
      (await api(server, 'GET', `/api/matches/${id}/replay-views`, undefined, { authorization: 'Bearer nope' })).body
        .error.code,
    ).toBe('BAD_TOKEN');

    const imported = await api(server, 'POST', '/api/records', record.body);
    expect(imported.status).toBe(201);
    expect(imported.body.match.status).toBe('archived');
    const again = await api(server, 'GET', `/api/matches/${imported.body.match.id}/replay/${end.ply}`);
    expect(again.body.view).toEqual(end.view);
    const tampered = await api(server, 'POST', '/api/records', { ...record.body, moves: [{ seat: 1, move: 'A1-A2' }] });
    expect(tampered.body.error.code).toBe('BAD_RECORD');
    player.close();
    spectator.close();
  });

  it('plays a whole match between two bots on its own', async () => {
    const created = await api(server, 'POST', '/api/matches', {
      game: 'camelot',
      options: { variant: 'cam' },
      seats: [
        { kind: 'bot', level: 'greedy' },
        { kind: 'bot', level: 'random' },
      ],
    });
    const spectator = await Client.connect(server.ws);
    await spectator.request({ t: 'attach', match: created.body.match.id });
    const end = await spectator.seen((m) => m.status === 'finished', 60_000);
    expect(end.outcome).not.toBeNull();
    spectator.close();
  });
});

describe('moves', () => {
  it('a refused move changes nothing and is answered with the error code', async () => {
    const created = await api(server, 'POST', '/api/matches', {
      game: 'camelot',
      seats: [{ kind: 'human' }, { kind: 'human' }],
    });
    const [t0, t1] = created.body.tokens.map((t: any) => t.token);
    const a = await Client.connect(server.ws);
    const b = await Client.connect(`${server.ws}?lang=fr`);
    const start = await a.request({ t: 'attach', token: t0 });
    await b.request({ t: 'attach', token: t1 });
    const bMessages = b.messages.length;

    const illegal = await a.request({ t: 'move', move: 'A1-A9' });
    expect(illegal.t).toBe('error');
    expect(['ILLEGAL_MOVE', 'BAD_NOTATION']).toContain(illegal.code);
    const notYours = await b.request({ t: 'move', move: 'F7-F8' });
    expect(notYours.code).toBe('NOT_YOUR_TURN');
    expect(notYours.message).toMatch(/siège/);
    const spectator = await Client.connect(server.ws);
    await spectator.request({ t: 'attach', match: created.body.match.id });
    expect((await spectator.request({ t: 'move', move: 'F7-F8' })).code).toBe('SPECTATOR');

    const again = await a.request({ t: 'attach', token: t0 });
    expect(again.view).toEqual(start.view);
    expect(again.ply).toBe(0);
    // b saw nothing but seat changes (a's re-attach, the spectator)
    expect(b.messages.slice(bMessages).filter((m) => m.t === 'update')).toHaveLength(0);
    a.close();
    b.close();
    spectator.close();
  });

  it('a player reconnects with the token alone mid-game, from another connection, and goes on', async () => {
    const created = await api(server, 'POST', '/api/matches', {
      game: 'camelot',
      seats: [{ kind: 'human' }, { kind: 'bot', level: 'random' }],
    });
    const token = created.body.tokens[0].token;
    let c = await Client.connect(server.ws);
    await c.request({ t: 'attach', token });
    let last: any;
    for (let i = 0; i < 3; i++) {
      const legal = await c.request({ t: 'legal' });
      last = await c.request({ t: 'move', move: legal.moves[0] });
      if (!last.yourTurn) last = await c.wait((m) => m.t === 'update' && m.yourTurn);
    }
    c.close();
    c = await Client.connect(server.ws);
    const back = await c.request({ t: 'attach', token });
    expect(back.seat).toBe(0);
    expect(back.ply).toBe(last.ply);
    expect(back.view).toEqual(last.view);
    const legal = await c.request({ t: 'legal' });
    const moved = await c.request({ t: 'move', move: legal.moves[0] });
    expect(moved.ply).toBe(back.ply + 1);
    c.close();
  });
});

describe('bots think in worker threads', () => {
  it('a bot searching for hundreds of milliseconds does not hold up moves in other matches', async () => {
    const slow = await testServer({ botMs: null });
    const bots = await api(slow, 'POST', '/api/matches', {
      game: 'camelot',
      seats: [
        { kind: 'bot', level: 'medium' },
        { kind: 'bot', level: 'medium' },
      ],
    });
    expect(bots.status).toBe(201);
    const created = await api(slow, 'POST', '/api/matches', {
      game: 'camelot',
      seats: [{ kind: 'human' }, { kind: 'human' }],
    });
    const clients = await Promise.all(
      created.body.tokens.map(async (t: any) => {
        const c = await Client.connect(slow.ws);
        await c.request({ t: 'attach', token: t.token });
        return c;
      }),
    );
    const watcher = await Client.connect(slow.ws);
    await watcher.request({ t: 'attach', match: bots.body.match.id });
    let botMoves = 0;
    watcher.ws.on('message', (data) => {
      if (String(data).startsWith('{"t":"update"')) botMoves++;
    });
    const times: number[] = [];
    // Keep playing the human match while the bots think (each of their moves is a ~300 ms search).
    for (let ply = 0; botMoves < 3 && ply < 2000; ply++) {
      const c = clients[ply % 2]!;
      const legal = await c.request({ t: 'legal' });
      const t0 = performance.now();
      const answer = await c.request({ t: 'move', move: legal.moves[(ply * 7919) % legal.moves.length] });
      times.push(performance.now() - t0);
      if (answer.status !== 'active') break;
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(botMoves).toBeGreaterThanOrEqual(3);
    times.sort((a, b) => a - b);
    expect(times[Math.floor(times.length / 2)]).toBeLessThan(100);
    for (const c of [...clients, watcher]) c.close();
    await slow.stop();
  });
});

describe('clock and abandonment', () => {
  it('hands a seat that runs out of time to a bot when the match says so', async () => {
    const created = await api(server, 'POST', '/api/matches', {
      game: 'camelot',
      seats: [{ kind: 'human' }, { kind: 'human' }],
      clock: { moveSeconds: 1 },
      abandon: { bot: 'random' },
    });
    const c = await Client.connect(server.ws);
    const attached = await c.request({ t: 'attach', token: created.body.tokens[1].token });
    expect(attached.deadline).toBeGreaterThan(Date.now());
    const seats = await c.wait((m) => m.t === 'seats' && m.seats[0].kind === 'bot', 5000);
    expect(seats.seats[0].level).toBe('random');
    const moved = await c.wait((m) => m.t === 'update' && m.yourTurn, 5000);
    expect(moved.last.seat).toBe(0);
    c.close();
  });

  it('ends the match as abandoned when there is no bot to take over', async () => {
    const created = await api(server, 'POST', '/api/matches', {
      game: 'camelot',
      seats: [{ kind: 'human' }, { kind: 'human' }],
      clock: { moveSeconds: 1 },
    });
    const c = await Client.connect(server.ws);
    await c.request({ t: 'attach', token: created.body.tokens[1].token });
    const end = await c.wait((m) => m.t === 'update' && m.status === 'abandoned', 5000);
    expect(end.outcome).toMatchObject({ winners: [1], reason: 'timeout' });
    expect((await c.request({ t: 'move', move: 'A1-A2' })).code).toBe('MATCH_CLOSED');
    c.close();
  });
});

describe.each(GAME_IDS)('a full game of %s between clients and bots, watched by a spectator', (id) => {
  it('plays to the end; the spectator only ever gets the public view', async () => {
    const game = gameById(id)!;
    const players = Math.min(game.maxPlayers, Math.max(game.minPlayers, 3));
    // Seats alternate human, bot, human…: several clients and at least one bot at every table.
    const seats = Array.from({ length: players }, (_, i) =>
      i % 2 === 1 ? { kind: 'bot', level: 'random' } : { kind: 'human' },
    );
    const created = await api(server, 'POST', '/api/matches', { game: id, seed: 11, seats });
    expect(created.status).toBe(201);
    const spectator = await Client.connect(server.ws);
    await spectator.request({ t: 'attach', match: created.body.match.id });
    const clients = await Promise.all(
      created.body.tokens.map(async (t: any) => {
        const c = await Client.connect(server.ws);
        await c.request({ t: 'attach', token: t.token });
        return c;
      }),
    );
    const ends = await Promise.all(clients.map((c, i) => playOut(c, i + 1, 5000)));
    for (const end of ends) expect(end.status).toBe('finished');
    const last = await spectator.seen((m) => m.status === 'finished', 10_000);
    expect(last.outcome).toEqual(ends[0].outcome);
    if (!game.perfectInformation) {
      for (const m of spectator.messages) if (m.view) expect(m.view.me ?? null).toBeNull();
      for (const m of spectator.messages) expect(m.last).toBeUndefined();
    }
    // The replay: the public view for anyone, a player's own view (their hand) with their token.
    const matchId = created.body.match.id;
    const info = await api(server, 'GET', `/api/matches/${matchId}/replay`);
    expect(info.body.plies).toBeGreaterThan(0);
    const publicView = await api(server, 'GET', `/api/matches/${matchId}/replay/1`);
    expect(publicView.body.seat).toBeNull();
    const seat0 = await api(server, 'GET', `/api/matches/${matchId}/replay/1`, undefined, {
      authorization: `Bearer ${created.body.tokens[0].token}`,
    });
    expect(seat0.body.seat).toBe(0);
    if (!game.perfectInformation) {
      expect(publicView.body.view.me ?? null).toBeNull();
      expect(seat0.body.view.me.seat).toBe(0);
    }
    // The same views a range at a time (a screen telling the log again): one replay, equal to the ply's own.
    const auth = { authorization: `Bearer ${created.body.tokens[0].token}` };
    const plies: number = info.body.plies;
    const range = await api(
      server,
      'GET',
      `/api/matches/${matchId}/replay-views?from=0&to=${plies + 50}`,
      undefined,
      auth,
    );
    expect(range.status).toBe(200);
    expect(range.body).toMatchObject({ plies, seat: 0, from: 0, to: Math.min(plies, 199) });
    expect(range.body.views.map((v: any) => v.ply)).toEqual(
      Array.from({ length: Math.min(plies, 199) + 1 }, (_, i) => i),
    );
    for (const ply of [0, 1, Math.min(plies, 199)]) {
      const one = await api(server, 'GET', `/api/matches/${matchId}/replay/${ply}`, undefined, auth);
      expect(range.body.views[ply]).toEqual({ ply, view: one.body.view, last: one.body.last });
    }
    const publicRange = await api(server, 'GET', `/api/matches/${matchId}/replay-views?from=1&to=1`);
    expect(publicRange.body.views).toEqual([{ ply: 1, view: publicView.body.view, last: publicView.body.last }]);
    if (plies > 200) {
      const rest = await api(server, 'GET', `/api/matches/${matchId}/replay-views?from=200`, undefined, auth);
      expect(rest.body.views[0].ply).toBe(200);
      expect(rest.body.to).toBe(Math.min(plies, 399));
    }
    const record = await api(server, 'GET', `/api/matches/${matchId}/record`);
    expect(record.body.moves).toHaveLength(info.body.plies);
    for (const c of [...clients, spectator]) c.close();
  });
});
