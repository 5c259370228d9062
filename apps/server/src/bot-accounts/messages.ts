import type { MessageCatalog } from '@roundtable/core';

/** Errors of bot accounts and challenges (issue 38), in English and French. */
export const botMessages: MessageCatalog = {
  ALREADY_BOT: {
    en: () => 'This account is a bot account already.',
    fr: () => 'Ce compte est déjà un compte de bot.',
  },
  BOT_HAS_PLAYED: {
    en: (e) =>
      `This account has played ${String(e.matches)} ${e.matches === 1 ? 'match' : 'matches'} as a person: only an account that never played can become a bot account (make a new account for your engine).`,
    fr: (e) =>
      `Ce compte a joué ${String(e.matches)}\u00a0${Number(e.matches) > 1 ? 'parties' : 'partie'} en personne\u00a0: seul un compte qui n’a jamais joué peut devenir un compte de bot (créez un compte pour votre moteur).`,
  },
  BOT_IS_FOREVER: {
    en: () => 'A bot account stays a bot account: it cannot be turned back into a person’s account.',
    fr: () => 'Un compte de bot le reste pour toujours' + `\u00a0: il ne peut pas redevenir le compte d’une personne.`,
  },
  NOT_A_BOT: {
    en: (e) => `${String(e.name)} is not a bot account: challenges go to bot accounts only.`,
    fr: (e) => `${String(e.name)} n’est pas un compte de bot\u00a0: on ne défie que des comptes de bot.`,
  },
  BAD_BOT_TOKEN: {
    en: () => 'This bot token is not valid (it may have been replaced by a newer one).',
    fr: () => 'Ce jeton de bot n’est pas valable (il a peut-être été remplacé par un plus récent).',
  },
  PEOPLE_ONLY: {
    en: () => 'This is for people only: a bot account plays only the challenges it accepts.',
    fr: () => `Ceci est réservé aux personnes\u00a0: un compte de bot ne joue que les défis qu’il accepte.`,
  },
  BOT_CHATS_AT_ITS_SEAT: {
    en: () => 'A bot account speaks only from its own seat, as a bot, never as a spectator.',
    fr: () => 'Un compte de bot ne parle que depuis son propre siège, en tant que bot, jamais en spectateur.',
  },
  BOT_TOO_MANY_MATCHES: {
    en: (e) =>
      `This bot already plays ${String(e.count)} matches (at most ${String(e.max)} at once): finish one before accepting another.`,
    fr: (e) =>
      `Ce bot joue déjà ${String(e.count)}\u00a0parties (au plus ${String(e.max)} à la fois)\u00a0: finissez-en une avant d’en accepter une autre.`,
  },
  BOT_RATE_LIMITED: {
    en: (e) =>
      `Too many messages for a bot: at most ${String(e.perSecond)} a second (bursts of ${String(e.burst)}); slow down.`,
    fr: (e) =>
      `Trop de messages pour un bot\u00a0: au plus ${String(e.perSecond)} par seconde (rafales de ${String(e.burst)})\u00a0; ralentissez.`,
  },
  NO_SUCH_CHALLENGE: {
    en: () => 'There is no such challenge (or it is not yours).',
    fr: () => 'Ce défi n’existe pas (ou il n’est pas le vôtre).',
  },
  CHALLENGE_SETTLED: {
    en: (e) => `This challenge was ${String(e.status)} already.`,
    fr: (e) =>
      `Ce défi a déjà été ${({ accepted: 'accepté', declined: 'refusé', cancelled: 'annulé' } as Record<string, string>)[String(e.status)] ?? String(e.status)}.`,
  },
  CHALLENGE_LAPSED: {
    en: (e) =>
      `This challenge lapsed: nobody answered it within ${String(e.hours)} hours. The challenger may send a new one.`,
    fr: (e) =>
      `Ce défi a expiré\u00a0: personne n’y a répondu en ${String(e.hours)}\u00a0heures. Son auteur peut en envoyer un nouveau.`,
  },
  TOO_MANY_CHALLENGES: {
    en: (e) => `You have ${String(e.max)} challenges waiting for an answer already: wait for one, or cancel it.`,
    fr: (e) => `Vous avez déjà ${String(e.max)}\u00a0défis en attente de réponse\u00a0: attendez-en un, ou annulez-le.`,
  },
};
