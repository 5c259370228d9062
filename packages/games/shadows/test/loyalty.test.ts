/**
 * The loyalty deck options (seed 004: n+1 cards; the box's 8; [decision] `sure-traitor`: n cards, one the
 * traitor; `all-loyal`: n loyal cards, as everyone knows), and what a seat's samples of the others assume.
 */
import { describe, expect, it } from 'vitest';
import { createRng } from '@roundtable/core';
import { determinize, shadows, view, type ShadowsState } from '../src/index.ts';

function started(players: number, seed: number, loyaltyDeck: string): ShadowsState {
  const options = shadows.parseOptions({ loyaltyDeck }, players);
  if (!options.ok) throw new Error(options.error.code);
  const s = shadows.setup({ players, options: options.value, seed });
  if (!s.ok) throw new Error(s.error.code);
  return s.value;
}
const traitors = (s: ShadowsState): number => s.knights.filter((k) => k.loyalty === 'traitor').length;

describe('Loyalty deck options [decision]', () => {
  it('sure-traitor: exactly one traitor in every game, at any seat, nothing left in the box', () => {
    const seats = new Set<number>();
    for (let seed = 0; seed < 60; seed++) {
      const s = started(4, seed, 'sure-traitor');
      expect(traitors(s)).toBe(1);
      expect([s.loyaltyBox, s.boxTraitor]).toEqual([0, false]);
      seats.add(s.knights.findIndex((k) => k.loyalty === 'traitor'));
    }
    expect(seats.size).toBe(4);
  });

  it('all-loyal: no traitor, and a loyal seat never imagines one', () => {
    for (let seed = 0; seed < 20; seed++) {
      const s = started(5, seed, 'all-loyal');
      expect(traitors(s)).toBe(0);
      for (let i = 0; i < 5; i++) expect(traitors(determinize(view(s, 1), 1, createRng(`d${seed}/${i}`)))).toBe(0);
    }
  });

  it('sure-traitor: a loyal seat always imagines the traitor among the others', () => {
    const s = started(4, 3, 'sure-traitor');
    const loyal = s.knights.findIndex((k) => k.loyalty === 'loyal');
    for (let i = 0; i < 20; i++) {
      const d = determinize(view(s, loyal), loyal, createRng(`t${i}`));
      expect(traitors(d)).toBe(1);
      expect(d.knights[loyal]!.loyalty).toBe('loyal');
    }
  });

  it('the options are stored and read back; an unknown deck is refused', () => {
    for (const deck of ['sure-traitor', 'all-loyal']) {
      const s = started(3, 1, deck);
      const back = shadows.deserialize(shadows.serialize(s));
      expect(back.ok && back.value.options.loyaltyDeck).toBe(deck);
    }
    expect(shadows.parseOptions({ loyaltyDeck: 'two-traitors' }, 4).ok).toBe(false);
  });
});
