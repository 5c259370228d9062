import type { Lang } from '@roundtable/core';
import type { SocialState } from '../session/types.ts';

/** "Watching: Morgan, Percival and 2 without an account" — said live to players and spectators alike. */
export function spectatorWords(s: SocialState['spectators'], lang: Lang): string {
  const fr = lang === 'fr';
  const n = s.names.length + s.anonymous;
  if (n === 0) return fr ? 'Personne ne regarde.' : 'Nobody is watching.';
  const parts = [...s.names];
  if (s.anonymous > 0)
    parts.push(fr ? `${s.anonymous} ${s.anonymous > 1 ? 'anonymes' : 'anonyme'}` : `${s.anonymous} without an account`);
  const list =
    parts.length === 1
      ? parts[0]
      : `${parts.slice(0, -1).join(', ')} ${fr ? 'et' : 'and'} ${parts[parts.length - 1] as string}`;
  return fr ? `${n > 1 ? 'Regardent' : 'Regarde'}\u00a0: ${list}.` : `Watching: ${list}.`;
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
      <span aria-hidden="true">👁 </span>
      {spectatorWords(s, lang)}
    </p>
  );
}
