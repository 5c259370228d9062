import { describe, expect, it } from 'vitest';
import {
  computeStandings,
  crosstable,
  makeEventRecord,
  eventRecordSchema,
  monthBounds,
  monthOf,
  monthlyLadder,
  placesFromOutcome,
  seasonWinners,
  verifyEventRecord,
  type EventRecord,
  type EventResult,
  type MatchResult,
  type SeatResult,
} from '../src/events/pairing/index.ts';

const match = (matchId: string, round: number, seats: [string, number, SeatResult['status']?][]): MatchResult => ({
  kind: 'match',
  matchId,
  round,
  seats: seats.map(([entrant, place, status]) => (status ? { entrant, place, status } : { entrant, place })),
});

// Two players, two rounds, worked by hand: A beats B and draws C; C beats D; B beats D.
// Points: A 1.5, C 1.5, B 1, D 0. Buchholz: A = B 1 + C 1.5 = 2.5; C = D 0 + A 1.5 = 1.5; B = A 1.5 + D 0.
// Sonneborn–Berger: A = 1 × 1 + ½ × 1.5 = 1.75; C = 1 × 0 + ½ × 1.5 = 0.75.
const duel: EventResult[] = [
  match('m1', 1, [
    ['A', 1],
    ['B', 2],
  ]),
  match('m2', 1, [
    ['C', 1],
    ['D', 2],
  ]),
  match('m3', 2, [
    ['C', 1],
    ['A', 1],
  ]),
  match('m4', 2, [
    ['D', 1, 'forfeit'],
    ['B', 2],
  ]),
];

// Tables of three, two rounds, worked by hand:
// R1 [A B C] places 1 2 3 → A 1, B ½, C 0;  [D E F] 1 2 3 → D 1, E ½, F 0.
// R2 [A E F] E 1st, A 2nd, F 3rd → E 1, A ½, F 0;  [B C D] B and C share 1st, D 3rd → B ¾, C ¾, D 0.
// Points: A 1.5, E 1.5, B 1.25, D 1, C 0.75, F 0.
// Buchholz (mean of the table-mates' points, per match): A = (1.25 + 0.75)/2 + (1.5 + 0)/2 = 1.75;
// E = (1 + 0)/2 + (1.5 + 0)/2 = 1.25; B = (1.5 + 0.75)/2 + (0.75 + 1)/2 = 2.
// SB: A = (1 × 1.25 + 1 × 0.75)/2 + (0 + 1 × 0)/2 = 1; E = 0 + (1 × 1.5)/2 = 0.75;
// B = (0 + 1 × 0.75)/2 + (½ × 0.75 + 1 × 1)/2 = 1.0625; C = 0 + (½ × 1.25 + 1 × 1)/2 = 0.8125.
const tables: EventResult[] = [
  match('t1', 1, [
    ['A', 1],
    ['B', 2],
    ['C', 3],
  ]),
  match('t2', 1, [
    ['D', 1],
    ['E', 2],
    ['F', 3],
  ]),
  match('t3', 2, [
    ['A', 2],
    ['E', 1],
    ['F', 3],
  ]),
  match('t4', 2, [
    ['B', 1],
    ['C', 1],
    ['D', 3],
  ]),
];

