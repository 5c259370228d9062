import type { ComponentChildren } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { Lang } from '@roundtable/core';
import { tw } from './words.ts';

const MENU_ID = 'nav-more-menu';

/** The links and buttons of the open menu a person can reach now (a wide bar shows them inline instead). */
function reachable(menu: HTMLElement): HTMLElement[] {
  return Array.from(menu.querySelectorAll<HTMLElement>('a[href], button')).filter(
    (el) => el.tabIndex >= 0 && el.getClientRects().length > 0,
  );
}

/**
 * The top bar's "More" disclosure: a button (aria-expanded, aria-controls) and the list of links a narrow bar has
 * no room for, laid over the page under the bar; `children` are its `<li>` items. Opened by the keyboard, it puts
 * the focus on its first link; Escape closes it and gives the focus back to the button; a click outside, a link
 * followed or the focus leaving it (Tab past its last link) closes it too. On a wide bar topbar.css hides the
 * button and lays the links inline (`display: contents`), so the same elements serve both and none is there twice.
 */
export function MoreMenu({ lang, children }: { lang: Lang; children: ComponentChildren }) {
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);
  // Opened from the keyboard: the focus goes to the first link once the list shows (a pointer leaves it alone).
  const focusFirst = useRef(false);
  useEffect(() => {
    if (!open) return;
    if (focusFirst.current && menu.current) reachable(menu.current)[0]?.focus();
    focusFirst.current = false;
    const outside = (e: PointerEvent): void => {
      if (!box.current?.contains(e.target as Node)) setOpen(false);
    };
    const moved = (): void => setOpen(false);
    // Escape wherever the focus is (a click on "More" leaves it on the page in Safari), not only inside the menu.
    const escape = (e: KeyboardEvent): void => {
      if (e.key !== 'Escape') return;
      e.preventDefault();
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('keydown', escape);
    addEventListener('hashchange', moved);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('keydown', escape);
      removeEventListener('hashchange', moved);
    };
  }, [open]);
  const onKeyDown = (e: KeyboardEvent): void => {
    if (!open || !menu.current) return;
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    // Arrows step through the items too (Tab does as well), wrapping round, as in a menu.
    const items = reachable(menu.current);
    if (items.length === 0) return;
    e.preventDefault();
    const at = items.indexOf(document.activeElement as HTMLElement);
    const step = e.key === 'ArrowDown' ? 1 : -1;
    const next = at < 0 ? (step > 0 ? 0 : items.length - 1) : (at + step + items.length) % items.length;
    items[next]?.focus();
  };
  return (
    <div
      class="nav-more"
      ref={box}
      onKeyDown={onKeyDown}
      onFocusOut={(e) => {
        const to = e.relatedTarget as Node | null;
        if (open && to && !box.current?.contains(to)) setOpen(false);
      }}
    >
      <button
        type="button"
        class="link more-toggle"
        ref={button}
        aria-expanded={open}
        aria-controls={MENU_ID}
        data-testid="nav-more"
        onClick={(e) => {
          // Enter and Space click with no pointer: a click count of 0.
          focusFirst.current = !open && e.detail === 0;
          setOpen(!open);
        }}
      >
        <span class="more-label">{tw(lang, 'more')}</span>
        <svg class="more-chevron" viewBox="0 0 10 6" width="10" height="6" aria-hidden="true">
          <path d="M1 1l4 4 4-4" stroke="currentColor" stroke-width="1.6" fill="none" />
        </svg>
        <svg class="more-bars" viewBox="0 0 16 14" width="16" height="14" aria-hidden="true">
          <path d="M1 2h14M1 7h14M1 12h14" stroke="currentColor" stroke-width="2" />
        </svg>
      </button>
      <ul
        id={MENU_ID}
        class={open ? 'nav-menu open' : 'nav-menu'}
        ref={menu}
        data-testid="nav-menu"
        onClick={(e) => {
          if ((e.target as Element).closest('a[href], button')) setOpen(false);
        }}
      >
        {children}
      </ul>
    </div>
  );
}
