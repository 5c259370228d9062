import { useEffect, useState } from 'preact/hooks';
import type { Lang } from '@roundtable/core';
import type { SeasonAnswer } from '@roundtable/protocol';
import { GAMES, isPlayable, metaOf } from '../games.ts';
import { useT } from '../i18n.ts';
import { failure } from '../pages/account.tsx';
import { GameTabs } from '../pages/leaderboard.tsx';
import { useAccount } from '../social/account.ts';
import { BotMark } from '../social/bot-account.tsx';
import { formatDateTime, machineMoment } from '../dates.ts';
import { seasonOf } from './api.ts';
import { ew, monthName, score } from './words.ts';
import './events.css';

/** `#/seasons/<game>[?month=YYYY-MM]`: the month's ladder and, for the month running, the past winners. */
export function SeasonPage({ game: asked, month }: { game: string; month: string | null }) {
  const { lang } = useT();
  const { me } = useAccount();
  const game = metaOf(asked) && isPlayable(asked) ? asked : (GAMES[0]?.id ?? '');
  const [season, setSeason] = useState<SeasonAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    setSeason(null);
    setError(null);
    seasonOf(game, month, lang)
      .then((s) => live && setSeason(s))
      .catch((e: unknown) => live && setError(failure(lang, e)));
    return () => {
      live = false;
    };
  }, [game, month, lang]);
  const gameName = metaOf(game)?.name[lang] ?? game;
  return (
    <section class="events-page season-page" data-testid="season-page">
      <p>
        <a href="#/events">← {ew(lang, 'back')}</a>
      </p>
      <h1>
        {ew(lang, 'seasonTitle')} — {gameName}
        {season && <> — {monthName(lang, season.month)}</>}
      </h1>
      <GameTabs current={game} base="seasons" lang={lang} />
      <p class="muted">{ew(lang, 'seasonHelp')}</p>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      {!season ? (
        !error && <p>{ew(lang, 'working')}</p>
      ) : (
        <>
          {month && (
            <p>
              <a href={`#/seasons/${game}`}>{ew(lang, 'thisMonth')}</a>
            </p>
          )}
          <p data-testid="season-state">
            {season.over ? (
              <>
                {ew(lang, 'seasonWinner')}
                {lang === 'fr' ? '\u00a0: ' : ': '}
                <strong data-testid="season-winner">{season.winner ?? ew(lang, 'nobody')}</strong>
              </>
            ) : (
              <>
                {ew(lang, 'seasonEnds')}{' '}
                <time dateTime={machineMoment(season.ends)}>{formatDateTime(season.ends, lang)}</time>
              </>
            )}
          </p>
          {season.lines.length === 0 ? (
            <p data-testid="season-empty">{ew(lang, 'emptySeason')}</p>
          ) : (
            <div class="table-scroll">
              <table class="board-table" data-testid="season-ladder">
                <caption class="sr-only">
                  {ew(lang, 'seasonTitle')} — {gameName} — {monthName(lang, season.month)}
                </caption>
                <thead>
                  <tr>
                    <th scope="col" class="num">
                      {ew(lang, 'rank')}
                    </th>
                    <th scope="col">{ew(lang, 'player')}</th>
                    <th scope="col" class="num">
                      {ew(lang, 'eventPoints')}
                    </th>
                    <th scope="col" class="num">
                      {ew(lang, 'gained')}
                    </th>
                    <th scope="col" class="num">
                      {ew(lang, 'ratedGames')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {season.lines.map((l) => (
                    <tr key={l.name} class={me?.name === l.name ? 'me' : ''} data-player={l.name}>
                      <td class="num">{l.rank}</td>
                      <th scope="row">
                        <a href={`#/players/${encodeURIComponent(l.name)}`}>{l.name}</a>
                        {l.bot && (
                          <>
                            {' '}
                            <BotMark lang={lang} />
                          </>
                        )}
                      </th>
                      <td class="num">{score(l.eventPoints)}</td>
                      <td class={`num ${l.gained >= 0 ? 'up' : 'down'}`}>
                        {l.gained >= 0 ? '+' : '−'}
                        {Math.abs(Math.round(l.gained))}
                      </td>
                      <td class="num">{l.games}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {season.past && <PastWinners lang={lang} game={game} gameName={gameName} past={season.past} />}
        </>
      )}
    </section>
  );
}

/** The months before with a winner (a month nobody played is left out), each linking to its ladder. */
function PastWinners({
  lang,
  game,
  gameName,
  past,
}: {
  lang: Lang;
  game: string;
  gameName: string;
  past: NonNullable<SeasonAnswer['past']>;
}) {
  const won = past.filter((p) => p.winner !== null);
  return (
    <section data-testid="season-past">
      <h2>{ew(lang, 'pastWinners')}</h2>
      {won.length === 0 ? (
        <p class="muted">{ew(lang, 'noPastWinner')}</p>
      ) : (
        <div class="table-scroll">
          <table class="board-table">
            <caption class="sr-only">
              {ew(lang, 'pastWinners')} — {gameName}
            </caption>
            <thead>
              <tr>
                <th scope="col">{ew(lang, 'month')}</th>
                <th scope="col">{ew(lang, 'seasonWinner')}</th>
              </tr>
            </thead>
            <tbody>
              {won.map((p) => (
                <tr key={p.month}>
                  <th scope="row">
                    <a href={`#/seasons/${game}?month=${p.month}`}>{monthName(lang, p.month)}</a>
                  </th>
                  <td>
                    <a href={`#/players/${encodeURIComponent(p.winner!)}`}>{p.winner}</a>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
