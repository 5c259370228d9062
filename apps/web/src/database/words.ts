import type { Lang } from '@roundtable/core';
import { BOT_LABELS } from '../i18n.ts';

const W = {
  title: { en: 'Game database', fr: 'Base de parties' },
  playerTitle: { en: 'Games of', fr: 'Parties de' },
  eventTitle: { en: 'Games of the event', fr: 'Parties de l’événement' },
  positionTitle: { en: 'Games that reached this position', fr: 'Parties passées par cette position' },
  intro: {
    en: 'Every finished match of the site and the imported master games, newest first.',
    fr: 'Toutes les parties terminées du site et les parties de maîtres importées, des plus récentes aux plus anciennes.',
  },
  player: { en: 'Player', fr: 'Joueur' },
  game: { en: 'Game', fr: 'Jeu' },
  anyGame: { en: 'Any game', fr: 'Tous les jeux' },
  result: { en: 'Result', fr: 'Résultat' },
  anyResult: { en: 'Any result', fr: 'Tous les résultats' },
  win0: { en: 'First player wins', fr: 'Le premier joueur gagne' },
  win1: { en: 'Second player wins', fr: 'Le second joueur gagne' },
  draw: { en: 'Draw', fr: 'Nulle' },
  from: { en: 'From', fr: 'Du' },
  to: { en: 'To', fr: 'Au' },
  opening: { en: 'Opening moves', fr: 'Premiers coups' },
  openingHint: { en: 'e.g. F7-F6 F10-F9', fr: 'p. ex. F7-F6 F10-F9' },
  event: { en: 'Event', fr: 'Événement' },
  source: { en: 'Games', fr: 'Parties' },
  sourceSite: { en: 'Site and masters', fr: 'Site et maîtres' },
  sourceRated: { en: 'Rated games', fr: 'Parties classées' },
  sourceMaster: { en: 'Master games (imported)', fr: 'Parties de maîtres (importées)' },
  sourceSelfplay: { en: 'Bots’ self-play', fr: 'Parties des robots entre eux' },
  search: { en: 'Search', fr: 'Chercher' },
  more: { en: 'Older games', fr: 'Parties plus anciennes' },
  none: { en: 'No game matches this search.', fr: 'Aucune partie ne répond à cette recherche.' },
  date: { en: 'Date', fr: 'Date' },
  players: { en: 'Players', fr: 'Joueurs' },
  plies: { en: 'Moves', fr: 'Coups' },
  replay: { en: 'Replay', fr: 'Revoir' },
  won: { en: 'wins', fr: 'gagne' },
  drawn: { en: 'draw', fr: 'nulle' },
  master: { en: 'master', fr: 'maître' },
  explorer: { en: 'Opening explorer', fr: 'Explorateur d’ouvertures' },
} as const;

export type DatabaseWord = keyof typeof W;

export function dw(lang: Lang, key: DatabaseWord): string {
  return W[key][lang];
}

/** The levels a stored bot seat may name beyond the web's own (the terminal's opening book). */
const MORE_LEVELS: Record<string, { en: string; fr: string }> = { book: { en: 'book', fr: 'livre' } };

/**
 * A player's name as the page shows it. A bot seat is stored as `bot:<level>` (or `bot:<nodes>` in the bots'
 * self-play): "Bot (strong)", "Robot (fort)", "Bot (800 nodes)", never the engine's code. Searches still use the
 * stored name.
 */
export function shownName(name: string, lang: Lang): string {
  if (!name.startsWith('bot:')) return name;
  const level = name.slice('bot:'.length);
  const bot = lang === 'fr' ? 'Robot' : 'Bot';
  if (/^\d+$/.test(level)) return `${bot} (${level}${lang === 'fr' ? '\u00a0nœuds' : ' nodes'})`;
  const label = (BOT_LABELS[level] ?? MORE_LEVELS[level])?.[lang] ?? level;
  return label === '' ? bot : `${bot} (${label})`;
}
