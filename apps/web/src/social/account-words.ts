import { useContext } from 'preact/hooks';
import { countText, pluralFor, type Lang } from '@roundtable/core';
import { lineById } from '@roundtable/catalog/lines';
import { LangContext } from '../i18n.ts';
// By path: the package's index would bring the bots and engines into the first page's bundle.
import type { PublishedRatings } from '../../../../packages/ai/src/profile.ts';
import { strengthSuffixOf } from '../../../../packages/ai/src/ratings.ts';

/** The words of accounts, my matches, leaderboards, player pages and "play now", in English and French. */
const WORDS = {
  signUp: { en: 'Sign up', fr: 'Créer un compte' },
  logIn: { en: 'Log in', fr: 'Se connecter' },
  logOut: { en: 'Log out', fr: 'Se déconnecter' },
  signUpTitle: { en: 'Create your account', fr: 'Créer votre compte' },
  logInTitle: { en: 'Log in to Round Table', fr: 'Se connecter à Round Table' },
  signUpWhy: {
    en: 'An account keeps your matches on every device, gives you a rating in each game and a place on the leaderboards. Playing as a guest stays possible.',
    fr: 'Un compte garde vos parties sur tous vos appareils, vous donne une cote dans chaque jeu et une place aux classements. Jouer en invité reste possible.',
  },
  name: { en: 'Name', fr: 'Nom' },
  nameHint: {
    en: "2 to 24 letters, digits, spaces or . _ ' -; shown to other players.",
    fr: "2 à 24 lettres, chiffres, espaces ou . _ ' -\u00a0; visible des autres joueurs.",
  },
  password: { en: 'Password', fr: 'Mot de passe' },
  passwordHint: { en: 'At least 8 characters.', fr: 'Au moins 8 caractères.' },
  showPassword: { en: 'Show the password', fr: 'Afficher le mot de passe' },
  noAccount: { en: 'No account yet?', fr: 'Pas encore de compte\u00a0?' },
  haveAccount: { en: 'Already have an account?', fr: 'Déjà un compte\u00a0?' },
  working: { en: 'One moment…', fr: 'Un instant…' },
  welcome: { en: 'Welcome', fr: 'Bienvenue' },
  welcomeBack: { en: 'Welcome back', fr: 'Bon retour' },
  claimedNone: {
    en: 'No match played as a guest on this browser was waiting to be added.',
    fr: 'Aucune partie jouée en invité sur ce navigateur n’attendait d’être ajoutée.',
  },
  goMyMatches: { en: 'Go to my matches', fr: 'Voir mes parties' },
  goPlay: { en: 'Choose a game', fr: 'Choisir un jeu' },
  signedInAs: { en: 'Signed in as', fr: 'Connecté en tant que' },
  account: { en: 'Account', fr: 'Compte' },
  myMatches: { en: 'My matches', fr: 'Mes parties' },
  allMyMatches: { en: 'All your matches, on every device', fr: 'Toutes vos parties, sur tous vos appareils' },
  leaderboards: { en: 'Leaderboards', fr: 'Classements' },
  playNow: { en: 'Play now', fr: 'Jouer maintenant' },
  serverDown: {
    en: 'The server cannot be reached. Try again in a moment.',
    fr: 'Le serveur est injoignable. Réessayez dans un instant.',
  },

  // My matches
  needAccount: {
    en: 'Log in to see your matches on every device.',
    fr: 'Connectez-vous pour retrouver vos parties sur tous vos appareils.',
  },
  noMatches: {
    en: 'No match yet: start one from a game, or press "Play now".',
    fr: 'Aucune partie pour l’instant\u00a0: lancez-en une depuis un jeu, ou «\u00a0Jouer maintenant\u00a0».',
  },
  yourTurn: { en: 'Your turn', fr: 'À vous' },
  theirTurn: { en: 'Waiting for the others', fr: 'Au tour des autres' },
  waitingPlayers: { en: 'Waiting for players', fr: 'En attente de joueurs' },
  won: { en: 'Won', fr: 'Gagnée' },
  lost: { en: 'Lost', fr: 'Perdue' },
  drawn: { en: 'Draw', fr: 'Nulle' },
  abandoned: { en: 'Abandoned', fr: 'Abandonnée' },
  cancelled: { en: 'Called off', fr: 'Annulée' },
  archived: { en: 'Archived', fr: 'Archivée' },
  against: { en: 'against', fr: 'contre' },
  openSeat: { en: 'a free seat', fr: 'une place libre' },
  bot: { en: 'Bot', fr: 'Robot' },
  noClock: { en: 'No clock', fr: 'Sans pendule' },
  rated: { en: 'Rated', fr: 'Classée' },
  casual: { en: 'Casual', fr: 'Amicale' },
  open: { en: 'Open', fr: 'Ouvrir' },
  watchReplay: { en: 'Replay', fr: 'Revoir' },
  inPlay: { en: 'In play', fr: 'En cours' },
  over: { en: 'Over', fr: 'Terminées' },
  matchesHere: {
    en: 'matches kept on this browser only (not yet in your account)',
    fr: 'parties gardées sur ce navigateur seulement (pas encore dans votre compte)',
  },
  addThem: { en: 'Add them to my account', fr: 'Les ajouter à mon compte' },

  // Time control and rated (new match, play now)
  timeControl: { en: 'Time control', fr: 'Cadence' },
  clockNone: { en: 'None: take your time', fr: 'Aucune\u00a0: prenez votre temps' },
  clockMove: { en: 'Per move', fr: 'Par coup' },
  clockFischer: {
    en: 'Fischer: a bank of time plus an increment per move',
    fr: 'Fischer\u00a0: une réserve de temps plus un incrément par coup',
  },
  clockDays: { en: 'Correspondence: days per move', fr: 'Par correspondance\u00a0: jours par coup' },
  secondsPerMove: { en: 'Seconds per move', fr: 'Secondes par coup' },
  baseMinutes: { en: 'Minutes each', fr: 'Minutes chacun' },
  incrementSeconds: { en: 'Seconds added per move', fr: 'Secondes ajoutées par coup' },
  daysPerMove: { en: 'Days per move (1–30)', fr: 'Jours par coup (1–30)' },
  fischerSecrets: {
    en: 'Fischer clocks are offered only in games without hidden cards: a bank that stops when one player answers would tell the others who did.',
    fr: 'La pendule Fischer n’est proposée que dans les jeux sans cartes cachées\u00a0: une réserve qui s’arrête quand un joueur répond dirait aux autres qui a répondu.',
  },
  clockRunsOut: {
    en: 'When a clock runs out with two players, the other one wins.',
    fr: 'Quand une pendule tombe à deux joueurs, l’autre gagne.',
  },
  ratedLabel: {
    en: 'Rated: the result changes both players’ ratings',
    fr: 'Classée\u00a0: le résultat change la cote des joueurs',
  },
  ratedNeedsAccount: {
    en: 'Rated matches are between accounts: log in or sign up to play one.',
    fr: 'Les parties classées se jouent entre comptes\u00a0: connectez-vous ou créez un compte.',
  },
  ratedNeedsOnline: { en: 'Rated matches are played online.', fr: 'Les parties classées se jouent en ligne.' },
  ratedNeedsOpen: {
    en: 'Rated matches are against people: every other seat must be open (no bots, no second player at this screen).',
    fr: 'Les parties classées se jouent contre des personnes\u00a0: toutes les autres places doivent être libres (ni robot, ni second joueur à cet écran).',
  },
  ratedNeedsClock: {
    en: 'A rated match has a clock, so that nobody can stall it: choose a time per move, Fischer or days per move.',
    fr: 'Une partie classée a une pendule, pour que personne ne puisse la bloquer\u00a0: choisissez un temps par coup, Fischer ou des jours par coup.',
  },
  ratedNoSeed: {
    en: 'Whoever takes the open seat must be logged in too. The deal is drawn by the server.',
    fr: 'Qui prend la place libre doit aussi être connecté. La donne est tirée par le serveur.',
  },

  // Leaderboards and player pages
  leaderboardTitle: { en: 'Leaderboard', fr: 'Classement' },
  player: { en: 'Player', fr: 'Joueur' },
  rating: { en: 'Rating', fr: 'Cote' },
  gamesShort: { en: 'Games', fr: 'Parties' },
  deviation: { en: 'Uncertainty', fr: 'Incertitude' },
  games: { en: 'Rated games', fr: 'Parties classées' },
  rank: { en: 'Rank', fr: 'Rang' },
  nobodyRated: {
    en: 'Nobody is rated in this game yet: play a rated match to be the first.',
    fr: 'Personne n’est encore classé dans ce jeu\u00a0: jouez une partie classée pour être le premier.',
  },
  botsReference: { en: 'Where you stand against the bots', fr: 'Où vous situer face aux robots' },
  botsReferenceHelp: {
    en: 'The bots’ strength measured in bot-against-bot matches (greedy = 1000), on a scale close to the players’ one: a guide, not a rating.',
    fr: 'La force des robots mesurée en parties entre robots (glouton = 1000), sur une échelle proche de celle des joueurs\u00a0: un repère, pas une cote.',
  },
  botsUnmeasured: {
    en: 'The bots’ strength is not measured yet in this game.',
    fr: 'La force des robots n’est pas encore mesurée dans ce jeu.',
  },
  ratingHelp: {
    en: 'Everyone starts at 1500 ± 350. The ± is how sure the rating is: it shrinks as you play.',
    fr: 'Chacun commence à 1500 ± 350. Le ± dit la confiance dans la cote\u00a0: il diminue à mesure que vous jouez.',
  },
  noSuchPlayer: { en: 'No player has this name.', fr: 'Aucun joueur ne porte ce nom.' },
  noRatings: { en: 'No rated match yet.', fr: 'Aucune partie classée pour l’instant.' },
  provisional: { en: 'provisional', fr: 'provisoire' },
  history: { en: 'Rating over time', fr: 'Évolution de la cote' },
  ratedMatches: { en: 'Rated matches', fr: 'Parties classées' },
  date: { en: 'Date', fr: 'Date' },
  change: { en: 'Change', fr: 'Écart' },
  after: { en: 'Rating after', fr: 'Cote après' },
  match: { en: 'Match', fr: 'Partie' },
  opponent: { en: 'Against', fr: 'Contre' },
  result: { en: 'Result', fr: 'Résultat' },
  thatsYou: { en: '(you)', fr: '(vous)' },

  // Play now
  playNowTitle: { en: 'Play now: find opponents', fr: 'Jouer maintenant\u00a0: trouver des adversaires' },
  playNowWhy: {
    en: 'You are seated with the next people asking for the same game, number of players, time control and rated or not.',
    fr: 'Vous êtes placé avec les prochaines personnes qui demandent le même jeu, le même nombre de joueurs, la même cadence et le même choix classé ou non.',
  },
  game: { en: 'Game', fr: 'Jeu' },
  playersCount: { en: 'Players', fr: 'Joueurs' },
  ifNobody: { en: 'If nobody comes', fr: 'Si personne ne vient' },
  offerBots: { en: 'Offer me bots after', fr: 'Me proposer des robots après' },
  seconds: { en: 'seconds', fr: 'secondes' },
  botLevel: { en: 'Bot level', fr: 'Niveau des robots' },
  keepWaiting: { en: 'Keep waiting for people (up to 5 minutes)', fr: 'Attendre des personnes (jusqu’à 5 minutes)' },
  search: { en: 'Find a match', fr: 'Trouver une partie' },
  searching: { en: 'Looking for opponents…', fr: 'Recherche d’adversaires…' },
  cancel: { en: 'Cancel', fr: 'Annuler' },
  cancelled2: { en: 'Search cancelled.', fr: 'Recherche annulée.' },
  ratedNoBots: {
    en: 'A rated search waits for people only (no bots).',
    fr: 'Une recherche classée n’attend que des personnes (pas de robots).',
  },
  yourName: { en: 'Your name (optional)', fr: 'Votre nom (facultatif)' },
} as const satisfies Record<string, { en: string; fr: string }>;

