import type { GameDescriptor } from '@roundtable/core';

/** Lancelot (seed 002): 2–5 knights placed on a board, nothing hidden. Imports no engine code: see `GameDescriptor`. */
export const descriptor: GameDescriptor = {
  id: 'lancelot',
  name: { en: 'Lancelot', fr: 'Lancelot' },
  blurb: {
    en: 'A game of placement for 2 to 5 knights of the Round Table. Place your knights one by one; reach exactly two more than all your rivals in a row and you capture theirs — but chivalry forbids any greater advantage. With Excalibur, each player may move the sword once.',
    fr: 'Un jeu de placement pour 2 à 5 chevaliers de la Table ronde. Posez vos chevaliers un à un\u00a0; obtenez exactement deux pions d’avance dans une rangée et vous capturez ceux des autres — mais la chevalerie interdit toute plus grande supériorité. Avec Excalibur, chacun peut déplacer l’épée une fois.',
  },
  minPlayers: 2,
  maxPlayers: 5,
  perfectInformation: true,
  capabilities: {
    drawOffers: false,
    takeBacks: true,
    secrets: false,
    clocks: ['move', 'days', 'fischer'],
    teams: false,
  },
  ends: {
    target: { en: 'The winner made the captures needed to win.', fr: 'Le vainqueur a fait les prises nécessaires.' },
    blocked: {
      en: 'No knight could be placed any more: the most captures win.',
      fr: 'Plus aucun chevalier ne pouvait être placé\u00a0: le plus de prises l’emporte.',
    },
  },
  scoreLabel: { en: 'Captures', fr: 'Prises' },
  perftDepth: 6,
  engine: () => import('./game.ts').then((m) => m.lancelot),
};
