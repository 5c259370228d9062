import { BOOK_LEVELS, BOOKS, botFor, BOT_LEVELS, type Bot } from '@roundtable/ai';
import { err, ok, type GameError, type Result } from '@roundtable/core';

/**
 * Friendly level names over the bots `packages/ai` offers (random, greedy, easy, medium, strong). Aliases let the
 * names people type stay the same if the levels move.
 */
const ALIASES: Readonly<Record<string, string>> = {};

/** The levels every game has: the bots' own and the aliases. */
const COMMON_LEVELS: readonly string[] = [
  ...BOT_LEVELS,
  ...Object.keys(ALIASES).filter((a) => !BOT_LEVELS.includes(a)),
];

/**
 * The opening book's levels (packages/ai/src/book/level.ts) play from a book, then as medium: they are offered
 * only for a game that has a book, or they would be medium under another name.
 */
const BOOK_LEVEL_NAMES: readonly string[] = Object.keys(BOOK_LEVELS);

/**
 * Every level of some game, for where no game is known yet (`roundtable engine --level`, whose requests name
 * their game later and are checked then).
 */
export const LEVEL_NAMES: readonly string[] = [...COMMON_LEVELS, ...BOOK_LEVEL_NAMES];

export const DEFAULT_LEVEL = 'easy';

/** The games that have an opening book, by the book's own `game`. */
function gamesWithBook(): readonly string[] {
  return [...new Set(BOOKS.map((b) => b.game))];
}

/** The level names offered for a game: every bot level, and the book's only when a book is for this game. */
export function levelsFor(gameId: string): readonly string[] {
  return gamesWithBook().includes(gameId) ? LEVEL_NAMES : COMMON_LEVELS;
}

function normalize(name: string): string {
  return name.trim().toLowerCase();
}

/** The bot of a level, whatever the game (a level already checked against its game, as a search job's). */
export function resolveLevel(name: string): Bot | undefined {
  const key = normalize(name);
  if (Object.hasOwn(BOOK_LEVELS, key)) return BOOK_LEVELS[key];
  return botFor(Object.hasOwn(ALIASES, key) ? (ALIASES[key] as string) : key);
}

/**
 * The bot of a level for a game; refused with `BAD_LEVEL` naming the level, the game and that game's levels, and
 * `games`: the games that have the level when it exists for others (`book` asked for a game without a book).
 */
export function levelFor(name: string, gameId: string): Result<Bot> {
  const key = normalize(name);
  const known = levelsFor(gameId);
  const bot = known.includes(key) ? resolveLevel(key) : undefined;
  if (bot) return ok(bot);
  return err(badLevel(name, gameId));
}

/** The `BAD_LEVEL` error of a level refused for a game (see levelFor). */
export function badLevel(name: string, gameId: string): GameError {
  const key = normalize(name);
  const elsewhere = BOOK_LEVEL_NAMES.includes(key) ? gamesWithBook() : [];
  return {
    code: 'BAD_LEVEL',
    level: name.slice(0, 100),
    game: gameId,
    known: levelsFor(gameId),
    ...(elsewhere.length > 0 ? { games: elsewhere } : {}),
  };
}

/** The bot levels under `play --help`: the game's when one is named, else each with the games that have it. */
export function levelsHelp(gameId: string | undefined): string {
  if (gameId !== undefined) return `\nBot levels for ${gameId}: ${levelsFor(gameId).join(', ')}.`;
  const book = BOOK_LEVEL_NAMES.map((l) => `${l} (${gamesWithBook().join(', ')} only: an opening book, then medium)`);
  return `\nBot levels: ${[...COMMON_LEVELS, ...book].join(', ')}.`;
}
