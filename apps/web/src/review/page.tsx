import { ew, explorerHref } from '../explorer/words.ts';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import {
  describeError,
  replay,
  treeFromRecord,
  type GameError,
  type Lang,
  type MatchRecord,
  type Seat,
} from '@roundtable/core';
import type { PlyReview, Review } from '@roundtable/ai';
import { loadTable } from '../games.ts';
import { useT } from '../i18n.ts';
import { getMatch } from '../session/api.ts';
import { loadLocalSetup } from '../session/local-store.ts';
import type { TableModule } from '../table-api.ts';
import { analysisLink } from '../analysis/page.tsx';
import { ChanceBar } from '../analysis/eval-bar.tsx';
import { markSign } from '../analysis/tree-view.tsx';
import { percent } from '../analysis/words.ts';
import { CardReview, type ReviewSeats } from './card-review.tsx';
import { HeldMarks, HeldSign, heldMove, useHeldSpans } from '../vacation/held-marks.tsx';
import { EvalGraph } from './graph.tsx';
import { rw } from './words.ts';
import { useReaderMode } from '../reader/mode.ts';
import { useFocusKeeper } from '../reader/focus.ts';
import { PageReader, movesInWordsFrom, usePageAnnouncer, useSayOnChange } from '../reader/page-reader.tsx';
import '../analysis/analysis.css';
import './review.css';

export type ReviewSource =
  { readonly kind: 'local'; readonly gameId: string } | { readonly kind: 'online'; readonly matchId: string };

type Status =
  | { readonly kind: 'loading' }
  | { readonly kind: 'computing'; readonly progress: number }
  | { readonly kind: 'pending' }
  | { readonly kind: 'none'; readonly canRequest: boolean }
  | { readonly kind: 'done'; readonly review: Review }
  | { readonly kind: 'error'; readonly message: string };

async function loadRecord(source: ReviewSource, lang: Lang): Promise<{ record: MatchRecord; seats: ReviewSeats }> {
  if (source.kind === 'local') {
    const saved = loadLocalSetup(source.gameId);
    if (!saved) throw new Error(rw(lang, 'none'));
    return {
      record: {
        game: saved.gameId,
        players: saved.seats.length,
        options: saved.options,
        seed: saved.seed,
        moves: saved.moves,
      },
      seats: saved.seats.map((s) => ({ kind: s.kind, name: s.name ?? null })),
    };
  }
  const res = await fetch(`/api/matches/${encodeURIComponent(source.matchId)}/record?lang=${lang}`);
  const data = (await res.json().catch(() => null)) as (MatchRecord & { error?: { message?: string } }) | null;
  if (!res.ok || !data) throw new Error(data?.error?.message ?? `${res.status}`);
  // The names at the table: the match's seats (a record carries none).
  const summary = await getMatch(source.matchId, lang).catch(() => null);
  const seats = Array.from({ length: data.players }, (_, s) => {
    const seat = summary?.match.seats.find((x) => x.seat === s);
    return { kind: seat?.kind === 'bot' ? ('bot' as const) : ('human' as const), name: seat?.name ?? null };
  });
  return { record: data, seats };
}

