import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  arenaStandings,
  crosstable,
  measureSeatBalance,
  pairArena,
  roundRobinSchedule,
  type ArenaWaiting,
  type EventResult,
  type MatchResult,
} from '../src/events/pairing/index.ts';

const TWO = { min: 2, max: 2, preferred: 2 };
const waiting = (id: string, score: number, rating = 1500, lastOpponents: string[] = [], since = 0): ArenaWaiting => ({
  id,
  score,
  rating,
  lastOpponents,
  waitingSince: since,
});
const duel = (matchId: string, round: number, winner: string, loser: string, berserk = false): MatchResult => ({
  kind: 'match',
  matchId,
  round,
  seats: [
    { entrant: winner, place: 1, berserk },
    { entrant: loser, place: 2 },
  ],
});

describe('Arena pairing', () => {
  it('pairs by score: the leaders together, the last together', () => {
    const r = pairArena({
      waiting: [waiting('a', 10), waiting('b', 0), waiting('c', 9), waiting('d', 1), waiting('e', 5), waiting('f', 4)],
      sizes: TWO,
      seed: 1,
    });
    if (!r.ok) throw new Error();
    const pairs = r.value.tables.map((t) => [...t.seats].sort().join(''));
    expect(pairs.sort()).toEqual(['ac', 'bd', 'ef']);
    expect(r.value.waiting).toEqual([]);
  });

  it('avoids the immediate rematch, and the latest arrival waits when the count is odd', () => {
    const r = pairArena({
      waiting: [
        waiting('a', 10, 1500, ['c']),
        waiting('c', 9, 1500, ['a']),
        waiting('e', 5),
        waiting('f', 4),
        waiting('late', 10, 1500, [], 99),
      ],
      sizes: TWO,
      seed: 2,
    });
    if (!r.ok) throw new Error();
    expect(r.value.waiting).toEqual(['late']);
    for (const t of r.value.tables) expect([...t.seats].sort().join('')).not.toBe('ac');
  });

  it('forms tables of similar score for multi-player games, everyone seated when the sizes allow', () => {
    const ws = Array.from({ length: 9 }, (_, i) => waiting(`p${i}`, i * 3, 1500 + i));
    const r = pairArena({ waiting: ws, sizes: { min: 3, max: 6, preferred: 3 }, seed: 3 });
    if (!r.ok) throw new Error();
    const byTable = r.value.tables.map((t) =>
      t.seats
        .map((id) => Number(id.slice(1)))
        .sort((a, b) => a - b)
        .join(','),
    );
    expect(byTable.sort()).toEqual(['0,1,2', '3,4,5', '6,7,8']);
  });
});

describe('Arena points', () => {
  it('win 2, draw 1, loss 0; after two wins in a row the points double until a result that is not a win', () => {
    const games: EventResult[] = [
      duel('1', 1, 'x', 'o1'), // 2
      duel('2', 2, 'x', 'o2'), // 2, now on fire
      duel('3', 3, 'x', 'o3'), // 4
      {
        kind: 'match',
        matchId: '4',
        round: 4,
        seats: [
          { entrant: 'x', place: 1 },
          { entrant: 'o4', place: 1 },
        ],
      }, // draw on fire: 2, the streak ends
      duel('5', 5, 'x', 'o5'), // 2
      duel('6', 6, 'o6', 'x'), // 0
    ];
    const row = arenaStandings([], games).find((r) => r.entrant === 'x')!;
    expect(row).toMatchObject({ points: 12, played: 6, wins: 4, onFire: false });
  });

  it('a berserked win adds one point, not doubled; the streak shows as on fire', () => {
    const games = [duel('1', 1, 'x', 'a'), duel('2', 2, 'x', 'b'), duel('3', 3, 'x', 'c', true)];
    expect(arenaStandings([], games).find((r) => r.entrant === 'x')).toMatchObject({
      points: 2 + 2 + 4 + 1,
      berserkWins: 1,
      onFire: true,
    });
  });

  it('at a table the sole winner wins, the sole last loses, the others draw; a no-show loses', () => {
    const t: MatchResult = {
      kind: 'match',
      matchId: 't',
      round: 1,
      seats: [
        { entrant: 'a', place: 2 },
        { entrant: 'b', place: 1 },
        { entrant: 'c', place: 3 },
        { entrant: 'd', place: 1, status: 'bot-replaced' },
      ],
    };
    const rows = new Map(arenaStandings([], [t]).map((r) => [r.entrant, r]));
    expect([rows.get('b')!.points, rows.get('a')!.points, rows.get('c')!.points, rows.get('d')!.points]).toEqual([
      2, 1, 1, 0,
    ]);
    expect(rows.get('d')).toMatchObject({ botReplaced: 1, forfeits: 1 });
  });
});

describe('Round robin', () => {
  it('two players: every pair meets exactly once, first moves within one for everyone', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 16 }), fc.nat(100), (n, seed) => {
        const entrants = Array.from({ length: n }, (_, i) => ({ id: `e${i}` }));
        const r = roundRobinSchedule({ entrants, sizes: TWO, seed });
        if (!r.ok) throw new Error();
        const met = new Map<string, number>();
        for (const round of r.value) {
          const seen = new Set([...round.tables.flatMap((t) => t.seats), ...round.byes]);
          expect(seen.size).toBe(n);
          for (const t of round.tables) {
            const k = [...t.seats].sort().join('|');
            met.set(k, (met.get(k) ?? 0) + 1);
          }
        }
        expect(met.size).toBe((n * (n - 1)) / 2);
        expect([...met.values()].every((m) => m === 1)).toBe(true);
        expect(r.value).toHaveLength(n % 2 === 0 ? n - 1 : n);
        expect(measureSeatBalance(r.value).seatSpread).toBeLessThanOrEqual(1);
      }),
      { numRuns: 30, seed: 35 },
    );
  });

  it('two players, double: the second cycle swaps who plays first', () => {
    const entrants = Array.from({ length: 6 }, (_, i) => ({ id: `e${i}` }));
    const r = roundRobinSchedule({ entrants, sizes: TWO, seed: 1, double: true });
    if (!r.ok) throw new Error();
    expect(r.value).toHaveLength(10);
    expect(r.value[5]!.tables.map((t) => t.seats)).toEqual(r.value[0]!.tables.map((t) => [...t.seats].reverse()));
    expect(measureSeatBalance(r.value).seatSpread).toBe(0);
  });

  it('tables: every pair meets at least once, and the crosstable shows it', () => {
    for (const [n, sizes] of [
      [7, { min: 3, max: 6, preferred: 3 }],
      [10, { min: 3, max: 6, preferred: 4 }],
    ] as const) {
      const entrants = Array.from({ length: n }, (_, i) => ({ id: `e${i}` }));
      const r = roundRobinSchedule({ entrants, sizes, seed: 4 });
      if (!r.ok) throw new Error();
      const results: EventResult[] = r.value.flatMap((round) =>
        round.tables.map((t) => ({
          kind: 'match' as const,
          matchId: `${round.round}-${t.table}`,
          round: round.round,
          seats: t.seats.map((entrant, i) => ({ entrant, place: i + 1 })),
        })),
      );
      const x = crosstable(entrants, results);
      for (let i = 0; i < n; i++) {
        for (let j = 0; j < n; j++) if (i !== j) expect(x.cells[i]![j]!.length, `${i} v ${j}`).toBeGreaterThan(0);
      }
    }
  });
});
