import type { BotProfile } from '../profile.ts';
import { joustGreedy } from '../joust.ts';
import { EASY_EFFORT, MEDIUM_EFFORT } from '../levels.ts';
import { joustTuning } from './tuning.ts';

/** The jousting card game's bots: ISMCTS whose playouts follow the greedy bot (joust/tuning.ts). */
export const profile: BotProfile = {
  id: 'joust',
  greedy: joustGreedy,
  tuning: joustTuning,
  levels: { easy: { effort: EASY_EFFORT }, medium: { effort: MEDIUM_EFFORT }, strong: {} },
};
