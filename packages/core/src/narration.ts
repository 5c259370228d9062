import type { Lang } from './errors.ts';
import type { Seat, Viewer } from './seat.ts';

/**
 * The log in words: what happened in a match, told to one viewer from that viewer's own views, so it can
 * never name a secret (a face-down card, a hand, the traitor before the reveal). The terminal prints it and the
 * web client shows it, in English or French.
 *
 * A front door calls `game.narrate(viewBefore, viewAfter, input)` after each move with the two views of the same
 * viewer (`null` before the first move, for how the match begins). Every game's narrator keeps this promise,
 * checked by its tests: the entries of a seat that are not `private` are exactly the spectator's entries for
 * the same step, so one screen shared by several seats can print the spectator's narration for all and each
 * seat's `private` entries behind its own privacy screen (apps/cli/src/play/narration.ts does).
 */
export interface LogEntry {
  /** One sentence for a person, in the reader's language: "Guinevere plays the 11 of Swords: 35 wounds". */
  readonly text: string;
  /**
   * The heading this entry belongs under ("Turn 12", "Combat 3 of round 2", "Tournament 4 — Red"), in the
   * reader's language; consecutive entries with the same heading form one group.
   */
  readonly group: string;
  /** `move`: a seat acted; `event`: the game did something (a draw, a reveal, a quest won); `outcome`: the end. */
  readonly kind: 'move' | 'event' | 'outcome';
  /** The seat that acted, if any. */
  readonly seat?: Seat;
  /**
   * What the entry refers to, for a table that marks it when the reader hovers the entry: squares ("F6"), card
   * ids, places ("quest:grail"), seats ("seat:2"). Never an id the viewer could not see.
   */
  readonly refs?: readonly string[];
  /**
   * True when the entry tells something only this viewer may know (its own hand, a card it laid face down, its
   * own answer in an open call). A screen shared by several seats shows the other entries to everyone and these
   * only behind the viewer's privacy screen. A spectator's narration never has one.
   */
  readonly private?: boolean;
}

/** What a front door gives a game's narrator besides the two views. */
export interface NarrationInput {
  readonly viewer: Viewer;
  readonly lang: Lang;
  readonly players: number;
  /** The name to use for a seat ("Alice", "Player 2", "King Arthur"); the narrator may add the game's role. */
  readonly name: (seat: Seat) => string;
  /**
   * The move in notation when the viewer may know it (games of perfect information, or the viewer's own move),
   * with the seat that played it; null when only the views tell what happened.
   */
  readonly move: { readonly seat: Seat; readonly notation: string } | null;
}

/** "A", "A and B", "A, B and C" ("et" in French). */
export function listText(items: readonly string[], lang: Lang): string {
  if (items.length <= 1) return items[0] ?? '';
  const and = lang === 'fr' ? ' et ' : ' and ';
  return `${items.slice(0, -1).join(', ')}${and}${items[items.length - 1]}`;
}

/**
 * Whether a count of `n` takes the plural noun, the one rule of every front door: in English all but exactly one
 * ("0 cards", "1 card"); in French from two on, 0 and 1 take the singular ("0 carte", "1 carte", "1,5 carte").
 */
export function pluralFor(n: number, lang: Lang): boolean {
  return lang === 'fr' ? Math.abs(n) >= 2 : Math.abs(n) !== 1;
}

/** `n` followed by the singular or the plural noun in `lang`'s rule: "0 cards", "1 card"; "0 carte", "3 cartes". */
export function countText(n: number, one: string, many: string, lang: Lang): string {
  return `${n} ${pluralFor(n, lang) ? many : one}`;
}
