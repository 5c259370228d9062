import { OPENING_SHOWN, type IndexedGame } from './types.ts';
import { nameKey } from './store.ts';

/** One game's values in the column order of `db_games` (both stores write the same). */
export function gameValues(g: IndexedGame): unknown[] {
  const rated = g.ratings.filter((r): r is number => r !== null);
  return [
    g.id,
    g.source,
    g.game,
    g.players,
    g.options,
    g.playedAt,
    JSON.stringify(g.names),
    JSON.stringify(g.ratings),
    rated.length > 0 ? rated.reduce((a, b) => a + b, 0) / rated.length : null,
    JSON.stringify(g.winners),
    g.draw ? 1 : 0,
    g.reason,
    g.moves.length,
    g.moves.slice(0, OPENING_SHOWN).join(' '),
    g.moves.join(' '),
    g.event,
  ];
}

export const GAME_COLUMNS =
  'id, source, game, players, options, played_at, names, ratings, average_rating, winners, draw, reason, plies, opening, moves, event';

/** The (name key, seat) pairs of a game's named seats. */
export function playerKeys(g: IndexedGame): { key: string; seat: number }[] {
  const out: { key: string; seat: number }[] = [];
  g.names.forEach((n, seat) => {
    if (n !== null && n.trim() !== '') out.push({ key: nameKey(n), seat });
  });
  return out;
}

/** Each distinct position key a game reached, with the first ply it reached it at. */
export function positionsOf(g: IndexedGame): { key: string; ply: number }[] {
  const seen = new Set<string>();
  const out: { key: string; ply: number }[] = [];
  g.keys.forEach((key, ply) => {
    if (seen.has(key)) return;
    seen.add(key);
    out.push({ key, ply });
  });
  return out;
}
