import { describe, expect, it } from 'vitest';
import { createRng, Match, nextInt, type Seat } from '@roundtable/core';
import { gameById, GAME_IDS } from '@roundtable/catalog';
import { LiveMatch } from '../src/live-match.ts';
import type { MatchRow, SeatRow } from '../src/storage/store.ts';

const PLAYERS: Record<string, number> = { camelot: 2, lancelot: 3, joust: 2, tournament: 4, shadows: 4 };

/** The hand-built update text must be exactly the JSON of the payload object, for every game, seat and status. */
describe('update payload text', () => {
  for (const id of GAME_IDS) {
    it(`${id}: payloadText is the JSON of {status, view, yourTurn, outcome, ply?, deadline?, clocks?} for every seat, the spectator, with and without a deadline`, () => {
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
          // With a deadline, a Fischer clock's banks too.
          const banks = deadline !== null ? { banks: [1000, 2000], running: [0], since: 5, ply } : null;
          live.timing = { deadline, armedFor: [], banks };
          const views = new Map();
          for (const seat of [null, ...Array.from({ length: players }, (_, s) => s as Seat)]) {
            const toMove = outcome ? [] : game.toMove(state);
            const expected = {
              status: outcome ? 'finished' : 'active',
              view: game.view(state, seat === null ? 'spectator' : seat),
              yourTurn: seat !== null && toMove.includes(seat),
              outcome,
              ...(game.perfectInformation ? { ply } : {}),
              ...(deadline !== null ? { deadline, clocks: banks } : {}),
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

describe('update and attached messages', () => {
  it('are the JSON of the UpdateMessage and AttachedMessage values (protocol types), head and payload together', () => {
    const game = gameById('camelot')!;
    const created = Match.create(game, { players: 2, options: {}, seed: 3 });
    if (!created.ok) throw new Error(created.error.code);
    const row: MatchRow = {
      id: 'm-msg',
      game: 'camelot',
      players: 2,
      options: {},
      seed: 3,
      position: null,
      settings: { clock: { moveSeconds: 60 }, abandon: null },
      status: 'active',
      outcome: null,
      createdAt: 0,
    };
    const seats: SeatRow[] = [0, 1].map((seat) => ({ seat, kind: 'human', name: null, level: null, tokenHash: null }));
    const live = new LiveMatch(game, row, seats, created.value.state, 0, 'active', null);
    live.timing = { deadline: 1_700_000_000_000, armedFor: [0], banks: null };
    const got: string[] = [];
    const mover = { seat: 0, lang: 'en' as const, lastKey: null, send: (t: string) => got.push(t) };
    const other = { seat: 1, lang: 'en' as const, lastKey: null, send: (t: string) => got.push(t) };
    live.listeners.add(mover).add(other);
    const view = game.view(created.value.state, 'spectator');
    const payload = { status: 'active', view, outcome: null, ply: 0, deadline: 1_700_000_000_000 };
    live.broadcast({ seat: 0, move: 'F6-F7' }, { listener: mover, ack: 7 });
    const last = { seat: 0, move: 'F6-F7' };
    expect(got).toEqual([
      JSON.stringify({
        t: 'update',
        match: 'm-msg',
        ack: 7,
        last,
        status: 'active',
        view,
        yourTurn: true,
        ...rest(payload),
      }),
      JSON.stringify({ t: 'update', match: 'm-msg', last, status: 'active', view, yourTurn: false, ...rest(payload) }),
    ]);
    const attached = live.attachedMessage(other, 4);
    expect(attached).toBe(
      JSON.stringify({
        t: 'attached',
        id: 4,
        match: 'm-msg',
        game: 'camelot',
        seat: 1,
        seats: live.seatInfo(),
        status: 'active',
        view,
        yourTurn: false,
        ...rest(payload),
      }),
    );
  });
});

function rest(p: { outcome: unknown; ply: number; deadline: number }): Record<string, unknown> {
  return { outcome: p.outcome, ply: p.ply, deadline: p.deadline };
}
