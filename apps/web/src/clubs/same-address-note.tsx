import { useEffect, useState } from 'preact/hooks';
import type { Lang } from '@roundtable/core';
import type { SameAddressRule } from '@roundtable/protocol';
import { ratedHere } from './api.ts';
import { cw } from './words.ts';

/**
 * On the new-match form of a rated match, before it is created: what a second seat taken from the host's address
 * will meet (refused and offered the match unrated, but for members of the host's clubs).
 */
export function SameAddressNote({ lang }: { lang: Lang }) {
  const [rule, setRule] = useState<SameAddressRule | null>(null);
  useEffect(() => {
    void ratedHere(lang)
      .then(setRule)
      .catch(() => setRule(null));
  }, [lang]);
  if (!rule) return null;
  if (rule.rule === 'allowed') return <p class="hint-muted same-address">{cw(lang, 'sameAddressAllowed')}</p>;
  return (
    <p class="hint-muted same-address" data-testid="same-address-note">
      {cw(lang, 'sameAddressRefused')}{' '}
      {rule.clubs.length > 0 ? (
        <>
          {cw(lang, 'sameAddressClubs')} <strong>{rule.clubs.join(', ')}</strong>.
        </>
      ) : (
        <>
          {cw(lang, 'sameAddressNoClub')} <a href="#/clubs">{cw(lang, 'clubs')}</a>.
        </>
      )}
    </p>
  );
}
