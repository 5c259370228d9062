/**
 * One date format per language: every date the web client shows is written by src/dates.ts (Intl in the page's
 * language), and no other file of apps/web/src builds or writes a date, so My matches, a player's page, the lobby,
 * the notices and the chat cannot drift apart again.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatTime, machineMoment } from '../src/dates.ts';

const SRC = fileURLToPath(new URL('../src/', import.meta.url));

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

/**
 * Ways of writing a date other than dates.ts. A Date is needed for any of them (`Date.now()` is a number), so
 * `new Date(` alone would do; the others name what a hurried edit would reach for.
 */
const FORBIDDEN: readonly [string, RegExp][] = [
  ['a Date built', /\bnew Date\s*\(/],
  ['toLocaleDateString / toLocaleTimeString', /\.toLocale(Date|Time)String\s*\(/],
  ['toISOString', /\.toISOString\s*\(/],
  ['an Intl date formatter', /Intl\s*\.\s*DateTimeFormat/],
  ['a date put together by hand', /\.get(UTC)?(FullYear|Month|Date|Day|Hours|Minutes|Seconds)\s*\(/],
  ['a date style given to toLocaleString', /\b(dateStyle|timeStyle)\s*:/],
];

describe('Dates in the web client: one module writes them all', () => {
  it('no file of apps/web/src but dates.ts builds or writes a date', () => {
    const found: string[] = [];
    const all = files(SRC);
    expect(all.length).toBeGreaterThan(50);
    for (const file of all) {
      if (relative(SRC, file) === 'dates.ts') continue;
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          for (const [what, re] of FORBIDDEN) {
            if (re.test(line)) found.push(`${relative(SRC, file)}:${i + 1}: ${what}: ${line.trim()}`);
          }
        });
    }
    expect(found).toEqual([]);
  });

  // Noon UTC is the same day in every time zone but the date line's far side; the times are checked by shape.
  const noon = Date.UTC(2026, 11, 5, 12, 0);

  it('one style for a day, one for a day and its time, in the page’s language', () => {
    expect(formatDate(noon, 'en')).toBe('5 Dec 2026');
    expect(formatDate(noon, 'fr')).toBe('5 déc. 2026');
    expect(formatDateTime(noon, 'en')).toMatch(/^5 Dec 2026, \d\d:\d\d$/);
    expect(formatDateTime(noon, 'fr')).toMatch(/^5 déc\. 2026, \d\d:\d\d$/);
    expect(formatTime(noon, 'en')).toMatch(/^\d\d:\d\d$/);
    expect(formatTime(noon, 'fr')).toBe(formatTime(noon, 'en'));
    expect(machineMoment(noon)).toBe('2026-12-05T12:00:00.000Z');
  });
});
