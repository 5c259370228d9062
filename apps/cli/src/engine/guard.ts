/**
 * Limits checked before a line reaches JSON.parse or a validator, so that no input, however deep or long, can
 * exhaust the stack or the memory of a session (issue 14: a 10 KB line of 5,000 nested arrays used to kill it).
 * No request of the protocol nests deeper than a handful of levels; a match record is a few levels deep.
 */
export const MAX_DEPTH = 64;
/** A record of a few thousand moves is a few hundred KB; anything near this is not a request. */
export const MAX_LINE_BYTES = 8 * 1024 * 1024;

/**
 * The nesting depth of the JSON text (arrays and objects, outside strings), or the first depth past `limit`
 * (scanning stops there). Iterative and linear: safe on any input.
 */
export function nestingDepth(text: string, limit = MAX_DEPTH): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
      continue;
    }
    if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      depth++;
      if (depth > max) {
        max = depth;
        if (max > limit) return max;
      }
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return max;
}

/** The longest `id` echoed in every response (and every info line) of its request; a longer one is refused. */
export const MAX_ID_LENGTH = 200;

/**
 * The `id` of the top-level object of a JSON text that is not parsed (nested too deep), read without parsing it:
 * a string or a finite number, the last one given (as JSON.parse keeps it), else undefined. Linear, like
 * `nestingDepth`, and only the id's own token is handed to JSON.parse.
 */
export function topLevelId(text: string): string | number | undefined {
  let depth = 0;
  let found: string | number | undefined;
  let i = 0;
  const stringEnd = (start: number): number => {
    for (let j = start + 1; j < text.length; j++) {
      const c = text.charCodeAt(j);
      if (c === 0x5c) j++;
      else if (c === 0x22) return j;
    }
    return -1;
  };
  const skipSpace = (j: number): number => {
    while (j < text.length && /\s/.test(text[j] as string)) j++;
    return j;
  };
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      const end = stringEnd(i);
      if (end < 0) return found;
      let next = skipSpace(end + 1);
      if (depth === 1 && text[next] === ':' && readJson(text.slice(i, end + 1)) === 'id') {
        next = skipSpace(next + 1);
        const token =
          text[next] === '"'
            ? text.slice(next, stringEnd(next) + 1)
            : (/^-?\d[\d.eE+-]*/.exec(text.slice(next, next + 40))?.[0] ?? '');
        const value = readJson(token);
        if (typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value))) found = value;
      }
      i = end + 1;
      continue;
    }
    if (c === 0x5b || c === 0x7b) depth++;
    else if (c === 0x5d || c === 0x7d) depth--;
    i++;
  }
  return found;
}

function readJson(token: string): unknown {
  try {
    return token === '' ? undefined : JSON.parse(token);
  } catch {
    return undefined;
  }
}
