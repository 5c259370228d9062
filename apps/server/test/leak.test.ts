import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRng, Match, nextInt, type Seat } from '@roundtable/core';
import { games } from '@roundtable/catalog';
import { api, Client, testServer, type TestServer } from './helpers.ts';
import { leaves, secretsFor } from './leak-checks.ts';

let server: TestServer;
beforeAll(async () => {
  server = await testServer({ rate: { perSecond: 100_000, burst: 100_000 } });
});
afterAll(async () => {
  await server.stop();
});

const hidden = Object.values(games).filter((g) => !g.perfectInformation);
/** Random moves per game across its matches: "thousands" in all. */
const MOVES_PER_GAME = 1500;

describe.each(hidden.map((g) => [g.id, g] as const))('view leaks in %s', (_id, game) => {
  it(`over ${MOVES_PER_GAME} random moves, every message to a seat is exactly its view and holds no secret`, async () => {
    const secrets = await secretsFor(game);
    const rng = createRng(`leak-${game.id}`);
    let played = 0;
    let checked = 0;
    for (let round = 0; played < MOVES_PER_GAME; round++) {
      const players = game.minPlayers + (round % (game.maxPlayers - game.minPlayers + 1));
      const seed = 1000 + round;
      const created = await api(server, 'POST', '/api/matches', {
        game: game.id,
        seed,
        seats: Array.from({ length: players }, () => ({ kind: 'human' })),
      });
      const truth = Match.create(game, { players, options: created.body.match.options, seed });
      if (!truth.ok) throw new Error(truth.error.code);
      const match = truth.value;
      // The secrets are written as they would leak: seat 0's own view shows cards that are secret to seat 1.
      const own = JSON.stringify(game.view(match.state, 0));
      expect(secrets(match.state, 1, new Set(), null).some((x) => own.includes(x))).toBe(true);
      // Card ids that were ever public (sent to the spectator), and those each seat ever held or was shown.
      const everPublic = new Set<string>();
      const everMine = new Map<Seat | 'spectator', Set<string>>();
      // For the spectator itself: what earlier public messages showed.
      const publicBefore = new Set<string>();
      const spectator = await Client.connect(server.ws);
      await spectator.request({ t: 'attach', match: created.body.match.id });
      const clients: Client[] = [];
      for (const t of created.body.tokens) {
        const c = await Client.connect(server.ws);
        await c.request({ t: 'attach', token: t.token });
        clients.push(c);
      }
      const all: [Client, Seat | 'spectator'][] = [
        ...clients.map((c, s) => [c, s] as [Client, Seat]),
        [spectator, 'spectator'],
      ];
      const read = all.map(() => 0);
      const previous: (string | null)[] = all.map(() => null);
      const check = (): void => {
        // The spectator's messages first: what they show is public from now on.
        for (const m of spectator.messages) if (m.view) leaves(m.view, everPublic);
        all.forEach(([c, viewer], i) => {
          for (; read[i]! < c.raw.length; read[i]!++) {
            const raw = c.raw[read[i]!]!;
            const msg = JSON.parse(raw);
            if (!('view' in msg)) {
              expect(['legal', 'pong', 'seats', 'error', 'chat-history', 'spectators']).toContain(msg.t);
              // Nobody chats here: the history on attach is empty.
              if (msg.t === 'chat-history') expect(msg.lines).toEqual([]);
              // Who watches is all a spectators message says: names of accounts and a count.
              if (msg.t === 'spectators') expect(Object.keys(msg).sort()).toEqual(['anonymous', 'match', 'names', 't']);
              continue;
            }
            expect(
              Object.keys(msg).every((k) =>
                [
                  't',
                  'id',
                  'ack',
                  'match',
                  'game',
                  'seat',
                  'seats',
                  'status',
                  'view',
                  'yourTurn',
                  'outcome',
                  'deadline',
                ].includes(k),
              ),
            ).toBe(true);
            expect(msg.view).toEqual(game.view(match.state, viewer));
            // A seat hears of a move only when what it may know changed: in a response window, the others
            // cannot tell whether (or who) answered. The mover's own acknowledgement is the exception.
            const key = JSON.stringify([msg.status, msg.view, msg.yourTurn, msg.outcome]);
            if (msg.t === 'update' && msg.ack === undefined) expect(key).not.toBe(previous[i]);
            previous[i] = key;
            const mine = everMine.get(viewer) ?? new Set<string>();
            everMine.set(viewer, leaves(msg.view?.me, mine));
            const known = viewer === 'spectator' ? new Set(publicBefore) : new Set([...everPublic, ...mine]);
            for (const secret of secrets(match.state, viewer, known, msg.view, mine)) {
              if (raw.includes(secret)) throw new Error(`${viewer} read the secret ${secret} in ${raw}`);
            }
            if (viewer === 'spectator') leaves(msg.view, publicBefore);
            checked++;
          }
        });
      };
      check();
      while (!match.outcome() && played < MOVES_PER_GAME) {
        const toMove = match.toMove();
        const seat = toMove[nextInt(rng, toMove.length)]!;
        const c = clients[seat]!;
        const legal = await c.request({ t: 'legal' });
        expect(legal.moves).toEqual(match.legalNotation(seat));
        const move = legal.moves[nextInt(rng, legal.moves.length)];
        const answer = await c.request({ t: 'move', move });
        expect(answer.t).toBe('update');
        expect(match.play(seat, move).ok).toBe(true);
        played++;
        // A ping answered on every socket means every update of this move has arrived before it.
        await Promise.all(all.map(([x]) => x.request({ t: 'ping' })));
        check();
      }
      for (const [c] of all) c.close();
    }
    expect(checked).toBeGreaterThan(MOVES_PER_GAME);
  }, 120_000);
});
