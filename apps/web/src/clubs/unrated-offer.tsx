import { useState } from 'preact/hooks';
import type { Lang } from '@roundtable/core';
import { navigate } from '../router.ts';
import { storeSeat } from '../session/tokens.ts';
import { failure } from '../pages/account.tsx';
import { playUnrated } from './api.ts';
import { cw } from './words.ts';

/** The refused joiner's way on: the same match unrated (the path the refusal carried as `offer`). */
export function UnratedOffer({ offer, lang }: { offer: string; lang: Lang }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const take = async (): Promise<void> => {
    setBusy(true);
    try {
      const r = await playUnrated(offer, lang);
      storeSeat({ match: r.match.id, game: r.match.game, seat: r.seat, token: r.token, createdAt: Date.now() });
      navigate(`/m/${encodeURIComponent(r.match.id)}`);
    } catch (e) {
      setError(failure(lang, e));
      setBusy(false);
    }
  };
  return (
    <div class="unrated-offer">
      <button type="button" class="primary" disabled={busy} onClick={() => void take()} data-testid="play-unrated">
        {cw(lang, 'playUnrated')}
      </button>
      <p class="muted small">{cw(lang, 'unratedHint')}</p>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
