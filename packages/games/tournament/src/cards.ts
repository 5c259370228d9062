/**
 * The 80 weapon cards as data (seed 001, "PAQUET ARMES (80 cartes)"): 4 suits × values 1–15 (11 standard, 4
 * poisoned each), 15 Alchimie (values 1–15), 3 Merlin, 2 Apprenti. Cards are numbered 0..79:
 * - 0..59 basic cards, `suit index × 15 + value − 1`;
 * - 60..74 Alchimie, `60 + value − 1`;
 * - 75..77 Merlin, 78..79 Apprenti.
 * Ids in the notation: `sw7` `ar8` `so11` `de6` (suit code + value), `al3`, and `merlin.1` / `apprenti.2` for the
 * copies of the two jokers (a move names a joker by its kind, `merlin` or `apprenti`).
 */

export const SUITS = ['swords', 'arrows', 'sorcery', 'deception'] as const;
export type Suit = (typeof SUITS)[number];

export const SUIT_CODE: { readonly [S in Suit]: string } = {
  swords: 'sw',
  arrows: 'ar',
  sorcery: 'so',
  deception: 'de',
};
export const SUIT_NAMES: { readonly [S in Suit]: { readonly fr: string; readonly en: string } } = {
  swords: { fr: 'Épées', en: 'Swords' },
  arrows: { fr: 'Flèches', en: 'Arrows' },
  sorcery: { fr: 'Sorcellerie', en: 'Sorcery' },
  deception: { fr: 'Trahison', en: 'Deception' },
};

/**
 * Which values of each suit are poisoned (10 wounds instead of 5). seed 001 gives 11 standard + 4 poisoned per
 * suit but not which; this table comes from the COMP 4004 course specification (research §2.1, "COURSE-SPEC"),
 * not checked against card images: correct it here if the real cards differ.
 */
export const POISONED_VALUES: { readonly [S in Suit]: readonly number[] } = {
  swords: [6, 7, 8, 9],
  arrows: [8, 9, 10, 11],
  sorcery: [5, 6, 11, 12],
  deception: [6, 7, 9, 10],
};

export type CardKind = 'basic' | 'alchemy' | 'merlin' | 'apprenti';

/** seed 001, "calcul des blessures": standard 5, poison 10, Merlin 25, Apprenti 5, Alchimie 5. */
export const WOUNDS_STANDARD = 5;
export const WOUNDS_POISON = 10;
export const WOUNDS_MERLIN = 25;
export const WOUNDS_APPRENTI = 5;
export const WOUNDS_ALCHEMY = 5;

export const CARD_COUNT = 80;
export const ALCHEMY_FIRST = 60;
export const MERLIN_FIRST = 75;
export const APPRENTI_FIRST = 78;
export const MIN_VALUE = 1;
export const MAX_VALUE = 15;

export const KIND: readonly CardKind[] = Array.from({ length: CARD_COUNT }, (_, c) =>
  c < ALCHEMY_FIRST ? 'basic' : c < MERLIN_FIRST ? 'alchemy' : c < APPRENTI_FIRST ? 'merlin' : 'apprenti',
);
/** Printed suit (basic cards only). */
export const SUIT: readonly (Suit | null)[] = Array.from({ length: CARD_COUNT }, (_, c) =>
  c < ALCHEMY_FIRST ? SUITS[Math.floor(c / 15)]! : null,
);
/** Printed value (0 for Merlin and Apprenti, whose value is declared when played). */
export const VALUE: readonly number[] = Array.from({ length: CARD_COUNT }, (_, c) =>
  c < MERLIN_FIRST ? (c % 15) + 1 : 0,
);
export const POISONED: readonly boolean[] = Array.from({ length: CARD_COUNT }, (_, c) => {
  const suit = SUIT[c];
  return suit !== null && suit !== undefined && POISONED_VALUES[suit].includes(VALUE[c]!);
});
export const WOUNDS: readonly number[] = Array.from({ length: CARD_COUNT }, (_, c) => {
  switch (KIND[c]!) {
    case 'basic':
      return POISONED[c] ? WOUNDS_POISON : WOUNDS_STANDARD;
    case 'alchemy':
      return WOUNDS_ALCHEMY;
    case 'merlin':
      return WOUNDS_MERLIN;
    case 'apprenti':
      return WOUNDS_APPRENTI;
  }
});

