import type { JSX } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import type { Lang } from '@roundtable/core';
import { LangContext, initialLang } from './i18n.ts';
import { useRoute } from './router.ts';
import { Home } from './pages/home.tsx';
import { Lobby } from './pages/lobby.tsx';
import { NewMatch } from './pages/new-match.tsx';
import { LocalPlay, OnlinePlay } from './pages/play.tsx';
import { RulesPage } from './pages/rules.tsx';
import { LearnPage } from './learn/page.tsx';
import { AccountPage } from './pages/account.tsx';
import { MyMatchesPage } from './pages/my-matches.tsx';
import { LeaderboardPage } from './pages/leaderboard.tsx';
import { PlayerPage } from './pages/player.tsx';
import { PlayNowPage } from './pages/play-now.tsx';
import { NeedsConnection } from './pwa/needs-connection.tsx';
import { OfflineBar } from './pwa/offline-bar.tsx';
import { UpdateOffer } from './pwa/update-offer.tsx';
import { linkManifest } from './pwa/update.ts';
import { NoticeSettings } from './notices/settings.tsx';
import { ForgotPage, ResetPage, VerifyPage } from './notices/links.tsx';
import type { AnalysisSource } from './analysis/page.tsx';
import { lazyPage } from './lazy-page.tsx';
import { ReaderContext, saveReaderMode, savedReaderMode } from './reader/mode.ts';
import { MyTurnPage } from './my-turn/page.tsx';
import { TopBar } from './topbar/top-bar.tsx';

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
        <TopBar
          lang={lang}
          route={route}
          reader={reader}
          onReader={(on) => {
            saveReaderMode(on);
            setReader(on);
          }}
          onLang={setLang}
        />
        <OfflineBar />
        <UpdateOffer />
        <main>{body}</main>
      </ReaderContext.Provider>
    </LangContext.Provider>
  );
}
