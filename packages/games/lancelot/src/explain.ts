import { describeError, type GameError, type Lang, type Seat } from '@roundtable/core';
import type { Square } from './geometry.ts';
import { lineName, messages } from './messages.ts';
import { chivalryBreaches, knightRefusal, squareCell, toKernel } from './rules.ts';
import { MAX_SEATS } from './kernel.ts';
import type { LancelotState } from './state.ts';
import { seatName } from './seats.ts';

export interface CaptureLine {
  readonly line: string;
  readonly squares: readonly Square[];
}

/** "Why not here?": the answer for one square and one seat placing a knight now. */
export type SquareExplanation =
  | { readonly square: Square; readonly legal: true; readonly captures: readonly CaptureLine[] }
  | { readonly square: Square; readonly legal: false; readonly reasons: readonly GameError[] };

/**
 * Whether `seat` may place a knight on `square` in `state` (whoever is to move), and why not: every line
 * through it that the rule of chivalry forbids, with the advantage it would give. A legal square lists what it
 * would capture, line by line. Excalibur counts as it does now (its holder's piece, everybody else's opponent).
 */
export function explainSquare(state: LancelotState, seat: Seat, square: string): SquareExplanation {
  const k = toKernel(state);
  const cell = squareCell(k.field, square);
  if (!cell.ok) return { square, legal: false, reasons: [cell.error] };
  const name = k.field.names[cell.value] as Square;
  const first = knightRefusal(k, seat, cell.value);
  if (first) {
    const reasons =
      first.code === 'CHIVALRY'
        ? chivalryBreaches(k, seat, cell.value, false).map((b) => ({
            code: 'CHIVALRY',
            square: name,
            line: b.line,
            advantage: b.advantage,
            seat,
            piece: 'knight',
          }))
        : [first];
    return { square: name, legal: false, reasons };
  }
  const field = k.field;
  k.setCell(cell.value, seat);
  const captures: CaptureLine[] = [];
  for (let i = 0; i < (field.cellLineCount[cell.value] as number); i++) {
    const l = field.cellLines[cell.value * 4 + i] as number;
    const opponents = (k.tot[l] as number) - (k.cnt[l * MAX_SEATS + seat] as number);
    if (opponents === 0 || k.advantage(seat, l) !== 2) continue;
    const squares: Square[] = [];
    for (let j = field.lineStart[l] as number; j < (field.lineStart[l + 1] as number); j++) {
      const x = field.lineCells[j] as number;
      const v = k.cells[x] as number;
      if (v >= 0 && v !== seat) squares.push(field.names[x] as Square);
    }
    captures.push({ line: field.lineNames[l] as string, squares });
  }
  return { square: name, legal: true, captures };
}

/** The explanation as a sentence. */
export function describeExplanation(e: SquareExplanation, seat: Seat, lang: Lang): string {
  if (!e.legal) return e.reasons.map((r) => describeError(r, lang, messages)).join('\n');
  const who = seatName(seat, lang);
  if (e.captures.length === 0) {
    return lang === 'en'
      ? `${e.square} is legal for ${who}; it captures nothing.`
      : `${e.square} est permise à ${who}\u00a0; elle ne capture rien.`;
  }
  const parts = e.captures.map((c) => `${c.squares.join(', ')} (${lineName(c.line, lang)})`);
  return lang === 'en'
    ? `${e.square} is legal for ${who} and captures ${parts.join('; ')}.`
    : `${e.square} est permise à ${who} et capture ${parts.join('\u00a0; ')}.`;
}
