import type { OpeningBook } from '@roundtable/ai';
import type { Seat } from '@roundtable/core';
import { playNotation } from '../rules.ts';
import type { GameDatabaseStore } from '../database/store.ts';
import type { ExplorerSource } from '../database/types.ts';
import { resolvePosition } from './position.ts';

export interface BookSpec {
  readonly game: string;
  readonly source: ExplorerSource;
  /** Moves played in fewer games than this are left out. */
  readonly minGames: number;
  /** How deep the book goes (plies from the start). */
  readonly maxPly: number;
  /** Moves whose score for the side that played them is below this are left out (0…1, a draw half). */
  readonly minScore: number;
}

/**
 * The opening book of a game built from the explorer: from the start, every move played in `minGames` games or
 * more whose score for its player is `minScore` or more, weighted by games × score, and the positions after them,
 * down to `maxPly`. What the explorer shows is what the bots play.
 */
export async function buildBook(db: GameDatabaseStore, spec: BookSpec): Promise<OpeningBook> {
  const start = resolvePosition({ game: spec.game });
  if (!start.ok) throw new Error(`book: ${JSON.stringify(start.error)}`);
  const { game, options } = start.value;
  const positions: Record<string, [string, number][]> = {};
  let frontier = [{ state: start.value.state, key: start.value.key }];
  for (let ply = 0; ply < spec.maxPly && frontier.length > 0; ply++) {
    const next: typeof frontier = [];
    for (const { state, key } of frontier) {
      if (positions[key]) continue;
      const seat = game.toMove(state)[0] as Seat;
      const entries: [string, number][] = [];
      for (const m of await db.explore(spec.source, key)) {
        if (m.games < spec.minGames) continue;
        const score = (m.wins[seat === 0 ? 0 : 1] + m.draws / 2) / m.games;
        if (score < spec.minScore) continue;
        const played = playNotation(game, state, seat, m.move);
        if (!played.ok) continue;
        entries.push([m.move, Math.round(m.games * score * 100) / 100]);
        const after = resolvePosition({ game: spec.game, position: game.position!.write(played.value.state as never) });
        if (after.ok) next.push({ state: after.value.state, key: after.value.key });
      }
      if (entries.length > 0) positions[key] = entries;
    }
    frontier = next;
  }
  return {
    version: 1,
    game: spec.game,
    source: `${spec.source}: moves of ${spec.minGames} games or more scoring ${spec.minScore} or more, ${spec.maxPly} plies`,
    options,
    positions,
  };
}
