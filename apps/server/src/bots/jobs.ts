import type { BotMemory } from '@roundtable/ai';
import type { RngState, Seat } from '@roundtable/core';

export interface BotJob {
  readonly id: number;
  readonly game: string;
  readonly level: string;
  readonly seat: Seat;
  /** `game.view(state, seat)`: all the bot may know. */
  readonly view: unknown;
  readonly rng: RngState;
  /** Replaces the level's own budget when set. */
  readonly budgetMs: number | null;
  /** What the match's bots remember (`BotMemory`), kept by the match service and sent back changed. */
  readonly memory?: BotMemory;
}

export interface BotAnswer {
  readonly id: number;
  readonly move: string | null;
  readonly error?: string;
  /** The match's bot memory after this decision. */
  readonly memory?: BotMemory;
}
