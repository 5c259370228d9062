import { describe, expect, it } from 'vitest';
import { createRng, Match, nextInt, type Seat } from '@roundtable/core';
import { gameById, GAME_IDS } from '@roundtable/catalog';
import { LiveMatch } from '../src/live-match.ts';
import type { MatchRow, SeatRow } from '../src/storage/store.ts';

const PLAYERS: Record<string, number> = { camelot: 2, lancelot: 3, joust: 2, tournament: 4, shadows: 4 };

/** The hand-built update text must be exactly the JSON of the payload object, for every game, seat and status. */
describe('update payload text', () => {
  for (const id of GAME_IDS) {
    it(`${id}: payloadText is the JSON of {status, view, yourTurn, outcome, ply?, deadline?} for every seat, the spectator, with and without a deadline`, () => {
      const game = gameById(id)!;
      const players = PLAYERS[id] ?? game.minPlayers;
      const created = Match.create(game, { players, options: {}, seed: 7 });
      if (!created.ok) throw new Error(created.error.code);
      const rng = createRng(`payload-${id}`);
      let state: unknown = created.value.state;
      const row: MatchRow = {
        id: 'm-test',
        game: id,
        players,
        options: {},
        seed: 7,
        position: null,
        settings: { clock: null, abandon: null },
        status: 'active',
        outcome: null,
        createdAt: 0,
      };
      const seats: SeatRow[] = Array.from({ length: players }, (_, seat) => ({
        seat,
        kind: 'human',
        name: null,
        level: null,
        tokenHash: null,
      }));
      let checked = 0;
      for (let ply = 0; ply < 60; ply++) {
        const outcome = game.outcome(state);
        const live = new LiveMatch(game, row, seats, state, ply, outcome ? 'finished' : 'active', outcome);
        for (const deadline of [null, 1_700_000_000_123]) {
          live.timing = { deadline, armedFor: [], banks: null };
          const views = new Map();
          for (const seat of [null, ...Array.from({ length: players }, (_, s) => s as Seat)]) {
            const toMove = outcome ? [] : game.toMove(state);
            const expected = {
              status: outcome ? 'finished' : 'active',
              view: game.view(state, seat === null ? 'spectator' : seat),
              yourTurn: seat !== null && toMove.includes(seat),
              outcome,
              ...(game.perfectInformation ? { ply } : {}),
              ...(deadline !== null ? { deadline } : {}),
            };
            expect(live.payloadText(seat, views)).toBe(JSON.stringify(expected));
            checked++;
          }
        }
        if (outcome) break;
        const toMove = game.toMove(state);
        const seat = toMove[nextInt(rng, toMove.length)]!;
        const legal = game.legalMoves(state, seat);
        const next = game.play(state, seat, legal[nextInt(rng, legal.length)]);
        if (!next.ok) throw new Error(next.error.code);
        state = next.value;
      }
      expect(checked).toBeGreaterThan(20);
    });
  }
});
