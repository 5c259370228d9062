import { useEffect, useState } from 'preact/hooks';
import type { Lang } from '@roundtable/core';
import { GAMES, metaOf } from '../games.ts';
import { useT } from '../i18n.ts';
import { navigate } from '../router.ts';
import { ApiError, call } from '../social/api.ts';
import { formatDate, machineMoment } from '../dates.ts';
import { dw, shownName } from './words.ts';
import './database.css';

/** A game as GET /api/database/games lists it. */
interface GameHit {
  readonly id: string;
  readonly source: 'rated' | 'casual' | 'master' | 'selfplay';
  readonly game: string;
  readonly players: number;
  readonly playedAt: number;
  readonly names: readonly (string | null)[];
  readonly ratings: readonly (number | null)[];
  readonly winners: readonly number[];
  readonly draw: boolean;
  readonly plies: number;
  readonly opening: readonly string[];
  readonly event: string | null;
}

/** The search fields, as the page's address holds them (`#/database?player=…&game=…`). */
const FIELDS = ['player', 'game', 'result', 'from', 'to', 'opening', 'event', 'source', 'position', 'moves'] as const;
type Field = (typeof FIELDS)[number];

function queryOf(params: URLSearchParams): Partial<Record<Field, string>> {
  const out: Partial<Record<Field, string>> = {};
  for (const f of FIELDS) {
    const v = params.get(f)?.trim();
    if (v) out[f] = v;
  }
  return out;
}

function resultText(g: GameHit, lang: Lang): string {
  if (g.draw) return dw(lang, 'drawn');
  const names = g.winners.map((s) => {
    const name = g.names[s];
    return name ? shownName(name, lang) : `#${s + 1}`;
  });
  return names.length > 0 ? `${names.join(', ')} ${dw(lang, 'won')}` : '—';
}

/** A page of the games the address asks for (its source `site`: every source but the bots' self-play). */
function loadGames(qs: string, before: string | null, lang: Lang): Promise<{ games: GameHit[]; next: string | null }> {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(queryOf(new URLSearchParams(qs)))) {
    if (k === 'source') q.set('source', v === 'site' ? 'rated,casual,master' : v);
    else q.set(k, v);
  }
  q.set('limit', '25');
  if (before) q.set('before', before);
  return call<{ games: GameHit[]; next: string | null }>('GET', `/api/database/games?${q.toString()}`, lang);
}

/**
 * The game database: a search form (player, game, result, dates, opening moves, event, source) over every
 * finished game, and the games found, newest first, a page at a time. With only a player (or only an event) it is
 * that player's (that event's) page of games; with a position, the games that reached it (from the explorer).
 */
