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
          live.deadline = deadline;
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

describe('a clock brought back from storage', () => {
  const game = gameById('camelot')!;
  const start = Match.create(game, { players: 2, options: {}, seed: 1 });
  const row = (moveSeconds: number | null): MatchRow => ({
    id: 'm-clock',
    game: 'camelot',
    players: 2,
    options: {},
    seed: 1,
    position: null,
    settings: { clock: moveSeconds === null ? null : { moveSeconds }, abandon: null },
    status: 'active',
    outcome: null,
    createdAt: 0,
  });
  const live = (moveSeconds: number | null): LiveMatch => {
    if (!start.ok) throw new Error('setup');
    return new LiveMatch(game, row(moveSeconds), [], start.value.state, 3, 'active', null);
  };
  it('runs from the last move, but leaves at least the grace period (or the whole move time if shorter) after the start', () => {
    // Loaded just after the server started (now = startedAt): as after a restart.
    const now = 1_000_000_000;
    const a = live(3600);
    a.resumeDeadline(null, now - 60_000, now, now);
    expect(a.deadline).toBe(now - 60_000 + 3600_000);
    const b = live(3600);
    b.resumeDeadline(null, now - 86_400_000, now, now);
    expect(b.deadline).toBe(now + 30_000);
    const c = live(10);
    c.resumeDeadline(null, now - 86_400_000, now, now);
    expect(c.deadline).toBe(now + 10_000);
    const d = live(60);
    d.resumeDeadline(null, null, now, now);
    expect(d.deadline).toBe(now + 60_000);
    const e = live(null);
    e.resumeDeadline(null, now, now, now);
    expect(e.deadline).toBeNull();
  });

  it('keeps the stored deadline of a match reloaded while the server runs, even one already past', () => {
    const startedAt = 1_000_000_000;
    const now = startedAt + 3_600_000;
    const a = live(60);
    a.resumeDeadline(now - 5_000, now - 65_000, now, startedAt);
    expect(a.deadline).toBe(now - 5_000);
    // Right after a restart the same stored deadline still leaves the grace period.
    const b = live(60);
    b.resumeDeadline(now - 5_000, now - 65_000, now, now);
    expect(b.deadline).toBe(now + 30_000);
  });
});
