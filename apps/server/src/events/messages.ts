import type { MessageCatalog } from '@roundtable/core';

/** Errors of the events, in English and French. */
export const eventMessages: MessageCatalog = {
  NO_SUCH_EVENT: {
    en: (e) => `There is no event "${String(e.event)}".`,
    fr: (e) => `Il n’y a pas d’événement «\u00a0${String(e.event)}\u00a0».`,
  },
  EVENT_BAD_REQUEST: {
    en: (e) => `This event request is not valid: ${String(e.reason)}.`,
    fr: (e) => `Cette demande d’événement n’est pas valable\u00a0: ${String(e.reason)}.`,
  },
  EVENT_PLAYERS: {
    en: (e) => `${String(e.game)} is played by ${String(e.min)} to ${String(e.max)} players, not ${String(e.players)}.`,
    fr: (e) =>
      `${String(e.game)} se joue de ${String(e.min)} à ${String(e.max)}\u00a0joueurs, pas ${String(e.players)}.`,
  },
  EVENT_NEEDS_ACCOUNT: {
    en: () => 'Sign in to organise or enter an event.',
    fr: () => 'Connectez-vous pour organiser un événement ou y participer.',
  },
  EVENT_NOT_ORGANISER: {
    en: () => 'Only the organiser may start this event.',
    fr: () => 'Seul l’organisateur peut lancer cet événement.',
  },
  EVENT_ORGANISER_CAP: {
    en: (e) => `You already organise ${String(e.max)} events that are not over.`,
    fr: (e) => `Vous organisez déjà ${String(e.max)}\u00a0événements qui ne sont pas finis.`,
  },
  EVENT_ENTRANT_CAP: {
    en: (e) => `You have already entered ${String(e.max)} events that are not over.`,
    fr: (e) => `Vous participez déjà à ${String(e.max)}\u00a0événements qui ne sont pas finis.`,
  },
  EVENT_FULL: {
    en: (e) => `This event is full (${String(e.max)} entrants).`,
    fr: (e) => `Cet événement est complet (${String(e.max)}\u00a0participants).`,
  },
  EVENT_ALREADY_ENTERED: {
    en: () => 'You have already entered this event.',
    fr: () => 'Vous participez déjà à cet événement.',
  },
  EVENT_NOT_ENTERED: {
    en: () => 'You have not entered this event.',
    fr: () => 'Vous ne participez pas à cet événement.',
  },
  EVENT_CLOSED: {
    en: (e) => `This event is ${String(e.status)}: that cannot be done now.`,
    fr: (e) =>
      `Cet événement est ${e.status === 'running' ? 'en cours' : e.status === 'finished' ? 'fini' : e.status === 'cancelled' ? 'annulé' : 'à venir'}\u00a0: ce n’est plus possible.`,
  },
  EVENT_NO_BOTS: {
    en: () => 'The organiser does not allow bots in this event.',
    fr: () => 'L’organisateur n’admet pas de robots dans cet événement.',
  },
  EVENT_INVITATION: {
    en: () => 'This event needs its invitation code, and that is not it.',
    fr: () => 'Cet événement demande son code d’invitation, et ce n’est pas celui-là.',
  },
  EVENT_RATING: {
    en: (e) => `Your rating (${String(e.rating)}) is outside this event's range (${String(e.min)}–${String(e.max)}).`,
    fr: (e) =>
      `Votre classement (${String(e.rating)}) est hors de la fourchette de cet événement (${String(e.min)}–${String(e.max)}).`,
  },
  EVENT_RATED_GAMES: {
    en: (e) => `This event asks for ${String(e.min)} rated games of this game; you have ${String(e.games)}.`,
    fr: (e) =>
      `Cet événement demande ${String(e.min)}\u00a0parties classées de ce jeu\u00a0; vous en avez ${String(e.games)}.`,
  },
  EVENT_TOO_FEW: {
    en: (e) =>
      `An event of tables of ${String(e.players)} needs at least ${String(e.min)} entrants; it has ${String(e.entrants)}.`,
    fr: (e) =>
      `Un événement à tables de ${String(e.players)} demande au moins ${String(e.min)}\u00a0participants\u00a0; il en a ${String(e.entrants)}.`,
  },
  EVENT_STARTS_PAST: {
    en: () => 'The start time is in the past.',
    fr: () => 'L’heure de début est déjà passée.',
  },
  EVENT_BERSERK_CLOCK: {
    en: () =>
      'Berserk is for an arena with a Fischer clock (a time bank): not with a per-move or correspondence clock.',
    fr: () =>
      'Le berserk est réservé à une arène avec une pendule Fischer (une réserve de temps)\u00a0: pas avec un temps par coup ni par correspondance.',
  },
  EVENT_NO_BERSERK: {
    en: () => 'Berserk is not allowed in this event.',
    fr: () => 'Le berserk n’est pas permis dans cet événement.',
  },
  EVENT_NOT_YOUR_MATCH: {
    en: (e) => `Match "${String(e.match)}" is not one you are playing in this event now.`,
    fr: (e) => `Vous ne jouez pas en ce moment la partie «\u00a0${String(e.match)}\u00a0» de cet événement.`,
  },
  BERSERK_AFTER_MOVE: {
    en: () => 'Berserk only before your first move of the match.',
    fr: () => 'Le berserk n’est possible qu’avant votre premier coup de la partie.',
  },
  BERSERK_ALREADY: {
    en: () => 'You have already berserked in this match.',
    fr: () => 'Vous avez déjà fait berserk dans cette partie.',
  },
  EVENT_WATCH_MAX: {
    en: (e) => `One connection watches at most ${String(e.max)} events at once.`,
    fr: (e) => `Une connexion suit au plus ${String(e.max)}\u00a0événements à la fois.`,
  },
  BERSERK_NO_CLOCK: {
    en: () => 'This match has no time bank to halve.',
    fr: () => 'Cette partie n’a pas de réserve de temps à diviser par deux.',
  },
};