export const CARD_ID: readonly string[] = Array.from({ length: CARD_COUNT }, (_, c) => {
  switch (KIND[c]!) {
    case 'basic':
      return `${SUIT_CODE[SUIT[c]!]}${VALUE[c]}`;
    case 'alchemy':
      return `al${VALUE[c]}`;
    case 'merlin':
      return `merlin.${c - MERLIN_FIRST + 1}`;
    case 'apprenti':
      return `apprenti.${c - APPRENTI_FIRST + 1}`;
  }
});
export const CARD_BY_ID: ReadonlyMap<string, number> = new Map(CARD_ID.map((id, c) => [id, c]));

/** The kind id a move names: `sw7`, `al3`, `merlin`, `apprenti`. */
export function kindId(card: number): string {
  const k = KIND[card]!;
  return k === 'merlin' || k === 'apprenti' ? k : CARD_ID[card]!;
}

/** seed 001, "VARIANTE POUR 2 CHEVALIERS": the arrows suit is removed. */
export function suitsInPlay(players: number): readonly Suit[] {
  return players === 2 ? SUITS.filter((s) => s !== 'arrows') : SUITS;
}
export function cardsInPlay(players: number): number[] {
  const out: number[] = [];
  for (let c = 0; c < CARD_COUNT; c++) if (!(players === 2 && SUIT[c] === 'arrows')) out.push(c);
  return out;
}

/** Lower case, accents dropped: "Épées" → "epees". */
export function slug(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[’'\s_]+/g, '-')
    .replace(/-+/g, '-');
}

const SUIT_WORDS: ReadonlyMap<string, Suit> = new Map([
  ['swords', 'swords'],
  ['sword', 'swords'],
  ['sw', 'swords'],
  ['epees', 'swords'],
  ['epee', 'swords'],
  ['ep', 'swords'],
  ['arrows', 'arrows'],
  ['arrow', 'arrows'],
  ['ar', 'arrows'],
  ['fleches', 'arrows'],
  ['fleche', 'arrows'],
  ['fl', 'arrows'],
  ['sorcery', 'sorcery'],
  ['so', 'sorcery'],
  ['sorcellerie', 'sorcery'],
  ['deception', 'deception'],
  ['de', 'deception'],
  ['trahison', 'deception'],
  ['tr', 'deception'],
]);

export function suitFromText(text: string): Suit | null {
  return SUIT_WORDS.get(slug(text)) ?? null;
}

/** A suit and value written together, `so11` / `tr6` / `epees-3` → { suit, value }. */
export function suitValueFromText(text: string): { suit: Suit; value: number } | null {
  const m = /^([a-z]+)-?(\d+)$/.exec(slug(text));
  if (!m) return null;
  const suit = suitFromText(m[1]!);
  const value = Number(m[2]);
  return suit === null ? null : { suit, value };
}

/** A card kind id from text, French codes accepted: `ep7` → `sw7`, `al3`, `merlin`, `apprentice` → `apprenti`. */
export function kindFromText(text: string): string | null {
  const t = slug(text);
  if (t === 'merlin' || t === 'me') return 'merlin';
  if (t === 'apprenti' || t === 'apprentice' || t === 'ap') return 'apprenti';
  const m = /^([a-z]+)-?(\d+)$/.exec(t);
  if (!m) return null;
  const value = Number(m[2]);
  if (!Number.isInteger(value) || value < MIN_VALUE || value > MAX_VALUE) return null;
  if (m[1] === 'al' || m[1] === 'alchimie' || m[1] === 'alchemy') return `al${value}`;
  const suit = suitFromText(m[1]!);
  return suit === null ? null : `${SUIT_CODE[suit]}${value}`;
}

/** A card's name for people: "Sorcellerie 11 (poison)", "Merlin". */
export function cardName(card: number, lang: 'fr' | 'en'): string {
  switch (KIND[card]!) {
    case 'basic':
      return `${SUIT_NAMES[SUIT[card]!][lang]} ${VALUE[card]}${POISONED[card] ? (lang === 'fr' ? ' (poison)' : ' (poisoned)') : ''}`;
    case 'alchemy':
      return `${lang === 'fr' ? 'Alchimie' : 'Alchemy'} ${VALUE[card]}`;
    case 'merlin':
      return 'Merlin';
    case 'apprenti':
      return lang === 'fr' ? 'Apprenti' : 'Apprentice';
  }
}
