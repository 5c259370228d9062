/**
 * The 110 cards of the jousting game as data (seed 000: "110 Cartes réparties comme suit"). A card *kind* is a
 * record (names, printed value, colour or kind, effect, count, provenance); the 110 *instances* are numbered
 * 0..109 and written `<kind>.<copy>` (`red-4.3`), so that views can name the very card on a display.
 */

export const COLOURS = ['purple', 'red', 'blue', 'yellow', 'green'] as const;
export type Colour = (typeof COLOURS)[number];

export const COLOUR_NAMES: { readonly [C in Colour]: { readonly fr: string; readonly en: string } } = {
  purple: { fr: 'violet', en: 'purple' },
  red: { fr: 'rouge', en: 'red' },
  blue: { fr: 'bleu', en: 'blue' },
  yellow: { fr: 'jaune', en: 'yellow' },
  green: { fr: 'vert', en: 'green' },
};

/** The effect of an action card; the id is the card's short name in the notation. */
export const EFFECTS = [
  'desarconne',
  'changement-arme',
  'maladresse',
  'lance-brisee',
  'riposte',
  'esquive',
  'retraite',
  'chute',
  'feinte',
  'charge',
  'contre-charge',
  'disgrace',
  'adaptation',
  'finesse',
  'bouclier',
  'assomme',
  'lancelot',
] as const;
export type Effect = (typeof EFFECTS)[number];

export type CardType = 'colour' | 'support' | 'action';

export interface CardKind {
  /** Short id used in the notation: `red-4`, `squire-2`, `maiden`, `riposte`. */
  readonly id: string;
  readonly fr: string;
  readonly en: string;
  readonly type: CardType;
  /** Printed value (0 for action cards). */
  readonly value: number;
  readonly colour: Colour | null;
  readonly effect: Effect | null;
  readonly count: number;
  /** Where the card's existence, count and text come from. */
  readonly provenance: string;
  /** The card's effect in a sentence, for the rules reference and the terminal. */
  readonly text?: { readonly fr: string; readonly en: string };
}

const SEED = 'seed 000 (composition du jeu)';
const SEED_ACTION = "seed 000 (cartes d'action); count from the GMT rulebook (research §1.1)";

function colourKind(colour: Colour, value: number, count: number): CardKind {
  const n = COLOUR_NAMES[colour];
  return {
    id: `${colour}-${value}`,
    fr: `${n.fr[0]!.toUpperCase()}${n.fr.slice(1)} ${value}`,
    en: `${n.en[0]!.toUpperCase()}${n.en.slice(1)} ${value}`,
    type: 'colour',
    value,
    colour,
    effect: null,
    count,
    provenance: SEED,
  };
}

function action(effect: Effect, fr: string, en: string, textFr: string, textEn: string, count = 1): CardKind {
  return {
    id: effect,
    fr,
    en,
    type: 'action',
    value: 0,
    colour: null,
    effect,
    count,
    provenance: SEED_ACTION,
    text: { fr: textFr, en: textEn },
  };
}

export const KINDS: readonly CardKind[] = [
  colourKind('purple', 3, 4),
  colourKind('purple', 4, 4),
  colourKind('purple', 5, 4),
  colourKind('purple', 7, 2),
  colourKind('red', 3, 6),
  colourKind('red', 4, 6),
  colourKind('red', 5, 2),
  colourKind('blue', 2, 4),
  colourKind('blue', 3, 4),
  colourKind('blue', 4, 4),
  colourKind('blue', 5, 2),
  colourKind('yellow', 2, 4),
  colourKind('yellow', 3, 8),
  colourKind('yellow', 4, 2),
  colourKind('green', 1, 14),
  {
    id: 'squire-2',
    fr: 'Écuyer 2',
    en: 'Squire 2',
    type: 'support',
    value: 2,
    colour: null,
    effect: null,
    count: 8,
    provenance: SEED,
  },
  {
    id: 'squire-3',
    fr: 'Écuyer 3',
    en: 'Squire 3',
    type: 'support',
    value: 3,
    colour: null,
    effect: null,
    count: 8,
    provenance: SEED,
  },
  {
    id: 'maiden',
    fr: 'Dame',
    en: 'Maiden',
    type: 'support',
    value: 6,
    colour: null,
    effect: null,
    count: 4,
    provenance: SEED,
  },
  action(
    'desarconne',
    'Désarçonné',
    'Unhorse',
    'Un tournoi violet devient rouge, bleu ou jaune.',
    'A purple tournament becomes red, blue or yellow.',
  ),
  action(
    'changement-arme',
    "Changement d'arme",
    'Change Weapon',
    'Un tournoi rouge, bleu ou jaune prend une autre de ces trois couleurs.',
    'A red, blue or yellow tournament becomes another of those three colours.',
  ),
  action(
    'maladresse',
    'Maladresse',
    'Drop Weapon',
    'Un tournoi rouge, bleu ou jaune devient vert.',
    'A red, blue or yellow tournament becomes green.',
  ),
  action(
    'lance-brisee',
    'Lance brisée',
    'Break Lance',
    'Un adversaire défausse toutes les cartes violettes de son personnage.',
    'One opponent discards every purple card from their display.',
  ),
  action(
    'riposte',
    'Riposte',
    'Riposte',
    "Prenez la dernière carte du personnage d'un adversaire et posez-la sur le vôtre.",
    "Take the last card of an opponent's display and put it on yours.",
    3,
  ),
  action(
    'esquive',
    'Esquive',
    'Dodge',
    "Défaussez une carte du personnage d'un adversaire.",
    "Discard one card of an opponent's display.",
  ),
  action(
    'retraite',
    'Retraite',
    'Retreat',
    'Reprenez en main une carte de votre personnage.',
    'Take one card of your display back into your hand.',
  ),
  action(
    'chute',
    'Chute',
    'Knock Down',
    "Prenez au hasard une carte de la main d'un adversaire, sans la montrer.",
    "Take a random card from an opponent's hand, unseen by the others.",
    2,
  ),
  action(
    'feinte',
    'Feinte',
    'Outmaneuver',
    'Chaque adversaire défausse la dernière carte de son personnage.',
    'Every opponent discards the last card of their display.',
  ),
  action(
    'charge',
    'Charge',
    'Charge',
    'La plus petite valeur imprimée des personnages : chacun défausse ses cartes de cette valeur.',
    'The lowest printed value on the displays: everyone discards their cards of that value.',
  ),
  action(
    'contre-charge',
    'Contre-charge',
    'Countercharge',
    'La plus grande valeur imprimée des personnages : chacun défausse ses cartes de cette valeur.',
    'The highest printed value on the displays: everyone discards their cards of that value.',
  ),
  action(
    'disgrace',
    'Disgrâce',
    'Disgrace',
    'Chacun défausse les cartes de soutien de son personnage.',
    'Everyone discards the support cards from their display.',
  ),
  action(
    'adaptation',
    'Adaptation',
    'Adapt',
    'Chacun ne garde qu’une carte de chaque valeur sur son personnage, à son choix.',
    'Everyone keeps one card of each value in their display, of their choice.',
  ),
  action(
    'finesse',
    'Finesse',
    'Outwit',
    "Échangez une de vos cartes visibles contre une de celles d'un adversaire (Bouclier et Assommé compris).",
    "Swap one of your face-up cards with one of an opponent's (Shield and Stunned included).",
  ),
  action(
    'bouclier',
    'Bouclier',
    'Shield',
    "À côté de votre personnage : les cartes d'action adverses n'ont plus d'effet sur lui.",
    "Beside your display: opponents' action cards no longer affect it.",
  ),
  action(
    'assomme',
    'Assommé',
    'Stunned',
    "Devant un adversaire : il ne peut plus ajouter qu'une carte par tour à son personnage.",
    'In front of an opponent: they may add only one card per turn to their display.',
  ),
  action(
    'lancelot',
    'Lancelot',
    'Ivanhoe',
    "Hors de votre tour : annule la carte d'action qui vient d'être jouée.",
    'Out of turn: cancels the action card just played.',
  ),
];

