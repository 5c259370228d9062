/**
 * Chevaliers bots, issue 16 third round (packages/games/shadows/BOTS.md): Merlins against the worst special
 * cards, declarations said and read, and the search's samples placing the traitor by the belief.
 */
import { describe, expect, it } from 'vitest';
import { createRng, type Seat } from '@roundtable/core';
import { scenario, shadows, type ShadowsState } from '@roundtable/shadows';
import { searchIsmcts } from '../src/ismcts.ts';
import {
  beliefDeterminize,
  declarationFor,
  shadowsPolicyBot,
  shadowsTuning,
  traitorBelief,
  watchTable,
  newWatch,
  shadowsTuningWith,
} from '../src/shadows.ts';
// The games and their bots, registered with packages/ai as every front door has them.
import '@roundtable/catalog';

const choose = (s: ShadowsState, seat: Seat, seed = 'talk'): string | null =>
  shadowsPolicyBot.choose({ game: shadows, view: shadows.view(s, seat), seat, rng: createRng(seed) });
/** `s` with `seat`'s last declaration set (as if he had declared it on his turn). */
const declared = (s: ShadowsState, seat: Seat, quest: 'grail' | 'picts' | 'saxons'): ShadowsState => ({
  ...s,
  knights: s.knights.map((k, i) => (i === seat ? { ...k, declaration: { what: 'help' as const, quest } } : k)),
});

describe('Merlins against the worst special black cards', () => {
  it('a loyal knight offers his Merlins against Morgan 3 (2 engines), keeps them against Guinevere; the traitor never offers', () => {
    const drawn = (blackTop: string): ShadowsState => {
      const s = scenario({
        players: 3,
        options: { loyaltyDeck: 'sure-traitor' },
        traitor: 2,
        seed: 1,
        phase: { kind: 'evil' },
        turn: { stage: 'evil' },
        active: 0,
        blackTop: [blackTop],
        hands: [
          ['merlin', 'merlin', 'fight-1'],
          ['merlin', 'fight-2'],
          ['merlin', 'fight-3'],
        ],
      });
      const next = shadows.play(s, 0, { type: 'evil', choice: 'black' });
      if (!next.ok) throw new Error(next.error.code);
      expect(next.value.phase.kind).toBe('merlin');
      return next.value;
    };
    expect(choose(drawn('morgan-3'), 0)).toBe('merlin 2');
    expect(choose(drawn('guinevere'), 0)).toBe('pass');
    // Seat 2, the traitor, answers after the loyal knights: he passes (his hand is hidden, so nobody can tell).
    let s = drawn('morgan-3');
    for (const seat of [0, 1] as Seat[]) {
      const p = shadows.parseMove(s, seat, choose(s, seat) as string);
      if (!p.ok) throw new Error('unreadable');
      const next = shadows.play(s, seat, p.value);
      if (!next.ok) throw new Error(next.error.code);
      s = next.value;
    }
    expect(s.phase.kind).toBe('merlin');
    expect(choose(s, 2)).toBe('pass');
  });
});

