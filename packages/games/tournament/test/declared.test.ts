import { describe, expect, it } from 'vitest';
import { createRng } from '@roundtable/core';
import { tournament } from '../src/index.ts';
import { run, stacked } from './helpers.ts';

// seed 001: Merlin and Apprenti are played with a suit and value declared aloud; wound piles are on the table.
describe('Merlin and Apprenti in a wound pile keep the value declared for them', () => {
  const lost = () =>
    run(
      stacked(
        [
          ['merlin', 'de2'],
          ['sw9', 'de3'],
          ['sw7', 'de4'],
        ],
        { options: { godsends: false } },
      ),
      ['merlin sw1', 'sw9', 'sw7'],
    );

  it('every seat and spectators see the declaration next to the pile', () => {
    const s = lost();
    expect(s.lastCombat!.loser).toBe(0);
    for (const viewer of [0, 1, 2, 'spectator'] as const) {
      const v = tournament.view(s, viewer);
      expect(v.seats[0]!.pile).toContain('merlin.1');
      expect(v.seats[0]!.declared).toEqual([{ card: 'merlin.1', suit: 'swords', value: 1 }]);
      expect(v.seats[1]!.declared).toEqual([]);
    }
  });

  it('a bot rebuilding the state from its view keeps the declarations, and a stored state keeps them too', () => {
    const s = lost();
    const rebuilt = tournament.determinize(tournament.view(s, 1), 1, createRng(5));
    expect(tournament.view(rebuilt, 'spectator').seats[0]!.declared).toEqual([
      { card: 'merlin.1', suit: 'swords', value: 1 },
    ]);
    const back = tournament.deserialize(tournament.serialize(s));
    expect(back.ok && back.value.declared).toEqual(s.declared);
  });

  it('the declarations go with the piles at the end of the round', () => {
    const s = run(lost(), ['de2', 'de3', 'de4']);
    expect(s.round).toBe(2);
    expect(s.declared).toEqual([]);
    expect(tournament.view(s, 'spectator').seats.every((sv) => sv.declared.length === 0)).toBe(true);
  });
});
