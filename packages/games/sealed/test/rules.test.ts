import { describe, expect, it } from 'vitest';
import { createRng } from '@roundtable/core';
import { sealed, type SealedState } from '../src/index.ts';

const start = (players = 3): SealedState => {
  const s = sealed.setup({ players, options: {}, seed: 4 });
  if (!s.ok) throw new Error('setup');
  return s.value;
};

describe('Sealed (kept for tests)', () => {
  it('deals 3 hidden cards each; a seat sees its own hand only, a spectator none', () => {
    const s = start();
    const mine = sealed.view(s, 0);
    expect(mine.hand).toEqual(s.hands[0]);
    expect(mine.handSizes).toEqual([3, 3, 3]);
    expect(JSON.stringify(mine)).not.toContain(JSON.stringify(s.hands[1]));
    expect(sealed.view(s, 'spectator').hand).toEqual([]);
  });

  it('plays only a card of the hand, in turn; the highest row wins when the hands are empty', () => {
    let s = start(2);
    expect(sealed.play(s, 1, s.hands[1]![0]!).ok).toBe(false);
    expect(sealed.play(s, 0, s.hands[1]![0]!).ok).toBe(false);
    while (!sealed.outcome(s)) {
      const seat = sealed.toMove(s)[0]!;
      s = (sealed.play(s, seat, sealed.legalMoves(s, seat)[0]!) as { value: SealedState }).value;
    }
    const o = sealed.outcome(s)!;
    expect(o.reason).toBe('highest-row');
    expect(Math.max(...o.scores!)).toBe(o.scores![o.winners[0]!]);
  });

  it('a determinized state keeps the seat’s hand and what is on the table, the rest dealt from the unseen cards', () => {
    const s = start();
    const d = sealed.determinize(sealed.view(s, 1), 1, createRng(9));
    expect(d.hands[1]).toEqual(s.hands[1]);
    expect(d.rows).toEqual(s.rows);
    expect(sealed.deserialize(sealed.serialize(d)).ok).toBe(true);
    expect(sealed.deserialize({ ...s, stock: [] }).ok).toBe(false);
  });
});
