import type { Lang } from '@roundtable/core';

const W = {
  title: { en: 'Review', fr: 'Analyse de la partie' },
  computing: { en: 'The computer is reviewing the match…', fr: 'L’ordinateur analyse la partie…' },
  pending: {
    en: 'The server is reviewing this match; it shows here once done.',
    fr: 'Le serveur analyse cette partie\u00a0; elle s’affiche ici une fois finie.',
  },
  request: { en: 'Ask for a review', fr: 'Demander une analyse' },
  none: { en: 'This match has not been reviewed.', fr: 'Cette partie n’a pas été analysée.' },
  failed: { en: 'The review failed:', fr: 'L’analyse a échoué\u00a0:' },
  graph: { en: 'Winning chances move by move', fr: 'Chances de gain coup par coup' },
  accuracy: { en: 'accuracy', fr: 'précision' },
  inaccuracy: { en: 'inaccuracy', fr: 'imprécision' },
  mistake: { en: 'mistake', fr: 'erreur' },
  blunder: { en: 'blunder', fr: 'gaffe' },
  inaccuracies: { en: 'inaccuracies', fr: 'imprécisions' },
  mistakes: { en: 'mistakes', fr: 'erreurs' },
  blunders: { en: 'blunders', fr: 'gaffes' },
  better: { en: 'Better', fr: 'Mieux' },
  line: { en: 'then', fr: 'puis' },
  best: { en: 'The computer’s move too.', fr: 'Le coup de l’ordinateur aussi.' },
  good: { en: 'Good move.', fr: 'Bon coup.' },
  lost: { en: 'points of winning chances lost', fr: 'points de chances de gain perdus' },
  start: { en: 'Start', fr: 'Début' },
  move: { en: 'Move', fr: 'Coup' },
  analysis: { en: 'Open in the analysis board', fr: 'Ouvrir dans l’échiquier d’analyse' },
  thresholds: {
    en: 'A move that gives away 5 points of winning chances or more against the computer’s best is an inaccuracy, 10 a mistake, 15 a blunder (as lichess judges chess).',
    fr: 'Un coup qui cède 5\u00a0points de chances de gain ou plus face au meilleur coup de l’ordinateur est une imprécision, 10 une erreur, 15 une gaffe (comme lichess juge les échecs).',
  },
  accuracyHelp: {
    en: 'Accuracy (0–100, computed as lichess does) counts only the moves that were a real choice while the game was still open: a forced move, or one played when the result was already settled (within 5 points of a win or a loss) that left it so, is not counted; “—” when no move counted. Measured on bots: a random mover averages 40 to 45 and rarely passes 75; the strong bot averages 95 or more and rarely falls below 88.',
    fr: 'La précision (de 0 à 100, calculée comme sur lichess) ne compte que les coups qui étaient un vrai choix tant que la partie restait ouverte\u00a0: un coup forcé, ou joué quand le résultat était déjà acquis (à moins de 5\u00a0points du gain ou de la perte) et qui le laisse acquis, n’est pas compté\u00a0; «\u00a0—\u00a0» quand aucun coup n’a compté. Mesurée sur les robots\u00a0: un joueur qui joue au hasard obtient de 40 à 45 en moyenne et dépasse rarement 75\u00a0; le robot fort obtient 95 ou plus en moyenne et descend rarement sous 88.',
  },
  meanLoss: { en: 'mean loss per decision', fr: 'perte moyenne par décision' },
  luck: { en: 'luck of the deal and the draws', fr: 'chance de la donne et des pioches' },
  luckHelp: {
    en: 'Luck: how much better equal bots do from this very deal than from any deal, in this seat (positive: a lucky deal).',
    fr: 'Chance\u00a0: combien mieux des robots égaux réussissent avec cette donne qu’avec une donne quelconque, à cette place (positif\u00a0: une donne favorable).',
  },
  hiddenHelp: {
    en: 'Each decision is judged from what its player could see then, never from a card they could not see; values are the chances the bots’ playouts give the move.',
    fr: 'Chaque décision est jugée d’après ce que son joueur voyait alors, jamais d’après une carte qu’il ne pouvait pas voir\u00a0; les valeurs sont les chances que les parties simulées par les robots donnent au coup.',
  },
  decisions: { en: 'Decisions', fr: 'Décisions' },
  beliefs: {
    en: 'Who is the traitor? Each knight’s belief, move by move',
    fr: 'Qui est le traître\u00a0? La conviction de chaque chevalier, coup par coup',
  },
  believes: { en: 'believes', fr: 'soupçonne' },
  knows: { en: 'knows (the traitor)', fr: 'sait (le traître)' },
  seats: { en: 'Players', fr: 'Joueurs' },
  costly: {
    en: 'decisions lost 2 points of the expected result or more',
    fr: 'décisions ont perdu 2\u00a0points du résultat attendu ou plus',
  },
  showAll: { en: 'Show every decision', fr: 'Montrer toutes les décisions' },
  showCostly: { en: 'Show the costly ones only', fr: 'Ne montrer que les coûteuses' },
  expected: {
    en: 'Each player’s expected result, decision by decision, from their own view',
    fr: 'Le résultat attendu de chaque joueur, décision par décision, de son propre point de vue',
  },
  expectedHelp: {
    en: 'Expected result: the share of the win a player could expect at that moment, as the strong bot’s playouts see it from what that player could see (100 % a sure win alone). A dot marks a costly decision.',
    fr: 'Résultat attendu\u00a0: la part de la victoire qu’un joueur pouvait espérer à ce moment, telle que la voient les parties simulées du robot fort d’après ce que ce joueur voyait (100\u00a0% une victoire sûre, seul). Un point marque une décision coûteuse.',
  },
  luckGraph: {
    en: 'Luck over the match: what the draws and the others’ moves did to each player’s expected result between two of their decisions, added up',
    fr: 'La chance au fil de la partie\u00a0: ce que les pioches et les coups des autres ont fait au résultat attendu de chaque joueur entre deux de ses décisions, cumulé',
  },
  moments: { en: 'Key moments', fr: 'Moments clés' },
  noMoments: {
    en: 'No decision cost 2 points or more and no turn swung the match: a quiet game.',
    fr: 'Aucune décision n’a coûté 2\u00a0points ou plus et aucun tour n’a fait basculer la partie\u00a0: une partie calme.',
  },
  sawTable: { en: 'The table as {name} saw it', fr: 'La table telle que {name} la voyait' },
  decisionOf: { en: 'Move {ply} — {name}', fr: 'Coup {ply} — {name}' },
  playedMove: { en: 'Played', fr: 'Joué' },
  others: {
    en: 'Other moves the strong bot weighed, best first',
    fr: 'Les autres coups pesés par le robot fort, du meilleur au moins bon',
  },
  onlyThem: { en: 'seen by {name} alone', fr: 'vu par {name} seul' },
  previous: { en: 'Previous decision', fr: 'Décision précédente' },
  next: { en: 'Next decision', fr: 'Décision suivante' },
  points: { en: 'points', fr: 'points' },
  of: { en: 'of', fr: 'sur' },
} as const;

export type ReviewWord = keyof typeof W;

export function rw(lang: Lang, key: ReviewWord, fill: Readonly<Record<string, string | number>> = {}): string {
  return W[key][lang].replace(/\{(\w+)\}/g, (all, k: string) => (k in fill ? String(fill[k]) : all));
}
