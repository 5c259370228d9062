import type { MessageCatalog } from '@roundtable/core';

/** Errors of the game database and the opening explorer, in English and French. */
export const databaseMessages: MessageCatalog = {
  DATABASE_QUERY: {
    en: (e) => `This search cannot be read: ${String(e.reason)}.`,
    fr: (e) => `Cette recherche est illisible\u00a0: ${String(e.reasonFr ?? e.reason)}.`,
  },
  EXPLORER_GAME: {
    en: (e) =>
      `The explorer reads games of two players with nothing hidden and a position text; "${String(e.game)}" is not one.`,
    fr: (e) =>
      `L’explorateur lit les jeux à deux sans information cachée et avec une notation de position\u00a0; «\u00a0${String(e.game)}\u00a0» n’en est pas un.`,
  },
  EXPLORER_MOVE: {
    en: (e) => `Move ${Number(e.index) + 1} (${String(e.move)}) cannot be played there (${String(e.reason)}).`,
    fr: (e) => `Le coup ${Number(e.index) + 1} (${String(e.move)}) ne peut pas être joué là (${String(e.reason)}).`,
  },
};
