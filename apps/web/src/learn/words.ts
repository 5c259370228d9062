import type { Lang } from '@roundtable/core';

/** The lesson page's own words (kept here, beside the lessons, so the shared string table is left alone). */
const WORDS = {
  learn: { en: 'Learn to play', fr: 'Apprendre à jouer' },
  stepOf: { en: 'Step {n} of {m}', fr: 'Étape {n} sur {m}' },
  skip: { en: 'Skip this step', fr: 'Passer cette étape' },
  leave: { en: 'Leave the lesson', fr: 'Quitter la leçon' },
  next: { en: 'Next step', fr: 'Étape suivante' },
  finish: { en: 'Finish', fr: 'Terminer' },
  steps: { en: 'Steps', fr: 'Étapes' },
  finished: {
    en: 'You have played your guided first game of {game}.',
    fr: 'Vous avez joué votre première partie guidée de {game}.',
  },
  nowPlay: { en: 'Now play a real game', fr: 'Jouer une vraie partie' },
  again: { en: 'Start the lesson again', fr: 'Recommencer la leçon' },
  readRules: { en: 'Read the full rules', fr: 'Lire toutes les règles' },
  unknown: {
    en: 'There is no lesson for “{id}”. Choose one of the five games:',
    fr: 'Il n’y a pas de leçon pour «\u00a0{id}\u00a0». Choisissez l’un des cinq jeux\u00a0:',
  },
  choose: {
    en: 'A guided first game on the real table, step by step. Choose a game:',
    fr: 'Une première partie guidée sur la vraie table, pas à pas. Choisissez un jeu\u00a0:',
  },
  typeMove: { en: 'Or type the move', fr: 'Ou tapez le coup' },
  send: { en: 'Play', fr: 'Jouer' },
  you: { en: 'you', fr: 'vous' },
  typeNext: {
    en: 'Type next (or press Next step) to go on.',
    fr: 'Tapez suivant (ou le bouton Étape suivante) pour continuer.',
  },
  notYet: { en: 'Play this step’s move first.', fr: 'Jouez d’abord le coup de cette étape.' },
  waiting: { en: 'The other players are playing…', fr: 'Les autres joueurs jouent…' },
} as const;

export type WordKey = keyof typeof WORDS;

export function word(lang: Lang, key: WordKey, vars: Record<string, string | number> = {}): string {
  return WORDS[key][lang].replace(/\{(\w+)\}/g, (_, k: string) => String(vars[k] ?? ''));
}
