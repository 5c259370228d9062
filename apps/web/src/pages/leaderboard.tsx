import { useEffect, useState } from 'preact/hooks';
import type { Lang } from '@roundtable/core';
import { GAMES, isPlayable, metaOf } from '../games.ts';
import { BOT_LABELS } from '../i18n.ts';
import { useAccount } from '../social/account.ts';
import { ratingsOf, type RatingRow } from '../social/api.ts';
import { boardLines } from '../social/match-lists.ts';
import { provisionalNote, publishedRatings, useWords, word } from '../social/account-words.ts';
import { failure } from './account.tsx';
import { BotMark } from '../social/bot-account.tsx';
import { bw } from '../social/bot-words.ts';
import '../social/accounts.css';

export function GameTabs({ current, base, lang }: { current: string; base: string; lang: Lang }) {
  return (
    <nav class="tabs" aria-label={word(lang, 'game')}>
      {GAMES.filter((g) => isPlayable(g.id)).map((g) => (
        <a
          key={g.id}
          href={`#/${base}/${g.id}`}
          aria-current={g.id === current ? 'page' : undefined}
          data-testid={`tab-${g.id}`}
        >
          {g.name[lang]}
        </a>
      ))}
    </nav>
  );
}

/** `#/ratings/<game>`: a tab per game; rating, ± uncertainty and games; the bots as reference lines. */
export function LeaderboardPage({ gameId, kind: asked = null }: { gameId: string; kind?: string | null }) {
  // Everyone, people only, or the ladder of engines (bot accounts: ours and outside ones).
  const kind = asked === 'people' || asked === 'engines' ? asked : 'all';
  const { lang, w } = useWords();
  const { me } = useAccount();
  const game = metaOf(gameId) && isPlayable(gameId) ? gameId : (GAMES.find((g) => isPlayable(g.id))?.id ?? '');
  const [rows, setRows] = useState<RatingRow[] | null>(null);
  const [provisional, setProvisional] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setRows(null);
    setError(null);
    ratingsOf(game, lang, kind)
      .then((r) => {
        setRows(r.ratings);
        setProvisional(r.provisionalGames ?? null);
      })
      .catch((e: unknown) => setError(failure(lang, e)));
  }, [game, lang, kind]);
  // The measured levels are reference lines among people; on the engines' ladder our levels are there as accounts.
  const lines = rows ? (kind === 'engines' ? boardLines('', rows) : boardLines(game, rows)) : [];
  const measured =
    kind !== 'engines' &&
    Object.values(publishedRatings(game)?.ratings ?? {}).filter((r) => typeof r === 'number').length > 1;
  return (
    <section class="leaderboard">
      <h1>
        {w('leaderboardTitle')} — {metaOf(game)?.name[lang] ?? game}
      </h1>
      <GameTabs current={game} base="ratings" lang={lang} />
      <nav class="tabs board-kinds" aria-label={bw(lang, 'boardKind')} data-testid="board-kinds">
        {(['all', 'people', 'engines'] as const).map((k) => (
          <a
            key={k}
            href={`#/ratings/${game}${k === 'all' ? '' : `?kind=${k}`}`}
            aria-current={k === kind ? 'page' : undefined}
            data-testid={`kind-${k}`}
          >
            {bw(lang, k === 'all' ? 'boardAll' : k === 'people' ? 'boardPeople' : 'boardEngines')}
          </a>
        ))}
      </nav>
      <p class="muted">{w('ratingHelp')}</p>
      {provisional !== null && provisional > 0 && (
        <p class="muted" data-testid="provisional-note">
          {provisionalNote(lang, provisional)}
        </p>
      )}
      {measured && (
        <p class="bot-legend">
          <span class="swatch" aria-hidden="true" /> {w('botsReference')}
        </p>
      )}
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      {rows === null ? (
        !error && <p>{w('working')}</p>
      ) : (
        <>
          {rows.length === 0 && <p data-testid="nobody">{w('nobodyRated')}</p>}
          <div class="table-scroll">
            <table class="board-table" data-testid="leaderboard">
              <caption class="sr-only">
                {w('leaderboardTitle')} — {metaOf(game)?.name[lang] ?? game}
              </caption>
              <thead>
                <tr>
                  <th scope="col">{w('rank')}</th>
                  <th scope="col">{w('player')}</th>
                  <th scope="col" class="num">
                    {w('rating')}
                  </th>
                  <th scope="col" class="num">
                    <span aria-hidden="true">±</span>
                    <span class="sr-only">{w('deviation')}</span>
                  </th>
                  <th scope="col" class="num">
                    {w('gamesShort')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {lines.map((l) =>
                  l.kind === 'player' ? (
                    <tr key={l.row.name} class={me?.name === l.row.name ? 'me' : ''} data-player={l.row.name}>
                      <td>{l.rank}</td>
                      <td>
                        <a href={`#/players/${encodeURIComponent(l.row.name)}`}>{l.row.name}</a>
                        {l.row.bot && (
                          <>
                            {' '}
                            <BotMark lang={lang} />
                          </>
                        )}
                        {me?.name === l.row.name && (
                          <>
                            {' '}
                            <span class="muted">{w('thatsYou')}</span>
                          </>
                        )}
                      </td>
                      <td class="num" data-testid="rating">
                        {Math.round(l.row.rating)}
                      </td>
                      <td class="num">± {Math.round(l.row.deviation)}</td>
                      <td class="num">{l.row.games}</td>
                    </tr>
                  ) : (
                    <tr key={`bot-${l.level}`} class="bot-line" data-bot={l.level}>
                      <td aria-hidden="true">—</td>
                      <td class="nowrap">
                        {w('bot')} — {BOT_LABELS[l.level]?.[lang] ?? l.level}
                      </td>
                      <td class="num">≈{l.rating}</td>
                      <td colSpan={2}>
                        <span class="sr-only">{w('botsReference')}</span>
                      </td>
                    </tr>
                  ),
                )}
              </tbody>
            </table>
          </div>
          {kind !== 'engines' && <p class="muted small">{measured ? w('botsReferenceHelp') : w('botsUnmeasured')}</p>}
        </>
      )}
    </section>
  );
}
