/**
 * The key moments of a card-game review and the lesson of each decision: picked from the judged decisions (each
 * seat's costliest, the turn that cost a loser the most, the one that swung the match a winner's way) and told in
 * words a player learns from, with what the choice was worth, in English and French.
 */
import { describe, expect, it } from 'vitest';
import type { PlyReview, Review } from '@roundtable/ai';
import {
  keyMoments,
  momentText,
  seatSeries,
  swings,
  verdictText,
  weighed,
  type Telling,
} from '../src/review/moments.ts';

const ply = (n: number, seat: number, value: number, preferred: [string, number][]): PlyReview => {
  const best = preferred[0]?.[1] ?? value;
  return {
    ply: n,
    seat,
    move: `m${n}`,
    value,
    loss: Math.max(0, best - value),
    preferred: preferred.map(([move, v]) => ({ move, value: v })),
  };
};

// Seat 0 wins; seat 1 keeps the purple 7 at move 3 (a 30-point mistake) and falls from 50 % to 30 % by move 5.
const review: Review = {
  version: 1,
  game: 'joust',
  players: 2,
  kind: 'hidden',
  effort: 10,
  seats: [
    { seat: 0, moves: 3, inaccuracies: 0, mistakes: 0, blunders: 0 },
    { seat: 1, moves: 3, inaccuracies: 0, mistakes: 0, blunders: 0 },
  ],
  plies: [
    ply(1, 0, 0.5, [['a', 0.49]]),
    ply(2, 1, 0.5, [['b', 0.5]]),
    ply(3, 1, 0.5, [
      ['play purple-7', 0.8],
      ['end', 0.6],
    ]),
    ply(4, 0, 0.7, [['c', 0.68]]),
    ply(5, 1, 0.3, [['d', 0.3]]),
  ],
};

const telling = (lang: 'en' | 'fr'): Telling => ({
  lang,
  name: (s) => ['Alice', 'Bertrand'][s] ?? '?',
  played: (n) => (lang === 'fr' ? `Bertrand garde sa main (coup ${n}).` : `Bertrand keeps his hand (move ${n}).`),
  instead: (_n, move) =>
    move === 'play purple-7'
      ? lang === 'fr'
        ? 'Bertrand joue Violet 7 (total 7).'
        : 'Bertrand plays Purple 7 (total 7).'
      : move,
  where: () => (lang === 'fr' ? 'Tournoi 2 — violet' : 'Tournament 2 — purple'),
});

describe('Key moments', () => {
  it('a review stored before the alternatives were ordered reads the same: the move played apart, best first', () => {
    const old: Review = {
      ...review,
      plies: [
        {
          ...review.plies[0]!,
          move: 'x',
          preferred: [
            { move: 'a', value: 0.2 },
            { move: 'x', value: 0.5 },
            { move: 'b', value: 0.4 },
          ],
        },
      ],
    };
    expect(weighed(old).plies[0]!.preferred!.map((q) => q.move)).toEqual(['b', 'a']);
  });

  it('each seat’s expected result before and after its decisions, and the swings between them', () => {
    const series = seatSeries(review);
    expect(series[1]!.map((p) => [p.ply, p.before, p.after])).toEqual([
      [2, 0.5, 0.5],
      [3, 0.8, 0.5],
      [5, 0.3, 0.3],
    ]);
    expect(swings(series[1]!).map((s) => [s.from, s.ply, +s.total.toFixed(2)])).toEqual([
      [2, 3, 0.3],
      [3, 5, 0.1],
    ]);
  });

  it('picks the costliest decision first, then the turn that cost the loser most, never a winner’s fall', () => {
    const moments = keyMoments(review, [0]);
    expect(moments[0]).toEqual({ kind: 'costly', seat: 1, ply: 3, loss: expect.closeTo(0.3, 6) as number });
    expect(moments.some((m) => m.kind === 'fall' && m.seat === 1 && m.swing.ply === 5)).toBe(true);
    expect(moments.some((m) => m.kind === 'fall' && m.seat === 0)).toBe(false);
    // Alice's decisions cost under 2 points: not a moment.
    expect(moments.some((m) => m.kind === 'costly' && m.seat === 0)).toBe(false);
  });

  it('tells what a choice was worth, with the move played and the better one in the log’s words (EN and FR)', () => {
    const [costly] = keyMoments(review, [0]);
    expect(momentText(costly!, review, telling('en'))).toBe(
      'Tournament 2 — purple · move 3: Bertrand’s costliest decision. “Bertrand keeps his hand (move 3)” kept 50% of expected result; “Bertrand plays Purple 7 (total 7)” would have kept 80%: that choice was worth 30 points.',
    );
    expect(momentText(costly!, review, telling('fr'))).toBe(
      'Tournoi 2 — violet · coup 3\u00a0: la décision la plus coûteuse de Bertrand. «\u00a0Bertrand garde sa main (coup 3)\u00a0» gardait 50\u00a0% de résultat attendu\u00a0; «\u00a0Bertrand joue Violet 7 (total 7)\u00a0» aurait gardé 80\u00a0%\u00a0: ce choix valait 30\u00a0points.',
    );
  });

  it('the lesson of one decision: what it gave away and against what, or that it was the best weighed', () => {
    expect(verdictText(review.plies[2]!, telling('en'))).toBe(
      'This choice gave away 30 points of expected result: “Bertrand plays Purple 7 (total 7)” would have kept 80% rather than 50%.',
    );
    expect(verdictText(review.plies[0]!, telling('en'))).toBe(
      'The best of the moves the strong bot weighed: 1 point ahead of “a” (49%).',
    );
    expect(verdictText(review.plies[1]!, telling('fr'))).toBe('Aussi bon que le meilleur choix du robot fort.');
  });
});
