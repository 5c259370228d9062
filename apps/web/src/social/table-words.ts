import { pluralFor, type Lang, type Seat } from '@roundtable/core';
import type { OfferKind, TableClock } from '../session/types.ts';

/** The online table's words (chat, clocks, offers, turn notices), in English and French, and its clock arithmetic. */
export const TW = {
  chat: { en: 'Chat', fr: 'Discussion' },
  showChat: { en: 'Show the chat', fr: 'Afficher la discussion' },
  hideChat: { en: 'Hide the chat', fr: 'Masquer la discussion' },
  players: { en: 'Players', fr: 'Joueurs' },
  spectators: { en: 'Spectators', fr: 'Spectateurs' },
  spectator: { en: 'spectator', fr: 'spectateur' },
  sayPlaceholder: { en: 'Say something…', fr: 'Écrire un message…' },
  message: { en: 'Message', fr: 'Message' },
  send: { en: 'Send', fr: 'Envoyer' },
  muteChat: { en: 'Mute the chat', fr: 'Couper la discussion' },
  mutedNote: {
    en: 'The chat is muted: new lines are not shown.',
    fr: 'La discussion est coupée\u00a0: les nouveaux messages ne s’affichent pas.',
  },
  noLines: { en: 'Nothing said yet.', fr: 'Rien n’a encore été dit.' },
  chatLoading: { en: 'Loading the chat…', fr: 'Chargement de la discussion…' },
  tooLong: { en: 'At most 500 characters.', fr: '500 caractères au plus.' },
  secretsSpectator: {
    en: 'While this game is played, players and spectators do not read each other: you write to the spectators only, and the players’ lines will show once it is over.',
    fr: 'Pendant la partie, joueurs et spectateurs ne se lisent pas\u00a0: vous écrivez aux seuls spectateurs, et les messages des joueurs s’afficheront à la fin.',
  },
  secretsPlayer: {
    en: 'While this game is played, the spectators do not read the players’ lines, nor the players theirs.',
    fr: 'Pendant la partie, les spectateurs ne lisent pas les messages des joueurs, ni les joueurs les leurs.',
  },
  openSpectator: { en: 'Players and spectators read each other here.', fr: 'Ici joueurs et spectateurs se lisent.' },
  spectatorsSignIn: {
    en: 'Spectators write once signed in:',
    fr: 'Les spectateurs écrivent une fois connectés\u00a0:',
  },
  logIn: { en: 'Log in', fr: 'Se connecter' },
  signUp: { en: 'Sign up', fr: 'Créer un compte' },
  // Clocks
  clock: { en: 'Clock', fr: 'Pendule' },
  timeLeft: { en: 'time left', fr: 'temps restant' },
  berserkedClock: {
    en: 'berserked: half the clock, no increment',
    fr: 'berserk\u00a0: moitié de la pendule, sans incrément',
  },
  perMove: { en: 'per move', fr: 'par coup' },
  // Actions and offers
  resign: { en: 'Resign', fr: 'Abandonner' },
  resignQuestion: { en: 'Resign this match?', fr: 'Abandonner cette partie\u00a0?' },
  resignTwo: { en: 'Your opponent wins at once.', fr: 'Votre adversaire l’emporte aussitôt.' },
  resignMany: {
    en: 'A bot takes your seat and plays on; you leave the game.',
    fr: 'Un robot prend votre place et joue à votre place\u00a0; vous quittez la partie.',
  },
  resignYes: { en: 'Yes, resign', fr: 'Oui, abandonner' },
  cancel: { en: 'Cancel', fr: 'Annuler' },
  offerDraw: { en: 'Offer a draw', fr: 'Proposer la nulle' },
  askTakeback: { en: 'Ask to take back', fr: 'Demander à reprendre' },
  rematch: { en: 'Rematch', fr: 'Revanche' },
  accept: { en: 'Accept', fr: 'Accepter' },
  decline: { en: 'Decline', fr: 'Refuser' },
  dismiss: { en: 'Dismiss', fr: 'Fermer' },
  // Turn notices
  notifyAsk: { en: 'Tell me when it is my turn', fr: 'Me prévenir quand c’est mon tour' },
  notifyOn: { en: 'You will be told when it is your turn.', fr: 'Vous serez prévenu quand ce sera votre tour.' },
  notifyDenied: {
    en: 'Notifications are blocked in this browser’s settings.',
    fr: 'Les notifications sont bloquées dans les réglages du navigateur.',
  },
  titleTurn: { en: '(Your turn)', fr: '(À vous)' },
  turnBody: { en: 'It is your turn.', fr: 'C’est votre tour.' },
} as const satisfies Record<string, Record<Lang, string>>;

