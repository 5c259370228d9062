import { botFor, BOT_LEVELS, type Bot } from '@roundtable/ai';

/**
 * Friendly level names over the bots `packages/ai` offers (random, greedy, easy, medium, strong). Aliases let the
 * names people type stay the same if the levels move.
 */
const ALIASES: Readonly<Record<string, string>> = {};

export const LEVEL_NAMES: readonly string[] = [
  ...BOT_LEVELS,
  ...Object.keys(ALIASES).filter((a) => !BOT_LEVELS.includes(a)),
];

export const DEFAULT_LEVEL = 'easy';

export function resolveLevel(name: string): Bot | undefined {
  const key = name.trim().toLowerCase();
  return botFor(Object.hasOwn(ALIASES, key) ? (ALIASES[key] as string) : key);
}
