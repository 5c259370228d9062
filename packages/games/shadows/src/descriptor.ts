import type { GameDescriptor } from '@roundtable/core';

/**
 * Les Chevaliers de la Table Ronde (seed 004): cooperative, with a hidden traitor (the loyal side wins or loses
 * together). Imports no engine code: see `GameDescriptor`.
 */
export const descriptor: GameDescriptor = {
  id: 'shadows',
  name: { en: 'Knights of the Round Table', fr: 'Les Chevaliers de la Table Ronde' },
  blurb: {
    en: 'A cooperative game for 3 to 7 in the spirit of Shadows over Camelot: quest for the Grail and Excalibur, hold back the Saxons and the Picts — while a hidden traitor may sit among you.',
    fr: 'Un jeu coopératif pour 3 à 7 dans l’esprit des Ombres sur Camelot\u00a0: partez en quête du Graal et d’Excalibur, repoussez Saxons et Pictes — alors qu’un traître se cache peut-être parmi vous.',
  },
  minPlayers: 3,
  maxPlayers: 7,
  perfectInformation: false,
  capabilities: {
    drawOffers: false,
    takeBacks: false,
    secrets: true,
    clocks: ['move', 'days'],
    teams: true,
  },
  ends: {
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
  engine: () => import('./game.ts').then((m) => m.shadows),
};
