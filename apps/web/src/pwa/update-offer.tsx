import { useEffect, useState } from 'preact/hooks';
import { useT } from '../i18n.ts';
import { useGameInPlay } from './in-play.ts';
import { applyUpdate, useUpdateReady } from './update.ts';
import { pw } from './words.ts';

/**
 * "A new version is ready": offered between games only. While a game is played on this page the offer waits
 * (the root element says `data-update="deferred"`), and shows once the game is over or left.
 */
export function UpdateOffer() {
  const { lang } = useT();
  const ready = useUpdateReady();
  const inPlay = useGameInPlay();
  const [later, setLater] = useState(false);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    document.documentElement.dataset.update = !ready ? '' : inPlay ? 'deferred' : later ? 'later' : 'offered';
  }, [ready, inPlay, later]);
  if (!ready || inPlay || later) return null;
  return (
    <div class="update-offer" role="status" data-testid="update-ready">
      <span>{pw(lang, 'updateReady')}</span>
      <button
        type="button"
        class="primary"
        disabled={busy}
        data-testid="update-now"
        onClick={() => {
          setBusy(true);
          void applyUpdate();
        }}
      >
        {pw(lang, 'updateNow')}
      </button>
      <button type="button" class="link" onClick={() => setLater(true)}>
        {pw(lang, 'updateLater')}
      </button>
    </div>
  );
}
