import { useEffect, useState } from 'preact/hooks';
import type { Lang } from '@roundtable/core';
import { metaOf } from '../games.ts';
import { useAccount } from '../social/account.ts';
import type { MatchSummary } from '@roundtable/protocol';
import { matchSummary, playerOf, type PlayerPage as Player, type RatingPoint } from '../social/api.ts';
import { opponents, standing } from '../social/match-lists.ts';
import { gamesCount, useWords, word } from '../social/account-words.ts';
import { failure } from './account.tsx';
import { formatDateTime, machineMoment } from '../dates.ts';
import { BotMark, ChallengeForm } from '../social/bot-account.tsx';
import { bw } from '../social/bot-words.ts';
import { PlayerEventsSection } from '../events/player-events.tsx';
import { PlayerClubsSection } from '../clubs/player-clubs.tsx';

const bwLogIn = (lang: Lang): string => bw(lang, 'challengeLogIn');
import '../social/accounts.css';

const START = { rating: 1500, deviation: 350 };

/**
 * A small chart of a rating over time: the line, and the ± band around it, from the 1500 ± 350 everyone starts
 * at. The points are evenly spaced (one per rated match), which reads better than dates for a few games.
 */
export function RatingChart({ points, lang, label }: { points: readonly RatingPoint[]; lang: Lang; label: string }) {
  const series = [START, ...[...points].sort((a, b) => a.at - b.at)];
  const W = 320;
  const H = 120;
  const pad = 6;
  const lo = Math.min(...series.map((p) => p.rating - p.deviation));
  const hi = Math.max(...series.map((p) => p.rating + p.deviation));
  const x = (i: number): number => pad + (series.length === 1 ? 0 : (i * (W - 2 * pad)) / (series.length - 1));
  const y = (v: number): number => H - pad - ((v - lo) / Math.max(1, hi - lo)) * (H - 2 * pad);
  const line = series.map((p, i) => `${x(i).toFixed(1)},${y(p.rating).toFixed(1)}`).join(' ');
  const band = [
    ...series.map((p, i) => `${x(i).toFixed(1)},${y(p.rating + p.deviation).toFixed(1)}`),
    ...series.map((p, i) => `${x(i).toFixed(1)},${y(p.rating - p.deviation).toFixed(1)}`).reverse(),
  ].join(' ');
  const last = series[series.length - 1]!;
  const desc =
    lang === 'fr'
      ? `De 1500 à ${Math.round(last.rating)} en ${series.length - 1} partie${series.length > 2 ? 's' : ''} classée${series.length > 2 ? 's' : ''}.`
      : `From 1500 to ${Math.round(last.rating)} over ${series.length - 1} rated match${series.length > 2 ? 'es' : ''}.`;
  return (
    <figure class="rating-chart">
      <svg
        viewBox={`0 0 ${W} ${H}`}
        role="img"
        aria-label={`${label}: ${desc}`}
        data-testid="rating-chart"
        data-points={series.length}
      >
        <line x1={pad} x2={W - pad} y1={y(1500)} y2={y(1500)} class="base" />
        <polygon points={band} class="band" />
        <polyline points={line} class="line" />
        {series.map((p, i) => (
          <circle key={i} cx={x(i)} cy={y(p.rating)} r="2.6" class="dot-point" />
        ))}
      </svg>
      <figcaption class="muted small">{desc}</figcaption>
    </figure>
  );
}