export function DatabasePage({ params }: { params: URLSearchParams }) {
  const { lang } = useT();
  const asked = queryOf(params);
  const [form, setForm] = useState(asked);
  const [games, setGames] = useState<GameHit[] | null>(null);
  const [next, setNext] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const qs = params.toString();
  const search = (before: string | null): void => {
    loadGames(qs, before, lang).then(
      (r) => {
        setGames((old) => (before && old ? [...old, ...r.games] : r.games));
        setNext(r.next);
        setError(null);
      },
      (e: ApiError) => setError(e.message),
    );
  };
  useEffect(() => {
    loadGames(qs, null, lang).then(
      (r) => {
        setGames(r.games);
        setNext(r.next);
        setError(null);
      },
      (e: ApiError) => setError(e.message),
    );
  }, [qs, lang]);

  const onlyPlayer = asked.player && Object.keys(asked).length === 1;
  const onlyEvent = asked.event && Object.keys(asked).length === 1;
  const title = onlyPlayer
    ? `${dw(lang, 'playerTitle')} ${shownName(asked.player!, lang)}`
    : onlyEvent
      ? `${dw(lang, 'eventTitle')} ${asked.event}`
      : asked.position || asked.moves
        ? dw(lang, 'positionTitle')
        : dw(lang, 'title');
  const submit = (e: Event): void => {
    e.preventDefault();
    const q = new URLSearchParams();
    for (const [k, v] of Object.entries(form)) if (v) q.set(k, v);
    navigate(`/database?${q.toString()}`);
  };
  const field = (name: Field, label: string, type = 'text', placeholder?: string) => (
    <label>
      <span>{label}</span>
      <input
        type={type}
        name={name}
        value={form[name] ?? ''}
        {...(placeholder ? { placeholder } : {})}
        onInput={(e) => setForm({ ...form, [name]: (e.target as HTMLInputElement).value })}
      />
    </label>
  );
  const select = (name: Field, label: string, options: readonly [string, string][]) => (
    <label>
      <span>{label}</span>
      <select
        name={name}
        value={form[name] ?? ''}
        onChange={(e) => setForm({ ...form, [name]: (e.target as HTMLSelectElement).value })}
      >
        {options.map(([v, t]) => (
          <option key={v} value={v}>
            {t}
          </option>
        ))}
      </select>
    </label>
  );
  return (
    <section class="database" data-testid="database-page">
      <h1>{title}</h1>
      <p class="muted">{dw(lang, 'intro')}</p>
      <form class="database-form" onSubmit={submit}>
        {field('player', dw(lang, 'player'))}
        {select('game', dw(lang, 'game'), [
          ['', dw(lang, 'anyGame')],
          ...GAMES.map((g) => [g.id, g.name[lang]] as [string, string]),
        ])}
        {select('result', dw(lang, 'result'), [
          ['', dw(lang, 'anyResult')],
          ['win0', dw(lang, 'win0')],
          ['win1', dw(lang, 'win1')],
          ['draw', dw(lang, 'draw')],
        ])}
        {field('from', dw(lang, 'from'), 'date')}
        {field('to', dw(lang, 'to'), 'date')}
        {field('opening', dw(lang, 'opening'), 'text', dw(lang, 'openingHint'))}
        {field('event', dw(lang, 'event'))}
        {select('source', dw(lang, 'source'), [
          ['', dw(lang, 'sourceSite')],
          ['rated', dw(lang, 'sourceRated')],
          ['master', dw(lang, 'sourceMaster')],
          ['selfplay', dw(lang, 'sourceSelfplay')],
        ])}
        <button type="submit" class="button primary">
          {dw(lang, 'search')}
        </button>
      </form>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      {games && games.length === 0 && <p data-testid="database-none">{dw(lang, 'none')}</p>}
      {games && games.length > 0 && (
        <table class="database-games" data-testid="database-games">
          <thead>
            <tr>
              <th scope="col">{dw(lang, 'date')}</th>
              <th scope="col">{dw(lang, 'game')}</th>
              <th scope="col">{dw(lang, 'players')}</th>
              <th scope="col">{dw(lang, 'result')}</th>
              <th scope="col">{dw(lang, 'opening')}</th>
              <th scope="col">{dw(lang, 'plies')}</th>
            </tr>
          </thead>
          <tbody>
            {games.map((g) => (
              <tr key={g.id} data-testid="database-game">
                <td>
                  <time dateTime={machineMoment(g.playedAt)}>
                    {g.source === 'selfplay' ? '—' : formatDate(g.playedAt, lang)}
                  </time>
                </td>
                <td>
                  {metaOf(g.game)?.name[lang] ?? g.game}
                  {g.source === 'master' && <span class="tag"> {dw(lang, 'master')}</span>}
                </td>
                <td>
                  {g.names.map((n, seat) => (
                    <span key={seat} class="database-player">
                      {seat > 0 && ' – '}
                      {n ? (
                        <a href={`#/database?player=${encodeURIComponent(n)}`}>{shownName(n, lang)}</a>
                      ) : (
                        `#${seat + 1}`
                      )}
                      {g.ratings[seat] != null && <span class="muted"> ({g.ratings[seat]})</span>}
                    </span>
                  ))}
                </td>
                <td>{resultText(g, lang)}</td>
                <td class="database-opening">{g.opening.slice(0, 6).join(' ')}</td>
                <td>
                  {g.source === 'selfplay' ? (
                    g.plies
                  ) : (
                    <a href={`#/m/${encodeURIComponent(g.id)}`} aria-label={`${dw(lang, 'replay')} (${g.plies})`}>
                      {g.plies} ▸
                    </a>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {next && (
        <button type="button" class="button" onClick={() => search(next)}>
          {dw(lang, 'more')}
        </button>
      )}
      <p>
        <a href="#/explorer/camelot">{dw(lang, 'explorer')}</a>
      </p>
    </section>
  );
}
