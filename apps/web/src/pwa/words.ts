import type { Lang } from '@roundtable/core';

/** The words of the installable, offline app (update offer, connection notices). */
const WORDS = {
  updateReady: { en: 'A new version is ready.', fr: 'Une nouvelle version est prête.' },
  updateNow: { en: 'Update now', fr: 'Mettre à jour' },
  updateLater: { en: 'Later', fr: 'Plus tard' },
  offlineTitle: { en: 'This page needs a connection', fr: 'Cette page a besoin d’une connexion' },
  offlineBody: {
    en: 'You are offline. This page comes back by itself as soon as the connection does. Meanwhile, everything on this device works: games against bots or at one screen, learning to play, the rules.',
    fr: 'Vous êtes hors ligne. Cette page reviendra d’elle-même dès le retour de la connexion. En attendant, tout ce qui se joue sur cet appareil fonctionne\u00a0: parties contre des robots ou à plusieurs sur un écran, apprendre à jouer, les règles.',
  },
  offlineHome: { en: 'Back to the games', fr: 'Retour aux jeux' },
  offlineBar: {
    en: 'Offline: games on this device, lessons and rules work; online play comes back with the connection.',
    fr: 'Hors ligne\u00a0: les parties sur cet appareil, les leçons et les règles fonctionnent\u00a0; le jeu en ligne reviendra avec la connexion.',
  },
} as const;

export type PwaWord = keyof typeof WORDS;

export function pw(lang: Lang, key: PwaWord): string {
  return WORDS[key][lang];
}