/** `#/players/<name>`: ratings per game, their history, and the rated matches (each opens its replay). */
export function PlayerPage({ name }: { name: string }) {
  const { lang, w } = useWords();
  const { me } = useAccount();
  const [player, setPlayer] = useState<Player | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [matches, setMatches] = useState<ReadonlyMap<string, MatchSummary>>(new Map());
  useEffect(() => {
    setPlayer(null);
    setError(null);
    playerOf(name, lang)
      .then(setPlayer)
      .catch((e: unknown) => setError(failure(lang, e)));
  }, [name, lang]);
  // The opponents and results of the latest rated matches (the rating history holds only their ids).
  useEffect(() => {
    if (!player) return;
    let live = true;
    const ids = historyRows(player)
      .slice(0, MATCHES_SHOWN)
      .map((h) => h.match);
    void Promise.all(
      ids.map((id) =>
        matchSummary(id, lang)
          .then((r) => r.match)
          .catch(() => null),
      ),
    ).then((found) => {
      if (live) setMatches(new Map(found.flatMap((m) => (m ? [[m.id, m] as const] : []))));
    });
    return () => {
      live = false;
    };
  }, [player, lang]);
  if (error)
    return (
      <section class="player-page">
        <h1>{name}</h1>
        <p class="error" role="alert" data-testid="player-error">
          {error}
        </p>
      </section>
    );
  if (!player) return <p>{w('working')}</p>;
  return (
    <section class="player-page" data-testid="player-page">
      <h1>
        {player.name} {player.bot && <BotMark lang={lang} />}{' '}
        {me?.name === player.name && <span class="muted">{w('thatsYou')}</span>}
      </h1>
      {player.bot &&
        me?.name !== player.name &&
        (me ? (
          <ChallengeForm bot={player.name} />
        ) : (
          <p>
            <a href="#/login">{bwLogIn(lang)}</a>
          </p>
        ))}
      {player.ratings.length === 0 && <p>{w('noRatings')}</p>}
      <PlayerClubsSection name={player.name} lang={lang} />
      <div class="rating-cards">
        {player.ratings.map((r) => {
          const game = metaOf(r.game)?.name[lang] ?? r.game;
          return (
            <article key={r.game} class="rating-card" data-game={r.game}>
              <h2>
                <a href={`#/ratings/${r.game}`}>{game}</a>
              </h2>
              <p class="big-rating">
                <span data-testid="player-rating">{Math.round(r.rating)}</span>{' '}
                <span class="muted">± {Math.round(r.deviation)}</span>
              </p>
              <p class="muted small">
                {gamesCount(lang, r.games)}
                {r.provisional && (
                  <>
                    {' · '}
                    <span data-testid="provisional">{w('provisional')}</span>
                  </>
                )}
              </p>
              <RatingChart points={r.history} lang={lang} label={`${w('history')} — ${game}`} />
            </article>
          );
        })}
      </div>
      {player.ratings.length > 0 && (
        <>
          <h2>{w('ratedMatches')}</h2>
          <div class="table-scroll">
            <table class="board-table" data-testid="player-history">
              <thead>
                <tr>
                  <th scope="col">{w('date')}</th>
                  <th scope="col">{w('game')}</th>
                  <th scope="col">{w('opponent')}</th>
                  <th scope="col">{w('result')}</th>
                  <th scope="col" class="num">
                    {w('after')}
                  </th>
                  <th scope="col" class="num">
                    {w('change')}
                  </th>
                  <th scope="col">
                    <span class="sr-only">{w('watchReplay')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {historyRows(player)
                  .slice(0, MATCHES_SHOWN)
                  .map((h) => {
                    const m = matches.get(h.match);
                    const seat = m?.seats.find((s) => s.kind === 'human' && s.name === player.name)?.seat;
                    const result = m && seat !== undefined ? standing(lang, m, seat, false) : null;
                    return (
                      <tr key={`${h.game}-${h.match}`}>
                        <td>
                          <time dateTime={machineMoment(h.at)}>{formatDateTime(h.at, lang)}</time>
                        </td>
                        <td>{metaOf(h.game)?.name[lang] ?? h.game}</td>
                        <td>
                          {m && seat !== undefined ? (
                            <OpponentLinks lang={lang} match={m} seat={seat} />
                          ) : m ? (
                            '—'
                          ) : (
                            '…'
                          )}
                        </td>
                        <td>
                          {result ? (
                            <span class={`pill ${result.tone}`} data-testid="result">
                              {result.text}
                            </span>
                          ) : m ? (
                            '—'
                          ) : (
                            '…'
                          )}
                        </td>
                        <td class="num">{Math.round(h.rating)}</td>
                        <td class={`num ${h.change >= 0 ? 'up' : 'down'}`}>
                          {h.change >= 0 ? '+' : '−'}
                          {Math.abs(Math.round(h.change))}
                        </td>
                        <td>
                          <a href={`#/m/${h.match}`} data-testid="replay-link">
                            {word(lang, 'watchReplay')}
                          </a>
                        </td>
                      </tr>
                    );
                  })}
              </tbody>
            </table>
          </div>
        </>
      )}
      <PlayerEventsSection name={player.name} lang={lang} />
    </section>
  );
}

const MATCHES_SHOWN = 30;

/** The other players of a rated match, each linking to their page (rated matches are between accounts). */
function OpponentLinks({ lang, match, seat }: { lang: Lang; match: MatchSummary; seat: number }) {
  const people = match.seats.filter((s) => s.seat !== seat && s.kind === 'human' && s.name);
  if (people.length === 0) return <>{opponents(lang, match, seat)}</>;
  return (
    <>
      {people.map((s, i) => (
        <span key={s.seat}>
          {i > 0 && ', '}
          <a href={`#/players/${encodeURIComponent(s.name!)}`}>{s.name}</a>
        </span>
      ))}
    </>
  );
}

/** Every rated match of every game, newest first, with the change it made. */
function historyRows(player: Player): { game: string; match: string; at: number; rating: number; change: number }[] {
  const rows = player.ratings.flatMap((r) => {
    const asc = [...r.history].sort((a, b) => a.at - b.at);
    return asc.map((h, i) => ({
      game: r.game,
      match: h.match,
      at: h.at,
      rating: h.rating,
      change: h.rating - (i === 0 ? START.rating : asc[i - 1]!.rating),
    }));
  });
  return rows.sort((a, b) => b.at - a.at);
}
