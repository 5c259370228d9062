import type { AnyGame, Lang, LogEntry, Seat, Viewer } from '@roundtable/core';
import type { StepEntry } from './types.ts';

/**
 * One step of a match as one viewer saw it: its view before (null at the start) and after, and the move when
 * that viewer may know it. The log in words is told from these steps only, so it never names a secret; the
 * steps are kept so the log can be told again in another language or with the players' names.
 */
export interface Step {
  readonly before: unknown;
  readonly after: unknown;
  readonly move: { readonly seat: Seat; readonly notation: string } | null;
  /** The seat that acted, when the viewer may know who (every seat's turn is public). */
  readonly seat: Seat | null;
}

const WORDS = {
  plays: { en: 'plays', fr: 'joue' },
  played: { en: 'has played', fr: 'a joué' },
  start: { en: 'The match begins.', fr: 'La partie commence.' },
  turn: { en: 'Turn', fr: 'Tour' },
  move: { en: 'Move', fr: 'Coup' },
} as const;

/**
 * Tells one step in words. Games with a narrator tell it themselves; for one without, a plain sentence per move
 * ("Alice plays F6-F5", or "Alice has played" when the move is not the viewer's to know).
 */
export function narrateStep(
  game: AnyGame,
  step: Step,
  index: number,
  input: { viewer: Viewer; lang: Lang; players: number; name: (s: Seat) => string },
): LogEntry[] {
  if (game.narrate) {
    try {
      return game.narrate(step.before, step.after, { ...input, move: step.move });
    } catch (e) {
      console.error('narration failed', e);
    }
  }
  return fallback(step, index, input.lang, input.name);
}

function fallback(step: Step, index: number, lang: Lang, name: (s: Seat) => string): LogEntry[] {
  if (step.before === null) return [{ text: WORDS.start[lang], group: '', kind: 'event' }];
  const seat = step.move?.seat ?? step.seat;
  if (seat === null) return [];
  const group = `${WORDS.move[lang]} ${index}`;
  if (step.move)
    return [{ text: `${name(seat)} ${WORDS.plays[lang]} ${step.move.notation}`, group, kind: 'move', seat }];
  return [{ text: `${name(seat)} ${WORDS.played[lang]}.`, group, kind: 'move', seat }];
}

/** The log of a list of steps, told once per language and list of names, and extended step by step. */
export class LogBook {
  private steps: Step[] = [];
  private told: { key: string; entries: StepEntry[]; upTo: number } | null = null;

  constructor(private readonly game: AnyGame) {}

  get length(): number {
    return this.steps.length;
  }

  push(step: Step): void {
    this.steps.push(step);
  }

  /** Replaces every step (a viewer changed, a move was taken back, the history was reloaded). */
  reset(steps: Step[]): void {
    this.steps = steps;
    this.told = null;
  }

  entries(viewer: Viewer, lang: Lang, players: number, name: (s: Seat) => string, names: string): StepEntry[] {
    const key = `${String(viewer)}|${lang}|${names}`;
    if (!this.told || this.told.key !== key || this.told.upTo > this.steps.length)
      this.told = { key, entries: [], upTo: 0 };
    const told = this.told;
    if (told.upTo < this.steps.length) {
      const more: StepEntry[] = [];
      for (let i = told.upTo; i < this.steps.length; i++) {
        for (const e of narrateStep(this.game, this.steps[i] as Step, i, { viewer, lang, players, name }))
          more.push({ ...e, step: i });
      }
      told.entries = [...told.entries, ...more];
      told.upTo = this.steps.length;
    }
    return told.entries;
  }
}
