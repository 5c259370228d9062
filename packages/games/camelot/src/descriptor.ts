import type { GameDescriptor } from '@roundtable/core';

/**
 * Camelot (Parker Brothers, 1930; seed 003): two players, a board, nothing hidden. Imports no engine code: see
 * `GameDescriptor`.
 */
export const descriptor: GameDescriptor = {
  id: 'camelot',
  name: { en: 'Camelot', fr: 'Camelot' },
  blurb: {
    en: 'Parker Brothers’ 1930 strategy game on a 160-square board. Men and knights step, canter over friends and jump over foes; a knight may charge, cantering then jumping in one move. Get two pieces into the enemy castle, or capture everything, and win.',
    fr: 'Le jeu de stratégie de Parker Brothers (1930) sur un plateau de 160 cases. Hommes et cavaliers avancent, sautent par-dessus leurs amis et prennent leurs ennemis\u00a0; le cavalier peut charger, sauter puis prendre dans un même coup. Deux pièces dans le château adverse, ou tout capturer, et c’est gagné.',
  },
  minPlayers: 2,
  maxPlayers: 2,
  perfectInformation: true,
  capabilities: {
    drawOffers: true,
    takeBacks: true,
    secrets: false,
    clocks: ['move', 'days', 'fischer'],
    teams: false,
  },
  ends: {
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
  perftDepth: 6,
  engine: () => import('./game.ts').then((m) => m.camelot),
};
