import type { Bot } from './bot.ts';
import { greedyBot } from './greedy.ts';
import { randomBot } from './random.ts';

/** The bots a seat can be given, by level name. */
export const bots: Readonly<Record<string, Bot>> = {
  random: randomBot,
  greedy: greedyBot,
};

export const BOT_LEVELS = Object.keys(bots);

export function botFor(level: string): Bot | undefined {
  return Object.hasOwn(bots, level) ? bots[level] : undefined;
}
