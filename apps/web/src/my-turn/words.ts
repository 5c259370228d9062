import type { Lang } from '@roundtable/core';

const W = {
  title: { en: 'My turn', fr: 'À moi de jouer' },
  explain: {
    en: 'Your correspondence matches waiting for your move, in every game, the least time left first.',
    fr: 'Vos parties par correspondance qui attendent votre coup, dans tous les jeux, la plus pressée d’abord.',
  },
  none: { en: 'No match is waiting for you.', fr: 'Aucune partie ne vous attend.' },
  next: { en: 'Next match', fr: 'Partie suivante' },
  nextKey: { en: 'Key N: the next match.', fr: 'Touche N\u00a0: la partie suivante.' },
  against: { en: 'against', fr: 'contre' },
  needAccount: {
    en: 'Log in to see the matches waiting for you on every device.',
    fr: 'Connectez-vous pour voir les parties qui vous attendent, sur tous vos appareils.',
  },
  logIn: { en: 'Log in', fr: 'Se connecter' },
  working: { en: 'Loading…', fr: 'Chargement…' },
  command: { en: 'Command (next, list, help)', fr: 'Commande (suivante, liste, aide)' },
  help: {
    en: 'Type next to open the match with the least time left, list to hear the matches waiting.',
    fr: 'Tapez suivante pour ouvrir la partie la plus pressée, liste pour entendre les parties en attente.',
  },
  waiting: { en: 'matches wait for your move', fr: 'parties attendent votre coup' },
  waitingOne: { en: 'match waits for your move', fr: 'partie attend votre coup' },
} as const;

export type MyTurnWord = keyof typeof W;

export function mw(lang: Lang, key: MyTurnWord): string {
  return W[key][lang];
}
