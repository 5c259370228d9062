import { describe, expect, it } from 'vitest';
import { camelot } from '@roundtable/camelot';
import { lancelot } from '@roundtable/lancelot';
import type { AnyGame, MatchRecord } from '@roundtable/core';
import { analyse } from '../src/analysis/search.ts';
import { chancesOf, feature } from '../src/analysis/chances.ts';
import { classify } from '../src/review/judgement.ts';
import { reviewPerfect } from '../src/review/perfect.ts';
// The games and their bots, registered with packages/ai as every front door has them.
import '@roundtable/catalog';

const game = camelot as AnyGame;
const record = (moves: string[]): MatchRecord => ({
  game: 'camelot',
  players: 2,
  options: {},
  seed: 1,
  moves: moves.map((move, i) => ({ seat: i % 2, move })),
});

// The engine's own opening (what it plays at 20,000 nodes a move): development by canters, no contact yet.
const OPENING = ['C6-E8', 'J11-H9', 'G6-G8', 'D11-F9'];

describe('The review of a Camelot match', () => {
  it('classes a planted blunder (a man stepped aside, leaving a piece to a forced capture) and shows a better move; the quiet opening before it is not flagged', () => {
    // D7-C7 leaves E8 to black's compulsory jump: the search of the review sees a piece lost for nothing.
    const moves = [...OPENING, 'D7-C7'];
    const r = reviewPerfect(game, record(moves));
    if (!r.ok) throw new Error(JSON.stringify(r.error));
    const plies = r.value.plies;
    for (const p of plies.slice(0, OPENING.length)) expect(p.class, `${p.ply}. ${p.move}`).toBeNull();
    const blunder = plies[OPENING.length]!;
    expect(blunder.move).toBe('D7-C7');
    expect(blunder.class).toBe('blunder');
    expect(blunder.drop).toBeGreaterThanOrEqual(0.15);
    expect(blunder.best).toBeTruthy();
    expect(blunder.best).not.toBe('D7-C7');
    // The better move is legal where the blunder was played, and the line starts with it.
    expect(blunder.line?.[0]).toBe(blunder.best);
    expect(r.value.seats[0]!.blunders).toBe(1);
    expect(r.value.seats[1]!.blunders).toBe(0);
    expect(r.value.seats[0]!.accuracy!).toBeLessThan(r.value.seats[1]!.accuracy!);
  });

  it('gives the graph one point per position, each seat’s chances summing to one, and a decided end its certainty', () => {
    const r = reviewPerfect(game, record(OPENING.slice(0, 2)), { nodes: 2000 });
    if (!r.ok) throw new Error(JSON.stringify(r.error));
    expect(r.value.plies).toHaveLength(2);
    for (const p of r.value.plies) expect((p.chances![0] ?? 0) + (p.chances![1] ?? 0)).toBeCloseTo(1, 6);
    expect(r.value.final).toHaveLength(2);
  });

  it('refuses a record the rules refuse, naming the move', () => {
    const r = reviewPerfect(game, record(['C6-E8', 'C6-E8']));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe('BAD_RECORD');
  });
});

describe('Winning chances and judgements', () => {
  it('grow with the score, for either seat to move, and a balanced position is near even', () => {
    for (const kind of ['camelot', 'lancelot'] as const) {
      for (const seat of [0, 1]) {
        let last = -1;
        for (const score of [-3000, -500, -100, 0, 100, 500, 3000]) {
          const c = chancesOf(kind, seat, kind === 'camelot' ? score : score * 3);
          expect(c).toBeGreaterThanOrEqual(last);
          last = c;
        }
        expect(chancesOf(kind, seat, 0)).toBeGreaterThan(0.35);
        expect(chancesOf(kind, seat, 0)).toBeLessThan(0.65);
      }
    }
  });

  it('reads a score in the game’s own terms: Camelot’s in men, Lancelot’s as a lead in chances', () => {
    expect(feature('camelot', 250)).toBe(2.5);
    expect(feature('lancelot', -5_000)).toBe(-0.5);
  });

  it('classes drops at lichess’s thresholds: 5 points an inaccuracy, 10 a mistake, 15 a blunder', () => {
    expect(classify(0.049)).toBeNull();
    expect(classify(0.05)).toBe('inaccuracy');
    expect(classify(0.1)).toBe('mistake');
    expect(classify(0.15)).toBe('blunder');
  });

  it('analyses Lancelot at two players: a best move, its line, chances that sum to one', () => {
    const made = lancelot.setup({
      players: 2,
      options: lancelot.parseOptions({}, 2).ok ? (lancelot.parseOptions({}, 2) as any).value : {},
      seed: 1,
    });
    if (!made.ok) throw new Error('setup');
    const e = analyse(lancelot as AnyGame, made.value, { iterations: 3000 });
    expect(e.best).toBeTruthy();
    expect(e.line[0]).toBe(e.best);
    expect(e.chances[0]! + e.chances[1]!).toBeCloseTo(1, 6);
  });
});
