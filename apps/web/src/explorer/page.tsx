import { useEffect, useMemo, useState } from 'preact/hooks';
import { Match, replay, type AnyGame, type Lang, type Seat } from '@roundtable/core';
import { loadTable } from '../games.ts';
import { useT } from '../i18n.ts';
import { navigate } from '../router.ts';
import { ApiError, call } from '../social/api.ts';
import type { TableModule } from '../table-api.ts';
import { ew, type ExplorerWord } from './words.ts';
import '../analysis/analysis.css';
import './explorer.css';

type Source = 'rated' | 'master' | 'selfplay';
const SOURCES: readonly Source[] = ['rated', 'master', 'selfplay'];

interface MoveStats {
  readonly move: string;
  readonly games: number;
  readonly wins: readonly [number, number];
  readonly draws: number;
  readonly averageRating: number | null;
}
interface ExplorerAnswer {
  readonly total: number;
  readonly moves: readonly MoveStats[];
  readonly engine: readonly { move: string; chances: number }[] | null;
  /** With no move here: the other options this source's games were played with. */
  readonly otherOptions?: readonly Readonly<Record<string, unknown>>[];
}

/** Where the explorer starts: the game's own start, a position text, or a match's position after a ply. */
interface Start {
  readonly position: string | null;
  readonly options: Readonly<Record<string, unknown>>;
}

