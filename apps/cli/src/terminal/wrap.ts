import { stripAnsi } from './style.ts';

/**
 * Text fitted to the terminal's width. Lines are broken at spaces, never inside a word unless the word alone is
 * wider than the terminal; a continued line keeps the indentation of its first line (plus `hang` for list
 * items), so a wrapped hand or list still reads as one block. Widths are measured without ANSI colour codes.
 */

/** The width to draw for: the terminal's own, else $COLUMNS, else 80; never below 20. */
export function terminalWidth(
  stream: { columns?: number; isTTY?: boolean } = {},
  env: NodeJS.ProcessEnv = process.env,
): number {
  const fromEnv = Number(env.COLUMNS);
  const columns =
    stream.isTTY && stream.columns ? stream.columns : Number.isInteger(fromEnv) && fromEnv > 0 ? fromEnv : 80;
  return Math.max(20, columns);
}

/** The number of terminal columns a string takes: code points, ANSI codes left out, combining marks free. */
export function displayWidth(s: string): number {
  let n = 0;
  for (const ch of stripAnsi(s)) if (!/\p{Mn}/u.test(ch)) n++;
  return n;
}

/**
 * One line broken to `width` columns. Continuation lines are indented like the first line plus `hang`, or,
 * for a line laid out in columns ("  undo           take back…"), under its second column. Runs of spaces
 * inside the line are kept.
 */
export function wrapLine(text: string, width: number, hang = 0): string[] {
  if (displayWidth(text) <= width) return [text];
  // French spacing never breaks: "« aide »" and "main : 8" stay whole (glued while wrapping, then given back).
  const line = text.replace(/« /g, `«${GLUE}`).replace(/ ([»:;!?])/g, `${GLUE}$1`);
  const plain = stripAnsi(line);
  const lead = /^ */.exec(plain)?.[0].length ?? 0;
  const column = /^( *\S+(?: \S+)*? {2,})\S/.exec(plain)?.[1]?.length;
  // Only a narrow first column is a layout (help's "card <id>      what…"); two spaces further on are not.
  const indent = column !== undefined && column <= Math.min(24, width / 2) ? column : lead + hang;
  const pad = ' '.repeat(Math.min(indent, Math.floor(width / 2)));
  const tokens = line.replace(/^ +/, '').match(/[^ ]+ */g) ?? [];
  const out: string[] = [];
  let current = ' '.repeat(lead);
  let empty = true;
  for (const token of tokens) {
    const word = token.trimEnd();
    const spaces = token.slice(word.length);
    const w = displayWidth(word);
    if (!empty && displayWidth(current) + w > width) {
      out.push(current);
      current = pad;
      empty = true;
    }
    if (empty && displayWidth(current) + w > width) {
      // A word wider than the line (a long move list without spaces, JSON): cut it.
      for (const piece of cut(word, width - Math.max(displayWidth(current), pad.length))) {
        if (!empty) {
          out.push(current);
          current = pad;
        }
        current += piece;
        empty = false;
      }
    } else {
      current += word;
      empty = false;
    }
    current += spaces;
  }
  out.push(current);
  return out.map((l) => l.trimEnd().replaceAll(GLUE, ' '));
}

/** A character that stands for a space that must not break (a private-use code point, never in our texts). */
const GLUE = '\uE000';

/** Every line of a text wrapped to `width`; continuations indented two more, so each stays one block. */
export function wrapText(text: string, width: number): string {
  return text
    .split('\n')
    .flatMap((l) => wrapLine(l, width, 2))
    .join('\n');
}

/** Pieces of at most `width` visible columns (ANSI codes kept with the character they precede). */
function cut(word: string, width: number): string[] {
  const size = Math.max(1, width);
  const pieces: string[] = [];
  let piece = '';
  let n = 0;
  for (const token of word.match(/\u001b\[[0-9;]*m|[\s\S]/gu) ?? []) {
    const visible = !token.startsWith('\u001b');
    if (visible && n === size) {
      pieces.push(piece);
      piece = '';
      n = 0;
    }
    piece += token;
    if (visible) n++;
  }
  if (piece !== '') pieces.push(piece);
  return pieces;
}
