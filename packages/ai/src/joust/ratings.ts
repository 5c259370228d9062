import type { PublishedRatings } from '../profile.ts';

/** The jousting card game's published ratings (how they are measured: ../ratings.ts). */
export const published: PublishedRatings = {
  // 5 players, one seat per level; 200 iterations per move (medium 60, easy 10), the search's greedy playouts (24 Nov).
  // 80 games, 40 with the line-up in each order, one Bradley–Terry fit over both runs; 95% bootstrap intervals:
  // random 310–455, easy 355–874, medium 857–1086, strong 1067–1259 (gaps: medium − easy 259 [112–597],
  // strong − medium 183 [90–283]).
  ratings: { random: 373, greedy: 1000, easy: 711, medium: 969, strong: 1152 },
};
