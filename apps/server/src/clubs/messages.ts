import type { MessageCatalog } from '@roundtable/core';

/** Errors of clubs (clubs/), in English and French. */
export const clubMessages: MessageCatalog = {
  CLUB_FOUNDER: {
    en: (e) =>
      `A club is founded by an established account: ${String(e.games)} rated games and ${String(e.days)} days since sign-up (you have ${String(e.hasGames)} and ${String(e.hasDays)}).`,
    fr: (e) =>
      `Un club est fondé par un compte établi\u00a0: ${String(e.games)}\u00a0parties classées et ${String(e.days)}\u00a0jours depuis l’inscription (vous en avez ${String(e.hasGames)} et ${String(e.hasDays)}).`,
  },
  CLUB_OWNED: {
    en: () => 'You already own a club: one club per account.',
    fr: () => 'Vous possédez déjà un club\u00a0: un club par compte.',
  },
  CLUB_NAME_TAKEN: {
    en: (e) => `A club is already called ${String(e.name)}.`,
    fr: (e) => `Un club s’appelle déjà ${String(e.name)}.`,
  },
  NO_SUCH_CLUB: {
    en: () => 'No club has this code or number (the owner may have changed the code).',
    fr: () => 'Aucun club n’a ce code ou ce numéro (son propriétaire a pu changer le code).',
  },
  NOT_CLUB_OWNER: {
    en: () => 'Only the club’s owner may do that.',
    fr: () => 'Seul le propriétaire du club peut faire cela.',
  },
  ALREADY_MEMBER: {
    en: () => 'You are already a member of this club.',
    fr: () => 'Vous êtes déjà membre de ce club.',
  },
  TOO_MANY_CLUBS: {
    en: (e) => `You are a member of ${String(e.max)} clubs already, the most an account may join.`,
    fr: (e) => `Vous êtes déjà membre de ${String(e.max)}\u00a0clubs, le plus qu’un compte puisse rejoindre.`,
  },
  CLUB_FULL: {
    en: (e) => `This club has its ${String(e.max)} members.`,
    fr: (e) => `Ce club a ses ${String(e.max)}\u00a0membres.`,
  },
  CLUB_JOINS_LIMIT: {
    en: (e) =>
      `This club has had its ${String(e.max)} new members of the day: try again in ${String(e.retrySeconds)} s.`,
    fr: (e) =>
      `Ce club a eu ses ${String(e.max)}\u00a0nouveaux membres du jour\u00a0: réessayez dans ${String(e.retrySeconds)}\u00a0s.`,
  },
  CLUB_PAIR_LIMIT: {
    en: (e) =>
      `You two have had ${String(e.max)} rated ${e.max === 1 ? 'result' : 'results'} from one address in this game today, vouched for by your club: the next one counts in ${String(e.retrySeconds)} s.`,
    fr: (e) =>
      `Vous deux avez eu ${String(e.max)}\u00a0${Number(e.max) > 1 ? 'résultats classés' : 'résultat classé'} depuis une même adresse dans ce jeu aujourd’hui, au titre de votre club\u00a0: le suivant comptera dans ${String(e.retrySeconds)}\u00a0s.`,
  },
  CLUB_ACCOUNT_LIMIT: {
    en: (e) =>
      `One of you has had ${String(e.max)} rated games vouched for by a club today: the next one counts in ${String(e.retrySeconds)} s.`,
    fr: (e) =>
      `L’un de vous a eu ${String(e.max)}\u00a0parties classées au titre d’un club aujourd’hui\u00a0: la suivante comptera dans ${String(e.retrySeconds)}\u00a0s.`,
  },
  CLUB_RATED_LIMIT: {
    en: (e) =>
      `Your club has vouched for its ${String(e.max)} rated games from one address today: the next one counts in ${String(e.retrySeconds)} s.`,
    fr: (e) =>
      `Votre club s’est porté garant de ses ${String(e.max)}\u00a0parties classées depuis une même adresse aujourd’hui\u00a0: la suivante comptera dans ${String(e.retrySeconds)}\u00a0s.`,
  },
  CLUB_WARD: {
    en: (e) =>
      `An account signed up through a club’s code plays rated games only with that club’s members until it has ${String(e.games)} rated games.`,
    fr: (e) =>
      `Un compte inscrit avec le code d’un club ne joue de parties classées qu’avec les membres de ce club, jusqu’à ses ${String(e.games)}\u00a0parties classées.`,
  },
  NO_UNRATED_OFFER: {
    en: () =>
      'This match cannot be played unrated instead: only an open rated match whose only player is at your address can.',
    fr: () =>
      'Cette partie ne peut pas se jouer sans classement\u00a0: seule une partie classée ouverte dont le seul joueur est à votre adresse le peut.',
  },
};
