import type { PublishedRatings } from '../profile.ts';

/** The Chevaliers' published strengths (how they are measured: ../ratings.ts). */
export const published: PublishedRatings = {
  // A team game: one Elo per seat mixes the sides, so the levels are published as their side's wins
  // (teamWinRates, below).
  ratings: { random: null, greedy: 1000, easy: null, medium: null, strong: null },
  // The win rate (%) of the loyal side with that level in every seat, without a traitor and with one (4 players,
  // 8 iterations per move, 60 and 40 games; packages/games/shadows/BOTS.md, "The levels apart", re-measured 24 Nov
  // after the fourth round).
  teamWinRates: {
    easy: { alone: 0, traitor: 0 },
    medium: { alone: 13, traitor: 3 },
    strong: { alone: 78, traitor: 48 },
  },
};
