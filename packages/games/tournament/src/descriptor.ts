import type { GameDescriptor } from '@roundtable/core';

/** Le Tournoi de Camelot (seed 001): trick taking, hidden hands. Imports no engine code: see `GameDescriptor`. */
export const descriptor: GameDescriptor = {
  id: 'tournament',
  name: { en: 'Tournament at Camelot', fr: 'Le Tournoi de Camelot' },
  blurb: {
    en: 'A trick-taking card game for 3 to 6 (2 with a variant): knights duel with weapons, take wounds and call on the powers of Avalon and the Morgane. The fewest wounds at the end wins the tournament.',
    fr: 'Un jeu de plis pour 3 à 6 (2 en variante)\u00a0: les chevaliers s’affrontent avec leurs armes, encaissent des blessures et invoquent les pouvoirs d’Avalon et de Morgane. Le moins blessé remporte le tournoi.',
  },
  minPlayers: 2,
  maxPlayers: 6,
  usualPlayers: [3, 6],
  perfectInformation: false,
  capabilities: {
    drawOffers: false,
    takeBacks: false,
    secrets: true,
    clocks: ['move', 'days'],
    teams: false,
  },
  ends: {
    life: {
      en: 'The last round is over: the most life left wins.',
      fr: 'La dernière manche est jouée\u00a0: le plus de vie l’emporte.',
    },
  },
  scoreLabel: { en: 'Life', fr: 'Vie' },
  engine: () => import('./game.ts').then((m) => m.tournament),
};
