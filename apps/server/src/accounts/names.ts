import { err, ok, type Result } from '@roundtable/core';

/**
 * Display names: what a person types, checked, and the key that makes two names "the same" for uniqueness.
 *
 * Look-alikes are the danger (an "Аlice" with a Cyrillic А impersonating "Alice"), so a name is written in one
 * script, the Latin one with its accents (UTS #39's "single script" restriction, the simplest rule that closes
 * cross-script spoofing), and its key folds case, accents, width and the classic confusable glyphs (0/o, 1/l/I,
 * rn/m, vv/w) before comparing.
 */
export const NAME_MIN = 2;
export const NAME_MAX = 24;

const ALLOWED = /^[\p{Script=Latin}0-9 ._'-]+$/u;
const MARKS = /\p{M}/gu;

export type NameError =
  | { code: 'BAD_NAME'; reason: 'length'; min: number; max: number }
  | { code: 'BAD_NAME'; reason: 'characters' }
  | { code: 'BAD_NAME'; reason: 'spaces' };

/** The name as it will be shown (NFC, trimmed), or why it is refused. */
export function checkName(raw: string): Result<string, NameError> {
  const name = raw.normalize('NFKC').trim();
  const length = [...name].length;
  if (length < NAME_MIN || length > NAME_MAX)
    return err({ code: 'BAD_NAME', reason: 'length', min: NAME_MIN, max: NAME_MAX });
  if (!ALLOWED.test(name) || !/\p{L}/u.test(name)) return err({ code: 'BAD_NAME', reason: 'characters' });
  if (/\s{2,}/u.test(name)) return err({ code: 'BAD_NAME', reason: 'spaces' });
  return ok(name.normalize('NFC'));
}

/**
 * The uniqueness key: two names with the same key cannot both exist. Case, accents and look-alike glyphs fold
 * together; separators are ignored ("Sir_Kay", "sir kay", "Sir.Kay" and "S1r Kay" are one name).
 */
export function nameKey(name: string): string {
  return name
    .normalize('NFKD')
    .replace(MARKS, '')
    .toLowerCase()
    .replace(/[ ._'-]+/g, '')
    .replace(/rn/g, 'm')
    .replace(/vv/g, 'w')
    .replace(/[0]/g, 'o')
    .replace(/[1il|]/g, 'l')
    .replace(/5/g, 's')
    .replace(/ß/g, 'ss')
    .replace(/æ/g, 'ae')
    .replace(/œ/g, 'oe')
    .replace(/[øð]/g, (c) => (c === 'ø' ? 'o' : 'd'));
}
