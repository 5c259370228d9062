import { lineById } from '@roundtable/catalog/lines';
import { endWords, type AnyGame } from '@roundtable/core';
import type { TerminalAdapter } from './terminal/adapter.ts';
import { genericAdapter } from './games/generic.ts';

/**
 * The games a front door can offer and how the terminal draws them. Commands take a registry rather than
 * importing the catalog, so tests can run them against a fixture game.
 */
export interface Registry {
  readonly games: Readonly<Record<string, AnyGame>>;
  readonly adapters: Readonly<Record<string, TerminalAdapter>>;
}

export function findGame(registry: Registry, id: string): AnyGame | undefined {
  return Object.hasOwn(registry.games, id) ? registry.games[id] : undefined;
}

export function adapterFor(registry: Registry, game: AnyGame): TerminalAdapter {
  const adapter =
    (Object.hasOwn(registry.adapters, game.id) ? registry.adapters[game.id] : undefined) ?? genericAdapter(game);
  const descriptor = lineById(game.id)?.descriptor;
  if (!descriptor) return adapter;
  // The end in words: the drawing's own phrase, else the descriptor's sentence as a clause ("…: the last stone
  // was taken.").
  return {
    ...adapter,
    describeReason: (reason, lang) => {
      const own = adapter.describeReason?.(reason, lang);
      if (own !== undefined) return own;
      const words = endWords(descriptor, reason)?.[lang];
      return words === undefined ? undefined : words.charAt(0).toLowerCase() + words.slice(1).replace(/\.$/, '');
    },
  };
}
