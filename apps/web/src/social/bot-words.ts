import type { Lang } from '@roundtable/core';

/** The words of bot accounts and challenges (issue 38), in English and French. */
const WORDS = {
  mark: { en: 'BOT', fr: 'BOT' },
  markTitle: { en: 'A bot account: an engine plays it', fr: 'Un compte de bot\u00a0: un moteur le joue' },
  panelTitle: { en: 'Bot account', fr: 'Compte de bot' },
  makeTitle: { en: 'Make this a bot account', fr: 'Faire de ce compte un compte de bot' },
  makeWhy: {
    en: 'A bot account is played by a program — your engine — through the bot API or roundtable bot-connect. People challenge it from its page; it is marked BOT everywhere and has its place on the ladder of engines.',
    fr: `Un compte de bot est joué par un programme — votre moteur — par l’API des bots ou roundtable bot-connect. Les joueurs le défient depuis sa page\u00a0; il est marqué BOT partout et a sa place dans le classement des moteurs.`,
  },
  makeWarning: {
    en: 'This is for ever: a bot account can never play as a person again (no matches of its own, no open seats, no play-now). Only an account that has never played can become one.',
    fr: `C’est pour toujours\u00a0: un compte de bot ne peut plus jamais jouer en personne (ni parties à lui, ni sièges ouverts, ni «\u00a0Jouer maintenant\u00a0»). Seul un compte qui n’a jamais joué peut le devenir.`,
  },
  confirm: {
    en: 'I understand: this account becomes a bot account for ever.',
    fr: 'J’ai compris\u00a0: ce compte devient un compte de bot pour toujours.',
  },
  makeButton: { en: 'Make this a bot account', fr: 'En faire un compte de bot' },
  isBot: {
    en: 'This is a bot account: your engine plays it with its bot token.',
    fr: `Ceci est un compte de bot\u00a0: votre moteur le joue avec son jeton de bot.`,
  },
  tokenTitle: { en: 'Your bot token', fr: 'Votre jeton de bot' },
  tokenOnce: {
    en: 'Copy it now: it is shown only this once (the server keeps only a fingerprint of it). Keep it secret — whoever holds it plays as this account.',
    fr: `Copiez-le maintenant\u00a0: il n’est montré que cette fois (le serveur n’en garde qu’une empreinte). Gardez-le secret — qui le détient joue sous ce compte.`,
  },
  runIt: { en: 'Then run your engine:', fr: 'Puis lancez votre moteur\u00a0:' },
  newToken: { en: 'Make a new token', fr: 'Créer un nouveau jeton' },
  newTokenWarning: {
    en: 'The old token stops working at once.',
    fr: 'L’ancien jeton cesse aussitôt de fonctionner.',
  },
  challengeTitle: { en: 'Challenge this bot', fr: 'Défier ce bot' },
  challengeLogIn: { en: 'Log in to challenge this bot.', fr: 'Connectez-vous pour défier ce bot.' },
  game: { en: 'Game', fr: 'Jeu' },
  clock: { en: 'Clock', fr: 'Pendule' },
  noClock: { en: 'No clock', fr: 'Sans pendule' },
  perMove1: { en: '1 minute a move', fr: '1 minute par coup' },
  perMove5: { en: '5 minutes a move', fr: '5 minutes par coup' },
  perDay: { en: '1 day a move', fr: '1 jour par coup' },
  rated: { en: 'Rated (against an engine)', fr: 'Classée (contre un moteur)' },
  ratedNeedsClock: { en: 'A rated match needs a clock.', fr: 'Une partie classée a besoin d’une pendule.' },
  send: { en: 'Send the challenge', fr: 'Envoyer le défi' },
  pending: {
    en: 'Challenge sent: waiting for the bot’s answer…',
    fr: `Défi envoyé\u00a0: on attend la réponse du bot…`,
  },
  accepted: { en: 'Accepted! Your match:', fr: `Accepté\u00a0! Votre partie\u00a0:` },
  openMatch: { en: 'Go to the table', fr: 'Aller à la table' },
  declined: { en: 'Declined', fr: 'Refusé' },
  cancelled: { en: 'Cancelled', fr: 'Annulé' },
  lapsed: {
    en: 'Lapsed: the bot did not answer in time. You may send it again.',
    fr: 'Expiré\u00a0: le bot n’a pas répondu à temps. Vous pouvez le renvoyer.',
  },
  boardAll: { en: 'Everyone', fr: 'Tous' },
  boardPeople: { en: 'People', fr: 'Personnes' },
  boardEngines: { en: 'Engines', fr: 'Moteurs' },
  boardKind: { en: 'Who is listed', fr: 'Qui figure au classement' },
} as const satisfies Record<string, Record<Lang, string>>;

export type BotWordKey = keyof typeof WORDS;

export function bw(lang: Lang, key: BotWordKey): string {
  return WORDS[key][lang];
}

/** Why a bot declined, in words. */
const REASONS: Record<string, Record<Lang, string>> = {
  generic: { en: 'the bot is not accepting challenges now', fr: 'le bot n’accepte pas de défi pour l’instant' },
  later: { en: 'the bot is busy: try again later', fr: 'le bot est occupé\u00a0: réessayez plus tard' },
  tooFast: { en: 'this clock is too fast for it', fr: 'cette pendule est trop rapide pour lui' },
  tooSlow: { en: 'this clock is too slow for it', fr: 'cette pendule est trop lente pour lui' },
  timeControl: { en: 'it does not play this clock', fr: 'il ne joue pas avec cette pendule' },
  rated: { en: 'it plays rated matches only', fr: 'il ne joue que des parties classées' },
  casual: { en: 'it plays unrated matches only', fr: 'il ne joue que des parties non classées' },
  game: { en: 'it does not play this game', fr: 'il ne joue pas à ce jeu' },
};

export function declineReason(lang: Lang, reason: string | null): string {
  return (REASONS[reason ?? 'generic'] ?? REASONS.generic!)[lang];
}
