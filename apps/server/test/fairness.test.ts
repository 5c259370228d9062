/**
 * Issue 13: hidden hands stay hidden online. A server seed carries 128 random bits, reaches no client before the
 * end of a game with secrets, and is committed to (SHA-256) from the start, so the deal cannot change mid-match;
 * a creator may not choose the seed of a game with secrets whose open seats strangers will fill.
 */
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameById, GAME_IDS } from '@roundtable/catalog';
import { api, Client, pick, testServer, type TestServer } from './helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await testServer({ rate: { perSecond: 2000, burst: 4000 } });
});
afterAll(async () => {
  await server.stop();
});

const secretGames = GAME_IDS.filter((id) => !gameById(id)!.perfectInformation);
const sha256 = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

/** The seed as the server stored it (a test may read the database; no client can). */
function storedSeed(id: string): unknown {
  const db = new Database(join(server.dir, 'roundtable.sqlite'), { readonly: true });
  try {
    const row = db.prepare('SELECT seed FROM matches WHERE id = ?').get(id) as { seed: string } | undefined;
    return row ? JSON.parse(row.seed) : undefined;
  } finally {
    db.close();
  }
}

async function countMatches(): Promise<number> {
  return (await api(server, 'GET', '/api/matches?limit=200')).body.matches.length;
}

describe('seeds the server draws', () => {
  it('carry 128 bits from the OS: "v2:" and 32 hex digits, a different one for every match', async () => {
    const seeds = new Set<unknown>();
    for (let i = 0; i < 20; i++) {
      const created = await api(server, 'POST', '/api/matches', {
        game: 'joust',
        seats: [{ kind: 'human' }, { kind: 'open' }],
      });
      expect(created.status).toBe(201);
      const seed = storedSeed(created.body.match.id);
      expect(seed).toMatch(/^v2:[0-9a-f]{32}$/);
      // The commitment published at creation is the SHA-256 of exactly that text.
      expect(created.body.match.commitment).toBe(sha256(seed as string));
      expect(created.body.match.seeded).toBe(false);
      seeds.add(seed);
    }
    expect(seeds.size).toBe(20);
  });

  it.each(secretGames)('%s: a seed that differs in any one of its 128 bits deals differently', (id) => {
    const game = gameById(id)!;
    const players = game.minPlayers;
    const options = game.parseOptions({}, players);
    if (!options.ok) throw new Error('options');
    const deal = (seed: string): string => {
      const s = game.setup({ players, options: options.value, seed });
      if (!s.ok) throw new Error(s.error.code);
      // What every seat sees at the start, together: their hands, the face-up cards, the traitor's card.
      return JSON.stringify(Array.from({ length: players }, (_, seat) => game.view(s.value, seat)));
    };
    const zero = '0'.repeat(32);
    const deals = new Set([deal(`v2:${zero}`)]);
    for (let bit = 0; bit < 128; bit++) {
      const digits = [...zero];
      digits[31 - Math.floor(bit / 4)] = (1 << (bit % 4)).toString(16);
      deals.add(deal(`v2:${digits.join('')}`));
    }
    expect(deals.size).toBe(129);
  });
});

/** Plays the attached seat's turns with moves from the server's legal list until the match ends. */
async function playOut(client: Client, n: number): Promise<any> {
  let last = client.messages.filter((m) => m.t === 'attached' || m.t === 'update').at(-1);
  for (let i = 0; i < 5000; i++) {
    if (last.status !== 'active') return last;
    if (!last.yourTurn) {
      last = await client.wait((m) => m.t === 'update', 30_000);
      continue;
    }
    const legal = await client.request({ t: 'legal' });
    last = await client.request({ t: 'move', move: pick(legal.moves, n * 7919 + i * 104729) });
  }
  throw new Error('match too long');
}

