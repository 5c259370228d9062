/// <reference types="vite/client" />
import { descriptors, lineById } from '@roundtable/catalog/lines';
import type { AnyGame, GameDescriptor } from '@roundtable/core';
import type { GameMeta, TableArt, TableModule } from './table-api.ts';

/**
 * The games, from the catalog (no engine code: the home screen stays small), with what each game's folder under
 * `tables/` adds by convention: `meta.ts` a picture, `index.tsx` its own table (loaded on demand with the engine).
 * A game without a folder is played on the generic table with the same engine.
 */
const arts = import.meta.glob<{ art: TableArt }>('./tables/*/meta.ts', { eager: true });
const tables = import.meta.glob<{ table: TableModule }>('./tables/*/index.tsx');
const generic = import.meta.glob<{ genericTable: (game: AnyGame) => TableModule }>('./tables/generic.tsx');

const folderOf = (path: string): string => path.split('/')[2] ?? '';
const artOf = new Map(Object.entries(arts).map(([path, m]) => [folderOf(path), m.art]));

/** A picture for a game that brings none: a table seen from above. */
const PLAIN_PICTURE = `<rect x="20" y="14" width="80" height="52" rx="8" fill="#c9b58a"/><rect x="28" y="22" width="64" height="36" rx="4" fill="#e8dcc0"/>`;

function metaFrom(d: GameDescriptor): GameMeta {
  return {
    id: d.id,
    name: d.name,
    pitch: d.blurb,
    players: d.usualPlayers ?? [d.minPlayers, d.maxPlayers],
    picture: artOf.get(d.id)?.picture ?? PLAIN_PICTURE,
    landed: true,
    descriptor: d,
  };
}

export const GAMES: readonly GameMeta[] = descriptors().map(metaFrom);

export function metaOf(id: string): GameMeta | undefined {
  return GAMES.find((g) => g.id === id);
}

const loaders = new Map<string, () => Promise<{ table: TableModule }>>(
  Object.entries(tables).map(([path, load]) => [folderOf(path), load]),
);
const loaded = new Map<string, Promise<TableModule>>();

export function isPlayable(id: string): boolean {
  return metaOf(id) !== undefined;
}

/** The game's own table, or the generic table around its engine. */
export function loadTable(id: string): Promise<TableModule> {
  let p = loaded.get(id);
  if (!p) {
    const own = loaders.get(id);
    const line = lineById(id);
    if (own) p = own().then((m) => m.table);
    else if (line)
      p = Promise.all([line.descriptor.engine(), Object.values(generic)[0]!()]).then(([game, m]) =>
        m.genericTable(game),
      );
    else return Promise.reject(new Error(`no table for ${id}`));
    loaded.set(id, p);
  }
  return p;
}
