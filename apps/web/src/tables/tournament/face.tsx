import type { Lang } from '@roundtable/core';
import type { Emblem } from '../../cards/emblems.tsx';
import type { Face } from '../../cards/face.tsx';
import {
  FAMILY_STYLE,
  cardName,
  cardValue,
  cardWounds,
  familyName,
  familyOf,
  isPoisoned,
  type Family,
} from './cards.ts';

/** Each family's drawing, besides its colour and symbol: swords, arrows, a star of sorcery, deception's moon, a flask. */
const FAMILY_EMBLEM: Record<Family, Emblem> = {
  swords: 'sword',
  arrows: 'arrow',
  sorcery: 'star',
  deception: 'moon',
  alchemy: 'cup',
  merlin: 'crown',
  apprenti: 'scroll',
};

const WOUNDS = { en: 'wounds', fr: 'blessures' } as const;
const POISON = { en: 'A poison card.', fr: 'Une carte poison.' } as const;
const JOKER = {
  en: 'Played with a declared suit and value from 1 to 15; when following, the declared suit is the suit led.',
  fr: 'Jouée avec une suite et une valeur déclarées, de 1 à 15\u00a0; en suivant, la suite déclarée est celle de l’entame.',
} as const;

/** The face of a Tournament card: family colour and emblem, value, family name; its wounds in the bubble. */
export function tournamentFace(id: string, lang: Lang): Face {
  const fam = familyOf(id);
  const st = FAMILY_STYLE[fam];
  const value = cardValue(id);
  const joker = fam === 'merlin' || fam === 'apprenti';
  const effect = [
    `${cardName(id, lang)} — ${cardWounds(id)} ${WOUNDS[lang]}.`,
    isPoisoned(id) ? POISON[lang] : '',
    joker ? JOKER[lang] : '',
  ]
    .filter(Boolean)
    .join(' ');
  return {
    frame: st.fill,
    emblem: FAMILY_EMBLEM[fam],
    value: value > 0 ? value : st.symbol,
    name: familyName(fam, lang),
    effect,
  };
}
