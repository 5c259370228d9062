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
    fr: () => 'Rattachez-vous d\'abord à une partie ({"t":"attach", …}).',
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
    fr: (e) =>
      `La partie est ${e.status === 'abandoned' ? 'abandonnée' : e.status === 'archived' ? 'archivée' : 'terminée'} : plus aucun coup ne peut être joué.`,
  },
  NO_FREE_SEAT: {
    en: () => 'No seat is free in this match.',
    fr: () => "Aucun siège n'est libre dans cette partie.",
  },
  NO_SUCH_SEAT: {
    en: (e) => `There is no seat ${String(e.seat)} in this match: its seats are 0 to ${Number(e.seats) - 1}.`,
    fr: (e) =>
      `Il n'y a pas de siège ${String(e.seat)} dans cette partie : ses sièges vont de 0 à ${Number(e.seats) - 1}.`,
  },
  SEED_WITH_OPEN_SEAT: {
    en: (e) =>
      `A chosen seed is refused in ${String(e.game)} while a seat is open to someone else: whoever chose it could know every hand. Leave the seed out (the server draws one), or take every human seat yourself.`,
    fr: (e) =>
      `Une graine choisie est refusée pour ${String(e.game)} tant qu'un siège est ouvert à quelqu'un d'autre : qui l'a choisie pourrait connaître toutes les mains. Omettez la graine (le serveur en tire une), ou prenez vous-même tous les sièges humains.`,
  },
  TOO_MANY_MATCHES: {
    en: (e) =>
      e.of === 'account'
        ? `Your account already has ${String(e.count)} ${e.count === 1 ? 'match' : 'matches'} in play (at most ${String(e.max)}): finish or leave one first.`
        : `This address already has ${String(e.count)} ${e.count === 1 ? 'match' : 'matches'} in play (at most ${String(e.max)}): finish or leave one before creating another.`,
    fr: (e) =>
      e.of === 'account'
        ? `Votre compte a déjà ${String(e.count)}\u00a0${Number(e.count) > 1 ? 'parties' : 'partie'} en cours (au plus ${String(e.max)})\u00a0: terminez-en ou quittez-en une d’abord.`
        : `Cette adresse a déjà ${String(e.count)}\u00a0${Number(e.count) > 1 ? 'parties' : 'partie'} en cours (au plus ${String(e.max)})\u00a0: terminez-en ou quittez-en une avant d’en créer une autre.`,
  },
  TOO_MANY_IMPORTS: {
    en: (e) =>
      `At most ${String(e.max)} ${e.max === 1 ? 'record is' : 'records are'} imported from one address in an hour: try again in ${String(e.retrySeconds)} s.`,
    fr: (e) =>
      `Une adresse importe au plus ${String(e.max)}\u00a0${Number(e.max) > 1 ? 'parties' : 'partie'} par heure\u00a0: réessayez dans ${String(e.retrySeconds)}\u00a0s.`,
  },
  SERVER_BUSY: {
    en: (e) =>
      `The server holds as many matches in memory as it may (${String(e.max)}), all in use: try again in a moment.`,
    fr: (e) =>
      `Le serveur a autant de parties en mémoire qu'il le peut (${String(e.max)}), toutes en cours d'usage : réessayez dans un instant.`,
  },
  TOO_MANY_CONNECTIONS: {
    en: (e) =>
      `Too many connections from this address (at most ${String(e.max)} at once): close another tab or window first.`,
    fr: (e) =>
      `Trop de connexions depuis cette adresse (au plus ${String(e.max)} à la fois) : fermez d'abord un autre onglet ou une autre fenêtre.`,
  },
  BAD_COMMITMENT: {
    en: (e) =>
      `The record's commitment ${String(e.commitment)} is not the SHA-256 of its seed (${String(e.expected)}): the seed was changed.`,
    fr: (e) =>
      `L'engagement ${String(e.commitment)} de l'enregistrement n'est pas le SHA-256 de sa graine (${String(e.expected)}) : la graine a été modifiée.`,
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
    en: (e) =>
      `Too many requests: more than ${String(e.max)} API requests per minute from this address; retry in ${String(e.retrySeconds)} s.`,
    fr: (e) =>
      `Trop de requêtes : plus de ${String(e.max)} requêtes à l'API par minute depuis cette adresse ; réessayez dans ${String(e.retrySeconds)} s.`,
  },
  STORAGE: {
    en: () => 'The database cannot be reached: nothing was stored (a move was not played). Try again in a moment.',
    fr: () =>
      'La base de données est injoignable : rien n’a été enregistré (un coup n’a pas été joué). Réessayez dans un instant.',
  },
  OWNER_UNAVAILABLE: {
    en: (e) =>
      `The server process that runs this match does not answer; another takes it over within ${String(e.seconds)} s: try again in a moment.`,
    fr: (e) =>
      `Le processus serveur qui mène cette partie ne répond pas ; un autre la reprend d'ici ${String(e.seconds)} s : réessayez dans un instant.`,
  },
  BAD_CLUSTER_MESSAGE: {
    en: (e) =>
      `The server process that runs this match could not read the request passed on to it (${String(e.reason)}); nothing was changed. The server is likely being updated: try again in a moment.`,
    fr: (e) =>
      `Le processus serveur qui mène cette partie n’a pas pu lire la requête qui lui a été transmise (${String(e.reason)})\u00a0; rien n’a été changé. Le serveur est sans doute en cours de mise à jour\u00a0: réessayez dans un instant.`,
  },
  OWNER_CHANGED: {
    en: () => 'Another server process runs this match now (this one lost it): your move was not played. Play it again.',
    fr: () =>
      'Un autre processus serveur mène désormais cette partie (celui-ci l’a perdue) : votre coup n’a pas été joué. Rejouez-le.',
  },
  PLY_TAKEN: {
    en: () =>
      'Another move was stored first at this point of the match: yours was not played. Look at the position and play again.',
    fr: () =>
      'Un autre coup a été enregistré d’abord à ce moment de la partie : le vôtre n’a pas été joué. Regardez la position et rejouez.',
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