describe.each(secretGames)('%s: the seed stays hidden until the end, then matches the commitment', (id) => {
  it('no summary, listing, record, replay or WebSocket message holds it before the end; after it, all tell it', async () => {
    const game = gameById(id)!;
    const players = Math.max(game.minPlayers, 3);
    const seats = Array.from({ length: players }, (_, i) =>
      i === 0 ? { kind: 'human' } : i === 1 ? { kind: 'open' } : { kind: 'bot', level: 'random' },
    );
    const created = await api(server, 'POST', '/api/matches', { game: id, seats });
    const matchId = created.body.match.id;
    const seed = storedSeed(matchId) as string;
    const secret = seed.slice(3); // the 32 hex digits
    const commitment = created.body.match.commitment;
    expect(commitment).toBe(sha256(seed));
    const joined = await api(server, 'POST', `/api/matches/${matchId}/join`, {});
    expect(joined.status).toBe(200);
    const seen: string[] = [JSON.stringify(created.body), JSON.stringify(joined.body)];
    const spectator = await Client.connect(server.ws);
    await spectator.request({ t: 'attach', match: matchId });
    const clients = await Promise.all(
      [created.body.tokens[0].token, joined.body.token].map(async (token: string) => {
        const c = await Client.connect(server.ws);
        await c.request({ t: 'attach', token });
        return c;
      }),
    );
    // While it is played: everything anyone may ask for.
    for (const path of [
      `/api/matches/${matchId}`,
      '/api/matches',
      '/api/matches?status=active',
      `/api/matches/${matchId}/record`,
      `/api/matches/${matchId}/replay`,
      `/api/matches/${matchId}/replay/0`,
      `/api/matches/${matchId}/replay-views`,
    ]) {
      const answer = await api(server, 'GET', path);
      seen.push(JSON.stringify(answer.body));
      if (path.includes('/record') || path.includes('/replay')) expect(answer.body.error.code).toBe('NOT_FINISHED');
    }
    const summary = (await api(server, 'GET', `/api/matches/${matchId}`)).body.match;
    expect(summary.commitment).toBe(commitment);
    expect(summary.seed).toBeUndefined();
    const ends = await Promise.all(clients.map((c, n) => playOut(c, n + 1)));
    expect(ends[0].status).toBe('finished');
    await spectator.seen((m) => m.status === 'finished', 10_000);
    // Every message the server sent while the match was played, to the seats and the spectator.
    for (const c of [...clients, spectator]) for (const raw of c.raw.slice(0, -1)) seen.push(raw);
    for (const text of seen) expect(text).not.toContain(secret);

    // After the end: the summary, the record and the replay reveal the seed, and it is the one committed to.
    const after = (await api(server, 'GET', `/api/matches/${matchId}`)).body.match;
    expect(after.seed).toBe(seed);
    expect(after.commitment).toBe(commitment);
    const record = (await api(server, 'GET', `/api/matches/${matchId}/record`)).body;
    expect(record.seed).toBe(seed);
    expect(record.commitment).toBe(commitment);
    expect(sha256(record.seed)).toBe(commitment);
    const info = (await api(server, 'GET', `/api/matches/${matchId}/replay`)).body;
    expect(info).toMatchObject({ seed, commitment });
    // The record replays exactly (the server checks every move on import) and keeps its commitment.
    const { id: _id, status: _status, ...rest } = record;
    const imported = await api(server, 'POST', '/api/records', rest);
    expect(imported.status).toBe(201);
    expect(imported.body.match.commitment).toBe(commitment);
    expect(imported.body.match.outcome).toEqual(ends[0].outcome);
    for (const c of [...clients, spectator]) c.close();
  });
});

