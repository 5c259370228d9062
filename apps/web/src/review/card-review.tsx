import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import {
  headline,
  moveInWords,
  movesInWords,
  replay,
  type AnyGame,
  type Lang,
  type LogEntry,
  type MatchRecord,
  type Seat,
} from '@roundtable/core';
import type { PlyReview, Review } from '@roundtable/ai';
import { percent } from '../analysis/words.ts';
import { personName, seatTitle } from '../session/names.ts';
import type { SeatState } from '../session/types.ts';
import type { TableModule } from '../table-api.ts';
import { BeliefCharts } from './beliefs.tsx';
import { useReaderMode } from '../reader/mode.ts';
import { useFocusKeeper } from '../reader/focus.ts';
import { PageReader, usePageAnnouncer, useSayOnChange } from '../reader/page-reader.tsx';
import {
  COSTLY,
  weighed,
  keyMoments,
  momentText,
  pointsText,
  seatSeries,
  swings,
  verdictText,
  type Moment,
  type Telling,
} from './moments.ts';
import { SeatsGraph } from './seats-graph.tsx';

import { rw } from './words.ts';
import { HeldSign } from '../vacation/held-marks.tsx';

/** The seats as the table named them: the match's own names, bots as the table calls them. */
export type ReviewSeats = readonly Pick<SeatState, 'kind' | 'name'>[];

/**
 * The review of a card game (and of Lancelot at three to five), to be followed by a player: every decision in the
 * words of the table's log, with the players' names; beside the decision picked, the table as its player saw it
 * then, drawn by the game's own table; the moves the strong bot weighed, best first, the one played apart; a graph
 * of each player's expected result and of luck; the key moments, each with what it teaches.
 */
