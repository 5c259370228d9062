/**
 * Every component of Shadows over Camelot as data (seed 004 and research/shadows.md). A card *kind* is a record
 * (names, count, effect, provenance); the 160 white and black *instances* are numbered 0..159 (white 0..83,
 * black 84..159) and written `<kind>.<copy>` (`fight-3.2`) in views.
 *
 * Provenance: `seed` (the French quest sheet), `publisher` (rulebook component list, DoW FAQ), `community`
 * (two or more secondary sources, research tag [B]), `house` (a single source [C] or our own stand-in [D]).
 */

export type Provenance = 'seed' | 'publisher' | 'community' | 'house';
export type Named = { readonly fr: string; readonly en: string };

export type WhiteEffect =
  | 'fight'
  | 'grail'
  | 'merlin'
  | 'fate'
  | 'piety'
  | 'heroism'
  | 'reinforcements'
  | 'clairvoyance'
  | 'messenger'
  | 'lady'
  | 'convocation';

export type BlackEffect =
  | 'black-knight'
  | 'lancelot-dragon'
  | 'excalibur'
  | 'despair'
  | 'picts'
  | 'saxons'
  | 'mercenaries'
  | 'morgan-1'
  | 'morgan-2'
  | 'morgan-3'
  | 'morgan-4'
  | 'morgan-5'
  | 'desolation'
  | 'broceliande'
  | 'guinevere'
  | 'mists'
  | 'mordred'
  | 'vivien';

export interface CardKind {
  /** Short id used in the notation: `fight-3`, `grail`, `merlin`, `bk-5`, `ld-3`, `morgan-2`. */
  readonly id: string;
  readonly fr: string;
  readonly en: string;
  readonly colour: 'white' | 'black';
  /** White specials and black specials ("spéciales"); the rest are standard cards. */
  readonly special: boolean;
  readonly effect: WhiteEffect | BlackEffect;
  /** Fight value; Black Knight value; Lancelot value (Dragon value in `value2`). */
  readonly value: number;
  readonly value2: number;
  readonly count: number;
  readonly provenance: Provenance;
  readonly text: Named;
  /** Accepted spellings in the notation, besides the id (French names, English long names). */
  readonly aliases: readonly string[];
}

const k = (
  id: string,
  fr: string,
  en: string,
  colour: 'white' | 'black',
  special: boolean,
  effect: WhiteEffect | BlackEffect,
  count: number,
  provenance: Provenance,
  text: Named,
  aliases: readonly string[] = [],
  value = 0,
  value2 = 0,
): CardKind => ({ id, fr, en, colour, special, effect, value, value2, count, provenance, text, aliases });

const fightText = (v: number): Named => ({
  fr: `Combat ${v}\u00a0: Chevalier Noir (deux paires), Lancelot (brelan + paire), Dragon (trois brelans), guerres (suite 1-2-3-4-5), lutte contre les engins de siège.`,
  en: `Fight ${v}: Black Knight (two pairs), Lancelot (full house), Dragon (three of a kind ×3), wars (straight 1-2-3-4-5), siege fights.`,
});