describe('Standings and tie-breaks', () => {
  it('two players: points, Buchholz and Sonneborn–Berger as worked by hand; a forfeit is a loss', () => {
    const rows = computeStandings([], duel, { byePoints: 1 });
    expect(rows.map((r) => [r.rank, r.entrant, r.points, r.buchholz, r.sonnebornBerger])).toEqual([
      [1, 'A', 1.5, 2.5, 1.75],
      [2, 'C', 1.5, 1.5, 0.75],
      [3, 'B', 1, 1.5, 0],
      [4, 'D', 0, 2.5, 0],
    ]);
    expect(rows.find((r) => r.entrant === 'D')).toMatchObject({ forfeits: 1, played: 2, botReplaced: 0 });
  });

  it('tables: the table score, the mean-of-table-mates Buchholz and the pairwise Sonneborn–Berger by hand', () => {
    const rows = computeStandings([], tables, { byePoints: 0.5 });
    expect(rows.map((r) => [r.rank, r.entrant, r.points, r.buchholz, r.sonnebornBerger, r.wins])).toEqual([
      [1, 'A', 1.5, 1.75, 1, 1],
      [2, 'E', 1.5, 1.25, 0.75, 1],
      [3, 'B', 1.25, 2, 1.0625, 0],
      [4, 'D', 1, 1.75, 0.75, 1],
      [5, 'C', 0.75, 2.5, 0.8125, 0],
      [6, 'F', 0, 2.75, 0, 0],
    ]);
  });

  it('a no-show replaced by a bot scores as a forfeit, is marked, and the bot’s place changes nobody else’s score', () => {
    const replaced = tables.map((r) =>
      r.kind === 'match' && r.matchId === 't3'
        ? match('t3', 2, [
            ['A', 2],
            ['E', 3],
            ['F', 1, 'bot-replaced'],
          ])
        : r,
    );
    const rows = computeStandings([], replaced, { byePoints: 0.5 });
    const f = rows.find((r) => r.entrant === 'F')!;
    expect(f).toMatchObject({ points: 0, forfeits: 1, botReplaced: 1 });
    // A finished ahead of E among the players present: A ½ + 1 (beats the no-show) over 2 = 1 at t3.
    expect(rows.find((r) => r.entrant === 'A')!.points).toBe(2);
    expect(rows.find((r) => r.entrant === 'E')!.points).toBe(1);
  });

  it('a bye is worth the byePoints and adds to neither tie-break; equal entrants share a rank', () => {
    const results: EventResult[] = [
      { kind: 'bye', round: 1, entrant: 'X' },
      { kind: 'bye', round: 1, entrant: 'Y' },
    ];
    const rows = computeStandings([{ id: 'Z' }], results, { byePoints: 1 });
    expect(rows.map((r) => [r.rank, r.entrant, r.points, r.buchholz, r.byes])).toEqual([
      [1, 'X', 1, 0, 1],
      [1, 'Y', 1, 0, 1],
      [3, 'Z', 0, 0, 0],
    ]);
  });

  it('standings are a pure function of the results: any order of the results gives the same rows', () => {
    const a = computeStandings([], tables, { byePoints: 0.5 });
    const b = computeStandings([], [...tables].reverse(), { byePoints: 0.5 });
    expect(b).toEqual(a);
  });

  it('places from an outcome: winners first, the others by score, a draw ties everyone', () => {
    expect(placesFromOutcome({ winners: [2], draw: false, scores: [3, 5, 9, 5] }, 4)).toEqual([4, 2, 1, 2]);
    expect(placesFromOutcome({ winners: [0], draw: false }, 3)).toEqual([1, 2, 2]);
    expect(placesFromOutcome({ winners: [], draw: true }, 2)).toEqual([1, 1]);
  });

  it('the crosstable holds each pair’s scores both ways', () => {
    const x = crosstable([{ id: 'A' }, { id: 'B' }, { id: 'C' }, { id: 'D' }], duel);
    expect(x.cells[0]![1]).toEqual([{ matchId: 'm1', round: 1, score: 1, first: true }]);
    expect(x.cells[1]![0]).toEqual([{ matchId: 'm1', round: 1, score: 0, first: false }]);
    expect(x.cells[2]![0]).toEqual([{ matchId: 'm3', round: 2, score: 0.5, first: true }]);
    expect(x.cells[3]![1]).toEqual([{ matchId: 'm4', round: 2, score: 0, first: true }]);
    expect(x.cells[0]![0]).toEqual([]);
  });
});

