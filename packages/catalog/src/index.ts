import { registerGame, setWorkerSetup } from '@roundtable/ai';
import type { AnyGame, GameDescriptor } from '@roundtable/core';
import { listedLines } from './lines.ts';

export { LINES, descriptors, fixturesOn, lineById, listedLines, type CatalogLine } from './lines.ts';

/**
 * The catalog for Node front doors (terminal, engine protocol, arena, server): every listed game's engine and
 * bots loaded at start, and registered with packages/ai, here and in its search workers (which import this
 * module first). A page uses `@roundtable/catalog/lines` instead and loads one game's code when played.
 */
const loaded = await Promise.all(
  listedLines().map(async (line) => {
    const [game, profile] = await Promise.all([line.descriptor.engine(), line.bots()]);
    registerGame(game, profile);
    return { game, descriptor: line.descriptor };
  }),
);
setWorkerSetup(import.meta.url);

/** Every game Round Table can play, by id. Front doors (terminal, engine, server, web) list games from here. */
export const games: Readonly<Record<string, AnyGame>> = Object.fromEntries(loaded.map((l) => [l.game.id, l.game]));

export const GAME_IDS = Object.keys(games);

export function gameById(id: string): AnyGame | undefined {
  return Object.hasOwn(games, id) ? games[id] : undefined;
}

const byId: ReadonlyMap<string, GameDescriptor> = new Map(loaded.map((l) => [l.descriptor.id, l.descriptor]));

/** A listed game's descriptor (capabilities, end reasons in words, score label, perft limit). */
export function descriptorOf(id: string): GameDescriptor | undefined {
  return byId.get(id);
}