/** The 84 white cards (research §5, counts [B]; total [A]). */
export const WHITE_KINDS: readonly CardKind[] = [
  k('fight-1', 'Combat 1', 'Fight 1', 'white', false, 'fight', 14, 'community', fightText(1), ['combat-1', 'f1'], 1),
  k('fight-2', 'Combat 2', 'Fight 2', 'white', false, 'fight', 12, 'community', fightText(2), ['combat-2', 'f2'], 2),
  k('fight-3', 'Combat 3', 'Fight 3', 'white', false, 'fight', 10, 'community', fightText(3), ['combat-3', 'f3'], 3),
  k('fight-4', 'Combat 4', 'Fight 4', 'white', false, 'fight', 8, 'community', fightText(4), ['combat-4', 'f4'], 4),
  k('fight-5', 'Combat 5', 'Fight 5', 'white', false, 'fight', 7, 'community', fightText(5), ['combat-5', 'f5'], 5),
  k(
    'grail',
    'Graal',
    'Grail',
    'white',
    false,
    'grail',
    18,
    'community',
    {
      fr: 'Quête du Saint Graal\u00a0: s’ajoute si un emplacement est libre, sinon détruit une carte Désespoir ou Désolation (seed 004).',
      en: 'Holy Grail quest: added if a spot is free, else destroys a Despair or Desolation card (seed 004).',
    },
    ['graal'],
  ),
  k('merlin', 'Merlin', 'Merlin', 'white', true, 'merlin', 7, 'house', {
    fr: 'Action héroïque\u00a0: retirer un engin de siège, ou la dernière carte noire standard d’une quête, ou une figurine picte/saxonne. Trois Merlin joués ensemble annulent une carte noire spéciale (seed 004).',
    en: 'Heroic action: remove a siege engine, or the last standard black card of a quest, or a Pict/Saxon figure. Three Merlins played together cancel a special black card (seed 004).',
  }),
  k(
    'fate',
    'Destin',
    'Fate',
    'white',
    true,
    'fate',
    1,
    'house',
    {
      fr: 'Loyal\u00a0: chaque chevalier pioche 1 carte blanche. Félon\u00a0: il se dévoile et chaque autre chevalier défausse 2 cartes blanches au hasard.',
      en: 'Loyal: every knight draws 1 white card. Traitor: he reveals himself and every other knight discards 2 white cards at random.',
    },
    ['destin'],
  ),
  k(
    'piety',
    'Piété',
    'Piety',
    'white',
    true,
    'piety',
    1,
    'house',
    {
      fr: 'Gagner 3 points de bravoure, ou chaque autre chevalier en gagne 1.',
      en: 'Gain 3 life points, or every other knight gains 1.',
    },
    ['piete'],
  ),
  k(
    'heroism',
    'Héroïsme',
    'Heroism',
    'white',
    true,
    'heroism',
    1,
    'house',
    {
      fr: 'Posée sur une quête\u00a0: +1 épée blanche si elle est gagnée, +1 épée noire si elle est perdue.',
      en: 'Laid on a quest: +1 white sword if it is won, +1 black sword if it is lost.',
    },
    ['heroisme'],
  ),
  k(
    'reinforcements',
    'Renforts',
    'Reinforcements',
    'white',
    true,
    'reinforcements',
    1,
    'house',
    {
      fr: 'Piocher 4 cartes blanches, ou chaque autre chevalier en pioche 1.',
      en: 'Draw 4 white cards, or every other knight draws 1.',
    },
    ['renforts'],
  ),
  k(
    'clairvoyance',
    'Clairvoyance',
    'Clairvoyance',
    'white',
    true,
    'clairvoyance',
    1,
    'house',
    {
      fr: 'Regarder les 5 cartes du dessus de la pioche noire et les remettre dans l’ordre de son choix.',
      en: 'Look at the top 5 black cards and put them back in any order.',
    },
    ['voyance'],
  ),
  k(
    'messenger',
    'Messager',
    'Messenger',
    'white',
    true,
    'messenger',
    1,
    'house',
    {
      fr: 'Donner 1 à 3 cartes blanches à un chevalier de son choix.',
      en: 'Give 1 to 3 white cards to a knight of your choice.',
    },
    ['messager'],
  ),
  k(
    'lady',
    'Dame du Lac',
    'Lady of the Lake',
    'white',
    true,
    'lady',
    1,
    'community',
    {
      fr: 'Excalibur avance d’une case vers les chevaliers\u00a0; si la quête d’Excalibur est finie, gagner 2 points de bravoure.',
      en: 'Excalibur moves one step towards the knights; if the Excalibur quest is over, gain 2 life points.',
    },
    ['dame-du-lac', 'lady-of-the-lake'],
  ),
  k('convocation', 'Convocation', 'Convocation', 'white', true, 'convocation', 1, 'house', {
    fr: 'Tous les chevaliers reviennent à Camelot et piochent ensemble autant de cartes blanches qu’ils sont, distribuées une à une.',
    en: 'Every knight returns to Camelot; together they draw as many white cards as there are knights, dealt one at a time.',
  }),
];

