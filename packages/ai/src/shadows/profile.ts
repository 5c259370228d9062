import type { BotProfile } from '../profile.ts';
import { shadowsGreedy, shadowsTuning } from '../shadows.ts';

/** The Chevaliers' bots: ISMCTS over belief-weighted samples, the rule of thumb as rollouts and prior (shadows.ts). */
export const profile: BotProfile = { id: 'shadows', greedy: shadowsGreedy, tuning: shadowsTuning };
