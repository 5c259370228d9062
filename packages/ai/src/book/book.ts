import { nextFloat, type AnyGame, type RngState } from '@roundtable/core';
import type { Bot, BotInput } from '../bot.ts';
import { canIndexPositions, positionKey } from './key.ts';

/**
 * An opening book: for a position key (key.ts), the moves worth playing there with their weights. Built from the
 * opening explorer's games (apps/server/src/explorer/build-book.ts): moves played often enough whose results
 * for the side that played them hold up, weighted by games and score.
 */
export interface OpeningBook {
  readonly version: 1;
  readonly game: string;
  /** Where it was built from (the explorer's source) and how. */
  readonly source: string;
  /** The options of the games it was built from: its keys are those positions' under these options. */
  readonly options: Readonly<Record<string, unknown>>;
  readonly positions: Readonly<Record<string, readonly (readonly [move: string, weight: number])[]>>;
}

/** A move from the book for this position, drawn by weight; null out of the book. */
export function bookMove(book: OpeningBook, game: AnyGame, state: unknown, rng: RngState): string | null {
  if (book.game !== game.id || !canIndexPositions(game, game.players(state))) return null;
  const entries = book.positions[positionKey(game, book.options, state)];
  if (!entries || entries.length === 0) return null;
  const total = entries.reduce((n, [, w]) => n + w, 0);
  let pick = nextFloat(rng) * total;
  for (const [move, w] of entries) {
    pick -= w;
    if (pick < 0) return move;
  }
  return entries[entries.length - 1]![0];
}

/**
 * A bot that plays from the book while the position is in it, then as `inner` does. A bot sees the position, not
 * the match's options: the book's key is taken under the options it was built with (a position of another variant
 * has another text, so it is simply out of the book). A move the rules refuse is never played (the book is data:
 * it is checked first).
 */
export function withBook(inner: Bot, books: readonly OpeningBook[], level: string): Bot {
  return {
    level,
    choose(input: BotInput): string | null {
      const { game, view, seat, rng } = input;
      const book = books.find((b) => b.game === game.id);
      if (book && game.perfectInformation) {
        // A bot is given the seat's view; with nothing hidden, the one state it stands for.
        const state = game.determinize(view, seat, rng);
        const move = bookMove(book, game, state, rng);
        if (move !== null && game.parseMove(state, seat, move).ok) return move;
      }
      return inner.choose(input);
    },
  };
}
