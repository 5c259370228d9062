import type { Evaluation } from '@roundtable/ai';
import type { Lang, SpeechCommand } from '@roundtable/core';

/** The analysis board's own questions for the screen-reader mode's command field (beside the game's). */
export const ANALYSIS_QUESTIONS: readonly SpeechCommand[] = [
  {
    id: 'eval',
    words: { en: ['eval', 'evaluation', 'engine'], fr: ['éval', 'évaluation', 'moteur'] },
    help: { en: 'the engine’s evaluation of the position shown', fr: 'l’évaluation de la position par le moteur' },
  },
  {
    id: 'best',
    words: { en: ['best', 'best line'], fr: ['meilleur', 'meilleure suite'] },
    help: { en: 'the engine’s best line, in words', fr: 'la meilleure suite du moteur, en mots' },
  },
  {
    id: 'current',
    words: { en: ['current', 'current move', 'variation'], fr: ['actuel', 'coup actuel', 'variante'] },
    help: {
      en: 'the move shown and its place in the variations',
      fr: 'le coup affiché et sa place dans les variantes',
    },
  },
  {
    id: 'comment',
    words: { en: ['comment', 'note'], fr: ['commentaire', 'note'] },
    help: { en: 'the comment on the move shown', fr: 'le commentaire du coup affiché' },
  },
];

const W = {
  thinking: { en: 'The engine is still thinking.', fr: 'Le moteur réfléchit encore.' },
  stopped: { en: 'The engine is stopped.', fr: 'Le moteur est arrêté.' },
  over: { en: 'The game is over here.', fr: 'La partie est finie ici.' },
  chances: { en: 'Winning chances', fr: 'Chances de gain' },
  score: { en: 'score', fr: 'score' },
  depth: { en: 'depth', fr: 'profondeur' },
  winsIn: { en: 'wins in', fr: 'gagne en' },
  moves: { en: 'moves', fr: 'coups' },
  best: { en: 'Best line', fr: 'Meilleure suite' },
  noLine: { en: 'The engine has no line yet.', fr: 'Le moteur n’a pas encore de suite.' },
  start: { en: 'The start position, before any move.', fr: 'La position de départ, avant tout coup.' },
  moveN: { en: 'Move', fr: 'Coup' },
  mainLine: { en: 'on the main line', fr: 'sur la ligne principale' },
  variation: { en: 'in a variation', fr: 'dans une variante' },
  next: { en: 'moves follow', fr: 'coups suivent' },
  end: { en: 'the end of the line', fr: 'la fin de la ligne' },
  noComment: { en: 'No comment on this move.', fr: 'Aucun commentaire sur ce coup.' },
  comment: { en: 'Comment', fr: 'Commentaire' },
} as const;

export function qw(lang: Lang, key: keyof typeof W): string {
  return W[key][lang];
}

const colon = (lang: Lang): string => (lang === 'fr' ? '\u00a0:' : ':');

function percent(x: number, lang: Lang): string {
  return lang === 'fr' ? `${Math.round(x * 100)}\u00a0%` : `${Math.round(x * 100)}%`;
}

/** The evaluation in a sentence: each side's chances, the score and depth, or a forced end. */
export function evaluationWords(
  ev: Evaluation | null,
  running: boolean,
  names: readonly string[],
  score: string,
  lang: Lang,
): string {
  if (!ev) return running ? qw(lang, 'thinking') : qw(lang, 'stopped');
  if (ev.outcome) return qw(lang, 'over');
  const chances = names.map((n, i) => `${n} ${percent(ev.chances[i] ?? 0, lang)}`).join(', ');
  const head =
    ev.mate !== null && ev.mate !== 0
      ? `${ev.mate > 0 ? (names[ev.seat] ?? '') : (names[1 - ev.seat] ?? '')} ${qw(lang, 'winsIn')} ${Math.abs(ev.mate)} ${qw(lang, 'moves')}. `
      : '';
  return `${head}${qw(lang, 'chances')}${colon(lang)} ${chances}; ${qw(lang, 'score')} ${score}, ${qw(lang, 'depth')} ${ev.depth}.`;
}

/** The engine's best line in a sentence: each move as the log would tell it. */
export function bestLineWords(line: readonly string[], lang: Lang): string {
  return line.length === 0 ? qw(lang, 'noLine') : `${qw(lang, 'best')}${colon(lang)} ${line.join(' ')}`;
}

/** Where the board is in the tree of variations: the move number, main line or variation, what follows. */
export function currentWords(path: readonly number[], told: string | null, following: number, lang: Lang): string {
  if (path.length === 0) return qw(lang, 'start');
  const where = path.some((i) => i > 0) ? qw(lang, 'variation') : qw(lang, 'mainLine');
  const after = following > 0 ? `${following} ${qw(lang, 'next')}` : qw(lang, 'end');
  return `${qw(lang, 'moveN')} ${path.length}, ${where}${colon(lang)} ${told ?? ''} (${after}).`;
}

export function commentWords(comment: string | undefined, lang: Lang): string {
  return comment ? `${qw(lang, 'comment')}${colon(lang)} ${comment}` : qw(lang, 'noComment');
}
