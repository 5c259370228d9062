import type { Lang } from '@roundtable/core';
import {
  CARD_BY_ID,
  KIND,
  POISONED,
  POWER_BY_ID,
  SUIT,
  SUIT_NAMES,
  VALUE,
  WOUNDS,
  cardName as engineCardName,
  kindFromText,
  type Suit,
} from '@roundtable/tournament';
import { OKABE_ITO } from '../../colours.ts';

/** Each family of cards has an Okabe–Ito colour and a symbol, so it is never told by colour alone. */
export type Family = Suit | 'alchemy' | 'merlin' | 'apprenti';

export const FAMILY_STYLE: Record<Family, { fill: string; dark: boolean; symbol: string }> = {
  swords: { fill: OKABE_ITO.vermillion, dark: true, symbol: '⚔' },
  arrows: { fill: OKABE_ITO.blue, dark: true, symbol: '➶' },
  sorcery: { fill: OKABE_ITO.purple, dark: true, symbol: '✶' },
  deception: { fill: OKABE_ITO.green, dark: true, symbol: '◆' },
  alchemy: { fill: OKABE_ITO.yellow, dark: false, symbol: '⚗' },
  merlin: { fill: OKABE_ITO.sky, dark: false, symbol: '★' },
  apprenti: { fill: OKABE_ITO.orange, dark: false, symbol: '☆' },
};

const SUIT_CODES: Record<string, Suit> = { sw: 'swords', ar: 'arrows', so: 'sorcery', de: 'deception' };

/** `merlin.2` → `merlin`: views name card copies, moves name kinds. */
export const kindOf = (id: string): string => id.split('.')[0] ?? id;

/** The engine's card number of an id or kind (`so11`, `merlin.1`, `merlin`). */
export function cardIndex(id: string): number | undefined {
  const k = kindOf(id);
  if (k === 'merlin') return CARD_BY_ID.get('merlin.1');
  if (k === 'apprenti') return CARD_BY_ID.get('apprenti.1');
  return CARD_BY_ID.get(id) ?? CARD_BY_ID.get(kindFromText(k) ?? k);
}

export function familyOf(id: string): Family {
  const c = cardIndex(id);
  if (c === undefined) return 'merlin';
  const kind = KIND[c]!;
  if (kind === 'basic') return SUIT[c]!;
  return kind === 'alchemy' ? 'alchemy' : kind;
}

export function familyName(f: Family, lang: Lang): string {
  if (f === 'alchemy') return lang === 'fr' ? 'Alchimie' : 'Alchemy';
  if (f === 'merlin') return 'Merlin';
  if (f === 'apprenti') return lang === 'fr' ? 'Apprenti' : 'Apprentice';
  return SUIT_NAMES[f][lang];
}

export function cardValue(id: string): number {
  const c = cardIndex(id);
  return c === undefined ? 0 : VALUE[c]!;
}

export function isPoisoned(id: string): boolean {
  const c = cardIndex(id);
  return c !== undefined && POISONED[c] === true;
}

export function cardWounds(id: string): number {
  const c = cardIndex(id);
  return c === undefined ? 0 : WOUNDS[c]!;
}

export function cardName(id: string, lang: Lang): string {
  const c = cardIndex(id);
  return c === undefined ? id : engineCardName(c, lang);
}

export function suitName(s: string, lang: Lang): string {
  const suit = (SUIT_NAMES as Record<string, { en: string; fr: string }>)[s] ? s : SUIT_CODES[s];
  return suit ? SUIT_NAMES[suit as Suit][lang] : s;
}

/** `so11` → { suit: 'sorcery', value: 11 } (a declaration). */
export function declarationOf(word: string): { suit: Suit; value: number } | null {
  const m = /^([a-z]+)(\d+)$/.exec(word);
  const suit = m ? SUIT_CODES[m[1]!] : undefined;
  return m && suit ? { suit, value: Number(m[2]) } : null;
}

export function powerName(id: string, lang: Lang): string {
  return POWER_BY_ID.get(id)?.[lang] ?? id;
}

export function isHouse(id: string): boolean {
  return POWER_BY_ID.get(id)?.house === true;
}

const SORT: Record<Family, number> = {
  swords: 0,
  arrows: 1,
  sorcery: 2,
  deception: 3,
  alchemy: 4,
  merlin: 5,
  apprenti: 6,
};
export function sortHand(hand: readonly string[]): string[] {
  return [...hand].sort((a, b) => SORT[familyOf(a)] - SORT[familyOf(b)] || cardValue(a) - cardValue(b));
}

/** A move of the notation as a short phrase on a button. */
export function moveLabel(move: string, lang: Lang, seatLabel: (s: number) => string): string {
  const fr = lang === 'fr';
  const w = move.split(' ');
  const arg = (a: string): string => {
    if (a.startsWith('@')) return seatLabel(Number(a.slice(1)));
    if (/^[+-]\d+$/.test(a)) return a;
    if (SUIT_NAMES[a as Suit]) return suitName(a, lang);
    const d = declarationOf(a);
    if (d) return `${suitName(d.suit, lang)} ${d.value}`;
    return a;
  };
  switch (w[0]) {
    case 'play':
      return `${fr ? 'Jouer' : 'Play'} ${cardName(w[1] ?? '', lang)}${w[2] ? ` = ${arg(w[2])}` : ''}`;
    case 'discard':
      return `${fr ? 'Défausser' : 'Discard'} ${cardName(w[1] ?? '', lang)}`;
    case 'give':
      return `${fr ? 'Donner' : 'Give'} ${cardName(w[1] ?? '', lang)}`;
    case 'use':
      return [powerName(w[1] ?? '', lang), ...w.slice(2).map(arg)].join(' · ');
    case 'take':
      return `${fr ? 'Prendre' : 'Take'} ${powerName(w[1] ?? '', lang)}`;
    case 'draw':
      return fr ? 'Piocher une faveur face cachée' : 'Draw a face-down godsend';
    case 'hero':
      return `${fr ? 'Héros' : 'Hero'} : ${powerName(w[1] ?? '', lang)}`;
    default:
      return move;
  }
}
