/**
 * The Chevaliers board's reading of the legal moves: each move (in the engine's notation) is split into the
 * cards of the hand it spends and the place on the board it goes to, so a person picks cards, then clicks a
 * lit place. Nothing here invents a move: every affordance is one legal move, unchanged.
 */
import type { Seat } from '@roundtable/core';
import { QUESTS, type Location } from '@roundtable/shadows';

/** Where a move is played on the board; `null` targets stay words (the prompt or the action bar). */
export type Target =
  | { readonly kind: 'place'; readonly place: Location }
  | { readonly kind: 'siege' }
  | { readonly kind: 'white-pile' }
  | { readonly kind: 'black-pile' }
  | { readonly kind: 'life' }
  | { readonly kind: 'knight'; readonly seat: Seat }
  | { readonly kind: 'laid' };

export interface Affordance {
  /** The legal move, exactly as the engine wrote it. */
  readonly move: string;
  /** Card kinds of the hand it spends, with repeats (a heal spends three of a kind), sorted. */
  readonly cards: readonly string[];
  readonly target: Target | null;
}

/** What a board element says it is: `place:grail`, `siege`, `knight:2`… (the `data-target` hook). */
export function targetKey(t: Target): string {
  switch (t.kind) {
    case 'place':
      return `place:${t.place}`;
    case 'knight':
      return `knight:${t.seat}`;
    default:
      return t.kind;
  }
}

const isPlace = (w: string): w is Location => w === 'camelot' || (QUESTS as readonly string[]).includes(w);
const seatOf = (w: string | undefined): Seat | null => (w && /^@\d+$/.test(w) ? Number(w.slice(1)) : null);

export interface Context {
  /** The viewing seat (its own knight is the target of `self` and `evil life`). */
  readonly me: Seat | null;
  /** Where the viewing seat's knight stands (its fights go there). */
  readonly location: Location | null;
  /** King Arthur's swap: the card given back goes to him. */
  readonly swapFrom: Seat | null;
  /** Sir Kay's window: the combat a Fight card would join. */
  readonly kayQuest: 'black-knight' | 'lancelot' | 'siege' | null;
}

/** One legal move as cards + target. */
export function afford(move: string, c: Context): Affordance {
  const w = move.split(' ');
  const [head = '', a = '', b] = w;
  const rest = w.slice(1);
  const place = (p: Location): Target => ({ kind: 'place', place: p });
  const knight = (s: Seat | null): Target | null => (s === null ? null : { kind: 'knight', seat: s });
  const mk = (cards: readonly string[], target: Target | null): Affordance => ({
    move,
    cards: [...cards].sort(),
    target,
  });
  switch (head) {
    case 'lay':
      return mk([a], { kind: 'laid' });
    case 'evil':
      return mk([], a === 'black' ? { kind: 'black-pile' } : a === 'siege' ? { kind: 'siege' } : { kind: 'life' });
    case 'war':
      return mk([], isPlace(a) ? place(a) : null);
    case 'target':
      return mk([], knight(seatOf(a)));
    case 'move':
      return mk([], isPlace(a) ? place(a) : null);
    case 'draw':
      return mk([], { kind: 'white-pile' });
    case 'siege':
      return mk(rest, { kind: 'siege' });
    case 'fight':
      return mk([a], c.location && c.location !== 'camelot' ? place(c.location) : null);
    case 'push':
      return mk([a], place('excalibur'));
    case 'grail':
      return mk(['grail'], place('grail'));
    case 'heal':
      return mk([a, a, a], knight(c.me));
    case 'kay':
      return mk([a], c.kayQuest === 'siege' ? { kind: 'siege' } : c.kayQuest ? place(c.kayQuest) : null);
    case 'give':
      return mk([a], knight(seatOf(b)));
    case 'return':
      return mk([a], knight(c.swapFrom));
    case 'discard':
      return mk(rest, null);
    case 'play': {
      if (a === 'messenger') return mk([a, ...w.slice(3)], knight(seatOf(b)));
      if (b === undefined) return mk([a], null);
      if (b === 'siege') return mk([a], { kind: 'siege' });
      if (b === 'self') return mk([a], knight(c.me));
      if (isPlace(b)) return mk([a], place(b));
      return mk([a], null);
    }
    default:
      // Answers, declarations, accusations, the opening's proposal and vote, the end of the turn: no card.
      return mk([], null);
  }
}

/** True when `small` is contained in `big`, counting repeats (both sorted or not). */
export function within(small: readonly string[], big: readonly string[]): boolean {
  const left = new Map<string, number>();
  for (const k of big) left.set(k, (left.get(k) ?? 0) + 1);
  for (const k of small) {
    const n = left.get(k) ?? 0;
    if (n === 0) return false;
    left.set(k, n - 1);
  }
  return true;
}

export const sameCards = (x: readonly string[], y: readonly string[]): boolean => x.length === y.length && within(x, y);

/** The moves that spend exactly the picked cards. */
export function matching(all: readonly Affordance[], picked: readonly string[]): Affordance[] {
  return picked.length === 0 ? [] : all.filter((f) => f.cards.length > 0 && sameCards(f.cards, picked));
}

/** True when some move spends the picked cards plus `kind` (and maybe more). */
export function canGrow(all: readonly Affordance[], picked: readonly string[], kind: string): boolean {
  const want = [...picked, kind];
  return all.some((f) => within(want, f.cards));
}

/**
 * The pick after clicking a card of the hand (its kind), given the kinds picked so far: added when some move
 * spends them all, else the card alone when it has a use, else `null` (the card has no use now).
 */
export function pickCard(
  all: readonly Affordance[],
  picked: readonly string[],
  kind: string,
): readonly string[] | null {
  if (canGrow(all, picked, kind)) return [...picked, kind];
  if (canGrow(all, [], kind)) return [kind];
  return null;
}

/** Moves that spend no card and have a place on the board (travel, the Progression of Evil, draw, target). */
export function freeOnBoard(all: readonly Affordance[]): Affordance[] {
  return all.filter((f) => f.cards.length === 0 && f.target !== null);
}

/** Moves with neither card nor place: the action bar's. */
export function barMoves(all: readonly Affordance[]): Affordance[] {
  return all.filter((f) => f.cards.length === 0 && f.target === null);
}
