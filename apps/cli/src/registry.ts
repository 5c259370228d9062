import type { AnyGame } from '@roundtable/core';
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
  return (Object.hasOwn(registry.adapters, game.id) ? registry.adapters[game.id] : undefined) ?? genericAdapter(game);
}