export type WordKey = keyof typeof WORDS;

export function word(lang: Lang, key: WordKey): string {
  return WORDS[key][lang];
}

/** The server's error codes met on these pages, as sentences (the server's own message for the rest). */
export function errorSentence(lang: Lang, code: string, details: Record<string, unknown>, fallback: string): string {
  const fr = lang === 'fr';
  const seconds = Number(details.retrySeconds ?? details.seconds ?? 0);
  const hours = Math.ceil(seconds / 3600);
  const wait =
    seconds >= 5400
      ? fr
        ? `${hours} heures`
        : `${hours} hours`
      : seconds >= 90
        ? fr
          ? `${Math.ceil(seconds / 60)} minutes`
          : `${Math.ceil(seconds / 60)} minutes`
        : fr
          ? `${Math.max(1, seconds)} seconde${pluralFor(Math.max(1, seconds), 'fr') ? 's' : ''}`
          : `${Math.max(1, seconds)} second${Math.max(1, seconds) > 1 ? 's' : ''}`;
  switch (code) {
    case 'BAD_NAME':
      return fr
        ? "Ce nom ne convient pas\u00a0: 2 à 24 caractères, des lettres (accents permis), chiffres, espaces ou . _ ' -, avec au moins une lettre."
        : "This name cannot be used: 2 to 24 characters, letters (accents allowed), digits, spaces or . _ ' -, with at least one letter.";
    case 'BAD_PASSWORD':
      return fr
        ? 'Le mot de passe doit compter de 8 à 200 caractères.'
        : 'The password must be 8 to 200 characters long.';
    case 'NAME_TAKEN':
      return fr
        ? 'Ce nom est déjà pris (ou un nom qui lui ressemble trop). Choisissez-en un autre, ou connectez-vous si c’est le vôtre.'
        : 'This name is already taken (or one too close to it). Choose another, or log in if it is yours.';
    case 'WRONG_LOGIN':
      return fr ? 'Nom ou mot de passe incorrect.' : 'Wrong name or password.';
    case 'LOGIN_RATE_LIMITED':
      return fr
        ? `Trop d’essais manqués pour ce nom. Réessayez dans ${wait}.`
        : `Too many failed attempts for this name. Try again in ${wait}.`;
    case 'LOGIN_BUSY':
      return fr
        ? `Trop de connexions sont vérifiées en ce moment. Réessayez dans ${wait}.`
        : `Too many logins are being checked right now. Try again in ${wait}.`;
    case 'SIGNUP_RATE_LIMITED':
      return fr
        ? `Trop de comptes ont été créés depuis votre adresse aujourd’hui (au plus ${String(details.max)}). Réessayez dans ${wait}.`
        : `Too many accounts were made from your address today (at most ${String(details.max)}). Try again in ${wait}.`;
    case 'ALREADY_WAITING':
      return details.by === 'account'
        ? fr
          ? 'Votre compte cherche déjà cette partie (un autre onglet ou appareil)\u00a0: on ne vous oppose jamais à vous-même.'
          : 'Your account is already looking for this game (another tab or device): you are never paired with yourself.'
        : fr
          ? 'Quelqu’un à votre adresse cherche déjà cette partie\u00a0: «\u00a0Jouer maintenant\u00a0» n’oppose jamais une adresse à elle-même. Pour jouer entre vous, créez une partie et envoyez le lien.'
          : 'Someone at your address is already looking for this game: “Play now” never pairs an address with itself. To play each other, create a match and send its link.';
    case 'TOO_MANY_MATCHES':
      return details.of === 'account'
        ? fr
          ? `Votre compte a déjà ${String(details.count)}\u00a0${pluralFor(Number(details.count), 'fr') ? 'parties' : 'partie'} en cours (au plus ${String(details.max)}). Terminez-en une d’abord.`
          : `Your account already has ${String(details.count)} ${details.count === 1 ? 'match' : 'matches'} in play (at most ${String(details.max)}). Finish one first.`
        : fr
          ? `Votre adresse a déjà ${String(details.count)}\u00a0${pluralFor(Number(details.count), 'fr') ? 'parties' : 'partie'} en cours (au plus ${String(details.max)}). Terminez-en une d’abord.`
          : `Your address already has ${String(details.count)} ${details.count === 1 ? 'match' : 'matches'} in play (at most ${String(details.max)}). Finish one first.`;
    case 'RATED_NEEDS_CLOCK':
      return word(lang, 'ratedNeedsClock');
    case 'HTTP_RATE_LIMITED':
      return fr ? `Trop de demandes. Réessayez dans ${wait}.` : `Too many requests. Try again in ${wait}.`;
    case 'NOT_SIGNED_IN':
      return fr ? 'Vous n’êtes pas connecté.' : 'You are not logged in.';
    case 'RATED_NEEDS_ACCOUNT':
      return word(lang, 'ratedNeedsAccount');
    case 'NO_OPPONENT':
      return fr
        ? 'Personne n’est venu cette fois. Réessayez, ou acceptez des robots après quelques secondes.'
        : 'Nobody came this time. Try again, or accept bots after a few seconds.';
    case 'PLAY_NOW_REPLACED':
      return fr
        ? 'Vous cherchez déjà une partie ailleurs (un autre onglet ou appareil)\u00a0: cette recherche-ci a été remplacée.'
        : 'You started another search (in another tab or device): this one was replaced by it.';
    case 'PLAY_NOW_CANCELLED':
      return word(lang, 'cancelled2');
    case 'NO_SUCH_PLAYER':
      return word(lang, 'noSuchPlayer');
    case 'FISCHER_WITH_SECRETS':
      return word(lang, 'fischerSecrets');
    case 'NETWORK':
      return word(lang, 'serverDown');
    default:
      return fallback;
  }
}

