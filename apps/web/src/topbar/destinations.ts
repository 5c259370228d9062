import type { Lang } from '@roundtable/core';
import { text } from '../i18n.ts';
import { tw } from './words.ts';

/**
 * From which width (in px at the default 16 px text, topbar.css has them in em) a narrow top bar shows a link
 * inline rather than in its "More" menu; `wide` links show inline only when the whole bar does. The most used
 * destinations come first.
 */
export type InlineFrom = 320 | 480 | 640 | 720 | 'wide';

/** A place the top bar always links to, whoever is signed in: the account's links come from AccountCorner. */
export interface Destination {
  readonly path: string;
  readonly testId?: string;
  readonly inlineFrom: InlineFrom;
  readonly label: (lang: Lang) => string;
}

export const DESTINATIONS: readonly Destination[] = [
  // The brand links home already: on a narrow bar the "Games" link waits in the menu.
  { path: '/', inlineFrom: 'wide', label: (lang) => text(lang, 'home') },
  { path: '/lobby', inlineFrom: 320, label: (lang) => text(lang, 'lobby') },
  { path: '/puzzles', testId: 'nav-puzzles', inlineFrom: 480, label: (lang) => tw(lang, 'puzzles') },
  { path: '/events', testId: 'nav-events', inlineFrom: 640, label: (lang) => tw(lang, 'events') },
  { path: '/database', testId: 'nav-database', inlineFrom: 720, label: (lang) => tw(lang, 'database') },
];
