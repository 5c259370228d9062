import { describe, expect, it } from 'vitest';
import { createRng, isRngState, isSeed, nextFloat, nextInt, nextUint32, shuffle } from '../src/index.ts';

describe('Seeded PRNG', () => {
  it('gives the same stream for the same seed and different streams for close seeds', () => {
    const a = createRng(7);
    const b = createRng(7);
    const c = createRng(8);
    const sa = Array.from({ length: 20 }, () => nextUint32(a));
    expect(Array.from({ length: 20 }, () => nextUint32(b))).toEqual(sa);
    expect(Array.from({ length: 20 }, () => nextUint32(c))).not.toEqual(sa);
    expect(createRng('7')).not.toEqual(createRng(7));
  });

  it('lives in plain JSON: a serialised state continues the same stream', () => {
    const rng = createRng('camelot');
    nextUint32(rng);
    const copy = JSON.parse(JSON.stringify(rng));
    expect(isRngState(copy)).toBe(true);
    expect(nextUint32(copy)).toBe(nextUint32(rng));
  });

  it('draws integers uniformly in [0, n)', () => {
    const rng = createRng(1);
    const counts = new Array(6).fill(0);
    for (let i = 0; i < 60000; i++) counts[nextInt(rng, 6)]++;
    for (const c of counts) expect(Math.abs(c - 10000)).toBeLessThan(500);
    expect(() => nextInt(rng, 0)).toThrow();
    const f = nextFloat(rng);
    expect(f >= 0 && f < 1).toBe(true);
  });

  it('shuffles in place into a permutation, reproducibly', () => {
    const items = Array.from({ length: 50 }, (_, i) => i);
    const a = shuffle(createRng(3), [...items]);
    expect([...a].sort((x, y) => x - y)).toEqual(items);
    expect(shuffle(createRng(3), [...items])).toEqual(a);
    expect(a).not.toEqual(items);
  });

  it('accepts integers and non-empty strings as seeds, nothing else', () => {
    expect(isSeed(0)).toBe(true);
    expect(isSeed('abc')).toBe(true);
    for (const bad of ['', 1.5, NaN, null, undefined, {}, [], Number.MAX_VALUE]) expect(isSeed(bad)).toBe(false);
  });
});
