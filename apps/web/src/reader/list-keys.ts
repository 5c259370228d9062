/**
 * The keys of a row of cards (a hand): Left and Right go from card to card, Home and End to the ends, M and
 * Shift+M to the next and previous card that can be played now (not aria-disabled), so a play from where the
 * previous one left the focus takes a key or two, not a Tab over every card.
 */
export function cardListKeys(e: KeyboardEvent): void {
  const list = e.currentTarget as HTMLElement;
  const cards = Array.from(list.querySelectorAll<HTMLElement>('button'));
  const at = cards.indexOf(document.activeElement as HTMLElement);
  let next: HTMLElement | undefined;
  if (e.key === 'ArrowRight' || e.key === 'ArrowDown') next = cards[Math.min(cards.length - 1, at + 1)];
  else if (e.key === 'ArrowLeft' || e.key === 'ArrowUp') next = cards[Math.max(0, at - 1)];
  else if (e.key === 'Home') next = cards[0];
  else if (e.key === 'End') next = cards[cards.length - 1];
  else if (e.key === 'm' || e.key === 'M') {
    const ok = cards.filter((c) => c.getAttribute('aria-disabled') !== 'true');
    next = e.shiftKey
      ? ([...ok].reverse().find((c) => cards.indexOf(c) < at) ?? ok[ok.length - 1])
      : (ok.find((c) => cards.indexOf(c) > at) ?? ok[0]);
  } else return;
  e.preventDefault();
  next?.focus();
}
