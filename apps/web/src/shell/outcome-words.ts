import type { Lang, Outcome } from '@roundtable/core';

type Words = { readonly en: string; readonly fr: string };

/** Why a match ended, in words, per game and reason code (the engines' `Outcome.reason`). */
const REASONS: Record<string, Record<string, Words>> = {
  camelot: {
    castle: { en: 'Two pieces reached the enemy castle.', fr: 'Deux pièces sont entrées dans le château adverse.' },
    annihilation: { en: 'Every enemy piece was captured.', fr: 'Toutes les pièces adverses ont été prises.' },
    bare: {
      en: 'Both sides were down to too few pieces to win.',
      fr: 'Il ne restait à aucun camp assez de pièces pour gagner.',
    },
    'no-moves': {
      en: 'The side to move had no legal move left.',
      fr: 'Le camp au trait n’avait plus aucun coup légal.',
    },
    repetition: { en: 'The same position came up three times.', fr: 'La même position est revenue trois fois.' },
    'fifty-moves': {
      en: 'Fifty moves each without a capture or a castle move.',
      fr: 'Cinquante coups chacun sans prise ni entrée au château.',
    },
  },
  lancelot: {
    target: { en: 'The winner made the captures needed to win.', fr: 'Le vainqueur a fait les prises nécessaires.' },
    blocked: {
      en: 'No knight could be placed any more: the most captures win.',
      fr: 'Plus aucun chevalier ne pouvait être placé\u00a0: le plus de prises l’emporte.',
    },
  },
  joust: {
    tokens: { en: 'The winner collected the tokens needed.', fr: 'Le vainqueur a réuni les jetons nécessaires.' },
  },
  tournament: {
    life: {
      en: 'The last round is over: the most life left wins.',
      fr: 'La dernière manche est jouée\u00a0: le plus de vie l’emporte.',
    },
  },
  shadows: {
    siege: {
      en: 'Twelve siege engines surround Camelot: the loyal knights lose.',
      fr: 'Douze engins de siège entourent Camelot\u00a0: les chevaliers loyaux perdent.',
    },
    'black-swords': {
      en: 'Seven black swords lie on the Round Table: the loyal knights lose.',
      fr: 'Sept épées noires sont posées sur la Table ronde\u00a0: les chevaliers loyaux perdent.',
    },
    'loyal-dead': { en: 'Every loyal knight has died.', fr: 'Tous les chevaliers loyaux sont morts.' },
    swords: {
      en: 'The Round Table is full: the swords are counted.',
      fr: 'La Table ronde est pleine\u00a0: on compte les épées.',
    },
    exhaustion: {
      en: 'The turn limit was reached before the Round Table was full: the loyal knights lose.',
      fr: 'La limite de tours a été atteinte avant que la Table ronde soit pleine\u00a0: les chevaliers loyaux perdent.',
    },
  },
};

const COMMON: Record<string, Words> = {
  cap: { en: 'The match reached its move limit.', fr: 'La partie a atteint sa limite de coups.' },
  abandoned: { en: 'The match was abandoned.', fr: 'La partie a été abandonnée.' },
  resignation: { en: 'A player resigned.', fr: 'Un joueur a abandonné.' },
  agreement: { en: 'The players agreed to a draw.', fr: 'Les joueurs se sont accordés sur la nulle.' },
  timeout: { en: 'A player ran out of time.', fr: 'Un joueur a dépassé son temps.' },
  cancelled: { en: 'The match was called off before it started.', fr: 'La partie a été annulée avant de commencer.' },
};

/** Why the match ended; `loser` names the one player who resigned or ran out of time, when there is one. */
export function reasonWords(gameId: string, outcome: Outcome, lang: Lang, loser?: string): string {
  if (loser && outcome.reason === 'resignation') return lang === 'fr' ? `${loser} a abandonné.` : `${loser} resigned.`;
  if (loser && outcome.reason === 'timeout')
    return lang === 'fr' ? `${loser} a dépassé son temps.` : `${loser} ran out of time.`;
  const w = REASONS[gameId]?.[outcome.reason] ?? COMMON[outcome.reason];
  return w ? w[lang] : outcome.reason;
}

/** What `Outcome.scores` counts in each game, for the end-of-game table. */
export const SCORE_LABELS: Record<string, Words> = {
  lancelot: { en: 'Captures', fr: 'Prises' },
  joust: { en: 'Tokens', fr: 'Jetons' },
  tournament: { en: 'Life', fr: 'Vie' },
};
