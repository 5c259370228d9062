import type { JSX } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import type { Lang } from '@roundtable/core';
import { LangContext, initialLang, text } from './i18n.ts';
import { navigate, useRoute } from './router.ts';
import { Home } from './pages/home.tsx';
import { Lobby } from './pages/lobby.tsx';
import { NewMatch } from './pages/new-match.tsx';
import { LocalPlay, OnlinePlay } from './pages/play.tsx';
import { RulesPage } from './pages/rules.tsx';
import { LearnPage } from './learn/page.tsx';
import { Sound } from './sound.ts';
import { AccountPage } from './pages/account.tsx';
import { MyMatchesPage } from './pages/my-matches.tsx';
import { LeaderboardPage } from './pages/leaderboard.tsx';
import { PlayerPage } from './pages/player.tsx';
import { PlayNowPage } from './pages/play-now.tsx';
import { AccountCorner } from './social/account-corner.tsx';
import { NeedsConnection } from './pwa/needs-connection.tsx';
import { OfflineBar } from './pwa/offline-bar.tsx';
import { UpdateOffer } from './pwa/update-offer.tsx';
import { linkManifest } from './pwa/update.ts';
import { NoticeSettings } from './notices/settings.tsx';
import { ForgotPage, ResetPage, VerifyPage } from './notices/links.tsx';
import type { AnalysisSource } from './analysis/page.tsx';
import { lazyPage } from './lazy-page.tsx';
import { ReaderContext, saveReaderMode, savedReaderMode } from './reader/mode.ts';
import { rw } from './reader/words.ts';
import { MyTurnPage } from './my-turn/page.tsx';
import { MyTurnLink } from './my-turn/nav-link.tsx';

const online = (page: JSX.Element): JSX.Element => <NeedsConnection>{page}</NeedsConnection>;

const AnalysisPage = lazyPage(() => import('./analysis/page.tsx').then((m) => m.AnalysisPage));
const ReviewPage = lazyPage(() => import('./review/page.tsx').then((m) => m.ReviewPage));
const PuzzlesPage = lazyPage(() => import('./puzzles/page.tsx').then((m) => m.PuzzlesPage));
const EventsRoutes = lazyPage(() => import('./events/routes.tsx').then((m) => m.EventsRoutes));
const ClubsPage = lazyPage(() => import('./clubs/page.tsx').then((m) => m.ClubsPage));
const DatabasePage = lazyPage(() => import('./database/page.tsx').then((m) => m.DatabasePage));
const ExplorerPage = lazyPage(() => import('./explorer/page.tsx').then((m) => m.ExplorerPage));
const ImportPage = lazyPage(() => import('./records/import-page.tsx').then((m) => m.ImportPage));

/** The analysis board's source from its route: `#/analysis/<game>?r=…&at=…`, `…/local/<game>`, `…/m/<match>`. */
function analysisSource(a: string, b: string | undefined, query: URLSearchParams): AnalysisSource {
  const ply = query.get('ply');
  const at = ply !== null && /^\d{1,5}$/.test(ply) ? Number(ply) : null;
  if (a === 'local' && b) return { kind: 'local', gameId: b, ply: at };
  if (a === 'm' && b) return { kind: 'online', matchId: b, ply: at };
  return { kind: 'link', gameId: a, text: query.get('r'), at: query.get('at') };
}

