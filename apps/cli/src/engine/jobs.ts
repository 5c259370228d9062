import type { BotMemory } from '@roundtable/ai';
import type { MatchRecord, Seed } from '@roundtable/core';

/**
 * What the engine's search thread is asked to do (search-worker.ts): a searching bot's move, or a perft. The
 * bot gets one seat's view, never the state; a perft gets the match record and replays it.
 */
export type SearchJob =
  | {
      readonly kind: 'bot';
      readonly id: number;
      readonly gameId: string;
      readonly level: string;
      readonly view: unknown;
      readonly seat: number;
      readonly seed: Seed;
      readonly budget: { readonly ms?: number; readonly iterations?: number };
      /** One Int32 cell: non-zero asks the search to stop and answer with its best move so far. */
      readonly stop: SharedArrayBuffer;
      readonly info: boolean;
      /** The match's bot memory (packages/ai `BotMemory`), sent back changed in the `done` value. */
      readonly memory?: BotMemory;
    }
  | {
      readonly kind: 'perft';
      readonly id: number;
      readonly gameId: string;
      readonly record: MatchRecord;
      readonly depth: number;
    };

export type SearchMessage =
  | { readonly kind: 'info'; readonly id: number; readonly info: Readonly<Record<string, unknown>> }
  /** Perft: one depth counted (perft counts depth 1, 2, … so that a stop still has an answer). */
  | { readonly kind: 'depth'; readonly id: number; readonly depth: number; readonly count: number; readonly ms: number }
  | { readonly kind: 'done'; readonly id: number; readonly ok: true; readonly value: Readonly<Record<string, unknown>> }
  | {
      readonly kind: 'done';
      readonly id: number;
      readonly ok: false;
      readonly error: Readonly<Record<string, unknown>> & { readonly code: string };
    };
