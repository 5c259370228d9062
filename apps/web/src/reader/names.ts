import type { AnyGame, Lang } from '@roundtable/core';
import { gameSpeech } from './queries.ts';

/**
 * A thing of the table in words, from the game's own speech (issue 34: the games name their squares, cards and
 * tokens from the viewer's view; the web only places those names on its elements). Null when the game has no
 * name for it.
 */
export function squareWords(game: AnyGame, view: unknown, id: string, lang: Lang): string | null {
  if (view === null || view === undefined) return null;
  try {
    return gameSpeech(game)?.name(view, id, lang) ?? null;
  } catch {
    return null;
  }
}