describe('The event record', () => {
  const record = (): EventRecord =>
    makeEventRecord({
      event: {
        id: 'ev1',
        game: 'tournament',
        kind: 'swiss',
        name: 'Hand-worked',
        sizes: { min: 3, max: 6, preferred: 3 },
        rounds: 2,
        byePoints: 0.5,
        seed: 'seed',
        rated: true,
      },
      entrants: ['A', 'B', 'C', 'D', 'E', 'F'].map((id) => ({ id })),
      rounds: [1, 2].map((round) => ({
        round,
        tables: tables
          .filter((r): r is MatchResult => r.kind === 'match' && r.round === round)
          .map((m, i) => ({ table: i + 1, seats: m.seats.map((s) => s.entrant), matchId: m.matchId })),
        byes: [],
      })),
      results: tables,
    });
  const matches = tables.filter((r): r is MatchResult => r.kind === 'match');

  it('a record made from the matches verifies against them, after a JSON round trip', () => {
    const json = JSON.parse(JSON.stringify(record())) as unknown;
    const parsed = eventRecordSchema.parse(json);
    expect(verifyEventRecord(parsed, matches)).toEqual({ ok: true, differences: [] });
  });

  it('catches a tampered result, a tampered standing, a swapped seat and a missing match', () => {
    const r = record();
    const tampered: EventRecord = {
      ...r,
      results: r.results.map((x) =>
        x.kind === 'match' && x.matchId === 't3'
          ? {
              ...x,
              seats: [
                { entrant: 'A', place: 1 },
                { entrant: 'E', place: 2 },
                { entrant: 'F', place: 3 },
              ],
            }
          : x,
      ),
    };
    const v = verifyEventRecord(tampered, matches);
    expect(v.ok).toBe(false);
    expect(v.differences.map((d) => d.code)).toEqual(['RESULT_DIFFERS']);

    const points = { ...r, standings: r.standings.map((s, i) => (i === 1 ? { ...s, points: 2 } : s)) } as EventRecord;
    expect(verifyEventRecord(points, matches).differences).toMatchObject([{ code: 'STANDINGS_DIFFER', rank: 2 }]);

    const swapped = {
      ...r,
      rounds: r.rounds.map((round) => ({
        ...round,
        tables: round.tables.map((t) => (t.matchId === 't1' ? { ...t, seats: ['B', 'A', 'C'] } : t)),
      })),
    };
    expect(verifyEventRecord(swapped, matches).differences).toMatchObject([{ code: 'PAIRING_DIFFERS', matchId: 't1' }]);

    // A match whose stored outcome differs from the record: the standings no longer follow either.
    const other = matches.map((m) =>
      m.matchId === 't4'
        ? match('t4', 2, [
            ['B', 3],
            ['C', 1],
            ['D', 2],
          ])
        : m,
    );
    const codes = verifyEventRecord(r, other).differences.map((d) => d.code);
    expect(codes).toContain('RESULT_DIFFERS');
    expect(codes).toContain('STANDINGS_DIFFER');
    expect(verifyEventRecord(r, matches.slice(1)).differences.map((d) => d.code)).toContain('MATCH_MISSING');
  });

  it('refuses a record of another version', () => {
    const json = { ...(JSON.parse(JSON.stringify(record())) as object), version: 2 };
    expect(eventRecordSchema.safeParse(json).success).toBe(false);
  });
});

describe('Seasons', () => {
  it('months run from the first day 00:00 UTC to the next, December into January', () => {
    expect(monthBounds('2026-12')).toEqual({ start: Date.UTC(2026, 11, 1), end: Date.UTC(2027, 0, 1) });
    expect(monthBounds('2026-13')).toBeNull();
    expect(monthOf(Date.UTC(2026, 11, 31, 23, 59, 59, 999))).toBe('2026-12');
    expect(monthOf(Date.UTC(2027, 0, 1))).toBe('2027-01');
  });

  it('a points ladder sums the month only; a rating ladder keeps the month’s last rating', () => {
    const rows = [
      { player: 'ann', at: Date.UTC(2026, 10, 30, 23, 59), points: 50, rating: 1900 },
      { player: 'ann', at: Date.UTC(2026, 11, 1, 0, 0), points: 4, rating: 1510 },
      { player: 'ann', at: Date.UTC(2026, 11, 20), points: 6, rating: 1530 },
      { player: 'bob', at: Date.UTC(2026, 11, 31, 23, 59), points: 10, rating: 1600 },
      { player: 'cat', at: Date.UTC(2027, 0, 1, 0, 0), points: 99, rating: 2000 },
    ];
    expect(monthlyLadder(rows, '2026-12', { by: 'points' })).toEqual([
      { rank: 1, player: 'ann', value: 10, count: 2 },
      { rank: 1, player: 'bob', value: 10, count: 1 },
    ]);
    expect(monthlyLadder(rows, '2026-12', { by: 'rating', minCount: 2 })).toEqual([
      { rank: 1, player: 'ann', value: 1530, count: 2 },
    ]);
    expect(
      seasonWinners(rows, ['2026-11', '2027-01'], { by: 'points' }).map((m) => [m.month, m.winners[0]?.player]),
    ).toEqual([
      ['2027-01', 'cat'],
      ['2026-11', 'ann'],
    ]);
  });
});
