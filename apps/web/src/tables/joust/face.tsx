import type { Lang } from '@roundtable/core';
import type { Colour } from '@roundtable/joust';
import type { Emblem } from '../../cards/emblems.tsx';
import type { Face } from '../../cards/face.tsx';
import { playerWords } from '../../player-words.ts';
import { COLOUR_FILL, cardKind, cardName } from './cards.ts';

/** Each tournament colour is a weapon (the original game's suits): the drawing tells the suits apart too. */
const SUIT_EMBLEM: Record<Colour, Emblem> = {
  purple: 'lance',
  red: 'sword',
  blue: 'axe',
  yellow: 'flail',
  green: 'gauntlet',
};
const SUPPORT_FRAME = '#7d6f55';
const ACTION_FRAME = '#8a2d3b';
const ACTION_GOLD = '#E69F00';

/** The face of a jousting card: its suit's colour and weapon, the squire's helm, the maiden's rose, a star for actions. */
export function joustFace(id: string, lang: Lang): Face {
  const kind = cardKind(id);
  const name = cardName(id, lang);
  if (kind?.colour)
    return { frame: COLOUR_FILL[kind.colour], emblem: SUIT_EMBLEM[kind.colour], value: kind.value, name };
  if (kind?.type === 'support')
    return {
      frame: SUPPORT_FRAME,
      emblem: kind.id === 'maiden' ? 'rose' : 'helm',
      emblemFill: kind.id === 'maiden' ? '#CC79A7' : '#b9ad95',
      value: kind.value,
      name,
    };
  const shield = kind?.effect === 'bouclier';
  return {
    frame: ACTION_FRAME,
    emblem: shield ? 'shield' : kind?.effect === 'lancelot' ? 'crown' : 'star',
    emblemFill: ACTION_GOLD,
    value: '✦',
    name,
    effect: playerWords(kind?.text?.[lang]) || undefined,
  };
}
