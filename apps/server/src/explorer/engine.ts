import { analyse, canAnalyse } from '@roundtable/ai';
import type { Seat } from '@roundtable/core';
import { playNotation } from '../rules.ts';
import type { ResolvedPosition } from './position.ts';

/** Nodes the bots' search spends on each move's position: a few milliseconds each, the same answer every time. */
export const ENGINE_NODES = 1_500;
/** The most moves one request evaluates (the most played first). */
export const ENGINE_MOVES = 8;
const CACHE_SIZE = 2_000;

/** The engine's view of one move: the mover's winning chances after it (0…1, a draw half), by the bots' search. */
export interface EngineView {
  readonly move: string;
  readonly chances: number;
  readonly score: number;
}

/**
 * The bots' evaluation of the moves played from a position, bounded: ENGINE_MOVES moves at ENGINE_NODES nodes
 * each (an iteration budget, so the figure depends on the position alone and can be cached). The cache is this
 * process's, by position key and move: positions near the start are asked for again and again.
 */
export class EngineViews {
  private readonly cache = new Map<string, EngineView>();

  view(at: ResolvedPosition, moves: readonly string[]): EngineView[] {
    const { game, state } = at;
    if (at.toMove === null || !canAnalyse(game, 2)) return [];
    const seat = at.toMove as Seat;
    const out: EngineView[] = [];
    for (const move of moves.slice(0, ENGINE_MOVES)) {
      const id = `${at.key} ${move}`;
      let v = this.cache.get(id);
      if (!v) {
        const played = playNotation(game, state, seat, move);
        if (!played.ok) continue;
        const e = analyse(game, played.value.state, { iterations: ENGINE_NODES }, { lineLength: 1 });
        v = {
          move,
          chances: Math.round((e.chances[seat] ?? 0.5) * 1000) / 1000,
          score: e.seat === seat ? e.score : -e.score,
        };
        if (this.cache.size >= CACHE_SIZE) this.cache.delete(this.cache.keys().next().value as string);
        this.cache.set(id, v);
      }
      out.push(v);
    }
    return out;
  }
}