export type TableWord = keyof typeof TW;
export const tw = (lang: Lang, key: TableWord): string => TW[key][lang];

const OFFER_WHAT: Record<OfferKind, Record<Lang, (name: string) => string>> = {
  draw: { en: (n) => `${n} offers a draw.`, fr: (n) => `${n} propose la nulle.` },
  takeback: {
    en: (n) => `${n} asks to take back their last move.`,
    fr: (n) => `${n} demande à reprendre son dernier coup.`,
  },
  rematch: { en: (n) => `${n} offers a rematch.`, fr: (n) => `${n} propose une revanche.` },
};

/** "Guinevere offers a draw." */
export const offerText = (kind: OfferKind, name: string, lang: Lang): string => OFFER_WHAT[kind][lang](name);

/** This screen's own offer, waiting. */
export function waitingText(kind: OfferKind, lang: Lang): string {
  const what = {
    draw: { en: 'Draw offered', fr: 'Nulle proposée' },
    takeback: { en: 'Take-back asked', fr: 'Reprise demandée' },
    rematch: { en: 'Rematch offered', fr: 'Revanche proposée' },
  }[kind][lang];
  return lang === 'fr' ? `${what}\u00a0: en attente de réponse.` : `${what}: waiting for an answer.`;
}

/** "Draw agreed", "Take-back declined". */
export function resultText(kind: OfferKind, accepted: boolean, lang: Lang): string {
  const table = {
    draw: { en: ['Draw declined', 'Draw agreed'], fr: ['Nulle refusée', 'Nulle acceptée'] },
    takeback: { en: ['Take-back declined', 'Take-back accepted'], fr: ['Reprise refusée', 'Reprise acceptée'] },
    rematch: { en: ['Rematch declined', 'Rematch accepted'], fr: ['Revanche refusée', 'Revanche acceptée'] },
  } as const;
  return table[kind][lang][accepted ? 1 : 0] as string;
}

/**
 * The refusals of the table's requests in a sentence; null for the others (the server's own message, already in
 * the language the table attached with, is shown then).
 */
export function tableError(
  e: { code: string; details?: Record<string, unknown> | undefined },
  lang: Lang,
): string | null {
  const d = e.details ?? {};
  const fr = lang === 'fr';
  switch (e.code) {
    case 'CHAT_RATE_LIMITED': {
      const max = Number(d.max ?? 5);
      const seconds = Number(d.seconds ?? 10);
      const wait = Math.max(1, Number(d.retrySeconds ?? seconds));
      return fr
        ? `Doucement\u00a0: ${max}\u00a0${pluralFor(max, 'fr') ? 'messages' : 'message'} au plus toutes les ${seconds}\u00a0secondes, tous onglets et appareils compris. Réessayez dans ${wait}\u00a0s.`
        : `Slow down: at most ${max} ${max === 1 ? 'line' : 'lines'} every ${seconds} seconds, over all your tabs and devices. Try again in ${wait} s.`;
    }
    case 'OFFER_RATE_LIMITED': {
      const wait = Math.max(1, Number(d.retrySeconds ?? d.seconds ?? 60));
      return fr
        ? `Trop de propositions\u00a0: ${String(d.max)} au plus par minute. Réessayez dans ${wait}\u00a0s.`
        : `Too many offers: at most ${String(d.max)} a minute. Try again in ${wait} s.`;
    }
    case 'REMATCH_DONE':
      return fr ? 'Cette partie a déjà eu sa revanche.' : 'This match already had its rematch.';
    case 'RATED_PAIR_LIMIT': {
      const hours = Math.max(1, Math.ceil(Number(d.retrySeconds ?? 86_400) / 3600));
      return fr
        ? `Vous avez déjà joué ${String(d.max)}\u00a0partie${pluralFor(Number(d.max), 'fr') ? 's' : ''} classée${pluralFor(Number(d.max), 'fr') ? 's' : ''} l’un contre l’autre aujourd’hui\u00a0: la prochaine pourra l’être dans ${hours}\u00a0h.`
        : `You have played ${String(d.max)} rated match${Number(d.max) === 1 ? '' : 'es'} against each other today: the next can be rated in ${hours} h.`;
    }
    case 'CHAT_NEEDS_ACCOUNT':
      return fr
        ? 'Les spectateurs doivent se connecter à un compte pour écrire.'
        : 'Spectators need to sign in to an account to write.';
    case 'NOT_A_PLAYER':
      return fr
        ? 'Seuls les joueurs de cette partie peuvent faire cela.'
        : 'Only the players of this match may do that.';
    case 'OFFER_NOT_ALLOWED':
      return d.kind === 'draw'
        ? fr
          ? 'La nulle ne se propose qu’à Camelot, pendant la partie.'
          : 'A draw can be offered in Camelot only, while the match is played.'
        : d.kind === 'takeback'
          ? fr
            ? 'Reprendre un coup se demande après un de vos coups, pendant la partie, dans un jeu sans secrets.'
            : 'A take-back is asked after a move of yours, while the match is played, in a game without secrets.'
          : fr
            ? 'Une revanche se propose une fois la partie finie.'
            : 'A rematch is offered once the match is over.';
    case 'NO_OFFER':
      return fr
        ? 'Cette offre n’attend plus de réponse (un coup a été joué depuis, ou elle a été retirée).'
        : 'This offer no longer waits for an answer (a move was played since, or it was withdrawn).';
    case 'NOTHING_TO_TAKE_BACK':
      return fr ? 'Vous n’avez pas encore de coup à reprendre.' : 'You have no move to take back yet.';
    case 'MOVE_PENDING':
      return fr
        ? 'Un coup est en train d’être joué\u00a0: réessayez dans un instant.'
        : 'A move is being played: try again in a moment.';
    default:
      return null;
  }
}

