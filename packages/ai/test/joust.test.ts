import { describe, expect, it } from 'vitest';
import { joust, type JoustState } from '@roundtable/joust';
import type { Seat } from '@roundtable/core';
import { endValues, playTournament, searchJoust } from '../src/joust/search.ts';
import { greedyPlayout, joustTuning } from '../src/joust/tuning.ts';
import { joustGreedy } from '../src/joust.ts';
import { simulate } from '../src/mcts.ts';
import { legalNotation, randomState, rng } from './fixtures.ts';
// The games and their bots, registered with packages/ai as every front door has them.
import '@roundtable/catalog';

/** A mid-tournament position of a 3-player game where the seat to move has at least `choices` moves. */
function position(choices: number): { state: JoustState; seat: Seat } {
  for (let seed = 1; seed < 200; seed++) {
    const state = randomState(joust, 3, seed, 8 + seed * 2) as JoustState;
    if (joust.outcome(state) || state.phase.kind !== 'turn') continue;
    const seat = joust.toMove(state)[0] as Seat;
    if (joust.legalMoves(state, seat).length >= choices) return { state, seat };
  }
  throw new Error('no position found');
}

describe('joust search (determinized greedy rollouts)', () => {
  it('tries every legal move in the first worlds, then spends the budget on the better half', () => {
    const { state, seat } = position(5);
    const legal = legalNotation(joust, state, seat);
    const report = searchJoust({
      game: joust,
      view: joust.view(state, seat),
      seat,
      rng: rng(1),
      budget: { iterations: 200 },
    });
    expect(report.kind).toBe('visits');
    if (report.kind !== 'visits') return;
    expect(report.moves.map((m) => m.move).sort()).toEqual([...legal].sort());
    const visits = report.moves.map((m) => m.visits);
    // Eight worlds for every move before the first cut; the survivors get more.
    expect(Math.min(...visits)).toBeGreaterThanOrEqual(8);
    expect(Math.max(...visits)).toBeGreaterThan(Math.min(...visits));
    expect(visits.reduce((a, b) => a + b, 0)).toBe(report.iterations);
    expect(report.iterations).toBeGreaterThanOrEqual(200);
    for (const m of report.moves) {
      expect(m.value / m.visits).toBeGreaterThanOrEqual(0);
      expect(m.value / m.visits).toBeLessThanOrEqual(1);
    }
  });

  it('depends only on the view and the seed: the same report for two true states with the same view', () => {
    const { state, seat } = position(3);
    const view = joust.view(state, seat);
    const other = joust.determinize(view, seat, rng('reshuffle'));
    expect(other.hands.some((h, i) => i !== seat && h.join() !== state.hands[i]!.join())).toBe(true);
    const a = searchJoust({ game: joust, view, seat, rng: rng(4), budget: { iterations: 60 } });
    const b = searchJoust({
      game: joust,
      view: joust.view(other, seat),
      seat,
      rng: rng(4),
      budget: { iterations: 60 },
    });
    expect(b).toEqual(a);
  });

  it('a rollout plays the tournament in play to its end (the next one is waiting for its colour)', () => {
    const { state } = position(3);
    const end = playTournament(joust, state, state.tournament, rng(2));
    if (end.phase.kind !== 'over') {
      expect(end.tournament).toBe(state.tournament + 1);
      expect(end.phase.kind).toBe('start');
      expect(end.colour).toBeNull();
    }
    // Someone won it: a token more at the table, unless the winner already held the colour.
    const tokens = (s: JoustState): number => s.tokens.reduce((n, t) => n + t.length, 0);
    expect(tokens(end)).toBeGreaterThanOrEqual(tokens(state) - 1);
  });

  it('scores the end of a rollout by tokens first, then cards in hand', () => {
    const { state } = position(3);
    const base: JoustState = {
      ...state,
      tokens: [['red'], ['red'], ['red']],
      hands: [
        [1, 2, 3],
        [4, 5, 6],
        [7, 8, 9],
      ],
    };
    const level = endValues(base);
    expect(level[0]).toBeCloseTo(0.5);
    // Two cards more: ahead, but far less than a token more.
    const cards = endValues({
      ...base,
      hands: [
        [1, 2, 3, 10, 11],
        [4, 5, 6],
        [7, 8, 9],
      ],
    });
    const token = endValues({ ...base, tokens: [['red', 'blue'], ['red'], ['red']] });
    expect(cards[0]).toBeGreaterThan(0.5);
    expect(token[0]).toBeGreaterThan(cards[0] as number);
    expect(token[1]).toBeLessThan(0.5);
  });
});

describe('joust search playouts (the greedy move, one time in ten a random one)', () => {
  it("plays the greedy score's best move or a random legal one, the same for the same seed", () => {
    const { state, seat } = position(5);
    const moves = joust.legalMoves(state, seat);
    const scores = moves.map((m) => {
      const next = joust.play(state, seat, m);
      return next.ok ? joustGreedy(joust, state, next.value, seat) : -Infinity;
    });
    const best = Math.max(...scores);
    let greedy = 0;
    for (let i = 0; i < 200; i++) {
      const pick = greedyPlayout(joust, state, seat, moves, rng(i));
      expect(pick).toBeGreaterThanOrEqual(0);
      expect(pick).toBeLessThan(moves.length);
      if (scores[pick] === best) greedy++;
      expect(greedyPlayout(joust, state, seat, moves, rng(i))).toBe(pick);
    }
    // About nine in ten are the greedy move (plus the random ones that happen to be it).
    expect(greedy).toBeGreaterThan(160);
    expect(greedy).toBeLessThan(200);
  });

  it('a playout stops after its depth and scores every seat in [0, 1]', () => {
    const { state } = position(3);
    const values = simulate(joust, state, 3, joustTuning, rng(3));
    expect(values).toHaveLength(3);
    for (const v of values) {
      expect(v).toBeGreaterThanOrEqual(0);
      expect(v).toBeLessThanOrEqual(1);
    }
  });
});
