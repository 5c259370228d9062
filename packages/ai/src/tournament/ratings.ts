import type { PublishedRatings } from '../profile.ts';

/** The Tournament's published ratings (how they are measured: ../ratings.ts). */
export const published: PublishedRatings = {
  // 5 players, the line-up in both orders, 160 games each, seed 6, 300 iterations per move (medium 30, easy 15: the
  // levels' effort; medium plays a random card one time in five, easy one in two), one Bradley–Terry fit over both
  // runs (24 Nov, the search reading the others' plays and searching value changes); 95% bootstrap intervals:
  // random 81–549, easy 626–789, medium 830–946, strong 1040–1123 (gaps: medium − easy 183 [89–276], strong −
  // medium 187 [142–246]; packages/ai/README.md, "Ratings").
  ratings: { random: 415, greedy: 1000, easy: 709, medium: 892, strong: 1079 },
};
