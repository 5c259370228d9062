/**
 * ANSI styling that degrades to plain text: with colour off every function returns its input, so whatever a
 * style conveys must also be carried by a character (a marker, a bracket).
 */
export interface Style {
  readonly bold: (s: string) => string;
  readonly dim: (s: string) => string;
  readonly red: (s: string) => string;
  readonly green: (s: string) => string;
  readonly yellow: (s: string) => string;
  readonly blue: (s: string) => string;
  readonly cyan: (s: string) => string;
  /** White-on-something pieces stay readable on dark and light terminals. */
  readonly light: (s: string) => string;
  readonly dark: (s: string) => string;
  readonly lastMove: (s: string) => string;
  readonly hint: (s: string) => string;
}

const wrap = (open: string, close: string) => (s: string) => `\u001b[${open}m${s}\u001b[${close}m`;
const plain = (s: string) => s;

export function style(color: boolean): Style {
  if (!color) {
    return {
      bold: plain,
      dim: plain,
      red: plain,
      green: plain,
      yellow: plain,
      blue: plain,
      cyan: plain,
      light: plain,
      dark: plain,
      lastMove: plain,
      hint: plain,
    };
  }
  return {
    bold: wrap('1', '22'),
    dim: wrap('2', '22'),
    red: wrap('31', '39'),
    green: wrap('32', '39'),
    yellow: wrap('33', '39'),
    blue: wrap('34', '39'),
    cyan: wrap('36', '39'),
    light: wrap('1;97', '22;39'),
    dark: wrap('1;31', '22;39'),
    lastMove: wrap('43', '49'),
    hint: wrap('42', '49'),
  };
}

/** Colour is on for a terminal unless NO_COLOR is set (https://no-color.org) or --no-color was given. */
export function colorWanted(flag: boolean | undefined, stream: { isTTY?: boolean }): boolean {
  if (flag === false) return false;
  if (process.env.NO_COLOR !== undefined && process.env.NO_COLOR !== '') return false;
  return Boolean(stream.isTTY);
}

/** Removes ANSI sequences (tests compare plain text; widths are measured without them). */
export function stripAnsi(s: string): string {
  return s.replace(/\u001b\[[0-9;]*m/g, '');
}

export const CLEAR_SCREEN = '\u001b[2J\u001b[3J\u001b[H';
