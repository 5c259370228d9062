import type { MessageCatalog } from '@roundtable/core';

/** Errors of accounts at the table (seats, rated matches), chat, offers and ratings, in French and English. */
export const socialMessages: MessageCatalog = {
  RATED_NEEDS_ACCOUNT: {
    en: () => 'A rated match is played between signed-in players: sign in first.',
    fr: () => "Une partie classée se joue entre joueurs connectés : connectez-vous d'abord.",
  },
  RATED_SEATS: {
    en: () =>
      'A rated match has one seat for you and every other seat open to another signed-in player (no bots, no hot-seat, no chosen seed, no bot taking over).',
    fr: () =>
      "Une partie classée a un siège pour vous et tous les autres ouverts à d'autres joueurs connectés (ni bots, ni jeu à un écran, ni graine choisie, ni bot de relève).",
  },
  ALREADY_SEATED: {
    en: () => 'You already hold a seat of this match: one account, one seat.',
    fr: () => 'Vous avez déjà un siège dans cette partie\u00a0: un compte, un siège.',
  },
  RATED_NEEDS_CLOCK: {
    en: () => 'A rated match has a clock (per move, Fischer or days per move), so that nobody can stall it.',
    fr: () =>
      'Une partie classée a une pendule (par coup, Fischer ou en jours par coup), pour que personne ne puisse la bloquer.',
  },
  RATED_SAME_ADDRESS: {
    en: (e) =>
      `Another seat of this rated match was taken from your address: a rated match is between players at different addresses, unless a club you both belong to vouches for you.${e.offer ? ' You may play this match unrated instead.' : ''}`,
    fr: (e) =>
      `Un autre siège de cette partie classée a été pris depuis votre adresse\u00a0: une partie classée oppose des joueurs d’adresses différentes, sauf si un club dont vous êtes tous deux membres se porte garant de vous.${e.offer ? ' Vous pouvez jouer cette partie sans classement.' : ''}`,
  },
  RATED_PAIR_LIMIT: {
    en: (e) =>
      `You and this player have had ${String(e.max)} rated ${e.max === 1 ? 'result' : 'results'} in this game today: the next one counts in ${String(e.retrySeconds)} s.`,
    fr: (e) =>
      `Vous et ce joueur avez eu ${String(e.max)}\u00a0${Number(e.max) > 1 ? 'résultats classés' : 'résultat classé'} dans ce jeu aujourd’hui\u00a0: le suivant comptera dans ${String(e.retrySeconds)}\u00a0s.`,
  },
  REMATCH_DONE: {
    en: () => 'This match already had its rematch.',
    fr: () => 'Cette partie a déjà eu sa revanche.',
  },
  ALREADY_WAITING: {
    en: (e) =>
      e.by === 'account'
        ? 'Your account already waits for this game: play-now never pairs you with yourself.'
        : 'A request from your address already waits for this game: play-now never pairs an address with itself (invite a friend with a link instead).',
    fr: (e) =>
      e.by === 'account'
        ? 'Votre compte attend déjà ce jeu\u00a0: «\u00a0jouer maintenant\u00a0» ne vous oppose jamais à vous-même.'
        : 'Une demande de votre adresse attend déjà ce jeu\u00a0: «\u00a0jouer maintenant\u00a0» n’oppose jamais une adresse à elle-même (invitez plutôt un ami avec un lien).',
  },
  OFFER_RATE_LIMITED: {
    en: (e) =>
      `Too many offers: at most ${String(e.max)} every ${String(e.seconds)} s; try again in ${String(e.retrySeconds)} s.`,
    fr: (e) =>
      `Trop d’offres\u00a0: au plus ${String(e.max)} toutes les ${String(e.seconds)}\u00a0s\u00a0; réessayez dans ${String(e.retrySeconds)}\u00a0s.`,
  },
  CHAT_NEEDS_ACCOUNT: {
    en: () => 'Spectators sign in to chat.',
    fr: () => 'Les spectateurs se connectent pour discuter.',
  },
  CHAT_RATE_LIMITED: {
    en: (e) =>
      `Too many chat lines: at most ${String(e.max)} every ${String(e.seconds)} s, over all your connections; try again in ${String(e.retrySeconds ?? e.seconds)} s.`,
    fr: (e) =>
      `Trop de messages\u00a0: au plus ${String(e.max)} toutes les ${String(e.seconds)}\u00a0s, toutes connexions comprises\u00a0; réessayez dans ${String(e.retrySeconds ?? e.seconds)}\u00a0s.`,
  },
  MOVE_PENDING: {
    en: () => 'A move is being stored: try again in a moment.',
    fr: () => "Un coup est en cours d'enregistrement : réessayez dans un instant.",
  },
  OFFER_NOT_ALLOWED: {
    en: (e) =>
      e.kind === 'draw'
        ? 'A draw can be offered in Camelot only, while the match is played.'
        : e.kind === 'takeback'
          ? 'A takeback can be asked in a game without secrets only, after a move of yours, while the match is played.'
          : 'A rematch can be offered once the match is over, by one of its players.',
    fr: (e) =>
      e.kind === 'draw'
        ? "La nulle ne se propose qu'à Camelot, pendant la partie."
        : e.kind === 'takeback'
          ? 'Reprendre un coup ne se demande que dans un jeu sans secrets, après un coup à soi, pendant la partie.'
          : "Une revanche se propose une fois la partie finie, par l'un de ses joueurs.",
  },
  NO_OFFER: {
    en: (e) => `There is no ${String(e.kind)} offer to answer.`,
    fr: (e) => `Il n'y a pas d'offre (${String(e.kind)}) à laquelle répondre.`,
  },
  NOT_A_PLAYER: {
    en: () => 'Only the players of this match may do that.',
    fr: () => 'Seuls les joueurs de cette partie peuvent faire cela.',
  },
  FISCHER_WITH_SECRETS: {
    en: (e) =>
      `A Fischer clock is for games without secrets (${String(e.game)} has some: with several players answering at once, the clocks would tell who did); choose a clock per move.`,
    fr: (e) =>
      `La pendule Fischer est réservée aux jeux sans secrets (${String(e.game)} en a : quand plusieurs joueurs répondent à la fois, les pendules diraient qui l'a fait) ; choisissez un temps par coup.`,
  },
  NO_OPPONENT: {
    en: (e) => `Nobody else asked for this game within ${String(e.seconds)} s: try again, or choose bots after a wait.`,
    fr: (e) =>
      `Personne d'autre n'a demandé ce jeu en ${String(e.seconds)} s : réessayez, ou choisissez des bots après une attente.`,
  },
  PLAY_NOW_REPLACED: {
    en: () => 'You asked to play again elsewhere: this request gave way to the newer one.',
    fr: () => 'Vous avez redemandé à jouer ailleurs : cette demande a cédé la place à la nouvelle.',
  },
  PLAY_NOW_CANCELLED: {
    en: () => 'The request to play was cancelled.',
    fr: () => 'La demande de partie a été annulée.',
  },
  NOTHING_TO_TAKE_BACK: {
    en: () => 'You have no move to take back.',
    fr: () => "Vous n'avez pas de coup à reprendre.",
  },
  NO_SUCH_PLAYER: {
    en: (e) => `There is no player "${String(e.name)}".`,
    fr: (e) => `Il n'y a pas de joueur « ${String(e.name)} ».`,
  },
};