describe('declarations (declare help <quest> / weak)', () => {
  const base = (
    hands: string[][],
    locations: ('camelot' | 'grail' | 'picts' | 'saxons' | 'excalibur' | 'black-knight')[],
  ): ShadowsState =>
    scenario({
      players: 4,
      options: { loyaltyDeck: 'all-loyal' },
      hands,
      locations,
      phase: { kind: 'heroic' },
      turn: { stage: 'heroic' },
    });

  it('a knight who holds Grail cards says he can help on the Grail, once, before his action', () => {
    // Five cards: enough not to draw first; four Grail cards: the Grail before Excalibur.
    const s = base(
      [['grail', 'grail', 'grail', 'grail', 'fight-2'], ['fight-3', 'fight-4'], ['fight-5'], ['fight-1', 'fight-1']],
      ['camelot', 'camelot', 'camelot', 'camelot'],
    );
    expect(declarationFor(s, 0)).toEqual({ what: 'help', quest: 'grail' });
    expect(choose(s, 0)).toBe('declare help grail');
    // Said once: the declaration stays on the table, and the knight then acts (he goes to the Grail).
    const next = shadows.play(s, 0, { type: 'declare', what: 'help', quest: 'grail' });
    if (!next.ok) throw new Error(next.error.code);
    expect(choose(next.value, 0)).toBe('move grail');
    // Not said again on a later turn while it still holds.
    const later = declared(
      base(
        [['grail', 'grail', 'grail', 'grail', 'fight-2'], ['fight-3'], ['fight-5'], ['fight-1']],
        ['grail', 'camelot', 'camelot', 'camelot'],
      ),
      0,
      'grail',
    );
    expect(choose(later, 0)).not.toMatch(/^declare/);
  });

  it('a knight with nothing useful and few cards says he is weak', () => {
    const s = base(
      [['fight-2'], ['fight-3', 'fight-4'], ['fight-5'], ['fight-1', 'fight-1']],
      ['camelot', 'camelot', 'camelot', 'camelot'],
    );
    expect(declarationFor(s, 0)).toEqual({ what: 'weak' });
  });

  it('goes where another knight (a person) called for company, if its hand helps there', () => {
    // Seat 1 stands on the Picts and has declared he can help there; seat 0 (five cards: no need to draw first)
    // could play on the Picts or the Saxons, one knight on each.
    const hands = [['fight-1', 'fight-2', 'fight-3', 'fight-4', 'fight-5'], ['fight-1'], ['fight-5'], ['fight-5']];
    const s = base(hands, ['camelot', 'picts', 'saxons', 'black-knight']);
    const called = declared(
      { ...s, knights: s.knights.map((k, i) => (i === 0 ? { ...k, declaration: { what: 'weak' as const } } : k)) },
      1,
      'picts',
    );
    const first = choose(called, 0, 'q');
    // Its own declaration comes first (free), then the move: to the Picts, where it was called.
    const after = first?.startsWith('declare')
      ? (() => {
          const p = shadows.parseMove(called, 0, first);
          if (!p.ok) throw new Error('unreadable');
          const n = shadows.play(called, 0, p.value);
          if (!n.ok) throw new Error(n.error.code);
          return n.value;
        })()
      : called;
    expect(choose(after, 0, 'q')).toBe('move picts');
    // The call withdrawn (seat 1 now says the Saxons, where he does not stand) and made on the Saxons by the
    // knight there: it goes to the Saxons.
    for (let r = 0; r < 6; r++)
      expect(choose(declared(declared(after, 1, 'saxons'), 2, 'saxons'), 0, `r${r}`)).toBe('move saxons');
  });
});

describe('belief-weighted samples for the search (beliefDeterminize)', () => {
  const many = (n: number, card: string): string[] => Array.from({ length: n }, () => card);
  /** 4 players, sure traitor; seat 2 keeps 10 cards on a quest turn after turn (a fresh record: turns from 1). */
  const table = (turnNumber: number): ShadowsState =>
    scenario({
      players: 4,
      options: { loyaltyDeck: 'sure-traitor' },
      traitor: 2,
      hands: [many(4, 'fight-2'), many(4, 'fight-3'), many(10, 'grail'), many(4, 'fight-1')],
      locations: ['grail', 'saxons', 'black-knight', 'picts'],
      whiteSwords: 7,
      turnNumber,
      phase: { kind: 'heroic' },
      turn: { stage: 'heroic' },
    });

  it('places the traitor as often as the belief says, never on the searching seat; the traitor and a game without one are left as sampled', () => {
    const w = newWatch();
    for (let t = 1; t <= 12; t++) watchTable(table(t), w);
    const s = table(13);
    const belief = traitorBelief(s, 0, w);
    expect(belief[2]).toBeGreaterThan(0.7);
    const rng = createRng('samples');
    const count = [0, 0, 0, 0];
    const n = 400;
    for (let i = 0; i < n; i++) {
      const sample = shadowsTuningWith(w).determinize!(shadows, shadows.view(s, 0), 0, rng) as ShadowsState;
      const traitors = sample.knights.flatMap((k, j) => (k.loyalty === 'traitor' ? [j] : []));
      expect(traitors).toHaveLength(1);
      count[traitors[0]!]!++;
      // Only the loyalties move: hands as sampled, and the seat's own as it is.
      expect(sample.knights[0]!.hand).toEqual(s.knights[0]!.hand);
    }
    expect(count[0]).toBe(0);
    for (const j of [1, 2, 3]) expect(Math.abs(count[j]! / n - belief[j]!)).toBeLessThan(0.06);
    // The traitor's own search and a game without a traitor: untouched.
    const own = shadows.determinize(shadows.view(s, 2), 2, createRng('x'));
    expect(beliefDeterminize(own, 2, createRng('y'))).toBe(own);
    const loyal = scenario({
      players: 4,
      options: { loyaltyDeck: 'all-loyal' },
      phase: { kind: 'heroic' },
      turn: { stage: 'heroic' },
    });
    const sample = shadows.determinize(shadows.view(loyal, 0), 0, createRng('z'));
    expect(beliefDeterminize(sample, 0, createRng('w'))).toBe(sample);
  });

  it('a search with the hook replays exactly under a fixed budget and seed', () => {
    const s = table(14);
    const run = (): unknown =>
      searchIsmcts(
        { game: shadows, view: shadows.view(s, 0), seat: 0, rng: createRng('replay'), budget: { iterations: 12 } },
        shadowsTuning,
      );
    expect(run()).toEqual(run());
  });
});
