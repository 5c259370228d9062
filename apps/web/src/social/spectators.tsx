import { pluralFor, type Lang } from '@roundtable/core';
import type { SocialState } from '../session/types.ts';

/** "Watching: Morgan, Percival and 2 without an account" — said live to players and spectators alike. */
export function spectatorWords(s: SocialState['spectators'], lang: Lang): string {
  const fr = lang === 'fr';
  const n = s.names.length + s.anonymous;
  if (n === 0) return fr ? 'Personne ne regarde.' : 'Nobody is watching.';
  const parts = [...s.names];
  if (s.anonymous > 0)
    parts.push(
      fr
        ? `${s.anonymous} ${pluralFor(s.anonymous, 'fr') ? 'anonymes' : 'anonyme'}`
        : `${s.anonymous} without an account`,
    );
  const list =
    parts.length === 1
      ? parts[0]
      : `${parts.slice(0, -1).join(', ')} ${fr ? 'et' : 'and'} ${parts[parts.length - 1] as string}`;
  return fr ? `${pluralFor(n, 'fr') ? 'Regardent' : 'Regarde'}\u00a0: ${list}.` : `Watching: ${list}.`;
}

export function SpectatorList({ state, lang }: { state: SocialState; lang: Lang }) {
  const s = state.spectators;
  return (
    <p
      class="spectators hint-muted"
      data-testid="spectators"
      data-names={s.names.join('|')}
      data-anonymous={s.anonymous}
      aria-live="polite"
    >
      {/* An eye drawn, not an emoji: a system without a colour-emoji font shows an empty box for 👁. */}
      <svg class="spectators-eye" aria-hidden="true" viewBox="0 0 24 16" width="18" height="12">
        <path
          d="M1 8C4 3 8 1 12 1s8 2 11 7c-3 5-7 7-11 7S4 13 1 8z"
          fill="none"
          stroke="currentColor"
          stroke-width="1.6"
        />
        <circle cx="12" cy="8" r="3.2" fill="currentColor" />
      </svg>{' '}
      {spectatorWords(s, lang)}
    </p>
  );
}
