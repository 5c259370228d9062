import type { GameDescriptor } from '@roundtable/core';

/**
 * Camelot, le jeu de cartes (seed 000): a jousting card game, hidden hands and a shuffled deck. Imports no engine
 * code: see `GameDescriptor`.
 */
export const descriptor: GameDescriptor = {
  id: 'joust',
  name: { en: 'Camelot, the card game', fr: 'Camelot, le jeu de cartes' },
  blurb: {
    en: 'A jousting card game for 2 to 5 (in the spirit of Ivanhoe). Each tournament has a colour; play cards to hold the highest total or withdraw, and strike with action cards — unless someone answers with Lancelot. Win tokens of every colour to win the day.',
    fr: 'Un jeu de cartes de joutes pour 2 à 5 (dans l’esprit d’Ivanhoé). Chaque tournoi a sa couleur\u00a0; posez des cartes pour tenir le plus haut total ou abandonnez, et frappez avec les cartes d’action — sauf si quelqu’un répond par Lancelot. Gagnez des jetons de chaque couleur pour l’emporter.',
  },
  minPlayers: 2,
  maxPlayers: 5,
  perfectInformation: false,
  capabilities: {
    drawOffers: false,
    takeBacks: false,
    secrets: true,
    clocks: ['move', 'days'],
    teams: false,
  },
  ends: {
    tokens: { en: 'The winner collected the tokens needed.', fr: 'Le vainqueur a réuni les jetons nécessaires.' },
  },
  scoreLabel: { en: 'Tokens', fr: 'Jetons' },
  engine: () => import('./game.ts').then((m) => m.joust),
};
