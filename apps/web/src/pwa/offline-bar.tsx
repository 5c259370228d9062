import { useT } from '../i18n.ts';
import { useOnline } from './online.ts';
import { pw } from './words.ts';

/** A thin line under the top bar while offline, on every page: what still works. */
export function OfflineBar() {
  const { lang } = useT();
  const online = useOnline();
  if (online) return null;
  return (
    <p class="offline-bar" role="status" data-testid="offline-bar">
      {pw(lang, 'offlineBar')}
    </p>
  );
}
