import type { Lang } from '@roundtable/core';

/** The analysis board's words, English and French (French typography: a non-breaking space before « : ; ! ? »). */
const W = {
  title: { en: 'Analysis board', fr: 'Échiquier d’analyse' },
  engine: { en: 'Engine', fr: 'Moteur' },
  go: { en: 'Analyse', fr: 'Analyser' },
  stop: { en: 'Stop', fr: 'Arrêter' },
  depth: { en: 'depth', fr: 'profondeur' },
  nodes: { en: 'nodes', fr: 'nœuds' },
  bestLine: { en: 'Best line', fr: 'Meilleure suite' },
  thinking: { en: 'Thinking…', fr: 'Réflexion…' },
  stopped: { en: 'The engine is stopped.', fr: 'Le moteur est arrêté.' },
  over: { en: 'The game is over here.', fr: 'La partie est finie ici.' },
  toMove: { en: 'to move.', fr: 'a le trait.' },
  winIn: { en: 'wins in', fr: 'gagne en' },
  ply: { en: 'move', fr: 'coup' },
  plies: { en: 'moves', fr: 'coups' },
  chances: { en: 'Winning chances', fr: 'Chances de gain' },
  moves: { en: 'Moves and variations', fr: 'Coups et variantes' },
  noMoves: {
    en: 'No move yet: play one on the board.',
    fr: 'Aucun coup encore\u00a0: jouez-en un sur le plateau.',
  },
  start: { en: 'To the start', fr: 'Au début' },
  back: { en: 'One move back', fr: 'Un coup en arrière' },
  forward: { en: 'One move forward', fr: 'Un coup en avant' },
  end: { en: 'To the end of the line', fr: 'À la fin de la ligne' },
  promote: { en: 'Make this the main line', fr: 'En faire la ligne principale' },
  remove: { en: 'Delete from here', fr: 'Supprimer à partir d’ici' },
  comment: { en: 'Comment on this move', fr: 'Commentaire sur ce coup' },
  commentStart: { en: 'Comment on the start', fr: 'Commentaire sur le début' },
  commentBad: { en: 'A comment cannot hold “}”.', fr: 'Un commentaire ne peut pas contenir «\u00a0}\u00a0».' },
  export: { en: 'Export', fr: 'Exporter' },
  import: { en: 'Import', fr: 'Importer' },
  load: { en: 'Load this record', fr: 'Charger cet enregistrement' },
  importHelp: {
    en: 'Paste a record text (tags, moves, {comments}, (variations)): see RECORD.md.',
    fr: 'Collez un enregistrement (balises, coups, {commentaires}, (variantes))\u00a0: voir RECORD.md.',
  },
  download: { en: 'Download', fr: 'Télécharger' },
  copy: { en: 'Copy', fr: 'Copier' },
  copied: { en: 'Copied', fr: 'Copié' },
  link: { en: 'Link to this board', fr: 'Lien vers cet échiquier' },
  setup: { en: 'Set up a position', fr: 'Mettre en place une position' },
  setupHelp: {
    en: 'A position string (the game’s NOTATION.md); empty for the start.',
    fr: 'Une chaîne de position (NOTATION.md du jeu)\u00a0; vide pour le début.',
  },
  setupGo: { en: 'Start from this position', fr: 'Partir de cette position' },
  current: { en: 'This position', fr: 'Cette position' },
  notHere: {
    en: 'The analysis board reads Camelot and Lancelot at two players.',
    fr: 'L’échiquier d’analyse lit Camelot et Lancelot à deux joueurs.',
  },
  badLink: {
    en: 'This link holds no record that can be read.',
    fr: 'Ce lien ne contient aucun enregistrement lisible.',
  },
  review: { en: 'Review of the match', fr: 'Analyse de la partie' },
  showBest: { en: 'Show the best move on the board', fr: 'Montrer le meilleur coup sur le plateau' },
} as const;

export type AnalysisWord = keyof typeof W;

export function aw(lang: Lang, key: AnalysisWord): string {
  return W[key][lang];
}

/** A chance as a percentage, French with its non-breaking space. */
export function percent(x: number, lang: Lang): string {
  return `${Math.round(100 * x)}${lang === 'fr' ? '\u00a0%' : '%'}`;
}
