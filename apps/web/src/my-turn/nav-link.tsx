import { useEffect, useState } from 'preact/hooks';
import type { Lang } from '@roundtable/core';
import { useRoute } from '../router.ts';
import { useAccount } from '../social/account.ts';
import { here } from '../topbar/here.ts';
import { myTurn } from './api.ts';
import { mw } from './words.ts';

/** The top bar's "My turn" item (a `<li>` of its list) for a signed-in person, with how many correspondence matches wait for them. */
export function MyTurnLink({ lang }: { lang: Lang }) {
  const { me } = useAccount();
  const route = useRoute();
  const meId = me?.id;
  const [count, setCount] = useState(0);
  useEffect(() => {
    if (meId === undefined) return setCount(0);
    const load = (): void =>
      void myTurn(lang)
        .then((a) => setCount(a.matches.length))
        .catch(() => {});
    load();
    const timer = setInterval(load, 60_000);
    addEventListener('hashchange', load);
    return () => {
      clearInterval(timer);
      removeEventListener('hashchange', load);
    };
  }, [meId, lang]);
  if (meId === undefined) return null;
  return (
    <li>
      <a href="#/my-turn" data-testid="nav-my-turn" aria-current={here(route, '/my-turn')}>
        {mw(lang, 'title')}
        {count > 0 && (
          <span class="badge-turns" data-testid="nav-my-turn-count" title={mw(lang, 'title')}>
            {count}
          </span>
        )}
      </a>
    </li>
  );
}
