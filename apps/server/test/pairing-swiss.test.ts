import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createRng, shuffle } from '@roundtable/core';
import { descriptors } from '@roundtable/catalog/lines';
import {
  measureSeatBalance,
  pairSwissRound,
  planTables,
  sizesForGame,
  type EventResult,
  type RoundPairing,
  type TableSizes,
} from '../src/events/pairing/index.ts';

const TWO: TableSizes = { min: 2, max: 2, preferred: 2 };

function entrantsOf(n: number): { id: string; rating: number }[] {
  return Array.from({ length: n }, (_, i) => ({
    id: `p${String(i).padStart(2, '0')}`,
    rating: 1500 + ((i * 37) % 200),
  }));
}

/** Plays a Swiss: each round paired, then every table given random places (draws when `draws`), byes recorded. */
function playSwiss(n: number, sizes: TableSizes, rounds: number, seed: number, draws = false) {
  const entrants = entrantsOf(n);
  const results: EventResult[] = [];
  const paired: RoundPairing[] = [];
  const before: EventResult[][] = [];
  const rng = createRng(`results ${seed}`);
  for (let round = 1; round <= rounds; round++) {
    before.push([...results]);
    const r = pairSwissRound({ entrants, results, round, sizes, seed });
    if (!r.ok) throw new Error(JSON.stringify(r.error));
    paired.push(r.value);
    for (const t of r.value.tables) {
      const places = shuffle(
        rng,
        t.seats.map((_, i) => i + 1),
      );
      if (draws && places[0]! % 3 === 0) places.fill(1);
      results.push({
        kind: 'match',
        matchId: `${round}-${t.table}`,
        round,
        seats: t.seats.map((entrant, i) => ({ entrant, place: places[i]! })),
      });
    }
    for (const b of r.value.byes) results.push({ kind: 'bye', round, entrant: b });
  }
  return { entrants, results, paired, before };
}

const key = (a: string, b: string): string => (a < b ? `${a}|${b}` : `${b}|${a}`);

/** Brute force: can `ids` be paired with no forbidden pair? (a search over subsets, small n only) */
function perfectWithout(ids: readonly string[], forbid: (a: string, b: string) => boolean): boolean {
  const n = ids.length;
  const memo = new Map<number, boolean>();
  const go = (mask: number): boolean => {
    if (mask === (1 << n) - 1) return true;
    const cached = memo.get(mask);
    if (cached !== undefined) return cached;
    let i = 0;
    while (mask & (1 << i)) i++;
    let found = false;
    for (let j = i + 1; j < n && !found; j++) {
      if (!(mask & (1 << j)) && !forbid(ids[i]!, ids[j]!)) found = go(mask | (1 << i) | (1 << j));
    }
    memo.set(mask, found);
    return found;
  };
  return go(0);
}

