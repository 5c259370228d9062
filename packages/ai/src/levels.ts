import type { Bot } from './bot.ts';
import { greedyBot } from './greedy.ts';
import { randomBot } from './random.ts';
import { searchBot } from './search-bot.ts';

/**
 * The bots a seat can be given, by level name. The searching levels differ by budget (a `budget` in the input
 * replaces it): easy answers within 100 ms and searches shallow, medium thinks ~300 ms, strong ~1 s and
 * spreads the search over worker threads (root parallelism).
 */
export const bots: Readonly<Record<string, Bot>> = {
  random: randomBot,
  greedy: greedyBot,
  easy: searchBot({ level: 'easy', ms: 50, maxDepth: 2 }),
  medium: searchBot({ level: 'medium', ms: 300 }),
  strong: searchBot({ level: 'strong', ms: 1000, parallel: true }),
};

export const BOT_LEVELS = Object.keys(bots);

export function botFor(level: string): Bot | undefined {
  return Object.hasOwn(bots, level) ? bots[level] : undefined;
}
