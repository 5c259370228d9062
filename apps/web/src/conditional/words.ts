import type { Lang } from '@roundtable/core';

const W = {
  title: { en: 'Conditional moves', fr: 'Coups conditionnels' },
  explain: {
    en: 'While your opponent thinks, answer their moves in advance: if they play the first move of a line, the server plays your answer at once. Only you see these lines.',
    fr: 'Pendant que l’adversaire réfléchit, répondez d’avance à ses coups\u00a0: s’il joue le premier coup d’une ligne, le serveur joue aussitôt votre réponse. Vous seul voyez ces lignes.',
  },
  none: { en: 'No conditional moves.', fr: 'Aucun coup conditionnel.' },
  ifThey: { en: 'If they play', fr: 'Si l’adversaire joue' },
  youAnswer: { en: 'you answer', fr: 'vous répondez' },
  remove: { en: 'Remove', fr: 'Retirer' },
  removeAll: { en: 'Remove all', fr: 'Tout retirer' },
  add: { en: 'Add the line', fr: 'Ajouter la ligne' },
  lineLabel: {
    en: 'A line: their move, your answer, their move, your answer…',
    fr: 'Une ligne\u00a0: son coup, votre réponse, son coup, votre réponse…',
  },
  yourTurn: {
    en: 'Your turn: play your move, then you may leave answers to theirs.',
    fr: 'À vous de jouer\u00a0: jouez votre coup, puis vous pourrez préparer vos réponses aux siens.',
  },
  saved: { en: 'Conditional moves saved.', fr: 'Coups conditionnels enregistrés.' },
  fromBoard: { en: 'Set as conditional moves', fr: 'Définir comme coups conditionnels' },
  fromBoardHint: {
    en: 'The moves after the match’s position (their move first) become conditional moves of your seat.',
    fr: 'Les coups qui suivent la position de la partie (le sien d’abord) deviennent des coups conditionnels de votre place.',
  },
  notFromMatch: {
    en: 'This line does not start from the match’s position now: go to a move played after it.',
    fr: 'Cette ligne ne part pas de la position actuelle de la partie\u00a0: allez à un coup joué après elle.',
  },
  tooShort: {
    en: 'Add at least their move and your answer after the match’s position.',
    fr: 'Ajoutez au moins son coup et votre réponse après la position de la partie.',
  },
  setLines: { en: 'Conditional moves now', fr: 'Coups conditionnels à présent' },
  treeLabel: { en: 'Your conditional moves', fr: 'Vos coups conditionnels' },
} as const;

export type ConditionalWord = keyof typeof W;

export function cw(lang: Lang, key: ConditionalWord): string {
  return W[key][lang];
}
