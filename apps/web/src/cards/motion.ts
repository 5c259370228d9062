import { useLayoutEffect, useRef, type MutableRef } from 'preact/hooks';

/**
 * Cards (and tokens) that travel: every element a table marks `data-motion="<id>"` with `data-place="<where>"`
 * is followed from one position to the next. When an id shows up in another place (a card leaves a hand for the
 * display, the table for a wound pile), the element slides from where it was; when it shows up for the first
 * time (a card from a hand this screen cannot see), it comes from its `data-motion-from` element — any element
 * marked `data-motion-src` with that name, e.g. an opponent's hand count — as it stood before the change.
 * Only the presentation moves, at the shell's `--pace` (nothing with "instant" or `prefers-reduced-motion`).
 */

interface Spot {
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
}

interface Seen {
  readonly place: string;
  readonly spot: Spot;
}

/** Where each flying element lands (its box without the flight's transform). */
const landing = new WeakMap<HTMLElement, Spot>();

/** More than this many cards moving at once (a jump in a replay, a whole display discarded) slide all the same, but no more. */
const MAX_FLIGHTS = 24;

/** Where an element stands, in page coordinates (so that a scroll between two positions does not count as a move). */
function spotOf(el: Element): Spot {
  const r = el.getBoundingClientRect();
  return { x: r.left + scrollX, y: r.top + scrollY, w: r.width, h: r.height };
}

/** How long the shell shows each move (its `--pace`, from the chosen speed); 0 with reduced motion. */
export function paceOf(el: Element | null): number {
  if (!el || typeof matchMedia !== 'function' || matchMedia('(prefers-reduced-motion: reduce)').matches) return 0;
  const n = parseFloat(getComputedStyle(el).getPropertyValue('--pace'));
  return Number.isFinite(n) ? n : 0;
}

/**
 * Slides `el` from `from` (page coordinates) to where it stands now: its first frame is centred on `from`, at
 * the source's height (a card from a hand keeps a card's size; from a line of text it grows out of it).
 */
export function fly(el: HTMLElement, from: Spot, duration: number): Animation | null {
  if (typeof el.animate !== 'function') return null;
  const to = spotOf(el);
  if (to.w === 0 || to.h === 0) return null;
  const s = Math.max(0.35, Math.min(1.6, from.h / to.h));
  const dx = from.x + from.w / 2 - (to.x + (to.w * s) / 2);
  const dy = from.y + from.h / 2 - (to.y + (to.h * s) / 2);
  if (Math.abs(dx) < 2 && Math.abs(dy) < 2 && Math.abs(s - 1) < 0.05) return null;
  el.classList.add('flying');
  landing.set(el, to);
  const a = el.animate(
    [
      { transform: `translate(${dx}px, ${dy}px) scale(${s})`, transformOrigin: '0 0' },
      { transform: 'translate(0, 0) scale(1)', transformOrigin: '0 0' },
    ],
    { duration, easing: 'cubic-bezier(0.25, 0.7, 0.3, 1)' },
  );
  const done = (): void => el.classList.remove('flying');
  a.onfinish = done;
  a.oncancel = done;
  return a;
}

/**
 * Follows the marked elements inside `root` from one `key` (the view on screen) to the next and makes what
 * moved travel. Call it in the table component, with the element that holds the table.
 */
export function useCardMotion(root: MutableRef<HTMLElement | null>, key: unknown): void {
  const seen = useRef<Map<string, Seen> | null>(null);
  const sources = useRef<Map<string, Spot>>(new Map());
  const lastKey = useRef<unknown>(undefined);

  useLayoutEffect(() => {
    const box = root.current;
    if (!box) return;
    const marked = Array.from(box.querySelectorAll<HTMLElement>('[data-motion]'));
    const before = seen.current;
    const changed = lastKey.current !== key;
    lastKey.current = key;
    if (before && changed) {
      const pace = paceOf(box);
      const duration = Math.round(Math.min(pace * 0.75, 900));
      if (duration > 0) {
        let flights = 0;
        for (const el of marked) {
          if (flights >= MAX_FLIGHTS) break;
          const id = el.dataset.motion as string;
          const place = el.dataset.place ?? '';
          const was = before.get(id);
          let from: Spot | undefined;
          if (was) {
            if (was.place !== place) {
              from = shifted(was, before, marked);
              el.dataset.flewFrom = was.place;
            }
          } else {
            const name = el.dataset.motionFrom;
            if (name) {
              // Where the source stands now (the table may have grown above it), or stood, if it is gone.
              const src = box.querySelector(`[data-motion-src="${CSS.escape(name)}"]`);
              from = src ? spotOf(src) : sources.current.get(name);
            }
          }
          if (from && fly(el, from, duration)) flights++;
        }
      }
    }
    // Where everything stands now, for the next change (read before the flights' transforms apply: a running
    // animation moves the box, so the places are taken from the layout without them).
    const now = new Map<string, Seen>();
    for (const el of marked) {
      const id = el.dataset.motion as string;
      if (!now.has(id)) now.set(id, { place: el.dataset.place ?? '', spot: settledSpot(el) });
    }
    seen.current = now;
    const src = new Map<string, Spot>();
    for (const el of Array.from(box.querySelectorAll<HTMLElement>('[data-motion-src]')))
      src.set(el.dataset.motionSrc as string, spotOf(el));
    sources.current = src;
  });
}

/**
 * Where a card that left `was.place` stood, moved with its place: when the cards still there moved too (a row
 * grew above the hand), by as much as the first of them.
 */
function shifted(was: Seen, before: ReadonlyMap<string, Seen>, marked: readonly HTMLElement[]): Spot {
  for (const el of marked) {
    if ((el.dataset.place ?? '') !== was.place) continue;
    const then = before.get(el.dataset.motion as string);
    if (!then || then.place !== was.place) continue;
    const now = settledSpot(el);
    return { ...was.spot, x: was.spot.x + now.x - then.spot.x, y: was.spot.y + now.y - then.spot.y };
  }
  return was.spot;
}

/** The element's box without the transform of a flight in progress (where its flight ends). */
function settledSpot(el: HTMLElement): Spot {
  return (el.classList.contains('flying') ? landing.get(el) : undefined) ?? spotOf(el);
}
