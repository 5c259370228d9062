import type { GameDescriptor } from '@roundtable/core';

/** Stones, kept for tests: listed only with fixtures on (packages/catalog). Imports no engine code. */
export const descriptor: GameDescriptor = {
  id: 'stones',
  name: { en: 'Stones', fr: 'Cailloux' },
  blurb: {
    en: 'Take 1, 2 or 3 stones in turn; whoever takes the last one wins. A game kept for tests.',
    fr: 'Prenez 1, 2 ou 3 cailloux chacun votre tour\u00a0; qui prend le dernier gagne. Un jeu gardé pour les tests.',
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
  ends: { 'last-stone': { en: 'The last stone was taken.', fr: 'Le dernier caillou a été pris.' } },
  perftDepth: 8,
  fixture: true,
  engine: () => import('./game.ts').then((m) => m.stones),
};
