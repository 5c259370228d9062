import type { Lang } from '@roundtable/core';
import type { HintGroup } from '../terminal/adapter.ts';
import { displayWidth, wrapLine } from '../terminal/wrap.ts';

/**
 * The default grouping of legal moves: by their first word ("play", "use", "siege"), each group listing what
 * follows it. A move of one word stands alone in the group "other". Games with a board group by piece or row
 * through their adapter (`groupHints`).
 */
export function groupByVerb(legal: readonly string[], lang: Lang): HintGroup[] {
  const groups = new Map<string, string[]>();
  const single: string[] = [];
  for (const move of new Set(legal)) {
    const space = move.indexOf(' ');
    if (space < 0) {
      single.push(move);
      continue;
    }
    const verb = move.slice(0, space);
    groups.set(verb, [...(groups.get(verb) ?? []), move.slice(space + 1)]);
  }
  // A verb met once reads better whole ("draw", "siege fight-1 fight-4").
  const out: HintGroup[] = [];
  for (const [verb, rests] of groups) {
    if (rests.length === 1) single.push(`${verb} ${rests[0] as string}`);
    else if (rests.length > BIG && rests.some((r) => r.includes(' '))) out.push(...splitBig(verb, rests));
    else out.push({ label: verb, moves: rests });
  }
  // Alone, the one-word moves need no label (Nim's "1-1 1-2"); beside groups they are "other".
  if (single.length > 0) out.push({ label: out.length === 0 ? '' : lang === 'fr' ? 'autres' : 'other', moves: single });
  return out;
}

/** Beyond this many moves, a verb's group is split by its next word. */
const BIG = 24;

/**
 * A big group split by the word after the verb ("play merlin …", "play apprenti …"), and in each part the runs
 * of numbered items said once: "sw1…15" for sw1 sw2 … sw15 (a joker declared as any card of a suit).
 */
function splitBig(verb: string, rests: readonly string[]): HintGroup[] {
  const parts = new Map<string, string[]>();
  const alone: string[] = [];
  for (const r of rests) {
    const space = r.indexOf(' ');
    if (space < 0) alone.push(r);
    else parts.set(r.slice(0, space), [...(parts.get(r.slice(0, space)) ?? []), r.slice(space + 1)]);
  }
  const out: HintGroup[] = alone.length > 0 ? [{ label: verb, moves: alone }] : [];
  for (const [word, items] of parts) out.push({ label: `${verb} ${word}`, moves: runs(items) });
  return out;
}

/** "sw1 sw2 sw3 sw5" → "sw1…3 sw5": consecutive numbers after the same prefix, three or more, as a range. */
function runs(items: readonly string[]): string[] {
  const parsed = items.map((item) => /^(.*?)(\d+)$/.exec(item));
  const next = (k: number): boolean => {
    const [a, b] = [parsed[k], parsed[k + 1]];
    return (
      a !== null &&
      a !== undefined &&
      b !== null &&
      b !== undefined &&
      a[1] === b[1] &&
      Number(b[2]) === Number(a[2]) + 1
    );
  };
  const out: string[] = [];
  for (let i = 0; i < items.length;) {
    let j = i;
    while (next(j)) j++;
    if (j - i >= 2) {
      out.push(`${items[i] as string}…${parsed[j]?.[2] ?? ''}`);
      i = j + 1;
    } else out.push(items[i++] as string);
  }
  return out;
}

/**
 * Groups as lines of at most `width` columns: "  play: red-4 · red-5 · squire-2", continued under the first
 * move. Items that contain spaces are separated by " · " so each stays readable as one choice.
 */
export function formatHintGroups(groups: readonly HintGroup[], width: number, lang: Lang = 'en'): string[] {
  const colon = lang === 'fr' ? '\u00a0:' : ':';
  const labelWidth = Math.min(14, Math.max(0, ...groups.map((g) => g.label.length)));
  const lines: string[] = [];
  for (const g of groups) {
    const sep = g.moves.some((m) => m.includes(' ')) ? ' · ' : ' ';
    const label = `  ${(g.label === '' ? '' : `${g.label}${colon}`).padEnd(labelWidth + colon.length)} `;
    // Continuation lines start under the first move, and a move is never split across two lines.
    const pad = ' '.repeat(label.length);
    let line = label + (g.moves[0] ?? '');
    for (const move of g.moves.slice(1)) {
      // Room for the move and, should the next one not fit, the trailing separator.
      if (displayWidth(line) + sep.length + displayWidth(move) + sep.trimEnd().length > width) {
        lines.push(...wrapLine(line + sep.trimEnd(), width));
        line = pad + move;
      } else line += sep + move;
    }
    lines.push(...wrapLine(line, width));
  }
  return lines;
}

export const HINT_WORDS: Readonly<Record<Lang, (n: number, example: string) => string>> = {
  en: (n, example) => `Legal moves (${n}), grouped; type one whole, e.g. "${example}":`,
  fr: (n, example) =>
    `Coups légaux (${n}), regroupés\u00a0; tapez-en un en entier, par ex. «\u00a0${example}\u00a0»\u00a0:`,
};
