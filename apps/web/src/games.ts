/// <reference types="vite/client" />
import type { GameMeta, TableModule } from './table-api.ts';

/**
 * The games, discovered from the folders under `tables/`: a folder with `meta.ts` shows on the home screen; one
 * with `index.tsx` too can be played (its table and engine are loaded on demand, so the home screen stays small).
 */
const metas = import.meta.glob<{ meta: GameMeta }>('./tables/*/meta.ts', { eager: true });
const tables = import.meta.glob<{ table: TableModule }>('./tables/*/index.tsx');

const folderOf = (path: string): string => path.split('/')[2] ?? '';

export const GAMES: readonly GameMeta[] = Object.values(metas)
  .map((m) => m.meta)
  .sort((a, b) => a.order - b.order);

export function metaOf(id: string): GameMeta | undefined {
  return GAMES.find((g) => g.id === id);
}

const loaders = new Map<string, () => Promise<{ table: TableModule }>>(
  Object.entries(tables).map(([path, load]) => [folderOf(path), load]),
);
const loaded = new Map<string, Promise<TableModule>>();

export function isPlayable(id: string): boolean {
  return loaders.has(id) && metaOf(id)?.landed === true;
}

export function loadTable(id: string): Promise<TableModule> {
  let p = loaded.get(id);
  if (!p) {
    const load = loaders.get(id);
    if (!load) return Promise.reject(new Error(`no table for ${id}`));
    p = load().then((m) => m.table);
    loaded.set(id, p);
  }
  return p;
}
