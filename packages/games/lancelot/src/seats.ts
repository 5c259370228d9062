import type { Lang, Seat } from '@roundtable/core';

const NAMES: { readonly [L in Lang]: readonly string[] } = {
  en: ['Red', 'Blue', 'Green', 'Yellow', 'Purple'],
  // "Pourpre" rather than "Violet", so that every French colour has its own initial (R B V J P).
  fr: ['Rouge', 'Bleu', 'Vert', 'Jaune', 'Pourpre'],
};

/** The colour of a seat, e.g. `Red` / `Rouge`. */
export function seatName(seat: Seat, lang: Lang = 'en'): string {
  return NAMES[lang][seat] ?? `#${seat}`;
}

/** One letter per seat, for colour-blind players and plain terminals: the initial of the colour's name. */
export function seatLetter(seat: Seat, lang: Lang = 'en'): string {
  return seatName(seat, lang).charAt(0);
}

/** Letters of the position string (always the English initials, whatever the interface language). */
export const POSITION_LETTERS = 'RBGYP';