export function CardReview({
  review: stored,
  record,
  module,
  lang,
  seats,
  held,
}: {
  review: Review;
  record: MatchRecord;
  module: TableModule;
  lang: Lang;
  seats: ReviewSeats;
  /** Whether the move at this index, by this seat, was a bot's for a player gone (vacation/held-marks.tsx). */
  held?: (seat: Seat, index: number) => boolean;
}) {
  const game: AnyGame = module.game;
  const review = useMemo(() => weighed(stored), [stored]);
  const states = seats.map<SeatState>((s) => ({ kind: s.kind, name: s.name, level: null, connected: true }));
  const person = (s: Seat): string => personName(states, s, lang);
  const title = (s: Seat): string => seatTitle(game, states, s, lang);
  const colours = Array.from({ length: review.players }, (_, s) => module.seatColour(s, review.players));
  const match = useMemo(() => {
    const r = replay(game, record);
    return r.ok ? r.value : null;
  }, [game, record]);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the names change with the language only
  const told = useMemo(() => (match ? movesInWords(game, match, lang, person) : []), [match, lang]);
  const head = (ply: number): LogEntry | undefined => {
    const p = review.plies[ply - 1];
    return p ? headline(told[ply - 1] ?? [], p.seat) : undefined;
  };
  const instead = (ply: number, move: string): string => {
    const p = review.plies[ply - 1];
    const state = match?.stateAt(ply - 1);
    const entries =
      p && state !== undefined ? moveInWords(game, state, p.seat, move, review.players, lang, person) : null;
    return entries?.map((e) => e.text).join(' ') ?? move;
  };
  const telling: Telling = {
    lang,
    name: person,
    played: (ply) => head(ply)?.text ?? review.plies[ply - 1]?.move ?? '',
    instead,
    where: (ply) => head(ply)?.group || `${rw(lang, 'move')} ${ply}`,
  };
  const moments = useMemo(() => keyMoments(review, match?.outcome()?.winners ?? []), [review, match]);
  const series = useMemo(() => seatSeries(review), [review]);
  const judged = review.plies.filter((p) => p.loss !== undefined);
  const costly = judged.filter((p) => (p.loss ?? 0) >= COSTLY);
  const momentPly = (m: Moment): number => (m.kind === 'costly' ? m.ply : m.swing.ply);
  const [at, setAt] = useState<number>(moments[0] ? momentPly(moments[0]) : (costly[0]?.ply ?? judged[0]?.ply ?? 1));
  const [all, setAll] = useState(false);
  const plies = review.plies.length;
  useEffect(() => {
    const on = (e: KeyboardEvent): void => {
      if ((e.target as HTMLElement | null)?.closest?.('input, textarea, select')) return;
      if (e.key === 'ArrowLeft') setAt((a) => Math.max(1, a - 1));
      else if (e.key === 'ArrowRight') setAt((a) => Math.min(plies, a + 1));
      else return;
      e.preventDefault();
    };
    addEventListener('keydown', on);
    return () => removeEventListener('keydown', on);
  }, [plies]);

  const luck = series.map((pts) => swings(pts));
  const luckMax = Math.max(0.1, ...luck.flat().map((s) => Math.abs(s.total)));
  const shown = all ? review.plies : costly;
  const ply = review.plies[at - 1];
  const lucky = review.seats.some((s) => s.luck !== undefined);
  const names = Array.from({ length: review.players }, (_, s) => person(s));

  // The screen-reader mode: each decision stepped to is told in the log's words, with its loss and the move the
  // strong bot preferred; the command field asks the table as the mover saw it.
  const reader = useReaderMode();
  const announcer = usePageAnnouncer(lang);
  const root = useRef<HTMLDivElement | null>(null);
  const tableArea = useRef<HTMLElement | null>(null);
  useFocusKeeper(root, tableArea);
  const colon = lang === 'fr' ? '\u00a0:' : ':';
  const preferred = ply && (ply.loss ?? 0) >= COSTLY ? ply.preferred?.[0]?.move : undefined;
  const decisionWords = ply
    ? `${telling.where(at)}${colon} ${telling.played(at)}` +
      (ply.loss !== undefined ? ` (−${Math.round(100 * ply.loss)} ${rw(lang, 'lost')})` : '') +
      (preferred ? `. ${rw(lang, 'better')}${colon} ${instead(at, preferred)}` : '')
    : null;
  useSayOnChange(String(at), reader ? decisionWords : null, announcer.say, reader);
  const seen = ply && match ? match.stateAt(at - 1) : undefined;
  return (
    <div class="card-review" ref={root}>
      <table class="review-seats" data-testid="review-seats">
        <thead>
          <tr>
            <th scope="col">{rw(lang, 'seats')}</th>
            <th scope="col">{rw(lang, 'meanLoss')}</th>
            {lucky && <th scope="col">{rw(lang, 'luck')}</th>}
          </tr>
        </thead>
        <tbody>
          {review.seats.map((s) => (
            <tr key={s.seat} data-seat={s.seat}>
              <th scope="row">
                <span class="swatch" style={{ background: colours[s.seat] }} aria-hidden="true" /> {title(s.seat)}
              </th>
              <td>{s.meanLoss !== undefined ? percent(s.meanLoss, lang) : '—'}</td>
              {lucky && (
                <td data-testid={`luck-${s.seat}`}>
                  {s.luck !== undefined ? `${s.luck >= 0 ? '+' : '−'}${percent(Math.abs(s.luck), lang)}` : '—'}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
      {lucky && <p class="note">{rw(lang, 'luckHelp')}</p>}
      <p class="note">{rw(lang, 'hiddenHelp')}</p>

      <section class="review-moments" data-testid="moments">
        <h2>{rw(lang, 'moments')}</h2>
        {moments.length === 0 ? (
          <p class="note">{rw(lang, 'noMoments')}</p>
        ) : (
          <ul>
            {moments.map((m, i) => (
              <li key={i}>
                <button
                  type="button"
                  class="moment"
                  data-ply={momentPly(m)}
                  data-kind={m.kind}
                  aria-current={momentPly(m) === at ? 'true' : undefined}
                  onClick={() => setAt(momentPly(m))}
                >
                  {momentText(m, review, telling)}
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section>
        <h2>{rw(lang, 'expected')}</h2>
        <SeatsGraph
          testid="expected-graph"
          lines={series.map((pts, s) => ({
            name: names[s] as string,
            colour: colours[s] as string,
            points: pts.map((p) => ({ ply: p.ply, value: p.after })),
            marks: pts.filter((p) => p.loss >= COSTLY).map((p) => p.ply),
          }))}
          plies={plies}
          range={[0, 1]}
          level={1 / review.players}
          at={at}
          onPick={setAt}
          label={rw(lang, 'expected')}
        />
        <p class="note">{rw(lang, 'expectedHelp')}</p>
        <h2>{rw(lang, 'luckGraph')}</h2>
        <SeatsGraph
          testid="luck-graph"
          lines={luck.map((sw, s) => ({
            name: names[s] as string,
            colour: colours[s] as string,
            points: [
              ...(series[s]?.[0] ? [{ ply: series[s][0].ply, value: 0 }] : []),
              ...sw.map((x) => ({ ply: x.ply, value: x.total })),
            ],
          }))}
          plies={plies}
          range={[-luckMax, luckMax]}
          level={0}
          at={at}
          onPick={setAt}
          label={rw(lang, 'luckGraph')}
        />
      </section>

      {review.beliefs && (
        <section>
          <h2>{rw(lang, 'beliefs')}</h2>
          <BeliefCharts beliefs={review.beliefs} names={names} colours={colours} lang={lang} />
        </section>
      )}

      {ply && (
        <div class="card-review-layout">
          <Decision
            ply={ply}
            entries={told[at - 1] ?? []}
            telling={telling}
            title={title}
            lang={lang}
            plies={plies}
            setAt={setAt}
          />
          <section
            class="review-table"
            ref={tableArea}
            tabIndex={-1}
            aria-label={rw(lang, 'sawTable', { name: title(ply.seat) })}
          >
            <h2>{rw(lang, 'sawTable', { name: title(ply.seat) })}</h2>
            {match && match.stateAt(at - 1) !== undefined && (
              <module.Table
                game={game}
                view={game.view(match.stateAt(at - 1), ply.seat)}
                viewer={ply.seat}
                active={null}
                legal={[]}
                play={() => {}}
                refuse={() => {}}
                lastMove={null}
                lang={lang}
                seatLabel={title}
                players={review.players}
                {...((ply.loss ?? 0) >= COSTLY && ply.preferred?.[0] ? { hint: ply.preferred[0].move } : {})}
              />
            )}
            {reader && seen !== undefined && (
              <PageReader
                game={game}
                view={game.view(seen, ply.seat)}
                viewer={ply.seat}
                players={review.players}
                lang={lang}
                status={decisionWords ?? ''}
                log={told[at - 1] ?? []}
                legal={[]}
                name={person}
                play={() => {}}
                canPlay={false}
                announcer={announcer}
              />
            )}
          </section>
        </div>
      )}

      <section>
        <h2>{rw(lang, 'decisions')}</h2>
        <p class="note">
          {costly.length} / {judged.length} {rw(lang, 'costly')}{' '}
          <button type="button" onClick={() => setAll(!all)} aria-pressed={all} data-testid="all-decisions">
            {rw(lang, all ? 'showCostly' : 'showAll')}
          </button>
        </p>
        <ol class="decisions" data-testid="decisions">
          {shown.map((p) => (
            <li key={p.ply} data-loss={p.loss} data-ply={p.ply}>
              <button
                type="button"
                class="decision-pick"
                aria-current={p.ply === at ? 'true' : undefined}
                onClick={() => setAt(p.ply)}
              >
                <span class="num">{p.ply}.</span> {head(p.ply)?.text ?? p.move}
                {(p.loss ?? 0) >= COSTLY && <span class="loss"> −{pointsText(p.loss ?? 0, lang)}</span>}
                {held?.(p.seat, p.ply - 1) && <HeldSign lang={lang} />}
              </button>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}

/** The decision picked: the log's words, the lesson, the move played and the others weighed, best first. */
function Decision({
  ply,
  entries,
  telling,
  title,
  lang,
  plies,
  setAt,
}: {
  ply: PlyReview;
  entries: readonly LogEntry[];
  telling: Telling;
  title: (s: Seat) => string;
  lang: Lang;
  plies: number;
  setAt: (ply: number) => void;
}) {
  const costly = (ply.loss ?? 0) >= COSTLY;
  const group = entries[0]?.group;
  return (
    <section class="review-decision" data-testid="decision" data-ply={ply.ply} aria-live="polite">
      <h2>
        {rw(lang, 'decisionOf', { ply: ply.ply, name: title(ply.seat) })}
        {group && <small class="group"> · {group}</small>}
      </h2>
      <ul class="told" data-testid="told">
        {entries.map((e, i) => (
          <li key={i} class={`${e.kind}${e.private ? ' private' : ''}`}>
            {e.text}
            {e.private && <span class="note"> ({rw(lang, 'onlyThem', { name: telling.name(ply.seat) })})</span>}
          </li>
        ))}
      </ul>
      <p class={`verdict${costly ? ' costly' : ''}`} data-testid="verdict" data-costly={costly ? 'true' : 'false'}>
        {verdictText(ply, telling)}
      </p>
      {ply.value !== undefined && (
        <p class="played-move" data-testid="played">
          <strong>{rw(lang, 'playedMove')}</strong>
          {lang === 'fr' ? '\u00a0:' : ':'} {telling.played(ply.ply)} — <strong>{percent(ply.value, lang)}</strong>
        </p>
      )}
      {ply.preferred && ply.preferred.length > 0 && (
        <>
          <p class="others-head">{rw(lang, 'others')}</p>
          <ol class="alternatives" data-testid="alternatives">
            {ply.preferred.map((q) => {
              const d = q.value - (ply.value ?? 0);
              return (
                <li key={q.move} data-move={q.move} data-value={q.value}>
                  {telling.instead(ply.ply, q.move)} — <strong>{percent(q.value, lang)}</strong>{' '}
                  <span class={d > 0 ? 'better' : 'worse'}>
                    ({Math.round(100 * d) === 0 ? '±' : d > 0 ? '+' : '−'}
                    {pointsText(d, lang)})
                  </span>
                </li>
              );
            })}
          </ol>
        </>
      )}
      <p class="decision-nav">
        <button type="button" onClick={() => setAt(Math.max(1, ply.ply - 1))} disabled={ply.ply <= 1}>
          ← {rw(lang, 'previous')}
        </button>{' '}
        <button type="button" onClick={() => setAt(Math.min(plies, ply.ply + 1))} disabled={ply.ply >= plies}>
          {rw(lang, 'next')} →
        </button>
      </p>
    </section>
  );
}
