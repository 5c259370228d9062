import type { Lang } from '@roundtable/core';

const NB = '\u00a0';

/** The words of vacations and of seats held by a bot, in English and French. */
const WORDS = {
  vacationTitle: { en: 'Vacation', fr: 'Vacances' },
  vacationWhy: {
    en: 'On vacation, the clocks of your correspondence matches (days per move) stop: you cannot lose on time, and your opponents see until when you are away. Live clocks never stop.',
    fr: `En vacances, les pendules de vos parties par correspondance (jours par coup) s’arrêtent${NB}: vous ne pouvez pas perdre au temps, et vos adversaires voient jusqu’à quand vous êtes absent. Les pendules en direct ne s’arrêtent jamais.`,
  },
  allowance: { en: 'Days left this year', fr: `Jours restants cette année` },
  yearNote: {
    en: 'The allowance starts again on 1 January (UTC). A vacation counts its days begun.',
    fr: `Le crédit repart le 1er${NB}janvier (UTC). Chaque période de vacances compte ses jours entamés.`,
  },
  days: { en: 'Days', fr: 'Jours' },
  start: { en: 'Start my vacation', fr: 'Partir en vacances' },
  end: { en: 'I am back', fr: 'Je suis de retour' },
  onVacationUntil: { en: 'On vacation until', fr: `En vacances jusqu’au` },
  noneLeft: { en: 'No vacation days left this year.', fr: `Plus de jours de vacances cette année.` },
  awayUntil: { en: 'is on vacation until', fr: `est en vacances jusqu’au` },
  awayClock: {
    en: 'Their clock is stopped; you will be told when they are back.',
    fr: `Sa pendule est arrêtée${NB}; vous serez prévenu de son retour.`,
  },
  heldTitle: { en: 'While you were away', fr: `Pendant votre absence` },
  heldIntro: {
    en: 'A bot held your seat so the others could play on. What your seat saw meanwhile:',
    fr: `Un robot a tenu votre place pour que les autres continuent. Ce que votre place a vu entre-temps${NB}:`,
  },
  heldBack: { en: 'The seat is yours again.', fr: `La place est de nouveau à vous.` },
  botMove: { en: 'played by the bot', fr: 'joué par le robot' },
  dismiss: { en: 'Got it', fr: 'Compris' },
  heldMarks: { en: 'Moves played by a bot', fr: `Coups joués par un robot` },
  heldSpan: { en: 'moves', fr: 'coups' },
  stillHeld: { en: 'to the end', fr: `jusqu’à la fin` },
  heldRule: {
    en: 'Ratings: a seat its player took back counts as played by them; a seat a bot still held at the end is rated as a resignation.',
    fr: `Classement${NB}: une place reprise par son joueur compte comme jouée par lui${NB}; une place encore tenue par un robot à la fin est classée comme un abandon.`,
  },
} as const;

export type VacationWord = keyof typeof WORDS;

export function vw(lang: Lang, key: VacationWord): string {
  return WORDS[key][lang];
}
