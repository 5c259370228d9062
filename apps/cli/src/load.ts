import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import type { AnyGame } from '@roundtable/core';
import type { Registry } from './registry.ts';
import type { TerminalAdapter } from './terminal/adapter.ts';

/**
 * The registry of the running command: the catalog's games, plus the games of the module named by
 * ROUNDTABLE_EXTRA_GAMES (a test hook: the CLI's own tests add a fixture game this way, so the real executable
 * can be tested independently of any engine's progress). Loaded lazily so `--help` works whatever the catalog's
 * state.
 */
export async function loadRegistry(): Promise<Registry> {
  const { registry } = await import('./games/index.ts');
  const extra = process.env.ROUNDTABLE_EXTRA_GAMES;
  if (!extra) return registry;
  const module = (await import(pathToFileURL(resolve(extra)).href)) as {
    games?: Record<string, AnyGame>;
    adapters?: Record<string, TerminalAdapter>;
  };
  return {
    games: { ...registry.games, ...(module.games ?? {}) },
    adapters: { ...registry.adapters, ...(module.adapters ?? {}) },
  };
}
