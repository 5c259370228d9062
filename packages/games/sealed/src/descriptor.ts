import type { GameDescriptor } from '@roundtable/core';

/** Sealed, kept for tests: listed only with fixtures on (packages/catalog). Imports no engine code. */
export const descriptor: GameDescriptor = {
  id: 'sealed',
  name: { en: 'Sealed', fr: 'Cartes scellées' },
  blurb: {
    en: 'Lay your three hidden cards one by one; the highest row wins. A game kept for tests.',
    fr: 'Posez vos trois cartes cachées une à une\u00a0; la plus forte rangée gagne. Un jeu gardé pour les tests.',
  },
  minPlayers: 2,
  maxPlayers: 3,
  perfectInformation: false,
  capabilities: { drawOffers: false, takeBacks: false, secrets: true, clocks: ['move', 'days'], teams: false },
  ends: {
    'highest-row': {
      en: 'Every card is down: the highest row wins.',
      fr: 'Toutes les cartes sont posées\u00a0: la plus forte rangée gagne.',
    },
  },
  scoreLabel: { en: 'Row', fr: 'Rangée' },
  fixture: true,
  engine: () => import('./game.ts').then((m) => m.sealed),
};
