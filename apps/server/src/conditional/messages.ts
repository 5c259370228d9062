import type { MessageCatalog } from '@roundtable/core';

/** Errors of conditional moves, in English and French. */
export const conditionalMessages: MessageCatalog = {
  CONDITIONAL_NOT_OFFERED: {
    en: () => 'Conditional moves are for two-player games where nothing is hidden.',
    fr: () => 'Les coups conditionnels sont réservés aux parties à deux joueurs où rien n’est caché.',
  },
  CONDITIONAL_YOUR_TURN: {
    en: () => 'It is your turn: play your move first; conditional moves are left while your opponent is to move.',
    fr: () =>
      'C’est à vous de jouer\u00a0: jouez d’abord votre coup\u00a0; les coups conditionnels se préparent pendant que l’adversaire réfléchit.',
  },
  CONDITIONAL_ILLEGAL: {
    en: (e) =>
      `In the line ${String(e.line)}, ${e.side === 'theirs' ? 'your opponent cannot play' : 'you cannot answer'} ${String(e.move)}: ${String(e.reason)}`,
    fr: (e) =>
      `Dans la ligne ${String(e.line)}, ${e.side === 'theirs' ? 'l’adversaire ne peut pas jouer' : 'vous ne pouvez pas répondre'} ${String(e.move)}\u00a0: ${String(e.reasonFr)}`,
  },
  CONDITIONAL_DUPLICATE: {
    en: (e) => `The line ${String(e.line)} is given twice: one answer per move of your opponent.`,
    fr: (e) => `La ligne ${String(e.line)} est donnée deux fois\u00a0: une seule réponse par coup de l’adversaire.`,
  },
  CONDITIONAL_NO_ANSWER: {
    en: (e) =>
      e.line === ''
        ? 'Your opponent is not the one to move here: there is nothing to answer.'
        : `After ${String(e.line)} the game is over or it is not your opponent's move: nothing can follow.`,
    fr: (e) =>
      e.line === ''
        ? 'Ce n’est pas à l’adversaire de jouer ici\u00a0: il n’y a rien à quoi répondre.'
        : `Après ${String(e.line)}, la partie est finie ou ce n’est pas à l’adversaire de jouer\u00a0: rien ne peut suivre.`,
  },
  CONDITIONAL_TOO_BIG: {
    en: (e) => `Too many conditional moves: at most ${String(e.maxNodes)} answers, ${String(e.maxDepth)} deep.`,
    fr: (e) =>
      `Trop de coups conditionnels\u00a0: ${String(e.maxNodes)}\u00a0réponses au plus, sur ${String(e.maxDepth)}\u00a0coups de profondeur.`,
  },
};
