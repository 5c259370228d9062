import type { GameError, MessageCatalog } from '@roundtable/core';
import { CARD_BY_ID, SUITS, SUIT_NAMES, cardName, kindFromText, type Suit } from './cards.ts';
import { POWER_BY_ID } from './powers.ts';

type Lang = 'fr' | 'en';

function card(id: unknown, lang: Lang): string {
  if (typeof id !== 'string') return String(id);
  if (id === 'merlin') return 'Merlin';
  if (id === 'apprenti') return lang === 'fr' ? 'Apprenti' : 'Apprentice';
  const kind = kindFromText(id) ?? id;
  const c = CARD_BY_ID.get(kind);
  return c === undefined ? id : cardName(c, lang);
}
function suit(s: unknown, lang: Lang): string {
  return typeof s === 'string' && (SUITS as readonly string[]).includes(s) ? SUIT_NAMES[s as Suit][lang] : String(s);
}
function power(id: unknown, lang: Lang): string {
  const p = typeof id === 'string' ? POWER_BY_ID.get(id) : undefined;
  return p ? p[lang] : String(id);
}
const seat = (e: GameError, key = 'target'): string => String(e[key]);

export const messages: MessageCatalog = {
  NOT_IN_HAND: {
    en: (e) => `You have no ${card(e.card, 'en')} in your hand.`,
    fr: (e) => `Vous n’avez pas de carte ${card(e.card, 'fr')} en main.`,
  },
  MUST_FOLLOW: {
    en: (e) =>
      `You must follow ${suit(e.suit, 'en')} (or play Merlin or Apprentice): ${card(e.card, 'en')} is refused.`,
    fr: (e) =>
      `Vous devez suivre en ${suit(e.suit, 'fr')} (ou jouer Merlin ou Apprenti)\u00a0: ${card(e.card, 'fr')} est refusée.`,
  },
  MUST_PLAY_ALCHEMY: {
    en: (e) =>
      `You hold no ${suit(e.suit, 'en')}: play an Alchemy card (or Merlin or Apprentice), not ${card(e.card, 'en')}.`,
    fr: (e) =>
      `Vous n’avez pas de ${suit(e.suit, 'fr')}\u00a0: jouez une carte Alchimie (ou Merlin ou Apprenti), pas ${card(e.card, 'fr')}.`,
  },
  MUST_DISCARD: {
    en: (e) =>
      `You can neither follow ${suit(e.suit, 'en')} nor play Alchemy: discard a card ("discard …") and take 5 wounds of dishonour.`,
    fr: (e) =>
      `Vous ne pouvez ni suivre en ${suit(e.suit, 'fr')} ni jouer d’Alchimie\u00a0: défaussez une carte («\u00a0discard …\u00a0») et subissez 5 blessures de déshonneur.`,
  },
  CANNOT_DISCARD: {
    en: () =>
      'You can play a card: a discard (dishonour) is only for a knight who can neither follow nor play Alchemy, Merlin or Apprentice.',
    fr: () =>
      'Vous pouvez jouer une carte\u00a0: la défausse (déshonneur) n’est permise qu’à qui ne peut ni suivre ni jouer Alchimie, Merlin ou Apprenti.',
  },
  ALCHEMY_NOT_ALLOWED: {
    en: (e) => `Alchemy may only be played when you cannot follow: you hold ${suit(e.suit, 'en')}.`,
    fr: (e) => `L’Alchimie ne se joue que si l’on ne peut pas suivre\u00a0: vous avez du ${suit(e.suit, 'fr')}.`,
  },
  ALCHEMY_LEAD: {
    en: () => 'You may lead with Alchemy only when you hold nothing else.',
    fr: () => 'Vous ne pouvez entamer avec une Alchimie que si vous n’avez rien d’autre.',
  },
  MUST_DECLARE: {
    en: (e) => `${card(e.card, 'en')} needs a declared suit and value, e.g. "play ${String(e.card)} so11".`,
    fr: (e) => `${card(e.card, 'fr')} demande une suite et une valeur, ex. «\u00a0play ${String(e.card)} so11\u00a0».`,
  },
  BAD_DECLARATION: {
    en: (e) =>
      `${card(e.card, 'en')} cannot be declared ${suit(e.suit, 'en')} ${String(e.value)} (a suit in play, a value from 1 to 15).`,
    fr: (e) =>
      `${card(e.card, 'fr')} ne peut pas valoir ${suit(e.suit, 'fr')} ${String(e.value)} (une suite en jeu, une valeur de 1 à 15).`,
  },
  DECLARE_LED_SUIT: {
    en: (e) => `${card(e.card, 'en')} must be declared in the suit led, ${suit(e.suit, 'en')}.`,
    fr: (e) => `${card(e.card, 'fr')} doit être déclaré dans la suite de l’entame, ${suit(e.suit, 'fr')}.`,
  },
  NO_DECLARATION: {
    en: (e) => `Only Merlin and Apprentice are declared; ${card(e.card, 'en')} is played as printed.`,
    fr: (e) => `Seuls Merlin et Apprenti se déclarent\u00a0; ${card(e.card, 'fr')} se joue telle quelle.`,
  },
  WRONG_MOVE: {
    en: (e) =>
      `"${String(e.move)}" is not possible now: ${PHASE_WORDS[String(e.phase)]?.en ?? String(e.phase)}${e.expected ? `; type "${String(e.expected)}"` : ''}.`,
    fr: (e) =>
      `«\u00a0${String(e.move)}\u00a0» n’est pas possible maintenant\u00a0: ${PHASE_WORDS[String(e.phase)]?.fr ?? String(e.phase)}${e.expected ? `\u00a0; tapez «\u00a0${String(e.expected)}\u00a0»` : ''}.`,
  },
  UNKNOWN_POWER: {
    en: (e) => `There is no power "${String(e.power)}".`,
    fr: (e) => `Il n’y a pas de pouvoir «\u00a0${String(e.power)}\u00a0».`,
  },
  NOT_YOUR_POWER: {
    en: (e) => `${power(e.power, 'en')} is not one of your cards.`,
    fr: (e) => `${power(e.power, 'fr')} n’est pas une de vos cartes.`,
  },
  LEGEND_ASLEEP: {
    en: (e) =>
      `${power(e.power, 'en')} is not active yet (it wakes the round after your life reaches ${String(e.threshold)}).`,
    fr: (e) =>
      `${power(e.power, 'fr')} n’est pas encore active (elle s’éveille la manche qui suit le passage à ${String(e.threshold)} points de vie).`,
  },
  PASSIVE_POWER: {
    en: (e) => `${power(e.power, 'en')} works by itself: there is nothing to use.`,
    fr: (e) => `${power(e.power, 'fr')} agit d’elle-même\u00a0: il n’y a rien à utiliser.`,
  },
  POWER_USED: {
    en: (e) => `${power(e.power, 'en')} has already been used this round.`,
    fr: (e) => `${power(e.power, 'fr')} a déjà servi cette manche.`,
  },
  MISSING_ARGUMENT: {
    en: (e) => `${power(e.power, 'en')} needs a ${String(e.argument)} (e.g. "@2", "sorcery", "+2").`,
    fr: (e) =>
      `${power(e.power, 'fr')} demande un argument\u00a0: ${String(e.argument)} (ex. «\u00a0@2\u00a0», «\u00a0sorcellerie\u00a0», «\u00a0+2\u00a0»).`,
  },
  BAD_ARGUMENT: {
    en: (e) => `${power(e.power, 'en')} takes no ${String(e.argument)}.`,
    fr: (e) => `${power(e.power, 'fr')} ne prend pas d’argument ${String(e.argument)}.`,
  },
  BAD_TARGET: {
    en: (e) => `${power(e.power, 'en')} must target an opponent's seat, not ${String(e.target)}.`,
    fr: (e) => `${power(e.power, 'fr')} doit viser le siège d’un adversaire, pas ${String(e.target)}.`,
  },
  BAD_SUIT: {
    en: (e) => `${suit(e.suit, 'en')} is not in this game.`,
    fr: (e) => `${suit(e.suit, 'fr')} n’est pas en jeu dans cette partie.`,
  },
  BAD_ADJUST: {
    en: (e) =>
      `${power(e.power, 'en')} changes a value by ${Array.isArray(e.allowed) ? e.allowed.map((n) => (n > 0 ? `+${n}` : String(n))).join(', ') : '?'}, not ${String(e.by)}.`,
    fr: (e) =>
      `${power(e.power, 'fr')} change une valeur de ${Array.isArray(e.allowed) ? e.allowed.map((n) => (n > 0 ? `+${n}` : String(n))).join(', ') : '?'}, pas ${String(e.by)}.`,
  },
  ADJUST_PENDING: {
    en: () => 'A value change is already waiting for your next card.',
    fr: () => 'Un changement de valeur attend déjà votre prochaine carte.',
  },
  NO_EFFECT: {
    en: (e) => `${power(e.power, 'en')} would change nothing now.`,
    fr: (e) => `${power(e.power, 'fr')} ne changerait rien maintenant.`,
  },
  EMPTY_HAND: {
    en: (e) => `Seat ${seat(e)} has no card in hand.`,
    fr: (e) => `Le siège ${seat(e)} n’a aucune carte en main.`,
  },
  UNKNOWN_GODSEND: {
    en: (e) => `There is no godsend "${String(e.godsend)}".`,
    fr: (e) => `Il n’y a pas de faveur divine «\u00a0${String(e.godsend)}\u00a0».`,
  },
  NOT_FACE_UP: {
    en: (e) =>
      `${power(e.godsend, 'en')} is not face up (face up: ${Array.isArray(e.faceUp) ? e.faceUp.join(', ') : ''}); "draw" takes the top of the pile.`,
    fr: (e) =>
      `${power(e.godsend, 'fr')} n’est pas face visible (visibles\u00a0: ${Array.isArray(e.faceUp) ? e.faceUp.join(', ') : ''})\u00a0; «\u00a0draw\u00a0» prend le dessus du paquet.`,
  },
  GODSEND_PILE_EMPTY: {
    en: () => 'The godsend pile is empty.',
    fr: () => 'Le paquet Faveur divine est vide.',
  },
  UNKNOWN_HERO: {
    en: (e) => `There is no hero "${String(e.hero)}".`,
    fr: (e) => `Il n’y a pas de héros «\u00a0${String(e.hero)}\u00a0».`,
  },
  HERO_TAKEN: {
    en: (e) => `${power(e.hero, 'en')} is already taken.`,
    fr: (e) => `${power(e.hero, 'fr')} est déjà pris.`,
  },
  BAD_DECK: {
    en: (e) => `Bad stacked deal at "${String(e.card)}": ${String(e.reason)}.`,
    fr: (e) => `Donne arrangée invalide à «\u00a0${String(e.card)}\u00a0»\u00a0: ${String(e.reason)}.`,
  },
};

/** What a phase is waiting for, in words (WRONG_MOVE). */
const PHASE_WORDS: Readonly<Record<string, { en: string; fr: string }>> = {
  hero: { en: 'the heroes are being chosen', fr: 'on choisit les héros' },
  combat: { en: 'a combat is under way', fr: 'un combat est en cours' },
  exchange: {
    en: 'an exchange is under way, and the card given is chosen from the hand',
    fr: 'un échange est en cours, et la carte donnée se choisit dans la main',
  },
  redraw: { en: 'a card drawn waits for a discard', fr: 'une carte piochée attend une défausse' },
  godsend: { en: 'the godsends are being taken', fr: 'on prend les faveurs divines' },
  over: { en: 'the game is over', fr: 'la partie est finie' },
};
