import type { MessageCatalog } from '@roundtable/core';

/** Errors of the reviews and the puzzles, in English and French. */
export const learnMessages: MessageCatalog = {
  REVIEW_NOT_FINISHED: {
    en: () => 'This match is not over yet: it is reviewed once it ends.',
    fr: () => 'Cette partie n’est pas finie\u00a0: elle est analysée une fois terminée.',
  },
  REVIEW_BUSY: {
    en: (e) => `The server has ${String(e.waiting)} reviews waiting: ask again in a while.`,
    fr: (e) => `Le serveur a ${String(e.waiting)}\u00a0analyses en attente\u00a0: redemandez dans un moment.`,
  },
  REVIEW_OFF: {
    en: () => 'This server does not review matches.',
    fr: () => 'Ce serveur n’analyse pas les parties.',
  },
  NO_SUCH_PUZZLE: {
    en: (e) => `There is no puzzle "${String(e.puzzle)}".`,
    fr: (e) => `Il n’y a pas de problème «\u00a0${String(e.puzzle)}\u00a0».`,
  },
};
