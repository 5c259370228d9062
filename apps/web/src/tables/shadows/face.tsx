import type { Lang } from '@roundtable/core';
import type { Emblem } from '../../cards/emblems.tsx';
import type { Face } from '../../cards/face.tsx';
import { playerWords } from '../../player-words.ts';
import { cardName, kindOfCard } from './labels.ts';

/** A drawing per white effect; black cards (only ever seen, never held for long) share the flail. */
const EMBLEM: Record<string, Emblem> = {
  fight: 'sword',
  grail: 'cup',
  merlin: 'star',
  fate: 'scroll',
  piety: 'tower',
  heroism: 'lance',
  reinforcements: 'helm',
  clairvoyance: 'moon',
  messenger: 'arrow',
  lady: 'rose',
  convocation: 'crown',
};
const FIGHT_FRAME = '#9a7b1c';
const SPECIAL_FRAME = '#0072B2';
const BLACK_FRAME = '#1f1a2b';

/** The face of a Shadows over Camelot card in hand: fights in gold with their value, specials in blue. */
export function shadowsFace(id: string, lang: Lang): Face {
  const k = kindOfCard(id);
  const name = k?.effect === 'fight' ? (lang === 'fr' ? 'Combat' : 'Fight') : cardName(id, lang).replace(/ \d+$/, '');
  const value = k && k.value > 0 ? (k.effect === 'lancelot-dragon' ? `${k.value}/${k.value2}` : k.value) : '';
  const black = k?.colour === 'black';
  const frame = black ? BLACK_FRAME : k?.special ? SPECIAL_FRAME : FIGHT_FRAME;
  const emblem = (k && EMBLEM[k.effect]) ?? (black ? 'flail' : 'shield');
  return {
    frame,
    emblem,
    emblemFill: black ? '#CC79A7' : k?.effect === 'fight' ? '#b9ad95' : undefined,
    value,
    name,
    effect: playerWords(k?.text[lang]) || undefined,
  };
}