/** "2 matches played as a guest on this browser are now yours." */
export function claimedSentence(lang: Lang, n: number): string {
  if (n === 0) return word(lang, 'claimedNone');
  if (lang === 'fr')
    return n === 1
      ? '1 partie jouée en invité sur ce navigateur est maintenant à vous.'
      : `${n} parties jouées en invité sur ce navigateur sont maintenant à vous.`;
  return n === 1
    ? '1 match played as a guest on this browser is now yours.'
    : `${n} matches played as a guest on this browser are now yours.`;
}

/** A time control in words: "5 min + 3 s", "30 s per move", "2 days per move", "No clock". */
export function clockWords(
  lang: Lang,
  clock: { moveSeconds?: number; days?: number; baseSeconds?: number; incrementSeconds?: number } | null | undefined,
): string {
  const fr = lang === 'fr';
  if (!clock) return word(lang, 'noClock');
  if (clock.baseSeconds !== undefined) {
    const base = clock.baseSeconds % 60 === 0 ? `${clock.baseSeconds / 60} min` : `${clock.baseSeconds} s`;
    return `${base} + ${clock.incrementSeconds ?? 0} s`;
  }
  if (clock.days !== undefined)
    return fr
      ? `${clock.days} jour${pluralFor(clock.days, 'fr') ? 's' : ''} par coup`
      : `${clock.days} day${clock.days > 1 ? 's' : ''} per move`;
  const s = clock.moveSeconds ?? 0;
  const amount = s % 3600 === 0 && s >= 3600 ? `${s / 3600} h` : s % 60 === 0 && s >= 60 ? `${s / 60} min` : `${s} s`;
  return fr ? `${amount} par coup` : `${amount} per move`;
}

