import type { Lang } from '@roundtable/core';

/** The top bar's own words: its landmark, the "More" disclosure and the short labels a phone shows. */
const W = {
  navLabel: { en: 'Main', fr: 'Principale' },
  more: { en: 'More', fr: 'Plus' },
  puzzles: { en: 'Puzzles', fr: 'Problèmes' },
  events: { en: 'Events', fr: 'Tournois' },
  database: { en: 'Database', fr: 'Parties' },
  // What a phone shows of the screen-reader switch: a part of its full name, which stays its accessible name.
  readerShort: { en: 'Screen-reader', fr: 'Lecteur d’écran' },
  // The language switch's short face on a phone: the code of the language it switches to.
  otherLangCode: { en: 'FR', fr: 'EN' },
} as const;

export type TopBarWord = keyof typeof W;

export function tw(lang: Lang, key: TopBarWord): string {
  return W[key][lang];
}