describe('Swiss for two players', () => {
  it('never pairs a rematch, nor two entrants both ahead (or both behind) on firsts, where a pairing avoids it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 4, max: 13 }), fc.integer({ min: 2, max: 6 }), fc.nat(1000), (n, rounds, seed) => {
        const { paired } = playSwiss(n, TWO, Math.min(rounds, n - 1), seed, true);
        const ids = entrantsOf(n).map((e) => e.id);
        const met = new Set<string>();
        const byes = new Set<string>();
        const diff = new Map<string, number>(ids.map((id) => [id, 0]));
        const clash = (a: string, b: string): boolean =>
          (diff.get(a)! > 0 && diff.get(b)! > 0) || (diff.get(a)! < 0 && diff.get(b)! < 0);
        paired.forEach((round, r) => {
          const eligible = n % 2 === 0 ? [null] : ids.filter((id) => !byes.has(id));
          const possible = (forbid: (a: string, b: string) => boolean): boolean =>
            (eligible.length ? eligible : ids).some((b) =>
              perfectWithout(
                ids.filter((id) => id !== b),
                forbid,
              ),
            );
          const rematches = round.tables.filter((t) => met.has(key(t.seats[0]!, t.seats[1]!)));
          const clashes = round.tables.filter((t) => clash(t.seats[0]!, t.seats[1]!));
          if (possible((a, b) => met.has(key(a, b)) || clash(a, b))) {
            expect({ round: r + 1, rematches, clashes }).toEqual({ round: r + 1, rematches: [], clashes: [] });
          } else if (possible((a, b) => met.has(key(a, b)))) {
            expect({ round: r + 1, rematches }).toEqual({ round: r + 1, rematches: [] });
          }
          for (const t of round.tables) {
            const [a, b] = t.seats as [string, string];
            met.add(key(a, b));
            // Who plays first is the one behind on firsts: a board of +1 and −1 brings both back to even.
            expect(diff.get(a)!, `round ${r + 1}: ${a} first against ${b}`).toBeLessThanOrEqual(diff.get(b)!);
            diff.set(a, diff.get(a)! + 1);
            diff.set(b, diff.get(b)! - 1);
          }
          for (const b of round.byes) byes.add(b);
        });
      }),
      { numRuns: 40, seed: 35 },
    );
  });

  it('keeps every entrant within one of even firsts over 5 rounds of 12 and of 15 with random results', () => {
    for (const n of [12, 15]) {
      for (const seed of [1, 2, 3]) {
        const { paired } = playSwiss(n, TWO, 5, seed, true);
        const balance = measureSeatBalance(paired);
        expect(balance.seatSpread, `${n} players, seed ${seed}`).toBeLessThanOrEqual(1);
      }
    }
  });

  it('alternates who plays first: nobody plays first or second three times in a row over 5 rounds of 16', () => {
    const { paired } = playSwiss(16, TWO, 5, 7);
    const seq = new Map<string, number[]>();
    for (const r of paired)
      for (const t of r.tables) t.seats.forEach((id, i) => seq.set(id, [...(seq.get(id) ?? []), i]));
    for (const [id, s] of seq) expect(s.join(''), id).not.toMatch(/000|111/);
  });

  it('pairs the score groups together: after round 1 the winners meet winners (their firsts allowing it)', () => {
    const entrants = entrantsOf(8);
    const r1 = pairSwissRound({ entrants, results: [], round: 1, sizes: TWO, seed: 3 });
    if (!r1.ok) throw new Error();
    const results: EventResult[] = r1.value.tables.map((t) => ({
      kind: 'match',
      matchId: `m${t.table}`,
      round: 1,
      // The first player wins on odd boards, the second on even ones: the winners' firsts are mixed.
      seats: [
        { entrant: t.seats[0]!, place: t.table % 2 === 1 ? 1 : 2 },
        { entrant: t.seats[1]!, place: t.table % 2 === 1 ? 2 : 1 },
      ],
    }));
    const winners = new Set(r1.value.tables.map((t) => t.seats[t.table % 2 === 1 ? 0 : 1]!));
    const r2 = pairSwissRound({ entrants, results, round: 2, sizes: TWO, seed: 3 });
    if (!r2.ok) throw new Error();
    for (const t of r2.value.tables) expect(winners.has(t.seats[0]!)).toBe(winners.has(t.seats[1]!));
  });

  it('gives the bye to the lowest-ranked entrant without one, worth a win', () => {
    const { paired, results } = playSwiss(7, TWO, 5, 11);
    const byes = paired.map((r) => r.byes);
    for (const b of byes) expect(b).toHaveLength(1);
    expect(new Set(byes.flat()).size).toBe(5);
    const r1 = pairSwissRound({ entrants: entrantsOf(7), results: [], round: 1, sizes: TWO, seed: 11 });
    if (!r1.ok) throw new Error();
    // Round 1: everyone on 0 points, so the lowest rating sits out.
    const lowest = entrantsOf(7).sort((a, b) => a.rating - b.rating)[0]!.id;
    expect(r1.value.byes).toEqual([lowest]);
    expect(results.filter((r) => r.kind === 'bye')).toHaveLength(5);
  });
});

