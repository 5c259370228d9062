import { useEffect, type MutableRef } from 'preact/hooks';

/** The attributes that say which thing of the table an element is, kept when the element is drawn again. */
const KEYS = ['data-square', 'data-ref', 'data-move', 'data-card', 'data-testid'] as const;

/** Containers a lost focus goes back to: the board grid, a list of cards, a group of choices, the command field. */
const HOMES = '[role=grid], [role=list], [role=listbox], [role=group], [role=toolbar], form, [data-focus-home]';

const FOCUSABLE =
  'button:not([disabled]):not([aria-hidden=true]), input:not([disabled]), select:not([disabled]), [tabindex="0"]';

interface Remembered {
  readonly el: HTMLElement;
  readonly key: { readonly name: string; readonly value: string } | null;
  /** Its containers, nearest first, and its rank among the focusable things of each. */
  readonly homes: readonly { readonly el: HTMLElement; readonly rank: number }[];
}

function focusable(el: HTMLElement): boolean {
  return el.isConnected && el.matches(FOCUSABLE) && !el.closest('[inert]') && el.getClientRects().length > 0;
}

function remember(el: HTMLElement, root: HTMLElement): Remembered {
  const name = KEYS.find((k) => el.hasAttribute(k));
  const homes: { el: HTMLElement; rank: number }[] = [];
  for (let h = el.parentElement?.closest<HTMLElement>(HOMES); h && root.contains(h);) {
    homes.push({ el: h, rank: Array.from(h.querySelectorAll<HTMLElement>(FOCUSABLE)).indexOf(el) });
    h = h.parentElement?.closest<HTMLElement>(HOMES) ?? null;
  }
  return { el, key: name ? { name, value: el.getAttribute(name) ?? '' } : null, homes };
}

/** Where the focus goes back to: the same thing drawn again, else its nearest container still shown. */
function home(r: Remembered, root: HTMLElement): HTMLElement | null {
  if (focusable(r.el)) return r.el;
  if (r.key) {
    const same = Array.from(root.querySelectorAll<HTMLElement>(`[${r.key.name}="${CSS.escape(r.key.value)}"]`)).find(
      focusable,
    );
    if (same) return same;
  }
  for (const h of r.homes) {
    if (!h.el.isConnected) continue;
    const inside = Array.from(h.el.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(focusable);
    const pick = inside[Math.min(Math.max(h.rank, 0), inside.length - 1)];
    if (pick) return pick;
  }
  return null;
}

/**
 * Keeps the keyboard's place at the table: when the focused thing disappears or stops taking the focus (a card
 * played, a square that could move and now cannot, a panel of choices closed after the move), the focus goes to
 * the same thing drawn again, else to the nearest container still shown (the same rank in the hand, the board),
 * else to `fallback` (the board area), never to the page's body or the header.
 */
export function useFocusKeeper(root: MutableRef<HTMLElement | null>, fallback: MutableRef<HTMLElement | null>): void {
  useEffect(() => {
    const el = root.current;
    if (!el) return;
    let last: Remembered | null = null;
    let queued = false;
    const onFocus = (e: FocusEvent): void => {
      const t = e.target as HTMLElement;
      if (t !== fallback.current) last = remember(t, el);
    };
    const check = (): void => {
      queued = false;
      const active = document.activeElement;
      if (!last || (active && active !== document.body && active !== document.documentElement)) return;
      if (focusable(last.el)) return;
      const target = home(last, el) ?? fallback.current;
      target?.focus({ preventScroll: true });
    };
    const later = (): void => {
      if (queued) return;
      queued = true;
      queueMicrotask(check);
    };
    const watch = new MutationObserver(later);
    watch.observe(el, { subtree: true, childList: true, attributes: true, attributeFilter: ['tabindex', 'disabled'] });
    el.addEventListener('focusin', onFocus);
    el.addEventListener('focusout', later);
    return () => {
      watch.disconnect();
      el.removeEventListener('focusin', onFocus);
      el.removeEventListener('focusout', later);
    };
  }, [root, fallback]);
}
