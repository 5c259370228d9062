import type { MessageCatalog } from '@roundtable/core';

/** Errors of the vacations, in English and French. */
export const vacationMessages: MessageCatalog = {
  VACATION_USED_UP: {
    en: (e) => `You have used all ${String(e.allowance)} days of vacation of this year.`,
    fr: (e) => `Vous avez pris les ${String(e.allowance)}\u00a0jours de vacances de cette année.`,
  },
  VACATION_TOO_LONG: {
    en: (e) => `You have ${String(e.left)} days of vacation left this year, not ${String(e.days)}.`,
    fr: (e) => `Il vous reste ${String(e.left)}\u00a0jours de vacances cette année, pas ${String(e.days)}.`,
  },
  ON_VACATION: {
    en: () => 'You are already on vacation.',
    fr: () => 'Vous êtes déjà en vacances.',
  },
  NOT_ON_VACATION: {
    en: () => 'You are not on vacation.',
    fr: () => 'Vous n’êtes pas en vacances.',
  },
};
