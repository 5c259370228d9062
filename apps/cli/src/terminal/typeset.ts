import type { Lang } from '@roundtable/core';

/**
 * The spacing of punctuation in a drawn table, by language: the adapters build their lines once for both
 * (`Relics : …`), and the words around a colon or a semicolon are set here. French puts a non-breaking space
 * before « : ; » and inside « » (the wrapper never breaks it); English glues the colon to its word.
 */
export function typeset(text: string, lang: Lang): string {
  if (lang === 'fr')
    return text
      .replace(/ ([:;]) /g, '\u00a0$1 ')
      .replace(/« /g, '«\u00a0')
      .replace(/ »/g, '\u00a0»');
  return text.replace(/ ([:;]) /g, '$1 ');
}