describe('Swiss at tables of 3 to 6', () => {
  const cases: [number, TableSizes, string, number][] = [
    [9, { min: 3, max: 6, preferred: 3 }, '3+3+3', 0],
    [10, { min: 3, max: 6, preferred: 3 }, '4+3+3', 0],
    [17, { min: 3, max: 6, preferred: 4 }, '5+4+4+4', 0],
    [23, { min: 3, max: 6, preferred: 4 }, '4+4+4+4+4+3', 0],
    [17, { min: 4, max: 4, preferred: 4 }, '4+4+4+4', 1],
    [10, { min: 4, max: 4, preferred: 4 }, '4+4', 2],
  ];
  for (const [n, sizes, plan, byes] of cases) {
    it(`${n} players in tables of ${sizes.min}–${sizes.max} (preferred ${sizes.preferred}): ${plan}, ${byes} bye(s), seats and first player within one over 5 rounds`, () => {
      const { paired } = playSwiss(n, sizes, 5, n);
      for (const r of paired) {
        expect(
          r.tables
            .map((t) => t.seats.length)
            .sort((a, b) => b - a)
            .join('+'),
        ).toBe(plan);
        expect(r.byes).toHaveLength(byes);
        const everyone = [...r.tables.flatMap((t) => t.seats), ...r.byes];
        expect(new Set(everyone).size).toBe(n);
      }
      const balance = measureSeatBalance(paired);
      expect(balance.seatSpread).toBeLessThanOrEqual(1);
      expect(balance.firstSpread).toBeLessThanOrEqual(1);
      if (byes) {
        const all = paired.flatMap((r) => r.byes);
        expect(new Set(all).size, 'nobody sits out twice while others have not').toBe(all.length);
      }
    });
  }

  it('meets nobody twice where the rounds leave room: 23 players, tables of 4, 4 rounds', () => {
    const { paired } = playSwiss(23, { min: 3, max: 6, preferred: 4 }, 4, 5);
    expect(measureSeatBalance(paired).repeats).toBe(0);
  });

  it('meets nobody twice while the tables allow it: 9 in threes for 2 rounds; 17 in 5+4+4+4 only the forced one', () => {
    expect(measureSeatBalance(playSwiss(9, { min: 3, max: 3, preferred: 3 }, 2, 1).paired).repeats).toBe(0);
    // Round 2 seats a table of five from four tables of round 1: two of its players met before, once.
    expect(measureSeatBalance(playSwiss(17, { min: 3, max: 6, preferred: 4 }, 2, 1).paired).repeats).toBe(1);
  });

  it('plans tables: the fewest byes, then sizes nearest the preferred, ties to fewer tables', () => {
    expect(planTables(17, { min: 3, max: 6, preferred: 4 })).toEqual({ tables: [5, 4, 4, 4], byes: 0 });
    expect(planTables(23, { min: 3, max: 6, preferred: 4 })).toEqual({ tables: [4, 4, 4, 4, 4, 3], byes: 0 });
    expect(planTables(17, { min: 4, max: 4, preferred: 4 })).toEqual({ tables: [4, 4, 4, 4], byes: 1 });
    expect(planTables(2, { min: 3, max: 6, preferred: 4 })).toEqual({ tables: [], byes: 2 });
    expect(planTables(7, { min: 3, max: 6, preferred: 6 })).toEqual({ tables: [4, 3], byes: 0 });
  });

  it('reads table sizes from every game of the catalog and pairs a round of each', () => {
    for (const d of descriptors()) {
      const sizes = sizesForGame(d);
      expect(sizes, d.id).not.toBeNull();
      const n = 11;
      const r = pairSwissRound({ entrants: entrantsOf(n), results: [], round: 1, sizes: sizes!, seed: d.id });
      expect(r.ok, d.id).toBe(true);
      if (!r.ok) continue;
      for (const t of r.value.tables) {
        expect(t.seats.length).toBeGreaterThanOrEqual(sizes!.min);
        expect(t.seats.length).toBeLessThanOrEqual(sizes!.max);
      }
      expect(r.value.tables.flatMap((t) => t.seats).length + r.value.byes.length).toBe(n);
    }
  });
});

describe('Determinism', () => {
  it('the same seed gives the same pairings, whatever the order of the entrants list', () => {
    for (const sizes of [TWO, { min: 3, max: 6, preferred: 4 }]) {
      const a = playSwiss(17, sizes, 3, 99);
      const b = playSwiss(17, sizes, 3, 99);
      expect(b.paired).toEqual(a.paired);
      const reversed = pairSwissRound({
        entrants: entrantsOf(17).reverse(),
        results: a.before[2]!,
        round: 3,
        sizes,
        seed: 99,
      });
      expect(reversed.ok && reversed.value).toEqual(a.paired[2]);
    }
  });

  it('refuses bad input with a coded error', () => {
    const e = entrantsOf(4);
    expect(pairSwissRound({ entrants: [...e, e[0]!], results: [], round: 1, sizes: TWO, seed: 1 })).toEqual({
      ok: false,
      error: { code: 'DUPLICATE_ENTRANT', entrant: 'p00' },
    });
    const bad = { min: 5, max: 3, preferred: 4 };
    expect(pairSwissRound({ entrants: e, results: [], round: 1, sizes: bad, seed: 1 })).toEqual({
      ok: false,
      error: { code: 'BAD_TABLE_SIZES', sizes: bad },
    });
    expect(
      pairSwissRound({
        entrants: e.slice(0, 2),
        results: [],
        round: 1,
        sizes: { min: 3, max: 6, preferred: 4 },
        seed: 1,
      }),
    ).toEqual({ ok: false, error: { code: 'TOO_FEW_ENTRANTS', entrants: 2, min: 3 } });
  });
});
