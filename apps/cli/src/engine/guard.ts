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
