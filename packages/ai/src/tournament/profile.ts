import type { BotProfile } from '../profile.ts';
import { tournamentGreedy, tournamentTuning } from '../tournament.ts';
import { EASY_EFFORT } from '../levels.ts';

/**
 * The Tournament's own rates: a short search and a long one mostly keep the greedy score's card (the search
 * leaves it only for a gain it measured), so the random cards are what sets its levels apart. With the common
 * rates medium sat 84 Elo below strong at five players. A seat's win rate falls about by half for every 0.2 of
 * random cards, less and less (five-player runs: 0 → 32 %, 0.25 → 13 %, 0.45 → 8 %, 1 → 1 %), and strong wins
 * ~45 %: so medium plays a random card one time in five and easy one in two, for two gaps of ~150 Elo
 * (medium 0.25 and easy 0.45 left easy only 80 Elo below medium: packages/ai/README.md, "Measured for issue 16").
 */
export const TOURNAMENT_EASY_BLUNDER = 0.5;
export const TOURNAMENT_MEDIUM_BLUNDER = 0.2;
/**
 * The Tournament's medium searches a tenth of strong's share, thinking 100 ms: its search keeps the greedy card
 * at either share unless a gain is measured, so its share is not what sets it apart (its random cards are).
 */
export const TOURNAMENT_MEDIUM_EFFORT = 0.1;

export const profile: BotProfile = {
  id: 'tournament',
  greedy: tournamentGreedy,
  tuning: tournamentTuning,
  levels: {
    easy: { blunder: TOURNAMENT_EASY_BLUNDER, effort: EASY_EFFORT },
    medium: { ms: 100, blunder: TOURNAMENT_MEDIUM_BLUNDER, effort: TOURNAMENT_MEDIUM_EFFORT },
    strong: {},
  },
};
