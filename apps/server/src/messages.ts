import type { MessageCatalog } from '@roundtable/core';

/** Errors of the server itself (lobby, seats, protocol), in French and English. Game errors come from the games. */
export const serverMessages: MessageCatalog = {
  BAD_MESSAGE: {
    en: (e) => `Malformed message: ${String(e.reason)}.`,
    fr: (e) => `Message mal formé : ${String(e.reason)}.`,
  },
  BAD_REQUEST: {
    en: (e) => `Bad request: ${String(e.reason)}.`,
    fr: (e) => `Requête invalide : ${String(e.reason)}.`,
  },
  NO_SUCH_MATCH: {
    en: (e) => `There is no match "${String(e.match)}".`,
    fr: (e) => `Il n'y a pas de partie « ${String(e.match)} ».`,
  },
  BAD_TOKEN: {
    en: () => 'This seat token is not valid for this match.',
    fr: () => "Ce jeton de siège n'est pas valable pour cette partie.",
  },
  NOT_ATTACHED: {
    en: () => 'Attach to a match first ({"t":"attach", …}).',
    fr: () => "Rattachez-vous d'abord à une partie ({\"t\":\"attach\", …}).",
  },
  SPECTATOR: {
    en: () => 'Spectators cannot play moves.',
    fr: () => 'Les spectateurs ne peuvent pas jouer de coups.',
  },
  NOT_STARTED: {
    en: () => 'The match has not started: some seats are still open.',
    fr: () => "La partie n'a pas commencé : des sièges sont encore libres.",
  },
  MATCH_CLOSED: {
    en: (e) => `The match is ${String(e.status)}: no more moves can be played.`,
    fr: (e) => `La partie est ${e.status === 'abandoned' ? 'abandonnée' : e.status === 'archived' ? 'archivée' : 'terminée'} : plus aucun coup ne peut être joué.`,
  },
  NO_FREE_SEAT: {
    en: () => 'No seat is free in this match.',
    fr: () => "Aucun siège n'est libre dans cette partie.",
  },
  SEAT_TAKEN: {
    en: (e) => `Seat ${String(e.seat)} is not free.`,
    fr: (e) => `Le siège ${String(e.seat)} n'est pas libre.`,
  },
  UNKNOWN_BOT: {
    en: (e) => `Unknown bot level "${String(e.level)}" (levels: ${String(e.known)}).`,
    fr: (e) => `Niveau de bot inconnu « ${String(e.level)} » (niveaux : ${String(e.known)}).`,
  },
  NOT_FINISHED: {
    en: () => 'This match is not over yet: its record and replay open when it ends.',
    fr: () => "Cette partie n'est pas finie : son enregistrement et sa relecture s'ouvrent à la fin.",
  },
  BAD_PLY: {
    en: (e) => `There is no position ${String(e.ply)} in this match (0 to ${String(e.max)}).`,
    fr: (e) => `Il n'y a pas de position ${String(e.ply)} dans cette partie (0 à ${String(e.max)}).`,
  },
  RATE_LIMITED: {
    en: () => 'Too many messages: slow down.',
    fr: () => 'Trop de messages : ralentissez.',
  },
  HTTP_RATE_LIMITED: {
    en: (e) => `Too many requests: more than ${String(e.max)} API requests per minute from this address; retry in ${String(e.retrySeconds)} s.`,
    fr: (e) => `Trop de requêtes : plus de ${String(e.max)} requêtes à l'API par minute depuis cette adresse ; réessayez dans ${String(e.retrySeconds)} s.`,
  },
  STORAGE: {
    en: () => 'The move could not be saved; it was not played. Try again.',
    fr: () => "Le coup n'a pas pu être enregistré ; il n'a pas été joué. Réessayez.",
  },
  SHUTTING_DOWN: {
    en: () => 'The server is restarting; reconnect in a moment.',
    fr: () => 'Le serveur redémarre ; reconnectez-vous dans un instant.',
  },
  NOT_FOUND: {
    en: (e) => `Nothing at ${String(e.path)}.`,
    fr: (e) => `Rien à l'adresse ${String(e.path)}.`,
  },
  INTERNAL: {
    en: () => 'Internal server error.',
    fr: () => 'Erreur interne du serveur.',
  },
};
