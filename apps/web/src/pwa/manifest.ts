import type { Lang, Localized } from '@roundtable/core';

/**
 * The web app manifests, one per language (a manifest has one `name`; the page links the one of its language,
 * see `manifest-link.ts`). Built at build time by vite.config.ts from the games' names. Both share one `id`, so
 * the app installed in either language is the same app.
 */
export interface ManifestGame {
  readonly id: string;
  readonly name: Localized;
}

export const THEME = '#2b2140';
/** The page's own background (style.css `--paper`), shown on the splash screen while the app starts. */
export const BACKGROUND = '#faf7f0';

const WORDS = {
  name: { en: 'Round Table — five Arthurian games', fr: 'Table Ronde — cinq jeux arthuriens' },
  short: { en: 'Round Table', fr: 'Table Ronde' },
  description: {
    en: 'Camelot, Lancelot, the jousting card game, the Tournament of Camelot and the Knights of the Round Table: against bots on this device (no network needed), at one screen, or online.',
    fr: 'Camelot, Lancelot, le jeu de cartes de joute, le Tournoi de Camelot et les Chevaliers de la Table Ronde\u00a0: contre des robots sur cet appareil (sans réseau), à plusieurs sur un écran, ou en ligne.',
  },
  play: { en: (game: string) => `Play ${game}`, fr: (game: string) => `Jouer à ${game}` },
};

export function manifestFilename(lang: Lang): string {
  return lang === 'en' ? 'manifest.webmanifest' : `manifest.${lang}.webmanifest`;
}

export function manifest(lang: Lang, games: readonly ManifestGame[]): Record<string, unknown> {
  return {
    id: './',
    lang,
    dir: 'ltr',
    name: WORDS.name[lang],
    short_name: WORDS.short[lang],
    description: WORDS.description[lang],
    start_url: './',
    scope: './',
    display: 'standalone',
    orientation: 'any',
    theme_color: THEME,
    background_color: BACKGROUND,
    categories: ['games', 'entertainment'],
    icons: [
      { src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: 'icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: 'icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
      { src: 'icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      { src: 'icons/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
    ],
    // Straight to a new match of each game: its setup page offers this device (bots, hot-seat) and online.
    shortcuts: games.map((g) => ({
      name: WORDS.play[lang](g.name[lang]),
      short_name: g.name[lang],
      url: `./#/new/${g.id}`,
      icons: [{ src: `icons/game-${g.id}.png`, sizes: '96x96', type: 'image/png' }],
    })),
  };
}
