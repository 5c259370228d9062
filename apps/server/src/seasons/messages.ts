import type { MessageCatalog } from '@roundtable/core';

/** Errors of the seasons, in English and French. */
export const seasonMessages: MessageCatalog = {
  BAD_MONTH: {
    en: (e) => `"${String(e.month)}" is not a month: write it as year-month, as 2026-12.`,
    fr: (e) => `«\u00a0${String(e.month)}\u00a0» n’est pas un mois\u00a0: écrivez-le année-mois, comme 2026-12.`,
  },
  FUTURE_MONTH: {
    en: (e) => `The season of ${String(e.month)} has not started yet.`,
    fr: (e) => `La saison ${String(e.month)} n’a pas encore commencé.`,
  },
};
