import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { gameById } from '@roundtable/catalog';
import { Match, createRng, nextInt, type AnyGame, type Seat } from '@roundtable/core';
import type { BotMemory } from '../src/bot.ts';
import { judgeDecision, reviewHidden } from '../src/review/hidden.ts';
import { reviewMatch } from '../src/review/index.ts';
import { tuningOf } from '../src/dispatch.ts';

/** A match of random moves, to `plies` moves or its end. */
function randomMatch(id: string, players: number, seed: number, plies = Infinity): Match {
  const game = gameById(id) as AnyGame;
  const made = Match.create(game, { players, seed });
  if (!made.ok) throw new Error(made.error.code);
  const m = made.value;
  const rng = createRng(`moves/${seed}`);
  while (!m.outcome() && m.ply < plies) {
    const seat = m.toMove()[nextInt(rng, m.toMove().length)] as Seat;
    const legal = m.legalNotation(seat);
    m.play(seat, legal[nextInt(rng, legal.length)]);
  }
  return m;
}

const SMALL = { iterations: 40, worlds: 6 };

describe('Card games are judged from the mover’s own view', () => {
  for (const [id, players] of [
    ['joust', 3],
    ['tournament', 4],
    ['shadows', 4],
  ] as const) {
    it(`${id}: the judgement of a decision does not change when the other seats' hidden cards are exchanged in any way the seat could not tell`, () => {
      const game = gameById(id) as AnyGame;
      let differing = 0;
      fc.assert(
        fc.property(fc.integer({ min: 1, max: 1_000 }), fc.integer({ min: 0, max: 60 }), (seed, at) => {
          const m = randomMatch(id, players, seed, at);
          if (m.outcome()) return;
          const state = m.state;
          const seat = m.toMove()[0] as Seat;
          const legal = m.legalNotation(seat);
          const played = legal[seed % legal.length] as string;
          // What the seat's bots remember, read from the seat's earlier views alone.
          const memory: BotMemory = {};
          const annotate = tuningOf(game).annotate;
          for (let i = 0; i < m.ply; i++) {
            if (m.history[i]?.seat === seat && annotate) annotate(game, game.view(m.stateAt(i), seat), seat, memory);
          }
          const judge = (s: unknown) =>
            judgeDecision(game, s, seat, played, structuredClone(memory), { ...SMALL, key: `p/${seed}` });
          const truth = judge(state);
          const seen = JSON.stringify(game.view(state, seat));
          for (let k = 0; k < 3; k++) {
            // Another deal of everything this seat cannot see (the others' hands, the deck's order, a hidden role).
            const other = game.determinize(game.view(state, seat), seat, createRng(`other/${seed}/${k}`));
            expect(JSON.stringify(game.view(other, seat))).toBe(seen);
            if (JSON.stringify(game.serialize(other)) !== JSON.stringify(game.serialize(state))) differing++;
            expect(judge(other)).toEqual(truth);
          }
        }),
        { numRuns: 6 },
      );
      // The exchanges changed something hidden: the property was put to the test.
      expect(differing).toBeGreaterThan(0);
    });
  }
});

describe('The review of a card game', () => {
  it('lists what the strong bot preferred and the loss of each decision with a choice, and each seat’s luck (summing to nothing)', () => {
    const m = randomMatch('joust', 3, 11);
    const r = reviewHidden(gameById('joust') as AnyGame, m.record(), { ...SMALL, luckGames: 6 });
    if (!r.ok) throw new Error(JSON.stringify(r.error));
    expect(r.value.kind).toBe('hidden');
    expect(r.value.plies).toHaveLength(m.ply);
    const judged = r.value.plies.filter((p) => p.loss !== undefined);
    expect(judged.length).toBeGreaterThan(10);
    for (const p of judged) {
      expect(p.preferred!.length).toBeGreaterThan(0);
      expect(p.loss).toBeGreaterThanOrEqual(0);
      expect(p.loss).toBeLessThanOrEqual(1);
    }
    const luck = r.value.seats.map((s) => s.luck ?? NaN);
    expect(luck.every(Number.isFinite)).toBe(true);
    expect(Math.abs(luck.reduce((t, x) => t + x, 0))).toBeLessThan(1e-3);
  });

  for (const [id, players] of [
    ['joust', 3],
    ['tournament', 3],
  ] as const) {
    it(`${id}: the move played is never listed among the alternatives, which come best first, and its loss is what the best of them keeps over it`, () => {
      const m = randomMatch(id, players, 5, 40);
      const r = reviewHidden(gameById(id) as AnyGame, m.record(), { ...SMALL, luckGames: 0 });
      if (!r.ok) throw new Error(JSON.stringify(r.error));
      const judged = r.value.plies.filter((p) => p.loss !== undefined);
      expect(judged.length).toBeGreaterThan(5);
      for (const p of judged) {
        const values = p.preferred!.map((q) => q.value);
        expect(p.preferred!.map((q) => q.move)).not.toContain(p.move);
        expect(values).toEqual([...values].sort((a, b) => b - a));
        expect(p.loss).toBeCloseTo(Math.max(0, (values[0] ?? 0) - (p.value ?? 0)), 4);
      }
    });
  }

  it('Lancelot at three (nothing hidden, no calibrated chances): every decision judged, no luck to measure', () => {
    const m = randomMatch('lancelot', 3, 4);
    const r = reviewMatch(gameById('lancelot') as AnyGame, m.record(), { iterations: 30 });
    if (!r.ok) throw new Error(JSON.stringify(r.error));
    expect(r.value.kind).toBe('hidden');
    expect(r.value.plies.filter((p) => p.loss !== undefined).length).toBeGreaterThan(m.ply / 2);
    expect(r.value.seats.every((s) => s.luck === undefined && s.meanLoss !== undefined)).toBe(true);
  });

  it('Chevaliers: each loyal seat’s belief about the traitor after every move, never about itself; the traitor has none', () => {
    let m: Match | null = null;
    let traitor = -1;
    // A deal with a traitor at the table (four players: one card of the loyalty deck is the traitor's, or the box's).
    for (let seed = 1; seed < 40 && traitor < 0; seed++) {
      const candidate = randomMatch('shadows', 4, seed, 30);
      const knights = (candidate.state as { knights: { loyalty: string }[] }).knights;
      traitor = knights.findIndex((k) => k.loyalty === 'traitor');
      if (traitor >= 0) m = candidate;
    }
    if (!m) throw new Error('no deal with a traitor');
    const r = reviewHidden(gameById('shadows') as AnyGame, m.record(), { iterations: 20, worlds: 2, luckGames: 0 });
    if (!r.ok) throw new Error(JSON.stringify(r.error));
    const beliefs = r.value.beliefs!;
    expect(beliefs).toHaveLength(m.ply);
    for (const step of beliefs) {
      expect(step.beliefs[traitor]).toBeNull();
      step.beliefs.forEach((b, seat) => {
        if (!b) return;
        expect(b[seat]).toBe(0);
        expect(b.reduce((t, x) => t + x, 0)).toBeLessThanOrEqual(1 + 1e-6);
      });
    }
  });
});