const bkText: Named = {
  fr: 'Se pose sur le Tournoi contre le Chevalier Noir (face cachée\u00a0: le joueur pioche une carte blanche).',
  en: 'Goes on the Black Knight quest (face down: the player draws a white card).',
};
const ldText: Named = {
  fr: 'Se pose sur la quête de Lancelot (première valeur) ou du Dragon (seconde valeur)\u00a0; face cachée\u00a0: une carte blanche. Après le Dragon\u00a0: un engin de siège.',
  en: 'Goes on the Lancelot quest (first value) or the Dragon quest (second value); face down: one white card. After the Dragon: a siege engine.',
};

/** The 76 black cards: 64 standard [B], 12 special (names [B], effects [C]). */
export const BLACK_KINDS: readonly CardKind[] = [
  k(
    'bk-1',
    'Chevalier Noir 1',
    'Black Knight 1',
    'black',
    false,
    'black-knight',
    5,
    'community',
    bkText,
    ['black-knight-1', 'chevalier-noir-1'],
    1,
  ),
  k(
    'bk-3',
    'Chevalier Noir 3',
    'Black Knight 3',
    'black',
    false,
    'black-knight',
    3,
    'community',
    bkText,
    ['black-knight-3', 'chevalier-noir-3'],
    3,
  ),
  k(
    'bk-5',
    'Chevalier Noir 5',
    'Black Knight 5',
    'black',
    false,
    'black-knight',
    2,
    'community',
    bkText,
    ['black-knight-5', 'chevalier-noir-5'],
    5,
  ),
  k(
    'bk-7',
    'Chevalier Noir 7',
    'Black Knight 7',
    'black',
    false,
    'black-knight',
    1,
    'community',
    bkText,
    ['black-knight-7', 'chevalier-noir-7'],
    7,
  ),
  k(
    'ld-1',
    'Lancelot 1 / Dragon 5',
    'Lancelot 1 / Dragon 5',
    'black',
    false,
    'lancelot-dragon',
    4,
    'community',
    ldText,
    ['lancelot-dragon-1'],
    1,
    5,
  ),
  k(
    'ld-3',
    'Lancelot 3 / Dragon 7',
    'Lancelot 3 / Dragon 7',
    'black',
    false,
    'lancelot-dragon',
    3,
    'community',
    ldText,
    ['lancelot-dragon-3'],
    3,
    7,
  ),
  k(
    'ld-5',
    'Lancelot 5 / Dragon 9',
    'Lancelot 5 / Dragon 9',
    'black',
    false,
    'lancelot-dragon',
    3,
    'community',
    ldText,
    ['lancelot-dragon-5'],
    5,
    9,
  ),
  k(
    'ld-7',
    'Lancelot 7 / Dragon 11',
    'Lancelot 7 / Dragon 11',
    'black',
    false,
    'lancelot-dragon',
    1,
    'community',
    ldText,
    ['lancelot-dragon-7'],
    7,
    11,
  ),
  k('excalibur', 'Excalibur', 'Excalibur', 'black', false, 'excalibur', 15, 'seed', {
    fr: 'Excalibur recule d’une case vers l’oubli\u00a0; après la quête, un engin de siège (seed 004).',
    en: 'Excalibur moves one step towards oblivion; after the quest, a siege engine (seed 004).',
  }),
  k(
    'despair',
    'Désespoir',
    'Despair',
    'black',
    false,
    'despair',
    15,
    'seed',
    {
      fr: 'S’ajoute au Graal si un emplacement est libre, sinon détruit une carte Graal\u00a0; après la quête, un engin de siège (seed 004).',
      en: 'Added to the Grail if a spot is free, else destroys a Grail card; after the quest, a siege engine (seed 004).',
    },
    ['desespoir'],
  ),
  k(
    'picts',
    'Pictes',
    'Picts',
    'black',
    false,
    'picts',
    4,
    'seed',
    { fr: 'Ajouter une figurine picte (seed 004).', en: 'Add a Pict figure (seed 004).' },
    ['pictes', 'picte'],
  ),
  k(
    'saxons',
    'Saxons',
    'Saxons',
    'black',
    false,
    'saxons',
    4,
    'seed',
    { fr: 'Ajouter une figurine saxonne (seed 004).', en: 'Add a Saxon figure (seed 004).' },
    ['saxon'],
  ),
  k(
    'mercenaries',
    'Mercenaires',
    'Mercenaries',
    'black',
    false,
    'mercenaries',
    4,
    'seed',
    {
      fr: 'Ajouter au choix une figurine picte ou saxonne (seed 004).',
      en: 'Add a Pict or a Saxon figure, drawer’s choice (seed 004).',
    },
    ['mercenaires', 'mercenaire'],
  ),
  k(
    'morgan-1',
    'Morgane 1',
    'Morgan 1',
    'black',
    true,
    'morgan-1',
    1,
    'house',
    {
      fr: 'Un volontaire défausse 3 cartes blanches\u00a0; sinon chaque chevalier en défausse 1.',
      en: 'A volunteer discards 3 white cards; otherwise every knight discards 1.',
    },
    ['morgane-1'],
  ),
  k(
    'morgan-2',
    'Morgane 2',
    'Morgan 2',
    'black',
    true,
    'morgan-2',
    1,
    'house',
    {
      fr: 'Le joueur pioche et applique aussitôt les 3 cartes noires suivantes.',
      en: 'The drawer draws and resolves the next 3 black cards at once.',
    },
    ['morgane-2'],
  ),
  k(
    'morgan-3',
    'Morgane 3',
    'Morgan 3',
    'black',
    true,
    'morgan-3',
    1,
    'house',
    { fr: 'Ajouter 2 engins de siège.', en: 'Add 2 siege engines.' },
    ['morgane-3'],
  ),
  k(
    'morgan-4',
    'Morgane 4',
    'Morgan 4',
    'black',
    true,
    'morgan-4',
    1,
    'house',
    { fr: 'Chaque chevalier perd 1 point de bravoure.', en: 'Every knight loses 1 life point.' },
    ['morgane-4'],
  ),
  k(
    'morgan-5',
    'Morgane 5',
    'Morgan 5',
    'black',
    true,
    'morgan-5',
    1,
    'house',
    {
      fr: 'Un volontaire perd 2 points de bravoure\u00a0; sinon chaque chevalier défausse 1 carte blanche.',
      en: 'A volunteer loses 2 life points; otherwise every knight discards 1 white card.',
    },
    ['morgane-5'],
  ),
  k('desolation', 'Désolation', 'Desolation', 'black', true, 'desolation', 2, 'seed', {
    fr: 'Détruit une carte Graal puis se place comme une carte Désespoir\u00a0; après la quête, un engin de siège (seed 004).',
    en: 'Destroys a Grail card, then is placed like a Despair card; after the quest, a siege engine (seed 004).',
  }),
  k(
    'broceliande',
    'Brocéliande',
    'Dark Forest',
    'black',
    true,
    'broceliande',
    1,
    'seed',
    {
      fr: 'Interdiction d’ajouter des cartes Graal (seed 004) jusqu’à la prochaine quête gagnée [décision]\u00a0; après la quête, un engin de siège.',
      en: 'No Grail cards may be added (seed 004) until a quest is won [decision]; after the quest, a siege engine.',
    },
    ['dark-forest', 'foret-sombre'],
  ),
  k(
    'guinevere',
    'Guenièvre',
    'Guinevere',
    'black',
    true,
    'guinevere',
    1,
    'house',
    {
      fr: 'Tous les chevaliers reviennent à Camelot (cartes blanches des quêtes solitaires défaussées)\u00a0; le tour du joueur prend fin.',
      en: 'Every knight returns to Camelot (white cards on solo quests discarded); the drawer’s turn ends at once.',
    },
    ['guenievre'],
  ),
  k(
    'mists',
    "Brumes d'Avalon",
    'Mists of Avalon',
    'black',
    true,
    'mists',
    1,
    'community',
    {
      fr: 'Permanente\u00a0: chaque quête perdue ajoute une épée noire de plus.',
      en: 'Permanent: every lost quest adds one more black sword.',
    },
    ['brumes', 'mists-of-avalon', 'brumes-d-avalon'],
  ),
  k('mordred', 'Mordred', 'Mordred', 'black', true, 'mordred', 1, 'house', {
    fr: 'Ajouter une figurine à la guerre de son choix\u00a0; cette guerre demande un Combat 5 de plus (six cartes) tant que Mordred y est.',
    en: 'Add a figure to a war of your choice; that war needs one more Fight 5 (six cards) while Mordred is there.',
  }),
  k(
    'vivien',
    'Viviane',
    'Vivien',
    'black',
    true,
    'vivien',
    1,
    'house',
    {
      fr: 'Aucune carte Merlin ne peut être jouée jusqu’à la prochaine quête gagnée.',
      en: 'No Merlin card may be played until a quest is won.',
    },
    ['viviane'],
  ),
];

