import type { Lang } from '@roundtable/core';

/**
 * The one place the web client writes a moment for people, and the machine-readable value of a `<time>`: Intl in
 * the page's language and the browser's time zone, one style for a day, one for a day and its time, one for a
 * time of day. English is written day before month with a 24-hour clock (en-GB), as the French page reads, so
 * a player who switches language sees the same date in other words. apps/web/test/dates.test.ts keeps every other
 * way of writing a date out of the sources.
 */
const LOCALE: Readonly<Record<Lang, string>> = { en: 'en-GB', fr: 'fr-FR' };

const STYLES = {
  /** 5 Dec 2026 · 5 déc. 2026 */
  date: { dateStyle: 'medium' },
  /** 5 Dec 2026, 23:05 · 5 déc. 2026, 23:05 */
  dateTime: { dateStyle: 'medium', timeStyle: 'short' },
  /** 23:05 */
  time: { timeStyle: 'short' },
  /** December 2026 · décembre 2026: a season, which is a calendar month in UTC (server/seasons). */
  month: { month: 'long', year: 'numeric', timeZone: 'UTC' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

type Style = keyof typeof STYLES;

// A formatter costs far more to build than to use, and a list of matches writes one date a row.
const formatters = new Map<string, Intl.DateTimeFormat>();

function write(ms: number, lang: Lang, style: Style): string {
  const key = `${lang} ${style}`;
  let f = formatters.get(key);
  if (!f) formatters.set(key, (f = new Intl.DateTimeFormat(LOCALE[lang], STYLES[style])));
  return f.format(ms);
}

/** A day, from milliseconds since the epoch (what the server sends). */
export function formatDate(ms: number, lang: Lang): string {
  return write(ms, lang, 'date');
}

/** A day and its time. */
export function formatDateTime(ms: number, lang: Lang): string {
  return write(ms, lang, 'dateTime');
}

/** A time of day (a chat line). */
export function formatTime(ms: number, lang: Lang): string {
  return write(ms, lang, 'time');
}

/** The `dateTime` attribute of a `<time>`: for machines, never shown. */
export function machineMoment(ms: number): string {
  return new Date(ms).toISOString();
}

/** A season's month, `YYYY-MM` as the server names it, in words ("December 2026", "décembre 2026"). */
export function formatMonth(month: string, lang: Lang): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return write(Date.UTC(y, m - 1, 1), lang, 'month');
}

/**
 * The moment an `<input type="datetime-local">` holds (`2026-12-24T18:00`, in the browser's time zone), in
 * milliseconds since the epoch; undefined for an empty or unreadable value.
 */
export function fromLocalInput(value: string): number | undefined {
  if (!value) return undefined;
  const ms = new Date(value).getTime();
  return Number.isFinite(ms) ? ms : undefined;
}
