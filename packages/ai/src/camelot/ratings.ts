import type { PublishedRatings } from '../profile.ts';

/** Camelot's published ratings (how they are measured: ../ratings.ts). */
export const published: PublishedRatings = {
  // Pairs of 20 games, 5,000 nodes per move, chained from greedy (a 20–0 score is a floor: ≥ 646 points).
  ratings: { random: 354, greedy: 1000, easy: 1034, medium: 1480, strong: 2126 },
};