function readOptions(text: string | null): Record<string, unknown> {
  if (!text) return {};
  try {
    const v = JSON.parse(text) as unknown;
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The state at the start and after the explorer's moves, or null when the address names no playable position. */
function stateAt(game: AnyGame, start: Start, moves: readonly string[]): Match | null {
  const made = Match.create(game, {
    players: 2,
    options: start.options,
    seed: 'explorer',
    ...(start.position ? { position: start.position } : {}),
  });
  if (!made.ok) return null;
  for (const m of moves) {
    const seat = made.value.toMove()[0] as Seat;
    if (!made.value.play(seat, m).ok) return null;
  }
  return made.value;
}

const pct = (n: number, of: number): string => `${Math.round((100 * n) / Math.max(1, of))}\u00a0%`;

/**
 * The opening explorer (Camelot, Lancelot at two): the position on the board, and for each move played from it in
 * the chosen source's games, how often, the results by side, the players' average rating and, when asked, the
 * engine's view. Its address holds the start and the moves played here, so every step is a link (and Back works).
 */
export function ExplorerPage({ gameId, params }: { gameId: string; params: URLSearchParams }) {
  const { lang } = useT();
  const [module, setModule] = useState<TableModule | null>(null);
  const [start, setStart] = useState<Start | null>(null);
  const [answer, setAnswer] = useState<ExplorerAnswer | null>(null);
  const [engine, setEngine] = useState<ExplorerAnswer['engine']>(null);
  const [error, setError] = useState<string | null>(null);
  const source: Source = (SOURCES as readonly string[]).includes(params.get('source') ?? '')
    ? (params.get('source') as Source)
    : 'rated';
  const movesText = params.get('moves') ?? '';
  const moves = useMemo(() => movesText.split(/\s+/).filter(Boolean), [movesText]);
  const positionParam = params.get('position');
  const optionsParam = params.get('options');
  const match = params.get('match');
  const ply = Number(params.get('ply') ?? '0');

  useEffect(() => {
    loadTable(gameId).then(setModule, () => setError(ew(lang, 'notHere')));
  }, [gameId, lang]);
  // A match's position: its public record replayed to the ply asked for.
  useEffect(() => {
    if (!module) return;
    const options = readOptions(optionsParam);
    if (!match) {
      setStart({ position: positionParam, options });
      return;
    }
    call<unknown>('GET', `/api/matches/${encodeURIComponent(match)}/record`, lang).then(
      (record) => {
        const r = replay(module.game, record);
        if (!r.ok) return setError(ew(lang, 'notHere'));
        const at = r.value.stateAt(Math.min(Math.max(0, ply), r.value.ply));
        const rec = r.value.record();
        setStart({ position: module.game.position?.write(at) ?? null, options: rec.options });
      },
      (e: ApiError) => setError(e.message),
    );
  }, [module, match, ply, positionParam, optionsParam, lang]);

  const current = useMemo(() => (module && start ? stateAt(module.game, start, moves) : null), [module, start, moves]);
  const position = current && module?.game.position ? module.game.position.write(current.state) : null;

  useEffect(() => {
    if (!start || !current) return;
    setEngine(null);
    const q = new URLSearchParams({ game: gameId, source });
    if (start.position) q.set('position', start.position);
    if (movesText.trim()) q.set('moves', movesText.trim());
    if (Object.keys(start.options).length > 0) q.set('options', JSON.stringify(start.options));
    call<ExplorerAnswer>('GET', `/api/explorer?${q.toString()}`, lang).then(
      (a) => {
        setAnswer(a);
        setError(null);
      },
      (e: ApiError) => setError(e.message),
    );
  }, [start, current, gameId, movesText, source, lang]);

  const hrefWith = (m: readonly string[], s: Source = source): string => {
    const q = new URLSearchParams(params);
    if (m.length > 0) q.set('moves', m.join(' '));
    else q.delete('moves');
    q.set('source', s);
    return `#/explorer/${encodeURIComponent(gameId)}?${q.toString()}`;
  };
  const go = (next: { moves?: readonly string[]; source?: Source }): void =>
    navigate(hrefWith(next.moves ?? moves, next.source ?? source));
  const askEngine = (): void => {
    if (!start) return;
    const q = new URLSearchParams({ game: gameId, source, engine: '1' });
    if (start.position) q.set('position', start.position);
    if (moves.length > 0) q.set('moves', moves.join(' '));
    if (Object.keys(start.options).length > 0) q.set('options', JSON.stringify(start.options));
    call<ExplorerAnswer>('GET', `/api/explorer?${q.toString()}`, lang).then(
      (a) => setEngine(a.engine),
      (e: ApiError) => setError(e.message),
    );
  };

  if (error && !module) return <p class="error">{error}</p>;
  if (!module || !current) return <p>{error ?? '…'}</p>;
  const game = module.game;
  const Table = module.Table;
  const over = current.outcome() !== null;
  const toMove = over ? null : (current.toMove()[0] as Seat);
  const legal = toMove === null ? [] : current.legalNotation(toMove);
  const seatName = (s: Seat): string => game.seatName(s, 2, lang);
  const last = current.history[current.history.length - 1] ?? null;
  const engineOf = (move: string): number | null => engine?.find((e) => e.move === move)?.chances ?? null;
  const dbHref = `#/database?${new URLSearchParams({ game: gameId, ...(position ? { position } : {}), ...(Object.keys(start!.options).length > 0 ? { options: JSON.stringify(start!.options) } : {}) }).toString()}`;
  return (
    <section class="explorer" data-testid="explorer-page">
      <h1>
        {ew(lang, 'title')} — {game.name[lang]}
      </h1>
      <p class="muted">{ew(lang, 'intro')}</p>
      <div class="explorer-layout">
        <div class="explorer-board">
          <Table
            game={game}
            view={game.view(current.state, 'spectator')}
            viewer={0}
            active={toMove}
            legal={legal}
            play={(m) => go({ moves: [...moves, m] })}
            refuse={(why) => setError(why)}
            lastMove={last}
            lang={lang}
            seatLabel={seatName}
            players={2}
          />
          <p class="explorer-steps">
            <button
              type="button"
              class="button"
              disabled={moves.length === 0}
              onClick={() => go({ moves: moves.slice(0, -1) })}
            >
              {ew(lang, 'back')}
            </button>{' '}
            <button type="button" class="button" disabled={moves.length === 0} onClick={() => go({ moves: [] })}>
              {ew(lang, 'start')}
            </button>
          </p>
          {moves.length > 0 && (
            <p class="small">
              {ew(lang, 'line')}
              {lang === 'fr' ? '\u00a0:' : ':'} <span class="mono">{moves.join(' ')}</span>
            </p>
          )}
        </div>
        <div class="explorer-panel">
          <fieldset class="explorer-sources">
            <legend>{ew(lang, 'source')}</legend>
            {SOURCES.map((s) => (
              <label key={s}>
                <input type="radio" name="source" value={s} checked={s === source} onChange={() => go({ source: s })} />{' '}
                {ew(lang, s as ExplorerWord)}
              </label>
            ))}
          </fieldset>
          {toMove !== null && (
            <p>
              {ew(lang, 'toMove')}
              {lang === 'fr' ? '\u00a0:' : ':'} <strong>{seatName(toMove)}</strong>
              {answer && (
                <span class="muted">
                  {' '}
                  · {answer.total} {ew(lang, 'total')}
                </span>
              )}
            </p>
          )}
          {over && <p>{ew(lang, 'over')}</p>}
          {error && (
            <p class="error" role="alert">
              {error}
            </p>
          )}
          {answer && answer.moves.length === 0 && <p data-testid="explorer-none">{ew(lang, 'none')}</p>}
          {answer && (answer.otherOptions ?? []).length > 0 && (
            <p>
              {ew(lang, 'otherOptions')}{' '}
              {(answer.otherOptions ?? []).map((o) => (
                <a
                  key={JSON.stringify(o)}
                  class="mono"
                  href={`#/explorer/${encodeURIComponent(gameId)}?${new URLSearchParams({ source, options: JSON.stringify(o) }).toString()}`}
                >
                  {Object.entries(o)
                    .map(([k, v]) => `${k}=${String(v)}`)
                    .join(', ')}{' '}
                </a>
              ))}
            </p>
          )}
          {answer && answer.moves.length > 0 && (
            <table class="explorer-moves" data-testid="explorer-moves">
              <thead>
                <tr>
                  <th scope="col">{ew(lang, 'move')}</th>
                  <th scope="col">{ew(lang, 'games')}</th>
                  <th scope="col" title={ew(lang, 'resultsNote')}>
                    {ew(lang, 'results')}
                  </th>
                  <th scope="col">{ew(lang, 'rating')}</th>
                  {engine && <th scope="col">{ew(lang, 'engine')}</th>}
                </tr>
              </thead>
              <tbody>
                {answer.moves.map((m) => (
                  <tr key={m.move} data-testid="explorer-move">
                    <td>
                      <a class="mono" href={hrefWith([...moves, m.move])}>
                        {m.move}
                      </a>
                    </td>
                    <td>
                      {m.games} <span class="muted small">({pct(m.games, answer.total)})</span>
                    </td>
                    <td>
                      <ResultBar stats={m} lang={lang} />
                    </td>
                    <td>{m.averageRating ?? '—'}</td>
                    {engine && <td>{engineOf(m.move) === null ? '—' : pct(engineOf(m.move)!, 1)}</td>}
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {answer && answer.moves.length > 0 && !engine && (
            <p>
              <button type="button" class="button" onClick={askEngine} data-testid="explorer-engine">
                {ew(lang, 'askEngine')}
              </button>
            </p>
          )}
          {engine && <p class="muted small">{ew(lang, 'engineNote')}</p>}
          <p class="small muted">{ew(lang, 'resultsNote')}</p>
          <p>
            <a href={dbHref}>{ew(lang, 'gamesHere')}</a>
          </p>
        </div>
      </div>
    </section>
  );
}

/** Wins of the first player, draws and wins of the second: a bar, and its figures in words beneath it. */
function ResultBar({ stats, lang }: { stats: MoveStats; lang: Lang }) {
  const [a, b] = stats.wins;
  const n = Math.max(1, stats.games);
  const words = `${pct(a, n)} / ${pct(stats.draws, n)} / ${pct(b, n)}`;
  return (
    <span class="explorer-result">
      <span class="result-bar" aria-hidden="true">
        <span class="first" style={{ width: `${(100 * a) / n}%` }} />
        <span class="draws" style={{ width: `${(100 * stats.draws) / n}%` }} />
        <span class="second" style={{ width: `${(100 * b) / n}%` }} />
      </span>
      <span class="small" title={ew(lang, 'resultsNote')}>
        {words}
      </span>
    </span>
  );
}
