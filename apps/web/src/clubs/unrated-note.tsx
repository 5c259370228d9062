import type { Lang } from '@roundtable/core';
import { cw } from './words.ts';

/**
 * Which matches this tab's table was moved to by a club's unrated offer (the host's side, told by the server's
 * `rematch` message marked `unrated`): kept for the tab, so a reload of the table still says why it is unrated.
 */
const key = (match: string): string => `rt.unrated.${match}`;

export function rememberUnrated(match: string): void {
  try {
    sessionStorage.setItem(key(match), 'same-address');
  } catch {
    // Storage refused (private mode): the line shows until the next reload only.
  }
}

export function movedUnrated(match: string): boolean {
  try {
    return sessionStorage.getItem(key(match)) === 'same-address';
  } catch {
    return false;
  }
}

/** The host's line above the table: why the rated match it made is now an unrated one. */
export function UnratedNote({ lang }: { lang: Lang }) {
  return (
    <p class="notice" role="status" data-testid="unrated-note">
      {cw(lang, 'unratedMoved')}
    </p>
  );
}
