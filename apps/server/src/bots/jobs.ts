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
}

export interface BotAnswer {
  readonly id: number;
  readonly move: string | null;
  readonly error?: string;
}
