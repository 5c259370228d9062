import { pluralFor, type Lang } from '@roundtable/core';

/** The operator's import page, in English and French (French typography: a non-breaking space before « : ; ! ? »). */
const WORDS = {
  title: { en: 'Import records', fr: 'Importer des parties' },
  intro: {
    en: 'WCF-style Camelot scores, AbstractPlay JSON records of Camelot, or the JSON lines of a Round Table export. Each game is replayed and its result checked; a bad file is refused whole, with its line. The server must be started with an operator token (--operator-token).',
    fr: 'Feuilles de Camelot au format de la WCF, enregistrements JSON de Camelot d’AbstractPlay, ou lignes JSON d’un export de Round Table. Chaque partie est rejouée et son résultat vérifié\u00a0; un fichier fautif est refusé en entier, avec sa ligne. Le serveur doit être lancé avec un jeton d’exploitant (--operator-token).',
  },
  token: { en: 'Operator token', fr: 'Jeton d’exploitant' },
  files: { en: 'Files', fr: 'Fichiers' },
  send: { en: 'Import', fr: 'Importer' },
  sending: { en: 'Importing…', fr: 'Import en cours…' },
  noFiles: { en: 'Choose one file or more first.', fr: 'Choisissez d’abord un fichier ou plus.' },
  noToken: { en: 'Give the operator token first.', fr: 'Donnez d’abord le jeton d’exploitant.' },
  link: { en: 'Operator: import records', fr: 'Exploitant\u00a0: importer des parties' },
  licence: {
    en: 'Published matches are open data (CC0): GET /api/records/export, day files at /api/records/days.',
    fr: 'Les parties publiées sont des données ouvertes (CC0)\u00a0: GET /api/records/export, fichiers du jour sous /api/records/days.',
  },
} as const;

export type RecordWord = keyof typeof WORDS;

export function recordWord(lang: Lang, key: RecordWord): string {
  return WORDS[key][lang];
}

/** "3 games imported (wcf)", with the comments left out when there were some. */
export function importedWords(lang: Lang, n: number, format: string, dropped: number): string {
  const en = `${n} game${n === 1 ? '' : 's'} imported (${format})`;
  const fr = `${n} partie${pluralFor(n, 'fr') ? 's' : ''} importée${pluralFor(n, 'fr') ? 's' : ''} (${format})`;
  if (dropped === 0) return lang === 'fr' ? fr : en;
  return lang === 'fr'
    ? `${fr}, ${dropped} commentaire${pluralFor(dropped, 'fr') ? 's' : ''} laissé${pluralFor(dropped, 'fr') ? 's' : ''} de côté (pas de CommentsLicence)`
    : `${en}, ${dropped} comment${dropped === 1 ? '' : 's'} left out (no CommentsLicence)`;
}
