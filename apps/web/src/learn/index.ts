import type { Lesson } from './types.ts';

/** The five guided first games, each loaded on demand with its game's engine. */
export const LESSONS: Record<string, () => Promise<Lesson>> = {
  camelot: () => import('./lessons/camelot.ts').then((m) => m.lesson),
  lancelot: () => import('./lessons/lancelot.ts').then((m) => m.lesson),
  joust: () => import('./lessons/joust.ts').then((m) => m.lesson),
  tournament: () => import('./lessons/tournament.ts').then((m) => m.lesson),
  shadows: () => import('./lessons/shadows.ts').then((m) => m.lesson),
};

export const LESSON_IDS = ['camelot', 'lancelot', 'joust', 'tournament', 'shadows'] as const;
