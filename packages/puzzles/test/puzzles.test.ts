import { describe, expect, it } from 'vitest';
import { Match, type AnyGame, type Seat } from '@roundtable/core';
import { camelot } from '@roundtable/camelot';
import {
  FIRST_RATING,
  PUZZLES,
  THEMES,
  judgeMove,
  nextPuzzle,
  MAX_STEP,
  rateAttempt,
  readRating,
  type Puzzle,
} from '../src/index.ts';
import { checkPuzzle } from '../bench/verify.ts';
// The games and their bots, registered with packages/ai as every front door has them.
import '@roundtable/catalog';

const puzzles = PUZZLES.camelot!;

describe('The shipped Camelot puzzles', () => {
  it('are at least 500, each with its own id, a position the engine reads, a legal solution ending with the solver’s move, and themes', () => {
    expect(puzzles.length).toBeGreaterThanOrEqual(500);
    expect(new Set(puzzles.map((p) => p.id)).size).toBe(puzzles.length);
    for (const p of puzzles) {
      const made = Match.create(camelot as AnyGame, { position: p.position });
      expect(made.ok, p.id).toBe(true);
      if (!made.ok) continue;
      const m = made.value;
      expect(p.solution.length % 2, p.id).toBe(1);
      for (const move of p.solution) expect(m.play(m.toMove()[0] as Seat, move).ok, `${p.id} ${move}`).toBe(true);
      expect(p.themes.length).toBeGreaterThan(0);
      for (const t of p.themes) expect(THEMES).toContain(t);
      expect(Number.isFinite(p.rating) && p.deviation > 0).toBe(true);
    }
    // Every theme can be chosen.
    for (const t of THEMES)
      expect(
        puzzles.some((p) => p.themes.includes(t)),
        t,
      ).toBe(true);
  });

  it('a sample, searched again: each solver move is the search’s best by the documented margin (the bench checks them all)', () => {
    const sample = [0, 0.25, 0.5, 0.75].map((f) => puzzles[Math.floor(f * (puzzles.length - 1))] as Puzzle);
    for (const p of sample) expect(checkPuzzle(p), p.id).toBeNull();
  });
});

describe('Solving and rating', () => {
  const p = puzzles[0]!;

  it('the solution’s move brings the reply (or the end), any other move is wrong', () => {
    expect(judgeMove(p, 0, p.solution[0]!)).toEqual(
      p.solution.length > 1 ? { kind: 'move', reply: p.solution[1] } : { kind: 'solved' },
    );
    expect(judgeMove(p, 0, 'A1-A2')).toEqual({ kind: 'wrong', expected: p.solution[0] });
    const last = p.solution.length - 1;
    expect(judgeMove(p, last, p.solution[last]!)).toEqual({ kind: 'solved' });
  });

  it('Glicko-2: a solved puzzle raises the player and lowers the puzzle, a missed one the reverse; more surprise, more change', () => {
    const puzzle = { rating: 1600, deviation: 80, volatility: 0.06, attempts: 10 };
    const win = rateAttempt(FIRST_RATING, puzzle, true);
    const loss = rateAttempt(FIRST_RATING, puzzle, false);
    expect(win.player.rating).toBeGreaterThan(1500);
    expect(win.puzzle.rating).toBeLessThan(1600);
    expect(loss.player.rating).toBeLessThan(1500);
    expect(loss.puzzle.rating).toBeGreaterThan(1600);
    expect(win.player.deviation).toBeLessThan(350);
    expect(win.player.attempts).toBe(1);
    const easy = rateAttempt(FIRST_RATING, { ...puzzle, rating: 1000 }, true);
    expect(easy.player.rating - 1500).toBeLessThan(win.player.rating - 1500);
    expect(readRating({ rating: 'x' })).toEqual(FIRST_RATING);
    expect(readRating(win.player)).toEqual(win.player);
  });

  it(`a first missed puzzle moves a newcomer's rating by at most ${MAX_STEP} (not 1500 to 1198); a run of solved ones still raises it`, () => {
    // The shipped puzzles as they are: the first, the easiest and the hardest, each missed at the first attempt.
    const sorted = [...puzzles].sort((a, b) => a.rating - b.rating);
    for (const q of [p, sorted[0]!, sorted[sorted.length - 1]!]) {
      const shipped = { rating: q.rating, deviation: q.deviation, volatility: 0.06, attempts: 0 };
      const missed = rateAttempt(FIRST_RATING, shipped, false);
      expect(FIRST_RATING.rating - missed.player.rating, q.id).toBeGreaterThan(0);
      expect(FIRST_RATING.rating - missed.player.rating, q.id).toBeLessThanOrEqual(MAX_STEP);
      expect(Math.abs(missed.puzzle.rating - q.rating), q.id).toBeLessThanOrEqual(MAX_STEP);
    }
    const peer = { rating: 1500, deviation: 80, volatility: 0.06, attempts: 50 };
    expect(rateAttempt(FIRST_RATING, peer, false).player.rating).toBe(1500 - MAX_STEP);
    // Ten solved puzzles of 1700 after that miss: every one raises the rating, by no more than the cap.
    let me = rateAttempt(FIRST_RATING, peer, false).player;
    for (let i = 0; i < 10; i++) {
      const next = rateAttempt(me, { ...peer, rating: 1700 }, true).player;
      expect(next.rating).toBeGreaterThan(me.rating);
      expect(next.rating - me.rating).toBeLessThanOrEqual(MAX_STEP);
      me = next;
    }
    expect(me.rating).toBeGreaterThan(1650);
    expect(me.deviation).toBeLessThan(FIRST_RATING.deviation);
  });

  it('the next puzzle: of the chosen themes, not tried yet, near the player’s rating', () => {
    const some = puzzles.slice(0, 60);
    // A theme at least two of them show: the one tried is passed over for the other.
    const theme = THEMES.find((t) => some.filter((q) => q.themes.includes(t)).length >= 2)!;
    const tried = some.find((q) => q.themes.includes(theme))!;
    const next = nextPuzzle(some, 1500, [theme], new Set([tried.id]))!;
    expect(next.themes).toContain(theme);
    expect(next.id).not.toBe(tried.id);
    const near = nextPuzzle(some, 1500, [], new Set())!;
    for (const q of some) expect(Math.abs(near.rating - 1550)).toBeLessThanOrEqual(Math.abs(q.rating - 1550));
    expect(nextPuzzle(some, 1500, [], new Set(some.map((q) => q.id)))).toBeNull();
  });
});