describe('seeds a creator chooses', () => {
  it.each(secretGames)(
    '%s: refused while a seat is open to someone else (SEED_WITH_OPEN_SEAT), and nothing is stored',
    async (id) => {
      const before = await countMatches();
      const game = gameById(id)!;
      const seats = [
        { kind: 'human' },
        { kind: 'open' },
        ...Array.from({ length: game.minPlayers - 2 }, () => ({ kind: 'bot', level: 'random' })),
      ];
      for (const seed of [7, 'mine']) {
        const refused = await api(server, 'POST', '/api/matches?lang=fr', { game: id, seed, seats });
        expect(refused.status).toBe(400);
        expect(refused.body.error.code).toBe('SEED_WITH_OPEN_SEAT');
        expect(refused.body.error.details).toEqual({ game: id });
        expect(refused.body.error.message).toMatch(/graine/);
      }
      expect(await countMatches()).toBe(before);
    },
  );

  it('allowed when every human seat is the creator\'s or a bot: the summary and the lobby say "seeded"', async () => {
    const hotSeat = await api(server, 'POST', '/api/matches', {
      game: 'joust',
      seed: 7,
      seats: [{ kind: 'human' }, { kind: 'human' }, { kind: 'bot', level: 'random' }],
    });
    expect(hotSeat.status).toBe(201);
    expect(hotSeat.body.match).toMatchObject({ seeded: true, commitment: sha256('#7') });
    expect(storedSeed(hotSeat.body.match.id)).toBe(7);
    // A game without secrets may be seeded with an open seat: the seed only picks who begins.
    const open = await api(server, 'POST', '/api/matches', {
      game: 'lancelot',
      seed: 'tournament-3',
      seats: [{ kind: 'human' }, { kind: 'open' }],
    });
    expect(open.status).toBe(201);
    const lobby = (await api(server, 'GET', '/api/matches?status=open')).body.matches;
    expect(lobby.find((m: any) => m.id === open.body.match.id)).toMatchObject({
      seeded: true,
      commitment: sha256('tournament-3'),
    });
    const unseeded = await api(server, 'POST', '/api/matches', {
      game: 'joust',
      seats: [{ kind: 'human' }, { kind: 'open' }],
    });
    expect(
      (await api(server, 'GET', '/api/matches?status=open')).body.matches.find(
        (m: any) => m.id === unseeded.body.match.id,
      ).seeded,
    ).toBe(false);
  });
});

describe('seats that do not exist', () => {
  it('joining seat 3 of a 3-seat match is NO_SUCH_SEAT (404), and changes nothing', async () => {
    const created = await api(server, 'POST', '/api/matches', {
      game: 'tournament',
      seats: [{ kind: 'human' }, { kind: 'open' }, { kind: 'open' }],
    });
    const id = created.body.match.id;
    const before = await api(server, 'GET', `/api/matches/${id}`);
    const refused = await api(server, 'POST', `/api/matches/${id}/join`, { seat: 3 });
    expect(refused.status).toBe(404);
    expect(refused.body.error).toMatchObject({ code: 'NO_SUCH_SEAT', details: { seat: 3, seats: 3 } });
    expect(refused.body.error.message).toBe('There is no seat 3 in this match: its seats are 0 to 2.');
    expect(await api(server, 'GET', `/api/matches/${id}`)).toEqual(before);
    // A seat that exists but is taken is still SEAT_TAKEN.
    expect((await api(server, 'POST', `/api/matches/${id}/join`, { seat: 0 })).body.error.code).toBe('SEAT_TAKEN');
  });
});

describe('imported records', () => {
  it('a commitment that is not the SHA-256 of the seed is refused (BAD_COMMITMENT), nothing stored', async () => {
    const before = await countMatches();
    const record = {
      game: 'camelot',
      players: 2,
      options: {},
      seed: 'v2:' + '1'.repeat(32),
      commitment: sha256('v2:' + '2'.repeat(32)),
      moves: [],
    };
    const refused = await api(server, 'POST', '/api/records', record);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: 'BAD_COMMITMENT', details: { expected: sha256(record.seed) } });
    const badHex = await api(server, 'POST', '/api/records', { ...record, commitment: 'XYZ' });
    expect(badHex.body.error.code).toBe('BAD_REQUEST');
    expect(badHex.body.error.message).toContain('commitment');
    expect(await countMatches()).toBe(before);
  });
});
