import type { GameError, MessageCatalog } from '@roundtable/core';
import { KINDS, KIND_BY_ID, LOCATION_NAMES, kindOfInstance, type Location } from './cards.ts';

function cardName(id: unknown, lang: 'fr' | 'en'): string {
  if (typeof id !== 'string') return String(id);
  const kind = KIND_BY_ID.get(kindOfInstance(id));
  return kind === undefined ? id : KINDS[kind]![lang];
}
function place(p: unknown, lang: 'fr' | 'en'): string {
  return typeof p === 'string' && p in LOCATION_NAMES ? LOCATION_NAMES[p as Location][lang] : String(p);
}
const ACTION_NAMES: Record<string, { fr: string; en: string }> = {
  move: { fr: 'se déplacer', en: 'move' },
  quest: { fr: 'agir sur la quête', en: 'quest action' },
  special: { fr: 'carte blanche spéciale', en: 'special white card' },
  heal: { fr: 'se soigner', en: 'heal' },
  accuse: { fr: 'accuser', en: 'accuse' },
};
const action = (e: GameError, lang: 'fr' | 'en'): string => ACTION_NAMES[String(e.action)]?.[lang] ?? String(e.action);

export const messages: MessageCatalog = {
  WRONG_PHASE: {
    en: (e) => `"${String(e.move)}" cannot be played now (waiting for: ${String(e.phase)}).`,
    fr: (e) =>
      `«\u00a0${String(e.move)}\u00a0» ne peut pas être joué maintenant (on attend\u00a0: ${String(e.phase)}).`,
  },
  BAD_PROPOSAL: {
    en: (e) =>
      `"propose ${String(e.given)}" does not give each seat one card: give ${String(e.players)} numbers, each seat from 0 to ${Number(e.players) - 1} once (seat i gets the card laid by the i-th number), e.g. "propose ${proposal(Number(e.players))}".`,
    fr: (e) =>
      `«\u00a0propose ${String(e.given)}\u00a0» ne donne pas une carte à chaque siège\u00a0: donnez ${String(e.players)} numéros, chaque siège de 0 à ${Number(e.players) - 1} une fois (le siège i reçoit la carte posée par le i-ème numéro), par exemple «\u00a0propose ${proposal(Number(e.players))}\u00a0».`,
  },
  ILLEGAL_MOVE: {
    en: (e) => `"${String(e.move)}" is not a legal move here.`,
    fr: (e) => `«\u00a0${String(e.move)}\u00a0» n’est pas un coup permis ici.`,
  },
  UNKNOWN_CARD: {
    en: (e) => `There is no card "${String(e.card)}".`,
    fr: (e) => `Il n’y a pas de carte «\u00a0${String(e.card)}\u00a0».`,
  },
  NOT_IN_HAND: {
    en: (e) => `You have no ${cardName(e.card, 'en')} in your hand.`,
    fr: (e) => `Vous n’avez pas de carte ${cardName(e.card, 'fr')} en main.`,
  },
  ACTION_USED: {
    en: (e) =>
      `You have already taken a "${action(e, 'en')}" heroic action this turn (a second action must be of another type).`,
    fr: (e) =>
      `Vous avez déjà fait l’action héroïque «\u00a0${action(e, 'fr')}\u00a0» ce tour-ci (une seconde action doit être d’un autre type).`,
  },
  NO_MORE_ACTIONS: {
    en: () => 'You have taken your heroic action and the one extra action paid with a life point: end your turn.',
    fr: () =>
      'Vous avez fait votre action héroïque et l’action supplémentaire payée d’un point de bravoure\u00a0: finissez votre tour.',
  },
  TRAITOR_NO_LIFE: {
    en: () => 'A revealed traitor has no life points to lose.',
    fr: () => 'Un félon démasqué n’a pas de points de bravoure à perdre.',
  },
  NO_BLACK_CARD: {
    en: () => 'There is no black card left to draw.',
    fr: () => 'Il ne reste aucune carte noire à piocher.',
  },
  NOT_DRAWN: {
    en: (e) => `${cardName(e.card, 'en')} is not one of the two cards drawn.`,
    fr: (e) => `${cardName(e.card, 'fr')} n’est pas l’une des deux cartes piochées.`,
  },
  NOT_ENOUGH_MERLINS: {
    en: (e) => `You do not hold ${String(e.count)} Merlin ${Number(e.count) === 1 ? 'card' : 'cards'}.`,
    fr: (e) => `Vous n’avez pas ${String(e.count)} ${Number(e.count) > 1 ? 'cartes' : 'carte'} Merlin.`,
  },
  CANNOT_VOLUNTEER: {
    en: () => 'You need 3 white cards to volunteer.',
    fr: () => 'Il faut 3 cartes blanches pour se porter volontaire.',
  },
  DISCARD_COUNT: {
    en: (e) =>
      `You must discard exactly ${String(e.need)} white ${Number(e.need) === 1 ? 'card' : 'cards'} from your hand.`,
    fr: (e) =>
      `Vous devez défausser exactement ${String(e.need)} ${Number(e.need) > 1 ? 'cartes blanches' : 'carte blanche'} de votre main.`,
  },
  ALREADY_THERE: {
    en: (e) => `You are already at ${place(e.place, 'en')}.`,
    fr: (e) => `Vous êtes déjà sur ${place(e.place, 'fr')}.`,
  },
  QUEST_OVER: { en: (e) => `${place(e.place, 'en')} is over.`, fr: (e) => `${place(e.place, 'fr')} est terminée.` },
  QUEST_OCCUPIED: {
    en: (e) => `${place(e.place, 'en')} is a solo quest and another knight is there.`,
    fr: (e) => `${place(e.place, 'fr')} est une quête solitaire et un autre chevalier s’y trouve.`,
  },
  NOT_AT: {
    en: (e) => `You must be at ${place(e.place, 'en')} for that.`,
    fr: (e) => `Il faut être sur ${place(e.place, 'fr')} pour cela.`,
  },
  HAND_FULL: {
    en: (e) => `You may not draw at the Round Table with ${String(e.size)} cards (12 or more).`,
    fr: (e) => `Impossible de piocher à la Table Ronde avec ${String(e.size)} cartes (12 ou plus).`,
  },
  NO_SIEGE_ENGINE: {
    en: () => 'There is no siege engine to fight.',
    fr: () => 'Il n’y a aucun engin de siège à combattre.',
  },
  NOT_FIGHT_CARDS: {
    en: () => 'A siege fight takes one or more Fight cards from your hand.',
    fr: () => 'La lutte contre un engin se fait avec une ou plusieurs cartes Combat de votre main.',
  },
  NO_FIGHT_HERE: {
    en: (e) => `Fight cards are not played at ${place(e.place, 'en')}.`,
    fr: (e) => `On ne joue pas de carte Combat sur ${place(e.place, 'fr')}.`,
  },
  WAR_ORDER: {
    en: (e) =>
      `The war needs its Fight cards in order 1, 2, 3, 4, 5: the next one is ${String(e.need)} (not ${cardName(e.card, 'en')}).`,
    fr: (e) =>
      `La guerre demande les cartes Combat dans l’ordre 1, 2, 3, 4, 5\u00a0: la suivante est ${String(e.need)} (pas ${cardName(e.card, 'fr')}).`,
  },
  BAD_PATTERN: {
    en: (e) =>
      `${cardName(e.card, 'en')} does not fit ${place(e.place, 'en')}'s pattern (Black Knight: two pairs; Lancelot: full house; Dragon: three threes of a kind).`,
    fr: (e) =>
      `${cardName(e.card, 'fr')} ne respecte pas la combinaison de ${place(e.place, 'fr')} (Chevalier Noir\u00a0: deux paires\u00a0; Lancelot\u00a0: brelan et paire\u00a0; Dragon\u00a0: trois brelans).`,
  },
  BROCELIANDE: {
    en: () => 'The Dark Forest (Brocéliande) forbids Grail cards until a quest is won.',
    fr: () => 'Brocéliande interdit d’ajouter des cartes Graal jusqu’à la prochaine quête gagnée.',
  },
  MAX_LIFE: {
    en: () => 'You already have 6 life points, the most a knight can have.',
    fr: () => 'Vous avez déjà 6 points de bravoure, le maximum.',
  },
  HEAL_THREE: {
    en: (e) => `Healing takes 3 identical white cards (you lack three ${cardName(e.card, 'en')}).`,
    fr: (e) => `Se soigner demande 3 cartes blanches identiques (pas trois ${cardName(e.card, 'fr')}).`,
  },
  ALREADY_ACCUSED: {
    en: () => 'Each player may accuse only once per game.',
    fr: () => 'Une seule accusation par joueur sur la partie.',
  },
  TOO_EARLY_TO_ACCUSE: {
    en: (e) =>
      `An accusation needs at least 6 swords or 6 siege engines (now ${String(e.swords)} swords, ${String(e.siege)} engines).`,
    fr: (e) =>
      `Une accusation demande au moins 6 épées ou 6 engins de siège (actuellement ${String(e.swords)} épées, ${String(e.siege)} engins).`,
  },
  BAD_TARGET: {
    en: (e) => `Seat ${String(e.target)} cannot be chosen (it must be another living knight, not unmasked).`,
    fr: (e) =>
      `Le siège ${String(e.target)} ne peut pas être choisi (il faut un autre chevalier vivant, non démasqué).`,
  },
  NOT_SPECIAL: {
    en: (e) => `${cardName(e.card, 'en')} is not a special white card.`,
    fr: (e) => `${cardName(e.card, 'fr')} n’est pas une carte blanche spéciale.`,
  },
  VIVIEN: {
    en: () => 'Vivien forbids Merlin cards until a quest is won.',
    fr: () => 'Viviane interdit les cartes Merlin jusqu’à la prochaine quête gagnée.',
  },
  BAD_SPECIAL: {
    en: (e) => `${cardName(e.card, 'en')} cannot be played that way${e.arg ? ` (${String(e.arg)})` : ''}.`,
    fr: (e) => `${cardName(e.card, 'fr')} ne peut pas être jouée ainsi${e.arg ? ` (${String(e.arg)})` : ''}.`,
  },
  NOT_ARTHUR: {
    en: () => 'Only King Arthur may swap a card.',
    fr: () => 'Seul le roi Arthur peut échanger une carte.',
  },
  ALREADY_SWAPPED: {
    en: () => 'King Arthur swaps one card per turn.',
    fr: () => 'Le roi Arthur échange une seule carte par tour.',
  },
  ALREADY_DECLARED: { en: () => 'One declaration per turn.', fr: () => 'Une seule déclaration par tour.' },
  BAD_DECLARATION: {
    en: () => 'Declarations: strong, weak, or help <quest still open>.',
    fr: () => 'Déclarations\u00a0: fort, faible, ou aide <quête encore ouverte>.',
  },
  NOT_TRAITOR: { en: () => 'Only the traitor may reveal himself.', fr: () => 'Seul le félon peut se dévoiler.' },
  NO_ACTION_YET: {
    en: () => 'Take at least one heroic action before ending your turn.',
    fr: () => 'Faites au moins une action héroïque avant de finir votre tour.',
  },
  NO_EXCALIBUR: {
    en: () => 'Only the holder of Excalibur may cancel a black card with it.',
    fr: () => 'Seul le porteur d’Excalibur peut annuler une carte noire avec elle.',
  },
  EXCALIBUR_USED: {
    en: () => 'Excalibur has already cancelled a black card this turn (once per turn).',
    fr: () => 'Excalibur a déjà annulé une carte noire ce tour-ci (une fois par tour).',
  },
  NOTHING_TO_CANCEL: {
    en: () => 'There is no standard black card just drawn for Excalibur to cancel.',
    fr: () => 'Il n’y a aucune carte noire standard tout juste piochée qu’Excalibur puisse annuler.',
  },
  EXCALIBUR_CANCEL_OFF: {
    en: () => 'In this game Excalibur cannot cancel black cards (option).',
    fr: () => 'Dans cette partie, Excalibur ne peut pas annuler de carte noire (option).',
  },
  BAD_DECK: {
    en: (e) => `Bad card list: ${String(e.card)} (${String(e.reason)}).`,
    fr: (e) => `Liste de cartes invalide\u00a0: ${String(e.card)} (${String(e.reason)}).`,
  },
};

/** A proposal for n seats that moves every card on by one ("1 2 3 0"), as an example. */
function proposal(n: number): string {
  return Array.from({ length: n }, (_, i) => (i + 1) % n).join(' ');
}
