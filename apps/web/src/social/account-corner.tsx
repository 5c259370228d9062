import { useEffect, useState } from 'preact/hooks';
import { GAMES } from '../games.ts';
import { navigate, useRoute } from '../router.ts';
import { here } from '../topbar/here.ts';
import { setMe, useAccount } from './account.ts';
import { logOut, myMatches } from './api.ts';
import { useWords } from './account-words.ts';
import './accounts.css';
import { nw } from '../notices/words.ts';
import { cw } from '../clubs/words.ts';

/**
 * The top bar's links of the social layer, as `<li>` items of its list: leaderboards and play now for everyone;
 * my matches, the signed-in name (their player page) and "Log out", or "Log in" / "Sign up" (the account's
 * items, class `who`).
 */
export function AccountCorner() {
  const { lang, w } = useWords();
  const { me, loading } = useAccount();
  const route = useRoute();
  // How many matches wait for this person's move (any device): on every page change and each minute.
  const meId = me?.id;
  const [turns, setTurns] = useState(0);
  useEffect(() => {
    if (meId === undefined) return setTurns(0);
    const load = (): void =>
      void myMatches(lang)
        .then((r) => setTurns(r.matches.filter((m) => m.yourTurn).length))
        .catch(() => {});
    load();
    const timer = setInterval(load, 60_000);
    addEventListener('hashchange', load);
    return () => {
      clearInterval(timer);
      removeEventListener('hashchange', load);
    };
  }, [meId, lang]);
  const out = async (): Promise<void> => {
    try {
      await logOut(lang);
    } catch {
      // The cookie may be gone already: the server then answers 204 anyway; offline, forget it here too.
    }
    setMe(null);
  };
  return (
    <>
      <li>
        <a href="#/play-now" data-testid="nav-play-now" aria-current={here(route, '/play-now')}>
          {w('playNow')}
        </a>
      </li>
      <li>
        <a href={`#/ratings/${GAMES[0]?.id ?? ''}`} data-testid="nav-ratings" aria-current={here(route, '/ratings')}>
          {w('leaderboards')}
        </a>
      </li>
      {loading ? (
        // Hold the guest links' place while /api/me answers, so the page does not jump under a finger or a click.
        <li class="who" aria-hidden="true" style={{ visibility: 'hidden' }}>
          <a tabIndex={-1}>{w('logIn')}</a>
          <a class="signup-link" tabIndex={-1}>
            {w('signUp')}
          </a>
        </li>
      ) : me ? (
        <>
          <li class="who" data-testid="who">
            <a href="#/me" data-testid="nav-my-matches" aria-current={here(route, '/me')}>
              {w('myMatches')}
              {turns > 0 && (
                <span class="badge-turns" data-testid="nav-turns" title={w('yourTurn')}>
                  {turns}
                  <span class="sr-only"> · {w('yourTurn')}</span>
                </span>
              )}
            </a>
          </li>
          <li class="who">
            <a href="#/clubs" data-testid="nav-clubs" aria-current={here(route, '/clubs')}>
              {cw(lang, 'clubs')}
            </a>
          </li>
          <li class="who">
            <a href="#/settings" data-testid="nav-settings" aria-current={here(route, '/settings')}>
              {nw(lang, 'settingsLink')}
            </a>
          </li>
          <li class="who">
            <a
              href={`#/players/${encodeURIComponent(me.name)}`}
              class="me-name"
              data-testid="me-name"
              aria-current={here(route, `/players/${me.name}`)}
              title={`${w('signedInAs')} ${me.name}`}
            >
              {me.name}
            </a>
          </li>
          <li class="who">
            <button
              type="button"
              class="link"
              onClick={() => {
                void out().then(() => navigate('/'));
              }}
              data-testid="logout"
            >
              {w('logOut')}
            </button>
          </li>
        </>
      ) : (
        <>
          <li class="who">
            <a href="#/login" data-testid="nav-login" aria-current={here(route, '/login')}>
              {w('logIn')}
            </a>
          </li>
          <li class="who">
            <a href="#/signup" class="signup-link" data-testid="nav-signup" aria-current={here(route, '/signup')}>
              {w('signUp')}
            </a>
          </li>
        </>
      )}
    </>
  );
}