/**
 * Time left in words a clock shows: "4:07" under an hour, "1 h 05" under a day, "2 days 3 h" beyond (a
 * correspondence game). Never below zero: the server says when time is up.
 */
export function formatLeft(ms: number, lang: Lang): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  const days = Math.floor(s / 86_400);
  const hours = Math.floor((s % 86_400) / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  const seconds = s % 60;
  if (days > 0) return lang === 'fr' ? `${days} j ${hours} h` : `${days} ${days === 1 ? 'day' : 'days'} ${hours} h`;
  if (hours > 0) return `${hours} h ${String(minutes).padStart(2, '0')}`;
  return `${minutes}:${String(seconds).padStart(2, '0')}`;
}

/** How the clock was set: "5 min + 3 s", "2 days per move", "1 min per move". */
export function clockSummary(
  clock:
    | { kind: 'move'; moveSeconds: number; days: number | null }
    | { kind: 'fischer'; baseSeconds: number; incrementSeconds: number },
  lang: Lang,
): string {
  const span = (sec: number): string =>
    sec % 3600 === 0 && sec >= 3600 ? `${sec / 3600} h` : sec % 60 === 0 && sec >= 60 ? `${sec / 60} min` : `${sec} s`;
  if (clock.kind === 'fischer') return `${span(clock.baseSeconds)} + ${clock.incrementSeconds} s`;
  if (clock.days !== null)
    return lang === 'fr' ? `${clock.days} j par coup` : `${clock.days} ${clock.days === 1 ? 'day' : 'days'} per move`;
  return `${span(clock.moveSeconds)} ${tw(lang, 'perMove')}`;
}

/** "2 days 3 h left" / "encore 2 j 3 h", for a correspondence clock read aloud. */
export function leftSentence(ms: number, lang: Lang): string {
  return lang === 'fr' ? `encore ${formatLeft(ms, lang)}` : `${formatLeft(ms, lang)} left`;
}

/** A seat's time left (ms) at `now` (server time), and whether its clock runs; null when it has no clock to show. */
export function timeLeft(clock: TableClock, seat: Seat, now: number): { ms: number; running: boolean } | null {
  if (clock.kind === 'fischer') {
    const bank = clock.banks[seat];
    if (bank === undefined) return null;
    const running = clock.running.includes(seat) && clock.since !== null;
    return { ms: running ? bank - (now - (clock.since as number)) : bank, running };
  }
  if (clock.kind === 'move') {
    if (clock.deadline === null || !clock.running.includes(seat)) return null;
    return { ms: clock.deadline - now, running: true };
  }
  return null;
}
