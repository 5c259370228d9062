import { useEffect, useState } from 'preact/hooks';
import type { Lang, Seat } from '@roundtable/core';
import type { HeldAnswer } from '@roundtable/protocol';
import { formatDateTime, machineMoment } from '../dates.ts';
import { storedSeats } from '../session/tokens.ts';
import { awayAt, heldAt } from './api.ts';
import { vw } from './words.ts';
import './vacation.css';

/** How often the table asks again who is away (a vacation begins or ends while the table is open). */
const AWAY_POLL_MS = 60_000;

/** This browser's token of a seat of the match, if it holds one. */
function tokenOf(match: string, seat: Seat | 'spectator'): string | null {
  if (seat === 'spectator') return null;
  return storedSeats().find((s) => s.match === match && s.seat === seat)?.token ?? null;
}

/**
 * Beside the table of an online match: who is on vacation and until when (their clock is stopped), and, for a
 * player back at a seat a bot held, what the seat saw meanwhile (its own log, the bot's moves marked) until they
 * dismiss it.
 */
export function TableNotes({
  match,
  viewer,
  seatsKey,
  name,
  lang,
}: {
  match: string;
  viewer: Seat | 'spectator';
  /** Changes when the seats change (a seat handed back): the summary is asked again. */
  seatsKey: string;
  name: (s: Seat) => string;
  lang: Lang;
}) {
  const [away, setAway] = useState<{ seat: number; until: number }[]>([]);
  const [held, setHeld] = useState<HeldAnswer['summary'] | null>(null);
  const dismissKey = held ? `rt.held.${match}.${held.seat}.${held.from}` : null;
  const [dismissed, setDismissed] = useState(false);

  useEffect(() => {
    const ask = (): void =>
      void awayAt(match, lang).then(
        (a) => setAway(a.away),
        () => undefined,
      );
    ask();
    const timer = setInterval(ask, AWAY_POLL_MS);
    return () => clearInterval(timer);
  }, [match, lang]);

  useEffect(() => {
    if (viewer === 'spectator') return;
    void heldAt(match, tokenOf(match, viewer), lang).then(
      (a) => setHeld(a.summary && a.summary.seat === viewer && a.spans.some((s) => s.to !== null) ? a.summary : null),
      () => undefined,
    );
  }, [match, viewer, seatsKey, lang]);

  useEffect(() => {
    setDismissed(dismissKey !== null && localStorage.getItem(dismissKey) === '1');
  }, [dismissKey]);

  return (
    <>
      {away.map((a) => (
        <p class="away-note" role="status" key={a.seat} data-testid={`away-${a.seat}`}>
          <strong>{name(a.seat)}</strong> {vw(lang, 'awayUntil')}{' '}
          <time dateTime={machineMoment(a.until)}>{formatDateTime(a.until, lang)}</time>.{' '}
          <small>{vw(lang, 'awayClock')}</small>
        </p>
      ))}
      {held && !dismissed && (
        <section class="held-summary" aria-labelledby="held-title" data-testid="held-summary">
          <h2 id="held-title">{vw(lang, 'heldTitle')}</h2>
          <p>{vw(lang, 'heldIntro')}</p>
          <ol>
            {held.lines.map((l, i) => (
              <li key={i} class={l.bot ? 'bot-move' : ''} data-bot={l.bot}>
                {l.text}
                {l.bot && <small class="held-bot"> · {vw(lang, 'botMove')}</small>}
              </li>
            ))}
          </ol>
          <p>
            <strong>{vw(lang, 'heldBack')}</strong>
          </p>
          <button
            type="button"
            onClick={() => {
              if (dismissKey) localStorage.setItem(dismissKey, '1');
              setDismissed(true);
            }}
            data-testid="held-dismiss"
          >
            {vw(lang, 'dismiss')}
          </button>
        </section>
      )}
    </>
  );
}
