import type { AnyGame, Localized, Seat } from '@roundtable/core';

/**
 * A guided first game: scripted situations on the real table. Each step says what to do; the table offers every
 * legal move, but the lesson takes only the step's own (the others are answered with the step's hint and the
 * step does not move on).
 */
export interface LessonStep {
  /** What the step teaches (a short title) and what to do now. */
  readonly title: Localized;
  readonly say: Localized;
  /** A fresh situation for this step (an engine state); without it the step goes on from the previous one. */
  readonly start?: (game: AnyGame) => unknown;
  /** True for the move(s) this step asks for (the engine's notation, as the engine writes it). */
  readonly accept: (move: string, state: unknown, game: AnyGame) => boolean;
  /** Why another legal move is not the one asked for now. */
  readonly hint: Localized;
  /** Said once the right move is played. */
  readonly done: Localized;
  /** The seats' moves other than the learner's, played after this step's move (default: the first legal move). */
  readonly reply?: (state: unknown, seat: Seat, game: AnyGame) => string;
}

export interface Lesson {
  readonly gameId: string;
  /** The learner's seat, and the number of seats. */
  readonly seat: Seat;
  readonly players: number;
  readonly steps: readonly LessonStep[];
}

/** Reads a state from a result, or throws with the engine's reason (a lesson's own situation must be valid). */
export function must<T>(r: { ok: true; value: T } | { ok: false; error: unknown }, what: string): T {
  if (!r.ok) throw new Error(`lesson situation "${what}" refused by the engine: ${JSON.stringify(r.error)}`);
  return r.value;
}
