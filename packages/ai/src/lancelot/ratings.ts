import type { PublishedRatings } from '../profile.ts';

/** Lancelot's published ratings (how they are measured: ../ratings.ts). */
export const published: PublishedRatings = {
  // 5 players, one seat per level, 400 iterations per move (medium 40, easy 20; easy at random two moves in five),
  // the line-up in each order (at five players the seat after a weak one profits: strong won 49.2% in one order,
  // 83.1% in the other), 80 games each, seed 3, one Bradley–Terry fit over both runs (24 Nov); 95% bootstrap
  // intervals: random 263–618, easy 608–888, medium 920–1104, strong 1186–1337 (gaps: medium − easy 252
  // [136–399], strong − medium 241 [166–312]).
  ratings: { random: 462, greedy: 1000, easy: 761, medium: 1013, strong: 1254 },
};
