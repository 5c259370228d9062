import type { ComponentChildren } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { useT } from '../i18n.ts';
import { useOnline } from './online.ts';
import { pw } from './words.ts';

/**
 * Wraps a page that needs the server (the lobby, an online match, accounts, ratings…). Offline, it says so plainly
 * in place of the page; when the connection comes back the page is built afresh (it asks the server again, an
 * online match reconnects with its seat's token), without reloading the app.
 */
export function NeedsConnection({ children }: { children: ComponentChildren }) {
  const { lang } = useT();
  const online = useOnline();
  const [round, setRound] = useState(0);
  const was = useRef(online);
  useEffect(() => {
    if (online && !was.current) setRound((n) => n + 1);
    was.current = online;
  }, [online]);
  if (!online) {
    return (
      <section class="offline" data-testid="offline" role="status">
        <h1>{pw(lang, 'offlineTitle')}</h1>
        <p>{pw(lang, 'offlineBody')}</p>
        <p>
          <a class="button" href="#/">
            {pw(lang, 'offlineHome')}
          </a>
        </p>
      </section>
    );
  }
  return (
    <div class="connected-page" key={round} data-round={round}>
      {children}
    </div>
  );
}
