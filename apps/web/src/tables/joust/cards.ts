import type { Lang } from '@roundtable/core';
import { COLOUR_NAMES, KINDS, KIND_BY_ID, type CardKind, type Colour } from '@roundtable/joust';
import { OKABE_ITO } from '../../colours.ts';

export const COLOUR_FILL: Record<Colour, string> = {
  purple: OKABE_ITO.purple,
  red: OKABE_ITO.vermillion,
  blue: OKABE_ITO.blue,
  yellow: OKABE_ITO.yellow,
  green: OKABE_ITO.green,
};

/** `red-4.3` → `red-4`: views name card instances, moves name kinds. */
export const kindOf = (id: string): string => id.split('.')[0] ?? id;

export function cardKind(id: string): CardKind | undefined {
  const k = KIND_BY_ID.get(kindOf(id));
  return k === undefined ? undefined : KINDS[k];
}

export function cardName(id: string, lang: Lang): string {
  return cardKind(id)?.[lang] ?? id;
}

export function colourName(c: string, lang: Lang): string {
  return (COLOUR_NAMES as Record<string, { en: string; fr: string }>)[c]?.[lang] ?? c;
}

/** A move of the notation as a short sentence on a button. */
export function moveLabel(move: string, lang: Lang, seatLabel: (s: number) => string): string {
  const words = move.split(' ');
  const fr = lang === 'fr';
  const arg = (w: string): string =>
    w.startsWith('@')
      ? seatLabel(Number(w.slice(1)))
      : /^\d+$/.test(w)
        ? `#${w}`
        : COLOUR_NAMES[w as Colour]
          ? colourName(w, lang)
          : cardName(w, lang);
  switch (words[0]) {
    case 'start':
      return `${fr ? 'Tournoi' : 'Tournament'} ${colourName(words[1] ?? '', lang)}`;
    case 'show':
      return fr ? 'Montrer ma main (je ne peux pas ouvrir)' : 'Show my hand (I cannot open)';
    case 'end':
      return fr ? 'Finir mon tour' : 'End my turn';
    case 'withdraw':
      return fr ? 'Abandonner le tournoi' : 'Withdraw from the tournament';
    case 'pass':
      return fr ? 'Laisser faire' : 'Let it happen';
    case 'lancelot':
      return fr ? 'Jouer Lancelot\u00a0: annuler' : 'Play Lancelot: cancel it';
    case 'keep':
      return `${fr ? 'Garder les cartes' : 'Keep cards'} ${words.slice(1).join(', ')}`;
    case 'token':
      return `${fr ? 'Jeton' : 'Token'} ${colourName(words[1] ?? '', lang)}`;
    case 'play':
      return [cardName(words[1] ?? '', lang), ...words.slice(2).map(arg)].join(' → ');
    default:
      return move;
  }
}
