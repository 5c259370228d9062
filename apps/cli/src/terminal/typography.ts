import type { Lang } from '@roundtable/core';

/**
 * French sets a space before a colon or semicolon ("main : 8"), English does not ("hand: 8"). The card-game screens share
 * their layout between the two languages and write the French spacing; in English it is taken out here, once,
 * rather than in every line. No English text of ours has a space before a colon.
 */
export function punctuate(text: string, lang: Lang): string {
  return lang === 'fr' ? text : text.replace(/ ([:;])(?=\s|$)/gm, '$1');
}