export const KINDS: readonly CardKind[] = [...WHITE_KINDS, ...BLACK_KINDS];
export const WHITE_COUNT = 84;
export const BLACK_COUNT = 76;
export const CARD_COUNT = WHITE_COUNT + BLACK_COUNT;

/** Per instance: its kind index in KINDS, and its instance id. */
export const CARD_KIND: readonly number[] = KINDS.flatMap((kind, i) => Array.from({ length: kind.count }, () => i));
export const CARD_ID: readonly string[] = KINDS.flatMap((kind) =>
  Array.from({ length: kind.count }, (_, c) => `${kind.id}.${c + 1}`),
);
export const KIND_BY_ID: ReadonlyMap<string, number> = new Map(KINDS.map((kind, i) => [kind.id, i]));
export const CARD_BY_ID: ReadonlyMap<string, number> = new Map(CARD_ID.map((id, i) => [id, i]));

/** Lower case, accents and apostrophes removed, spaces to dashes: how the notation compares words. */
export function slug(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[’'`]/g, '-')
    .replace(/\s+/g, '-');
}

export const KIND_ALIASES: ReadonlyMap<string, string> = new Map(
  KINDS.flatMap((kind) => [
    [kind.id, kind.id] as const,
    [slug(kind.en), kind.id] as const,
    [slug(kind.fr), kind.id] as const,
    ...kind.aliases.map((a) => [a, kind.id] as const),
  ]),
);

export const kindOf = (card: number): CardKind => KINDS[CARD_KIND[card]!]!;
export const kindId = (card: number): string => KINDS[CARD_KIND[card]!]!.id;
export const isWhite = (card: number): boolean => card < WHITE_COUNT;
/** A card's kind id from an instance id or a kind id. */
export const kindOfInstance = (id: string): string => (id.includes('.') ? id.slice(0, id.lastIndexOf('.')) : id);

export const FIGHT_KINDS = ['fight-1', 'fight-2', 'fight-3', 'fight-4', 'fight-5'] as const;
export const WHITE_SPECIALS = WHITE_KINDS.filter((kd) => kd.special).map((kd) => kd.id);

// ---------------------------------------------------------------------------------------------------------
// Knights, relics, loyalty, the board.

export const KNIGHTS = ['arthur', 'galahad', 'gawain', 'kay', 'percival', 'palamedes', 'tristan'] as const;
export type KnightId = (typeof KNIGHTS)[number];

export interface KnightData {
  readonly id: KnightId;
  readonly fr: string;
  readonly en: string;
  readonly provenance: Provenance;
  readonly power: Named;
}

/** research §4 [B]: the base game's seven knights and their coat-of-arms powers. */
export const KNIGHT_DATA: { readonly [K in KnightId]: KnightData } = {
  arthur: {
    id: 'arthur',
    fr: 'Roi Arthur',
    en: 'King Arthur',
    provenance: 'community',
    power: {
      fr: 'Une fois par tour, échange face cachée une carte blanche avec un chevalier de son choix (sans action).',
      en: 'Once per turn, swaps one white card face down with a knight of his choice (no action).',
    },
  },
  galahad: {
    id: 'galahad',
    fr: 'Sire Galahad',
    en: 'Sir Galahad',
    provenance: 'community',
    power: {
      fr: 'Peut jouer une carte blanche spéciale par tour sans action héroïque.',
      en: 'May play one special white card per turn without a heroic action.',
    },
  },
  gawain: {
    id: 'gawain',
    fr: 'Sire Gauvain',
    en: 'Sir Gawain',
    provenance: 'community',
    power: {
      fr: 'Pioche 3 cartes au lieu de 2 à la Table Ronde.',
      en: 'Draws 3 cards instead of 2 at the Round Table.',
    },
  },
  kay: {
    id: 'kay',
    fr: 'Sire Keu',
    en: 'Sir Kay',
    provenance: 'community',
    power: {
      fr: 'Quand un combat sur sa quête (ou sa lutte contre un engin) serait perdu, peut ajouter une carte Combat après la révélation.',
      en: 'When a combat on his quest (or his siege fight) would be lost, may add one Fight card after the reveal.',
    },
  },
  percival: {
    id: 'percival',
    fr: 'Sire Perceval',
    en: 'Sir Percival',
    provenance: 'community',
    power: {
      fr: 'Voit la carte du dessus de la pioche noire avant de choisir sa progression du mal.',
      en: 'Sees the top black card before choosing his Progression of Evil.',
    },
  },
  palamedes: {
    id: 'palamedes',
    fr: 'Sire Palomides',
    en: 'Sir Palamedes',
    provenance: 'community',
    power: {
      fr: 'Gagne 1 point de bravoure de plus pour chaque quête gagnée où il est présent.',
      en: 'Gains 1 extra life point for each won quest he is on.',
    },
  },
  tristan: {
    id: 'tristan',
    fr: 'Sire Tristan',
    en: 'Sir Tristan',
    provenance: 'community',
    power: {
      fr: 'Quitter Camelot ne lui coûte pas d’action (une fois par tour).',
      en: 'Leaving Camelot costs him no action (once per turn).',
    },
  },
};

export const RELICS = ['excalibur', 'grail', 'armor'] as const;
export type Relic = (typeof RELICS)[number];
export const RELIC_DATA: {
  readonly [R in Relic]: {
    readonly fr: string;
    readonly en: string;
    readonly provenance: Provenance;
    readonly power: Named;
  };
} = {
  excalibur: {
    fr: 'Excalibur',
    en: 'Excalibur',
    provenance: 'house',
    power: {
      fr: '+1 à chaque combat (quête ou lutte contre un engin) auquel prend part son porteur.',
      en: '+1 in every combat (quest or siege fight) its holder takes part in.',
    },
  },
  grail: {
    fr: 'Saint Graal',
    en: 'Holy Grail',
    provenance: 'house',
    power: {
      fr: 'Son porteur peut sauver un chevalier qui meurt\u00a0: il revient à 4 points de bravoure et le Graal quitte la partie.',
      en: 'Its holder may save a dying knight: he returns to 4 life points and the Grail leaves the game.',
    },
  },
  armor: {
    fr: 'Armure de Lancelot',
    en: "Lancelot's Armor",
    provenance: 'house',
    power: {
      fr: 'Son porteur pioche 2 cartes noires, en applique une et met l’autre sous la pioche.',
      en: 'Its holder draws 2 black cards, resolves one and puts the other under the pile.',
    },
  },
};

/** Where a knight stands: Camelot (Round Table and siege area) or one of the quests. */
export const LOCATIONS = ['camelot', 'black-knight', 'lancelot', 'excalibur', 'grail', 'picts', 'saxons'] as const;
export type Location = (typeof LOCATIONS)[number];
export type QuestId = Exclude<Location, 'camelot'>;
export const QUESTS: readonly QuestId[] = ['black-knight', 'lancelot', 'excalibur', 'grail', 'picts', 'saxons'];

export const LOCATION_NAMES: { readonly [L in Location]: Named } = {
  camelot: { fr: 'Camelot', en: 'Camelot' },
  'black-knight': { fr: 'Tournoi contre le Chevalier Noir', en: 'Black Knight' },
  lancelot: { fr: 'Quête de Lancelot / du Dragon', en: 'Lancelot / Dragon quest' },
  excalibur: { fr: 'Quête d’Excalibur', en: 'Excalibur quest' },
  grail: { fr: 'Quête du Saint Graal', en: 'Holy Grail quest' },
  picts: { fr: 'Guerre contre les Pictes', en: 'Picts war' },
  saxons: { fr: 'Guerre contre les Saxons', en: 'Saxons war' },
};

export const LOCATION_ALIASES: ReadonlyMap<string, Location> = new Map<string, Location>([
  ['camelot', 'camelot'],
  ['table', 'camelot'],
  ['table-ronde', 'camelot'],
  ['round-table', 'camelot'],
  ['siege', 'camelot'],
  ['black-knight', 'black-knight'],
  ['chevalier-noir', 'black-knight'],
  ['bk', 'black-knight'],
  ['tournoi', 'black-knight'],
  ['lancelot', 'lancelot'],
  ['dragon', 'lancelot'],
  ['excalibur', 'excalibur'],
  ['grail', 'grail'],
  ['graal', 'grail'],
  ['holy-grail', 'grail'],
  ['picts', 'picts'],
  ['pictes', 'picts'],
  ['picte', 'picts'],
  ['saxons', 'saxons'],
  ['saxon', 'saxons'],
]);

/** seed 004, quest sheet: the board's limits. */
export const START_LIFE = 4;
export const MAX_LIFE = 6;
export const START_WHITE = 5;
export const HAND_LIMIT = 12;
export const SIEGE_LOSS = 12;
export const BLACK_SWORD_LOSS = 7;
export const SWORDS_END = 12;
export const EXCALIBUR_END = 5; // track −5 (oblivion) … +5 (the knights), start 0: 11 spots [B]
export const GRAIL_SPOTS = 7;
export const FIGURES_LOSS = 4;
export const ACCUSE_THRESHOLD = 6;
export const SWORDS_IN_BOX = 16;
export const SIEGE_ENGINES_IN_BOX = 12;
export const PICTS_IN_BOX = 4;
export const SAXONS_IN_BOX = 4;
export const DIE_SIDES = 8;
/** [decision] A game that reaches this many turns ends as a defeat of the loyal knights (never met in play). */
export const TURN_CAP = 400;

export interface QuestData {
  readonly id: QuestId;
  readonly solo: boolean | 'lancelot-only';
  /** Swords, white cards and life points on victory; swords and life lost on defeat (seed 004 sheet). */
  readonly win: { readonly swords: number; readonly cards: number; readonly life: number };
  readonly lose: { readonly swords: number; readonly life: number; readonly siege: number };
  readonly provenance: Provenance;
}

/** seed 004, "Gain" and "Défaite" rows of the quest sheet. */
export const QUEST_REWARDS: { readonly [Q in QuestId | 'dragon']: QuestData } = {
  'black-knight': {
    id: 'black-knight',
    solo: true,
    win: { swords: 1, cards: 3, life: 1 },
    lose: { swords: 1, life: 1, siege: 0 },
    provenance: 'seed',
  },
  lancelot: {
    id: 'lancelot',
    solo: 'lancelot-only',
    win: { swords: 1, cards: 4, life: 1 },
    lose: { swords: 1, life: 1, siege: 0 },
    provenance: 'seed',
  },
  dragon: {
    id: 'lancelot',
    solo: false,
    win: { swords: 2, cards: 7, life: 2 },
    lose: { swords: 2, life: 2, siege: 0 },
    provenance: 'seed',
  },
  excalibur: {
    id: 'excalibur',
    solo: false,
    win: { swords: 2, cards: 7, life: 1 },
    lose: { swords: 2, life: 0, siege: 0 },
    provenance: 'seed',
  },
  grail: {
    id: 'grail',
    solo: false,
    win: { swords: 3, cards: 7, life: 1 },
    lose: { swords: 3, life: 1, siege: 0 },
    provenance: 'seed',
  },
  picts: {
    id: 'picts',
    solo: false,
    win: { swords: 1, cards: 4, life: 1 },
    lose: { swords: 1, life: 1, siege: 2 },
    provenance: 'seed',
  },
  saxons: {
    id: 'saxons',
    solo: false,
    win: { swords: 1, cards: 4, life: 1 },
    lose: { swords: 1, life: 1, siege: 2 },
    provenance: 'seed',
  },
};

export const DECLARATIONS = ['strong', 'weak', 'help'] as const;
export type Declaration = (typeof DECLARATIONS)[number];