/** A local match is reviewed here, in a worker; an online one by the server (rated ones after they end). */
function useReview(source: ReviewSource, record: MatchRecord | null, lang: Lang): [Status, () => void] {
  const [status, setStatus] = useState<Status>({ kind: 'loading' });
  const [asked, setAsked] = useState(0);
  useEffect(() => {
    if (!record) return;
    if (source.kind === 'local') {
      const worker = new Worker(new URL('./review-worker.ts', import.meta.url), { type: 'module' });
      setStatus({ kind: 'computing', progress: 0 });
      worker.onmessage = (e: MessageEvent<{ progress?: number; review?: Review; error?: GameError }>) => {
        if (e.data.progress !== undefined) setStatus({ kind: 'computing', progress: e.data.progress });
        else if (e.data.review) setStatus({ kind: 'done', review: e.data.review });
        else if (e.data.error) setStatus({ kind: 'error', message: describeError(e.data.error, lang) });
      };
      worker.postMessage({ record });
      return () => worker.terminate();
    }
    let stop = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const url = `/api/matches/${encodeURIComponent(source.matchId)}/review?lang=${lang}`;
    // An ask posts once; then, while the server works, the page reads every two seconds.
    const check = async (post: boolean): Promise<void> => {
      try {
        const res = await fetch(url, post ? { method: 'POST' } : {});
        const data = (await res.json().catch(() => null)) as {
          status?: string;
          review?: Review;
          canRequest?: boolean;
          error?: { message?: string };
        } | null;
        if (stop) return;
        if (!res.ok) setStatus({ kind: 'error', message: data?.error?.message ?? `${res.status}` });
        else if (data?.status === 'done' && data.review) setStatus({ kind: 'done', review: data.review });
        else if (data?.status === 'pending') {
          setStatus({ kind: 'pending' });
          timer = setTimeout(() => void check(false), 2000);
        } else if (data?.status === 'failed') setStatus({ kind: 'error', message: rw(lang, 'failed') });
        else setStatus({ kind: 'none', canRequest: data?.canRequest === true });
      } catch (e) {
        if (!stop) setStatus({ kind: 'error', message: (e as Error).message });
      }
    };
    void check(asked > 0);
    return () => {
      stop = true;
      clearTimeout(timer);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one review per record and per ask
  }, [record, asked]);
  return [status, () => setAsked((n) => n + 1)];
}

export function ReviewPage({ source }: { source: ReviewSource }) {
  const { lang, t } = useT();
  const [record, setRecord] = useState<MatchRecord | null>(null);
  const [seats, setSeats] = useState<ReviewSeats>([]);
  const [error, setError] = useState<string | null>(null);
  const spans = useHeldSpans(source.kind === 'online' ? source.matchId : null, lang);
  const held = (seat: Seat, index: number): boolean => heldMove(spans, seat, index);
  useEffect(() => {
    loadRecord(source, lang).then(
      (r) => {
        setSeats(r.seats);
        setRecord(r.record);
      },
      (e: Error) => setError(e.message),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the record is read once
  }, []);
  const [module, setModule] = useState<TableModule | null>(null);
  useEffect(() => {
    if (record) loadTable(record.game).then(setModule, (e: Error) => setError(e.message));
  }, [record]);
  const [status, ask] = useReview(source, record, lang);
  if (error)
    return (
      <section class="review">
        <h1>{rw(lang, 'title')}</h1>
        <p class="error" role="alert" data-testid="review-error">
          {error}
        </p>
      </section>
    );
  if (!record || !module) return <p>{t('loading')}</p>;
  const game = module.game;
  return (
    <section class="review" data-testid="review">
      <h1>
        {rw(lang, 'title')} — {game.name[lang]}
      </h1>
      {source.kind === 'online' && (
        <HeldMarks
          match={source.matchId}
          name={(s) => seats[s]?.name ?? game.seatName(s, record.players, lang)}
          lang={lang}
        />
      )}
      {status.kind === 'computing' && (
        <p data-testid="review-progress">
          {rw(lang, 'computing')} <progress max={1} value={status.progress} aria-label={rw(lang, 'computing')} />
        </p>
      )}
      {status.kind === 'loading' && <p>{t('loading')}</p>}
      {status.kind === 'pending' && <p data-testid="review-pending">{rw(lang, 'pending')}</p>}
      {status.kind === 'none' && (
        <p>
          {rw(lang, 'none')}{' '}
          {status.canRequest && (
            <button type="button" class="primary" onClick={ask} data-testid="review-request">
              {rw(lang, 'request')}
            </button>
          )}
        </p>
      )}
      {status.kind === 'error' && (
        <p class="error" role="alert" data-testid="review-error">
          {status.message}
        </p>
      )}
      {status.kind === 'done' &&
        (status.review.kind === 'perfect' ? (
          <PerfectReview review={status.review} record={record} module={module} lang={lang} held={held} />
        ) : (
          <CardReview review={status.review} record={record} module={module} lang={lang} seats={seats} held={held} />
        ))}
    </section>
  );
}

function SeatSummary({ review, name, lang }: { review: Review; name: (s: Seat) => string; lang: Lang }) {
  // No luck to show where nothing was dealt unseen (Lancelot at three to five).
  const lucky = review.seats.some((s) => s.luck !== undefined);
  return (
    <table class="review-seats" data-testid="review-seats">
      <thead>
        <tr>
          <th scope="col">{rw(lang, 'seats')}</th>
          {review.kind === 'perfect' ? (
            <>
              <th scope="col">{rw(lang, 'accuracy')}</th>
              <th scope="col">{rw(lang, 'inaccuracies')}</th>
              <th scope="col">{rw(lang, 'mistakes')}</th>
              <th scope="col">{rw(lang, 'blunders')}</th>
            </>
          ) : (
            <>
              <th scope="col">{rw(lang, 'meanLoss')}</th>
              {lucky && <th scope="col">{rw(lang, 'luck')}</th>}
            </>
          )}
        </tr>
      </thead>
      <tbody>
        {review.seats.map((s) => (
          <tr key={s.seat} data-seat={s.seat}>
            <th scope="row">{name(s.seat)}</th>
            {review.kind === 'perfect' ? (
              <>
                <td data-testid={`accuracy-${s.seat}`}>{s.accuracy?.toFixed(1) ?? '—'}</td>
                <td>{s.inaccuracies}</td>
                <td>{s.mistakes}</td>
                <td data-testid={`blunders-${s.seat}`}>{s.blunders}</td>
              </>
            ) : (
              <>
                <td>{s.meanLoss !== undefined ? percent(s.meanLoss, lang) : '—'}</td>
                {lucky && (
                  <td data-testid={`luck-${s.seat}`}>
                    {s.luck !== undefined ? `${s.luck >= 0 ? '+' : '−'}${percent(Math.abs(s.luck), lang)}` : '—'}
                  </td>
                )}
              </>
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function PerfectReview({
  review,
  record,
  module,
  lang,
  held,
}: {
  review: Review;
  record: MatchRecord;
  module: TableModule;
  lang: Lang;
  /** Whether the move at this index, by this seat, was a bot's for a player gone (vacation/held-marks.tsx). */
  held?: (seat: Seat, index: number) => boolean;
}) {
  const game = module.game;
  const name = (s: Seat): string => game.seatName(s, review.players, lang);
  const match = useMemo(() => {
    const r = replay(game, record);
    return r.ok ? r.value : null;
  }, [game, record]);
  // The first flagged move of the match, else the end.
  const firstMark = review.plies.findIndex((p) => p.class);
  const [at, setAt] = useState(firstMark >= 0 ? firstMark + 1 : review.plies.length);
  useEffect(() => {
    const on = (e: KeyboardEvent): void => {
      if ((e.target as HTMLElement | null)?.closest?.('input, textarea, select, [role=button], [role=gridcell]'))
        return;
      if (e.key === 'ArrowLeft') setAt((a) => Math.max(0, a - 1));
      else if (e.key === 'ArrowRight') setAt((a) => Math.min(review.plies.length, a + 1));
      else return;
      e.preventDefault();
    };
    addEventListener('keydown', on);
    return () => removeEventListener('keydown', on);
  }, [review.plies.length]);
  const chances = [...review.plies.map((p) => p.chances?.[0] ?? 0.5), review.final?.[0] ?? 0.5];
  const ply: PlyReview | undefined = review.plies[at - 1];
  const state = match?.stateAt(at);
  const Table = module.Table;
  const colours = [module.seatColour(0, 2), module.seatColour(1, 2)];
  const treeLink = useMemo(() => {
    const tree = treeFromRecord(game, record);
    return tree.ok
      ? analysisLink(
          game,
          tree.value,
          Array.from({ length: at }, () => 0),
        )
      : null;
  }, [game, record, at]);
  // The screen-reader mode: each move stepped to is told in words, with its judgement and the better move.
  const reader = useReaderMode();
  const announcer = usePageAnnouncer(lang);
  const root = useRef<HTMLDivElement | null>(null);
  const boardArea = useRef<HTMLDivElement | null>(null);
  useFocusKeeper(root, boardArea);
  const before = match?.stateAt(Math.max(0, at - 1));
  const inWords = (move: string): string =>
    before !== undefined ? (movesInWordsFrom(game, before, [move], review.players, lang, name)[0] ?? move) : move;
  const told = reader && ply ? inWords(ply.move) : null;
  const plyWords =
    at === 0 || !ply
      ? `${rw(lang, 'start')}.`
      : `${rw(lang, 'move')} ${at}${lang === 'fr' ? '\u00a0:' : ':'} ${told ?? ply.move} ` +
        (ply.class
          ? `${capital(rw(lang, ply.class))} (−${Math.round(100 * (ply.drop ?? 0))} ${rw(lang, 'lost')}).` +
            (ply.best ? ` ${rw(lang, 'better')}${lang === 'fr' ? '\u00a0:' : ':'} ${inWords(ply.best)}` : '')
          : ply.best
            ? rw(lang, 'good')
            : rw(lang, 'best'));
  useSayOnChange(String(at), reader ? plyWords : null, announcer.say, reader);
  return (
    <div class="perfect-review" ref={root}>
      <SeatSummary review={review} name={name} lang={lang} />
      <EvalGraph
        chances={chances}
        marks={review.plies.map((p) => p.class)}
        at={at}
        onPick={setAt}
        label={rw(lang, 'graph')}
        lang={lang}
      />
      <p class="note">{rw(lang, 'thresholds')}</p>
      <p class="note">{rw(lang, 'accuracyHelp')}</p>
      <div class="analysis-layout">
        <div class="analysis-board" ref={boardArea} tabIndex={-1}>
          {state !== undefined && (
            <Table
              game={game}
              view={game.view(state, 'spectator')}
              viewer={0}
              active={null}
              legal={[]}
              play={() => {}}
              refuse={() => {}}
              lastMove={ply ? { seat: ply.seat, move: ply.move } : null}
              lang={lang}
              seatLabel={name}
              players={review.players}
              {...(ply?.class && ply.best ? { hint: ply.best } : {})}
            />
          )}
          {reader && state !== undefined && (
            <PageReader
              game={game}
              view={game.view(state, 'spectator')}
              viewer="spectator"
              players={review.players}
              lang={lang}
              status={plyWords}
              log={told ? [{ text: told, group: '', kind: 'move', seat: ply!.seat }] : []}
              legal={[]}
              name={name}
              play={() => {}}
              canPlay={false}
              announcer={announcer}
            />
          )}
        </div>
        <aside class="analysis-side">
          <section aria-live={reader ? 'off' : 'polite'} data-testid="review-ply" data-ply={at}>
            <h2>
              {at === 0 ? rw(lang, 'start') : `${rw(lang, 'move')} ${at}`}
              {ply && ` — ${name(ply.seat)} ${ply.move}`}
            </h2>
            <ChanceBar
              chances={[chances[at] ?? 0.5, 1 - (chances[at] ?? 0.5)]}
              names={[name(0), name(1)]}
              colours={colours}
              lang={lang}
              label={rw(lang, 'graph')}
            />
            {ply && <PlyVerdict ply={ply} lang={lang} />}
            {treeLink && (
              <a class="button" href={treeLink} data-testid="to-analysis">
                {rw(lang, 'analysis')}
              </a>
            )}
            {state !== undefined && game.position && (
              <a
                class="button"
                href={explorerHref(game.id, { position: game.position.write(state), options: record.options })}
                data-testid="to-explorer"
              >
                {ew(lang, 'title')}
              </a>
            )}
          </section>
          <section>
            <h2>{rw(lang, 'decisions')}</h2>
            <ol class="review-moves" data-testid="review-moves">
              {review.plies.map((p) => (
                <li key={p.ply}>
                  <button
                    type="button"
                    class={`tree-move${p.class ? ` mark-${p.class}` : ''}`}
                    aria-current={p.ply === at ? 'true' : undefined}
                    data-ply={p.ply}
                    data-class={p.class ?? ''}
                    onClick={() => setAt(p.ply)}
                  >
                    {p.move}
                    {p.class && <span class="mark">{markSign(p.class)}</span>}
                    {held?.(p.seat, p.ply - 1) && <HeldSign lang={lang} />}
                  </button>
                </li>
              ))}
            </ol>
          </section>
        </aside>
      </div>
    </div>
  );
}

/** A class word at the head of a spoken sentence ("blunder" → "Blunder"). */
function capital(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

function PlyVerdict({ ply, lang }: { ply: PlyReview; lang: Lang }) {
  if (ply.class)
    return (
      <div class={`verdict ${ply.class}`} data-testid="verdict" data-class={ply.class}>
        <p>
          <strong>{rw(lang, ply.class)}</strong> (−{Math.round(100 * (ply.drop ?? 0))} {rw(lang, 'lost')})
        </p>
        {ply.best && (
          <p>
            {rw(lang, 'better')}
            {lang === 'fr' ? '\u00a0:' : ':'} <strong data-testid="better-move">{ply.best}</strong>
            {ply.line && ply.line.length > 1 && (
              <span class="note">
                {' '}
                ({rw(lang, 'line')} {ply.line.slice(1, 6).join(' ')})
              </span>
            )}
          </p>
        )}
      </div>
    );
  return (
    <p class="verdict ok" data-testid="verdict" data-class="">
      {ply.best ? rw(lang, 'good') : rw(lang, 'best')}
    </p>
  );
}
