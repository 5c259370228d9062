import type { Bot } from '../bot.ts';
import { bots } from '../levels.ts';
import type { OpeningBook } from './book.ts';
import { withBook } from './book.ts';
import camelotBook from './camelot.json' with { type: 'json' };

/** The opening books shipped, built from the explorer (apps/server/src/explorer/build-book-command.ts). */
export const BOOKS: readonly OpeningBook[] = [camelotBook as unknown as OpeningBook];

/**
 * Levels that play from the opening book, then search: `book` is medium with the book. Kept out of BOT_LEVELS
 * (the levels every seat can be given, each with measured ratings) until its rating is measured; the terminal's
 * `play` and `arena` take it by name.
 */
export const BOOK_LEVELS: Readonly<Record<string, Bot>> = {
  book: withBook(bots.medium as Bot, BOOKS, 'book'),
};
