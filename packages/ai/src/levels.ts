import type { Bot } from './bot.ts';
import { greedyBot } from './greedy.ts';
import { randomBot } from './random.ts';
import { searchBot } from './search-bot.ts';

/** How often easy and medium play a random move instead of their search (see LevelSpec.blunder). */
export const EASY_BLUNDER = 0.25;
export const MEDIUM_BLUNDER = 0.08;

/**
 * The share of an iteration budget (the arena's `--iterations`) each level searches in the games whose ratings
 * are measured that way (their bot profile's `levels`, `LevelOverride.effort`): strong searches it in each of its
 * two shares, medium 0.3 of it and easy 0.05, as their time budgets (1 s over two threads, 300 ms, 50 ms) would.
 */
export const EASY_EFFORT = 0.05;
export const MEDIUM_EFFORT = 0.3;
/**
 * Strong's thinking time: 900 ms, so that its answer (the search's last iteration, the threads' results merged)
 * comes within the second a level promises on this 2-core machine; searching 1,000 ms it answered in 1.00–1.23 s.
 */
export const STRONG_MS = 900;

/**
 * The bots a seat can be given, by level name. The searching levels differ by budget (a `budget` in the input
 * replaces it): easy answers within 100 ms, searches shallow and plays a random move one time in four, medium
 * thinks ~300 ms and plays a random move one time in twelve, strong ~1 s, never at random, and spreads the search
 * over worker threads (root parallelism). A game's bot profile may change a level's time, random-move rate and
 * share of an iteration budget (`BotProfile.levels`: Lancelot's, joust's and the Tournament's).
 */
export const bots: Readonly<Record<string, Bot>> = {
  random: randomBot,
  greedy: greedyBot,
  easy: searchBot({ level: 'easy', ms: 50, maxDepth: 2, blunder: EASY_BLUNDER, perGame: true }),
  medium: searchBot({ level: 'medium', ms: 300, blunder: MEDIUM_BLUNDER, perGame: true }),
  strong: searchBot({ level: 'strong', ms: STRONG_MS, parallel: true, perGame: true }),
};

export const BOT_LEVELS = Object.keys(bots);

export function botFor(level: string): Bot | undefined {
  return Object.hasOwn(bots, level) ? bots[level] : undefined;
}
