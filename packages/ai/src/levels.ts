import type { Bot } from './bot.ts';
import { greedyBot } from './greedy.ts';
import { randomBot } from './random.ts';
import { searchBot } from './search-bot.ts';

/** How often easy and medium play a random move instead of their search (see LevelSpec.blunder). */
export const EASY_BLUNDER = 0.25;
export const MEDIUM_BLUNDER = 0.08;

/**
 * The share of an iteration budget (the arena's `--iterations`) each level searches in the games whose ratings
 * are measured that way (`LevelSpec.effort`): strong searches it in each of its two shares, medium 0.3 of it
 * and easy 0.05, as their time budgets (1 s over two threads, 300 ms, 50 ms) would.
 */
const EFFORT_GAMES = ['lancelot', 'joust', 'tournament'] as const;
const effort = (share: number): Record<string, number> => Object.fromEntries(EFFORT_GAMES.map((g) => [g, share]));
export const EASY_EFFORT = 0.05;
export const MEDIUM_EFFORT = 0.3;

/**
 * The bots a seat can be given, by level name. The searching levels differ by budget (a `budget` in the input
 * replaces it): easy answers within 100 ms, searches shallow and plays a random move one time in four,
 * medium thinks ~300 ms and plays a random move one time in twelve, strong ~1 s, never at random, and
 * spreads the search over worker threads (root parallelism).
 */
export const bots: Readonly<Record<string, Bot>> = {
  random: randomBot,
  greedy: greedyBot,
  easy: searchBot({ level: 'easy', ms: 50, maxDepth: 2, blunder: EASY_BLUNDER, effort: effort(EASY_EFFORT) }),
  medium: searchBot({ level: 'medium', ms: 300, blunder: MEDIUM_BLUNDER, effort: effort(MEDIUM_EFFORT) }),
  strong: searchBot({ level: 'strong', ms: 1000, parallel: true }),
};

export const BOT_LEVELS = Object.keys(bots);

export function botFor(level: string): Bot | undefined {
  return Object.hasOwn(bots, level) ? bots[level] : undefined;
}