export const KIND_BY_ID: ReadonlyMap<string, number> = new Map(KINDS.map((k, i) => [k.id, i]));

/** Instance tables, indexed by card number 0..109. */
export const CARD_KIND: readonly number[] = KINDS.flatMap((k, i) => Array.from({ length: k.count }, () => i));
export const CARD_COUNT = CARD_KIND.length;
export const CARD_ID: readonly string[] = (() => {
  const seen = new Map<number, number>();
  return CARD_KIND.map((k) => {
    const copy = (seen.get(k) ?? 0) + 1;
    seen.set(k, copy);
    return `${KINDS[k]!.id}.${copy}`;
  });
})();
export const CARD_BY_ID: ReadonlyMap<string, number> = new Map(CARD_ID.map((id, i) => [id, i]));

export function kindOf(card: number): CardKind {
  return KINDS[CARD_KIND[card]!]!;
}
export function kindId(card: number): string {
  return KINDS[CARD_KIND[card]!]!.id;
}
export const VALUE: readonly number[] = CARD_KIND.map((k) => KINDS[k]!.value);
export const COLOUR: readonly (Colour | null)[] = CARD_KIND.map((k) => KINDS[k]!.colour);
export const TYPE: readonly CardType[] = CARD_KIND.map((k) => KINDS[k]!.type);
export const EFFECT: readonly (Effect | null)[] = CARD_KIND.map((k) => KINDS[k]!.effect);

function only(effect: Effect): number {
  const i = EFFECT.indexOf(effect);
  if (i < 0) throw new Error(`no card ${effect}`);
  return i;
}
/** The unique cards the engine tracks by number. */
export const SHIELD_CARD = only('bouclier');
export const STUN_CARD = only('assomme');
export const LANCELOT_CARD = only('lancelot');

export function isMaiden(card: number): boolean {
  return KINDS[CARD_KIND[card]!]!.id === 'maiden';
}

/** Aliases accepted by the notation (French names, English names, accents dropped). */
export const KIND_ALIASES: ReadonlyMap<string, string> = (() => {
  const m = new Map<string, string>();
  const fr: Record<string, Colour> = { violet: 'purple', rouge: 'red', bleu: 'blue', jaune: 'yellow', vert: 'green' };
  for (const k of KINDS) {
    m.set(k.id, k.id);
    if (k.type === 'colour') {
      for (const [f, c] of Object.entries(fr)) if (c === k.colour) m.set(`${f}-${k.value}`, k.id);
    } else {
      m.set(slug(k.fr), k.id);
      m.set(slug(k.en), k.id);
    }
  }
  m.set('ecuyer-2', 'squire-2');
  m.set('ecuyer-3', 'squire-3');
  m.set('dame', 'maiden');
  m.set('maiden-6', 'maiden');
  m.set('dame-6', 'maiden');
  m.set('changement-d-arme', 'changement-arme');
  m.set('ivanhoe', 'lancelot');
  return m;
})();

/** Lower case, accents and apostrophes dropped, spaces to hyphens: "Changement d'arme" → "changement-d-arme". */
export function slug(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[’'\s]+/g, '-')
    .replace(/-+/g, '-');
}

export function colourFromText(text: string): Colour | null {
  const t = slug(text);
  for (const c of COLOURS) if (c === t || COLOUR_NAMES[c].fr === t) return c;
  return null;
}