export function App() {
  const route = useRoute();
  const [lang, setLang] = useState<Lang>(initialLang);
  const [sound, setSound] = useState(Sound.enabled);
  const [reader, setReader] = useState(savedReaderMode);
  useEffect(() => {
    document.documentElement.lang = lang;
    localStorage.setItem('rt.lang', lang);
    linkManifest(lang);
  }, [lang]);
  const [page, a, b] = route.parts;
  let body;
  // Pages played on this device work offline; those that need the server say so, and come back by themselves.
  if (page === 'new' && a) body = <NewMatch gameId={a} />;
  else if (page === 'local' && a) body = <LocalPlay gameId={a} key={`local-${a}-${route.query.get('n') ?? ''}`} />;
  else if (page === 'm' && a) body = online(<OnlinePlay matchId={a} key={`m-${a}`} autoJoin={b === 'join'} />);
  else if (page === 'lobby') body = online(<Lobby />);
  else if (page === 'rules' && a) body = <RulesPage gameId={a} />;
  else if (page === 'learn') body = <LearnPage gameId={a ?? ''} key={`learn-${a ?? ''}`} />;
  else if (page === 'signup' || page === 'login') body = online(<AccountPage mode={page} key={page} />);
  else if (page === 'me') body = online(<MyMatchesPage />);
  else if (page === 'my-turn') body = online(<MyTurnPage lang={lang} />);
  else if (page === 'ratings') body = online(<LeaderboardPage gameId={a ?? ''} kind={route.query.get('kind')} />);
  else if (page === 'players' && a) body = online(<PlayerPage name={a} key={`player-${a}`} />);
  else if (page === 'play-now') body = online(<PlayNowPage initialGame={route.query.get('game')} />);
  else if (page === 'settings') body = online(<NoticeSettings />);
  else if (page === 'verify' && a) body = online(<VerifyPage token={a} key={a} />);
  else if (page === 'reset' && a) body = online(<ResetPage token={a} key={a} />);
  else if (page === 'forgot') body = online(<ForgotPage />);
  else if (page === 'events' || page === 'seasons') body = online(<EventsRoutes route={route} />);
  else if (page === 'clubs') body = online(<ClubsPage key={`clubs-${b ?? ''}`} code={a === 'join' && b ? b : null} />);
  else if (page === 'records' && a === 'import') body = online(<ImportPage />);
  else if (page === 'puzzles') body = <PuzzlesPage key={`puzzles-${a ?? ''}`} id={a ?? null} />;
  else if (page === 'database')
    body = online(<DatabasePage key={`database-${route.query.toString()}`} params={route.query} />);
  else if (page === 'explorer' && a)
    body = online(<ExplorerPage key={`explorer-${a}`} gameId={a} params={route.query} />);
  else if (page === 'review' && a === 'local' && b)
    body = <ReviewPage key={`review-local-${b}`} source={{ kind: 'local', gameId: b }} />;
  else if (page === 'review' && a === 'm' && b)
    body = online(<ReviewPage key={`review-m-${b}`} source={{ kind: 'online', matchId: b }} />);
  else if (page === 'analysis' && a) {
    // A board from a link or a match of this device works offline; one from an online match needs the server.
    const analysis = (
      <AnalysisPage
        key={`analysis-${route.parts.join('/')}?${route.query.toString()}`}
        source={analysisSource(a, b, route.query)}
      />
    );
    body = a === 'm' ? online(analysis) : analysis;
  } else body = <Home />;
  return (
    <LangContext.Provider value={lang}>
      <ReaderContext.Provider value={reader}>
        <header class="topbar">
          {/* The first thing the keyboard reaches on every page. */}
          <button
            type="button"
            class="link reader-toggle"
            aria-pressed={reader}
            data-testid="reader-mode"
            onClick={() => {
              saveReaderMode(!reader);
              setReader(!reader);
            }}
          >
            {rw(lang, 'mode')}
          </button>
          <a
            class="brand"
            href="#/"
            onClick={(e) => {
              e.preventDefault();
              navigate('/');
            }}
          >
            <svg viewBox="0 0 32 32" width="28" height="28" aria-hidden="true">
              <circle cx="16" cy="16" r="14" fill="#b08a3e" />
              <circle cx="16" cy="16" r="8" fill="#2b2140" />
            </svg>
            <span>Round Table</span>
          </a>
          <nav>
            <a href="#/">{text(lang, 'home')}</a>
            <a href="#/lobby">{text(lang, 'lobby')}</a>
            <a href="#/puzzles" data-testid="nav-puzzles">
              {lang === 'fr' ? 'Problèmes' : 'Puzzles'}
            </a>
            <a href="#/events" data-testid="nav-events">
              {lang === 'fr' ? 'Tournois' : 'Events'}
            </a>
            <a href="#/database" data-testid="nav-database">
              {lang === 'fr' ? 'Parties' : 'Database'}
            </a>
            <AccountCorner />
            <MyTurnLink lang={lang} />
            <button
              type="button"
              class="link"
              aria-pressed={sound}
              onClick={() => {
                Sound.set(!sound);
                setSound(!sound);
              }}
              data-testid="sound"
            >
              <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" fill="currentColor">
                <path d="M3 9h4l5-4v14l-5-4H3z" />
                {sound ? (
                  <path d="M15 8c2 2 2 6 0 8M18 5c4 4 4 10 0 14" stroke="currentColor" stroke-width="2" fill="none" />
                ) : (
                  <path d="M15 9l6 6M21 9l-6 6" stroke="currentColor" stroke-width="2" />
                )}
              </svg>
              <span class="sr-only">{text(lang, 'sound')}</span>
            </button>
            <button
              type="button"
              class="link"
              data-testid="lang"
              onClick={() => setLang(lang === 'en' ? 'fr' : 'en')}
              lang={lang === 'en' ? 'fr' : 'en'}
            >
              {text(lang, 'language')}
            </button>
          </nav>
        </header>
        <OfflineBar />
        <UpdateOffer />
        <main>{body}</main>
      </ReaderContext.Provider>
    </LangContext.Provider>
  );
}
