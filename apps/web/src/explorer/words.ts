import type { Lang } from '@roundtable/core';

const W = {
  title: { en: 'Opening explorer', fr: 'Explorateur d’ouvertures' },
  intro: {
    en: 'The moves played from this position, how often, how the games ended and the average rating of their players. Play a move on the board or pick one below to go on.',
    fr: 'Les coups joués depuis cette position, leur fréquence, l’issue des parties et le classement moyen de leurs joueurs. Jouez un coup sur le plateau ou choisissez-en un ci-dessous pour continuer.',
  },
  source: { en: 'Games', fr: 'Parties' },
  rated: { en: 'Site’s rated games', fr: 'Parties classées du site' },
  master: { en: 'Master games (imported)', fr: 'Parties de maîtres (importées)' },
  selfplay: { en: 'Bots’ self-play', fr: 'Parties des robots entre eux' },
  move: { en: 'Move', fr: 'Coup' },
  games: { en: 'Games', fr: 'Parties' },
  results: { en: 'Results', fr: 'Résultats' },
  resultsNote: {
    en: 'Results: games won by the first player / drawn / won by the second player.',
    fr: 'Résultats\u00a0: parties gagnées par le premier joueur / nulles / gagnées par le second joueur.',
  },
  rating: { en: 'Average rating', fr: 'Classement moyen' },
  engine: { en: 'Engine', fr: 'Moteur' },
  askEngine: { en: 'Engine’s view', fr: 'Avis du moteur' },
  engineNote: {
    en: 'The bots’ search, a short fixed budget per move: the winning chances of the side that plays it.',
    fr: 'La recherche des robots, un court budget fixe par coup\u00a0: les chances de gain du camp qui le joue.',
  },
  none: {
    en: 'No game of this source reached this position.',
    fr: 'Aucune partie de cette source n’est passée par cette position.',
  },
  otherOptions: {
    en: 'The games of this source were played with other options; explore them from their start:',
    fr: 'Les parties de cette source ont été jouées avec d’autres options\u00a0; explorez-les depuis leur début\u00a0:',
  },
  total: { en: 'games from here', fr: 'parties depuis cette position' },
  toMove: { en: 'To move', fr: 'Au trait' },
  back: { en: 'Take back', fr: 'Revenir' },
  start: { en: 'Start position', fr: 'Position de départ' },
  gamesHere: { en: 'Games that reached this position', fr: 'Parties passées par cette position' },
  analysis: { en: 'Analysis board', fr: 'Échiquier d’analyse' },
  line: { en: 'Line', fr: 'Suite' },
  over: { en: 'The game is over in this position.', fr: 'La partie est finie dans cette position.' },
  notHere: {
    en: 'The explorer reads two-player games with nothing hidden: Camelot and Lancelot at two.',
    fr: 'L’explorateur lit les jeux à deux sans information cachée\u00a0: Camelot et Lancelot à deux.',
  },
} as const;

export type ExplorerWord = keyof typeof W;

export function ew(lang: Lang, key: ExplorerWord): string {
  return W[key][lang];
}

/** The explorer at a position: a match and ply (online matches), or a position text, with moves from there. */
export function explorerHref(
  gameId: string,
  at: { match?: string; ply?: number; position?: string; options?: Readonly<Record<string, unknown>> },
): string {
  const q = new URLSearchParams();
  if (at.match !== undefined) {
    q.set('match', at.match);
    q.set('ply', String(at.ply ?? 0));
  } else if (at.position !== undefined) q.set('position', at.position);
  if (at.options && Object.keys(at.options).length > 0) q.set('options', JSON.stringify(at.options));
  const s = q.toString();
  return `#/explorer/${encodeURIComponent(gameId)}${s ? `?${s}` : ''}`;
}
