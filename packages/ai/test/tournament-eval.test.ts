import { describe, expect, it } from 'vitest';
import type { Seat } from '@roundtable/core';
import { tournament, type TournamentState } from '@roundtable/tournament';
import { tournamentGreedy } from '../src/tournament.ts';
import { randomState } from './fixtures.ts';
// The games and their bots, registered with packages/ai as every front door has them.
import '@roundtable/catalog';

describe('tournament evaluation: the wound piles are computed once per state', () => {
  it('scores every seat of a state as it would score a fresh copy of it', () => {
    for (let seed = 1; seed <= 6; seed++) {
      const state = randomState(tournament, 4, seed, 20 + seed * 7) as TournamentState;
      if (tournament.outcome(state)) continue;
      const seats = [0, 1, 2, 3] as Seat[];
      const cached = seats.map((s) => tournamentGreedy(tournament, state, state, s));
      const again = seats.map((s) => tournamentGreedy(tournament, state, state, s));
      const fresh = seats.map((s) => {
        const copy = structuredClone(state);
        return tournamentGreedy(tournament, copy, copy, s);
      });
      expect(again).toEqual(cached);
      expect(fresh).toEqual(cached);
    }
  });
});
