import type { GameError, MessageCatalog } from '@roundtable/core';
import { COLOURS, COLOUR_NAMES, KINDS, KIND_BY_ID, type Colour } from './cards.ts';

function cardName(id: unknown, lang: 'fr' | 'en'): string {
  if (typeof id !== 'string') return String(id);
  const kind = KIND_BY_ID.get(id.includes('.') ? id.slice(0, id.lastIndexOf('.')) : id);
  return kind === undefined ? id : KINDS[kind]![lang];
}
function colour(c: unknown, lang: 'fr' | 'en'): string {
  return typeof c === 'string' && (COLOURS as readonly string[]).includes(c)
    ? COLOUR_NAMES[c as Colour][lang]
    : lang === 'fr'
      ? 'aucune'
      : 'none';
}
const seat = (e: GameError, key = 'target'): string => String(e[key]);
const pos = (p: unknown): string => (typeof p === 'number' ? String(p + 1) : String(p));

export const messages: MessageCatalog = {
  UNKNOWN_CARD: {
    en: (e) => `There is no card "${String(e.card)}".`,
    fr: (e) => `Il n’y a pas de carte «\u00a0${String(e.card)}\u00a0».`,
  },
  NOT_IN_HAND: {
    en: (e) => `You have no ${cardName(e.card, 'en')} in your hand.`,
    fr: (e) => `Vous n’avez pas de carte ${cardName(e.card, 'fr')} en main.`,
  },
  WRONG_COLOUR: {
    en: (e) => `${cardName(e.card, 'en')} does not match the tournament's colour (${colour(e.colour, 'en')}).`,
    fr: (e) => `${cardName(e.card, 'fr')} n’est pas de la couleur du tournoi (${colour(e.colour, 'fr')}).`,
  },
  SECOND_MAIDEN: {
    en: () => 'A display may hold only one maiden at a time.',
    fr: () => 'Un personnage ne peut avoir qu’une seule dame à la fois.',
  },
  STUNNED: {
    en: (e) =>
      `You are stunned: you have already added a card to your display this turn (${cardName(e.card, 'en')} refused).`,
    fr: (e) =>
      `Vous êtes assommé\u00a0: vous avez déjà ajouté une carte à votre personnage ce tour-ci (${cardName(e.card, 'fr')} refusée).`,
  },
  MUST_OPEN: {
    en: () => 'The starter must first put a card of the tournament colour or a support card on their display.',
    fr: () => 'Le joueur qui débute doit d’abord poser une carte de la couleur du tournoi ou une carte de soutien.',
  },
  MUST_ENTER: {
    en: () =>
      'On your first turn of a tournament you must lay at least one colour or support card to stay in: play one or withdraw.',
    fr: () =>
      'Lors de votre premier tour du tournoi, vous devez poser au moins une carte de combat ou de soutien pour y participer\u00a0: posez-en une ou abandonnez.',
  },
  MUST_PLAY: {
    en: () => 'You have played no card this turn: play one or withdraw.',
    fr: () => 'Vous n’avez joué aucune carte ce tour-ci\u00a0: jouez-en une ou abandonnez.',
  },
  NOT_HIGHEST: {
    en: (e) => `Your total (${String(e.total)}) is not the highest (${String(e.best)}): play more cards or withdraw.`,
    fr: (e) =>
      `Votre total (${String(e.total)}) n’est pas le plus haut (${String(e.best)})\u00a0: jouez d’autres cartes ou abandonnez.`,
  },
  WITHDRAWN: {
    en: (e) => `Seat ${seat(e, 'seat')} has withdrawn from this tournament and plays no more cards in it.`,
    fr: (e) => `Le siège ${seat(e, 'seat')} a abandonné ce tournoi et n’y joue plus aucune carte.`,
  },
  NOTHING_TO_CANCEL: {
    en: () => 'Lancelot can only be played right after an action card, to cancel it.',
    fr: () => 'Lancelot ne se joue que juste après une carte d’action, pour l’annuler.',
  },
  WRONG_MOVE: {
    en: (e) => `"${String(e.move)}" is not possible now (phase: ${String(e.phase)}).`,
    fr: (e) => `«\u00a0${String(e.move)}\u00a0» n’est pas possible maintenant (phase\u00a0: ${String(e.phase)}).`,
  },
  PURPLE_TWICE: {
    en: () => 'The previous tournament ended purple: this one may not be purple.',
    fr: () => 'Le tournoi précédent s’est terminé en violet\u00a0: celui-ci ne peut pas être violet.',
  },
  REPEAT_COLOUR: {
    en: (e) => `The previous tournament ended ${colour(e.colour, 'en')}: choose another colour.`,
    fr: (e) => `Le tournoi précédent s’est terminé en ${colour(e.colour, 'fr')}\u00a0: choisissez une autre couleur.`,
  },
  CANNOT_OPEN: {
    en: (e) => `You hold neither a ${colour(e.colour, 'en')} card nor a support card.`,
    fr: (e) => `Vous n’avez ni carte ${colour(e.colour, 'fr')} ni carte de soutien.`,
  },
  CAN_OPEN: {
    en: (e) =>
      `You can start a tournament (${Array.isArray(e.colours) ? e.colours.map((c) => colour(c, 'en')).join(', ') : ''}).`,
    fr: (e) =>
      `Vous pouvez débuter un tournoi (${Array.isArray(e.colours) ? e.colours.map((c) => colour(c, 'fr')).join(', ') : ''}).`,
  },
  NO_EFFECT: {
    en: (e) => `${cardName(e.card, 'en')} would change nothing now: an action card is played only if it has an effect.`,
    fr: (e) =>
      `${cardName(e.card, 'fr')} ne changerait rien\u00a0: une carte d’action ne se joue que si elle a un effet.`,
  },
  LONE_CARD: {
    en: (e) =>
      `${cardName(e.card, 'en')}: seat ${seat(e)}'s display would be left empty (a lone card cannot be taken or removed).`,
    fr: (e) =>
      `${cardName(e.card, 'fr')}\u00a0: le personnage du siège ${seat(e)} resterait vide (une carte seule ne peut être ni retirée ni volée).`,
  },
  SHIELDED: {
    en: (e) => `Seat ${seat(e)} is protected by a Shield: ${cardName(e.card, 'en')} has no effect on them.`,
    fr: (e) =>
      `Le siège ${seat(e)} est protégé par un Bouclier\u00a0: ${cardName(e.card, 'fr')} n’a pas d’effet sur lui.`,
  },
  BAD_TARGET: {
    en: (e) => `${cardName(e.card, 'en')} must target an opponent's seat, not ${String(e.target)}.`,
    fr: (e) => `${cardName(e.card, 'fr')} doit viser le siège d’un adversaire, pas ${String(e.target)}.`,
  },
  TARGET_WITHDRAWN: {
    en: (e) => `Seat ${seat(e)} has withdrawn from the tournament.`,
    fr: (e) => `Le siège ${seat(e)} a abandonné le tournoi.`,
  },
  TARGET_NOT_ENTERED: {
    en: (e) => `Seat ${seat(e)} has no card on their display yet.`,
    fr: (e) => `Le siège ${seat(e)} n’a encore aucune carte sur son personnage.`,
  },
  EMPTY_HAND: {
    en: (e) => `Seat ${seat(e)} has no card in hand.`,
    fr: (e) => `Le siège ${seat(e)} n’a aucune carte en main.`,
  },
  NO_SUCH_CARD: {
    en: (e) => `Seat ${seat(e)} has no card ${pos(e.pos)} in front of them.`,
    fr: (e) => `Le siège ${seat(e)} n’a pas de carte ${pos(e.pos)} devant lui.`,
  },
  MISSING_ARGUMENT: {
    en: (e) => `${cardName(e.card, 'en')} needs a ${String(e.argument)}.`,
    fr: (e) => `${cardName(e.card, 'fr')} demande un argument\u00a0: ${String(e.argument)}.`,
  },
  CANNOT_CHANGE_COLOUR: {
    en: (e) => `${cardName(e.card, 'en')} cannot be played in a ${colour(e.colour, 'en')} tournament.`,
    fr: (e) => `${cardName(e.card, 'fr')} ne peut pas être jouée dans un tournoi ${colour(e.colour, 'fr')}.`,
  },
  BAD_COLOUR_CHOICE: {
    en: (e) => `${cardName(e.card, 'en')} cannot turn the tournament ${colour(e.colour, 'en')}.`,
    fr: (e) => `${cardName(e.card, 'fr')} ne peut pas rendre le tournoi ${colour(e.colour, 'fr')}.`,
  },
  BAD_KEEP: {
    en: (e) => `Keep exactly one card of each value of your display (you chose ${JSON.stringify(e.positions)}).`,
    fr: (e) =>
      `Gardez exactement une carte de chaque valeur de votre personnage (vous avez choisi ${JSON.stringify(e.positions)}).`,
  },
  TOKEN_NOT_HELD: {
    en: (e) => `You hold no ${colour(e.colour, 'en')} token.`,
    fr: (e) => `Vous n’avez pas de jeton ${colour(e.colour, 'fr')}.`,
  },
  TOKEN_ALREADY_HELD: {
    en: (e) => `You already hold a ${colour(e.colour, 'en')} token: choose a colour you lack.`,
    fr: (e) => `Vous avez déjà un jeton ${colour(e.colour, 'fr')}\u00a0: choisissez une couleur qui vous manque.`,
  },
  BAD_DECK: {
    en: (e) => `Bad stacked deck at "${String(e.card)}": ${String(e.reason)}.`,
    fr: (e) => `Paquet arrangé invalide à «\u00a0${String(e.card)}\u00a0»\u00a0: ${String(e.reason)}.`,
  },
};
