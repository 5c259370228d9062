import type { AnyGame } from '@roundtable/core';
import { registerGame } from '@roundtable/ai';
import { lineById } from '@roundtable/catalog/lines';

const loaded = new Map<string, Promise<AnyGame>>();

/**
 * A game's engine and its bots, from the catalog, registered with packages/ai in this thread (the page's or a
 * worker's): the analysis, the review and the puzzles search with the game's own evaluation. Loaded once.
 */
export function loadGame(id: string): Promise<AnyGame> {
  let p = loaded.get(id);
  if (!p) {
    const line = lineById(id);
    if (!line) return Promise.reject(new Error(`no game ${id} in the catalog`));
    p = Promise.all([line.descriptor.engine(), line.bots()]).then(([game, profile]) => {
      registerGame(game, profile);
      return game;
    });
    loaded.set(id, p);
  }
  return p;
}

/** A record's game id (a JSON record's `game`, a record text's `[Game "…"]` tag), or null. */
export function gameIdOf(record: unknown): string | null {
  if (typeof record === 'string') return /^\s*\[Game\s+"([a-z0-9-]{1,40})"\]/m.exec(record)?.[1] ?? null;
  const id = typeof record === 'object' && record !== null ? (record as { game?: unknown }).game : undefined;
  return typeof id === 'string' ? id : null;
}
