import type { BotProfile } from '../profile.ts';
import { lancelotGreedy } from '../lancelot.ts';
import { EASY_EFFORT } from '../levels.ts';
import { lancelotTuning } from './tuning.ts';

/**
 * Lancelot's easy: with one random move in four it searched its 20 iterations to about greedy's level, 102 Elo
 * below medium at five players; two in five set it clearly below medium and still well above random.
 */
export const LANCELOT_EASY_BLUNDER = 0.4;
/**
 * Lancelot's medium searches a tenth of strong's share (and thinks 100 ms, not 300): at five players 0.3 left it
 * within 45 Elo of strong, while a tenth still keeps it above greedy (packages/ai/README.md, "Ratings").
 */
export const LANCELOT_MEDIUM_EFFORT = 0.1;

export const profile: BotProfile = {
  id: 'lancelot',
  greedy: lancelotGreedy,
  tuning: lancelotTuning,
  levels: {
    easy: { blunder: LANCELOT_EASY_BLUNDER, effort: EASY_EFFORT },
    medium: { ms: 100, effort: LANCELOT_MEDIUM_EFFORT },
    strong: {},
  },
};
