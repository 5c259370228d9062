import { describe, expect, it } from 'vitest';
import { stones, type StonesState } from '../src/index.ts';

const start = (pile = 10): StonesState => {
  const s = stones.setup({ players: 2, options: { pile }, seed: 1 });
  if (!s.ok) throw new Error('setup');
  return s.value;
};

describe('Stones (kept for tests)', () => {
  it('takes 1 to 3 stones, never more than the pile, and whoever takes the last one wins', () => {
    let s = start(4);
    expect(stones.legalMoves(s, 0)).toEqual([1, 2, 3]);
    const refused = stones.play(s, 0, 4);
    expect(refused.ok).toBe(false);
    s = (stones.play(s, 0, 3) as { value: StonesState }).value;
    expect(stones.legalMoves(s, 1)).toEqual([1]);
    s = (stones.play(s, 1, 1) as { value: StonesState }).value;
    expect(stones.outcome(s)).toEqual({ winners: [1], draw: false, reason: 'last-stone' });
    expect(stones.toMove(s)).toEqual([]);
  });

  it('reads its notation and refuses a stored row that is not a state', () => {
    const s = start();
    expect(stones.parseMove(s, 0, 'take 2')).toEqual({ ok: true, value: 2 });
    expect(stones.parseMove(s, 0, 'take two').ok).toBe(false);
    expect(stones.deserialize(stones.serialize(s))).toEqual({ ok: true, value: s });
    expect(stones.deserialize({ pile: -1, toMove: 0, winner: null }).ok).toBe(false);
    expect(stones.parseOptions({ pile: 99 }, 2).ok).toBe(false);
  });
});
