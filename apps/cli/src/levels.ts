import { BOOK_LEVELS, botFor, BOT_LEVELS, type Bot } from '@roundtable/ai';

/**
 * Friendly level names over the bots `packages/ai` offers (random, greedy, easy, medium, strong). Aliases let the
 * names people type stay the same if the levels move.
 */
const ALIASES: Readonly<Record<string, string>> = {};

export const LEVEL_NAMES: readonly string[] = [
  ...BOT_LEVELS,
  ...Object.keys(ALIASES).filter((a) => !BOT_LEVELS.includes(a)),
  // The opening book's level (packages/ai/src/book/level.ts).
  ...Object.keys(BOOK_LEVELS),
];

export const DEFAULT_LEVEL = 'easy';

export function resolveLevel(name: string): Bot | undefined {
  const key = name.trim().toLowerCase();
  if (Object.hasOwn(BOOK_LEVELS, key)) return BOOK_LEVELS[key];
  return botFor(Object.hasOwn(ALIASES, key) ? (ALIASES[key] as string) : key);
}
