import type { Lang } from '@roundtable/core';

const W = {
  title: { en: 'Puzzles', fr: 'Problèmes' },
  find: { en: 'Find the best move for', fr: 'Trouvez le meilleur coup pour' },
  findNext: { en: 'Well found. Now the next move for', fr: 'Bien vu. Maintenant le coup suivant pour' },
  right: { en: 'Right!', fr: 'Exact\u00a0!' },
  wrong: {
    en: 'Not the move: this lets the advantage go. Try again.',
    fr: 'Ce n’est pas le coup\u00a0: l’avantage s’envole. Essayez encore.',
  },
  solved: { en: 'Solved!', fr: 'Résolu\u00a0!' },
  failed: {
    en: 'Solved, with help: the rating counts it as missed.',
    fr: 'Résolu avec de l’aide\u00a0: le classement le compte comme manqué.',
  },
  retry: { en: 'Try again', fr: 'Réessayer' },
  hint: { en: 'Hint', fr: 'Indice' },
  hintTheme: { en: 'Theme', fr: 'Thème' },
  hintPiece: { en: 'The piece to move is ringed on the board.', fr: 'La pièce à jouer est cerclée sur le plateau.' },
  hintSquare: { en: 'The piece to move is on', fr: 'La pièce à jouer est en' },
  noHint: { en: 'No more hints for this move.', fr: 'Plus d’indice pour ce coup.' },
  solution: { en: 'Show the solution', fr: 'Montrer la solution' },
  solutionIs: { en: 'Solution', fr: 'Solution' },
  next: { en: 'Next puzzle', fr: 'Problème suivant' },
  themes: { en: 'Themes', fr: 'Thèmes' },
  allThemes: { en: 'Any theme', fr: 'Tous les thèmes' },
  yourRating: { en: 'Your puzzle rating', fr: 'Votre classement aux problèmes' },
  puzzleRating: { en: 'Puzzle rating', fr: 'Classement du problème' },
  guest: {
    en: 'Kept in this browser; sign in to keep it with your account.',
    fr: 'Conservé dans ce navigateur\u00a0; connectez-vous pour le garder avec votre compte.',
  },
  account: { en: 'Kept with your account.', fr: 'Conservé avec votre compte.' },
  ratingRule: {
    en: 'Rated by Glicko-2, as on lichess: each puzzle is a game against the puzzle, won if solved without a mistake, a hint or the solution. A newcomer starts at 1500; one puzzle moves the rating by {max} points at most.',
    fr: 'Classement Glicko-2, comme sur lichess\u00a0: chaque problème est une partie contre le problème, gagnée s’il est résolu sans erreur, ni indice, ni solution. On commence à 1500\u00a0; un problème fait varier le classement de {max} points au plus.',
  },
  none: {
    en: 'You have tried every puzzle of these themes.',
    fr: 'Vous avez essayé tous les problèmes de ces thèmes.',
  },
  solvedCount: { en: 'solved', fr: 'résolus' },
  triedCount: { en: 'tried', fr: 'essayés' },
  unknown: { en: 'There is no such puzzle.', fr: 'Ce problème n’existe pas.' },
  moveOf: { en: 'move', fr: 'coup' },
  fromGame: { en: 'From a game:', fr: 'D’une partie\u00a0:' },
  theMatch: { en: 'see the match', fr: 'voir la partie' },
  of: { en: 'of', fr: 'sur' },
} as const;

export type PuzzleWord = keyof typeof W;

export function pw(lang: Lang, key: PuzzleWord): string {
  return W[key][lang];
}
