// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- the web's type check reaches this file through its tests' real server, outside the folder whose .d.ts files it includes
/// <reference path="./glicko2.d.ts" />
import glicko2 from 'glicko2';
import { rate } from 'openskill';

/**
 * Ratings on one scale for every game, so a player can compare themselves with the bots' published figures:
 * Glicko-2 for two players (the lichess choice), Weng-Lin (OpenSkill) for three or more, its μ/σ mapped onto
 * Glicko's scale (25 ± 8.33 ↔ 1500 ± 350: one σ is 42 points).
 */
export interface Rating {
  readonly rating: number;
  readonly deviation: number;
  readonly volatility: number;
  readonly games: number;
}

export const INITIAL: Rating = { rating: 1500, deviation: 350, volatility: 0.06, games: 0 };
const TAU = 0.5;
const SCALE = 350 / (25 / 3);

const round = (r: Rating): Rating => ({
  rating: Math.round(r.rating * 10) / 10,
  deviation: Math.round(r.deviation * 10) / 10,
  volatility: Math.round(r.volatility * 1e6) / 1e6,
  games: r.games,
});

/** Two players, one game: `score` is 1 when `a` won, 0.5 for a draw, 0 when `b` won. */
export function rateTwoPlayers(a: Rating, b: Rating, score: 1 | 0.5 | 0): [Rating, Rating] {
  const ranking = new glicko2.Glicko2({ tau: TAU });
  const pa = ranking.makePlayer(a.rating, a.deviation, a.volatility);
  const pb = ranking.makePlayer(b.rating, b.deviation, b.volatility);
  ranking.updateRatings([[pa, pb, score]]);
  return [
    round({ rating: pa.getRating(), deviation: pa.getRd(), volatility: pa.getVol(), games: a.games + 1 }),
    round({ rating: pb.getRating(), deviation: pb.getRd(), volatility: pb.getVol(), games: b.games + 1 }),
  ];
}

/** Three or more players, one game: `ranks[i]` is player i's place (1 = first; equal places are ties). */
export function rateMultiplayer(players: readonly Rating[], ranks: readonly number[]): Rating[] {
  if (players.length !== ranks.length || players.length < 2)
    throw new RangeError('rateMultiplayer: one rank per player');
  const teams = players.map((p) => [{ mu: 25 + (p.rating - 1500) / SCALE, sigma: p.deviation / SCALE }]);
  const rated = rate(teams, { rank: [...ranks] });
  return rated.map(([r], i) =>
    round({
      rating: 1500 + (r!.mu - 25) * SCALE,
      deviation: r!.sigma * SCALE,
      volatility: players[i]!.volatility,
      games: players[i]!.games + 1,
    }),
  );
}

/** Places from a game's outcome: winners share first place, everybody else shares the next. */
export function ranksFromWinners(players: number, winners: readonly number[]): number[] {
  return Array.from({ length: players }, (_, seat) => (winners.includes(seat) ? 1 : 2));
}
