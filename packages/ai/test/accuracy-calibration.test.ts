import { beforeAll, describe, expect, it } from 'vitest';
import { camelot } from '@roundtable/camelot';
import { Match, createRng, type AnyGame, type Seat } from '@roundtable/core';
import type { Bot } from '../src/bot.ts';
import { bots, STRONG_MS } from '../src/levels.ts';
import { reviewPerfect } from '../src/review/perfect.ts';
import { searchBot } from '../src/search-bot.ts';
import type { SeatReview } from '../src/review/types.ts';
// The games and their bots, registered with packages/ai as every front door has them.
import '@roundtable/catalog';

/**
 * The bounds the README documents from packages/ai/bench/accuracy.ts (200 reviewed sides a level): a random
 * mover's mean accuracy below the ceiling (it was 55.6 when every move counted), the strong bot's above the floor.
 */
const RANDOM_CEILING = 50;
const STRONG_FLOOR = 95;

const game = camelot as AnyGame;
// The strong level's search on this thread at a node budget, as the bench plays it (cheaper here).
const strong = searchBot({ level: 'strong', ms: STRONG_MS, perGame: true });

/** Random against strong from the start, reviewed at a low budget. */
function reviewed(seed: string, randomSeat: Seat): { random: SeatReview; strong: SeatReview } {
  const rng = createRng(seed);
  const made = Match.create(game, { players: 2, seed });
  if (!made.ok) throw new Error(made.error.code);
  const m = made.value;
  while (!m.outcome() && m.ply < 120) {
    const seat = m.toMove()[0] as Seat;
    const bot: Bot = seat === randomSeat ? (bots.random as Bot) : strong;
    const move = bot.choose({ game, view: game.view(m.state, seat), seat, rng, budget: { iterations: 600 } });
    if (move === null || !m.play(seat, move).ok) throw new Error(`${seed}: no move`);
  }
  const review = reviewPerfect(game, m.record(), { nodes: 600 });
  if (!review.ok) throw new Error(review.error.code);
  const seats = review.value.seats;
  return { random: seats[randomSeat]!, strong: seats[1 - randomSeat]! };
}

describe('Accuracy against bots of known strength (Camelot, fixed seeds)', () => {
  let games: { random: SeatReview; strong: SeatReview }[] = [];
  beforeAll(() => {
    games = [0, 1, 2, 3, 4, 5].map((i) => reviewed(`test/accuracy/${i}`, (i % 2) as Seat));
  });
  const mean = (xs: number[]): number => xs.reduce((t, x) => t + x, 0) / xs.length;

  it('puts a random mover below the documented ceiling and the strong bot above the documented floor', () => {
    const random = games.map((g) => g.random.accuracy as number);
    // A strong side whose every move kept a game won since its first has no accuracy (nothing was at stake).
    const strongs = games.flatMap((g) => (g.strong.accuracy !== undefined ? [g.strong.accuracy] : []));
    expect(random.every((a) => a !== undefined)).toBe(true);
    expect(strongs.length).toBeGreaterThanOrEqual(games.length / 2);
    expect(mean(random), `random: ${random.join(', ')}`).toBeLessThan(RANDOM_CEILING);
    expect(mean(strongs), `strong: ${strongs.join(', ')}`).toBeGreaterThan(STRONG_FLOOR);
    expect(Math.max(...random)).toBeLessThan(Math.min(...strongs));
  });

  it('flags moves of every random mover, and fewer of the strong bot', () => {
    const flagged = (s: SeatReview): number => s.inaccuracies + s.mistakes + s.blunders;
    for (const g of games) expect(g.random.mistakes + g.random.blunders).toBeGreaterThan(0);
    expect(games.reduce((t, g) => t + flagged(g.strong), 0)).toBeLessThan(
      games.reduce((t, g) => t + flagged(g.random), 0),
    );
  });
});