/** Under the leaderboard: "Players appear here after 10 rated games of this game; until then, provisional." */
export function provisionalNote(lang: Lang, games: number): string {
  if (lang === 'fr')
    return `Un joueur entre au classement après ${games}\u00a0partie${pluralFor(games, 'fr') ? 's' : ''} classée${pluralFor(games, 'fr') ? 's' : ''} de ce jeu\u00a0; jusque-là sa cote est provisoire.`;
  return `Players appear here after ${games} rated game${games === 1 ? '' : 's'} of this game; until then their rating is provisional.`;
}

/** "1 rated game", "3 rated games". */
export function gamesCount(lang: Lang, n: number): string {
  if (lang === 'fr') return countText(n, 'partie classée', 'parties classées', lang);
  return countText(n, 'rated game', 'rated games', lang);
}

/** A bot level's name with a capital: "Strong", "Fort". */
export function levelName(lang: Lang, level: string, labels: Record<string, { en: string; fr: string }>): string {
  const name = labels[level]?.[lang] ?? level;
  return name.charAt(0).toUpperCase() + name.slice(1);
}

export function useWords(): { lang: Lang; w: (key: WordKey) => string } {
  const lang = useContext(LangContext);
  return { lang, w: (key) => WORDS[key][lang] };
}

/** A game's published bot strengths, from its catalog line (the same figures as its bot profile's). */
export function publishedRatings(game: string): PublishedRatings | undefined {
  return lineById(game)?.ratings;
}

/** What follows a level's name where a bot is chosen: " (≈1079)", or in a team game its side's wins. */
export function strengthSuffix(game: string, level: string, lang: Lang = 'en'): string {
  return strengthSuffixOf(publishedRatings(game), level, lang);
}
