import type { MessageCatalog } from '@roundtable/core';

/** The engine protocol's own errors beyond the CLI's (messages.ts), in both languages. */
export const engineMessages: MessageCatalog = {
  BAD_JSON: {
    en: (e) => `The request is not valid JSON: ${String(e.reason)}.`,
    fr: (e) => `La requête n’est pas du JSON valide\u00a0: ${String(e.reasonFr ?? e.reason)}.`,
  },
  BAD_REQUEST: {
    en: (e) => `Bad request: ${String(e.reason)}.`,
    fr: (e) => `Requête invalide\u00a0: ${String(e.reasonFr ?? e.reason)}.`,
  },
  BAD_VIEW: {
    en: (e) => `The bot cannot read this view: ${String(e.reason)}.`,
    fr: (e) => `Le bot ne peut pas lire cette vue\u00a0: ${String(e.reason)}.`,
  },
  ID_TOO_LONG: {
    en: (e) => `The request's "id" is ${String(e.length)} characters long; the limit is ${String(e.max)}.`,
    fr: (e) =>
      `L’«\u00a0id\u00a0» de la requête fait ${String(e.length)} caractères\u00a0; la limite est de ${String(e.max)}.`,
  },
  SECRET_UNTIL_OVER: {
    en: () => 'This game hides cards: its record (whose seed gives the deal) is given once the game is over.',
    fr: () =>
      'Ce jeu cache des cartes\u00a0: son enregistrement (dont la graine révèle la donne) est donné une fois la partie finie.',
  },
  LINE_TOO_LONG: {
    en: (e) => `The request line is ${String(e.bytes)} bytes long; the limit is ${String(e.max)}.`,
    fr: (e) => `La ligne de requête fait ${String(e.bytes)} octets\u00a0; la limite est de ${String(e.max)}.`,
  },
};
