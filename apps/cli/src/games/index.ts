import { existsSync } from 'node:fs';
import { games, GAME_IDS } from '@roundtable/catalog';
import type { Registry } from '../registry.ts';
import type { TerminalAdapter } from '../terminal/adapter.ts';

/**
 * How each game is drawn at the terminal, found by folder convention: `./<id>.ts` beside this file, exporting
 * `<id>Adapter`. A game of the catalog without one is drawn by the generic adapter (registry.ts).
 */
async function adapterOf(id: string): Promise<[string, TerminalAdapter] | null> {
  const file = new URL(`./${id}.ts`, import.meta.url);
  if (!existsSync(file)) return null;
  const module = (await import(file.href)) as Record<string, TerminalAdapter | undefined>;
  const adapter = module[`${id}Adapter`];
  if (!adapter) throw new Error(`${file.pathname} exports no ${id}Adapter`);
  return [id, adapter];
}

export const adapters: Readonly<Record<string, TerminalAdapter>> = Object.fromEntries(
  (await Promise.all(GAME_IDS.map(adapterOf))).filter((e) => e !== null),
);

export const registry: Registry = { games, adapters };
