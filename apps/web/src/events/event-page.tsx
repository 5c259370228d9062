import { useEffect, useRef, useState } from 'preact/hooks';
import type { EventDetail } from '@roundtable/protocol';
import { useT } from '../i18n.ts';
import { failure } from '../pages/account.tsx';
import { useAccount } from '../social/account.ts';
import { ApiError } from '../social/api.ts';
import { berserkEvent, eventOf, joinEvent, recordUrl, startEvent, withdrawEvent } from './api.ts';
import { watchEvent, type LiveState } from './live.ts';
import { CrosstableView, EntrantList, RoundTables, StandingsTable } from './standings.tsx';
import { eventLine, eventWhen } from './summary.tsx';
import { entrantsCount, ew, roundOf } from './words.ts';
import './events.css';

/**
 * How often an open event page asks again while the event can still change: its changes come over the WebSocket as
 * they happen (live.ts), so asking is the fallback, often while the socket is down, rarely while it is up (for
 * what the socket does not carry: whether you entered, changed from another device).
 */
const REFRESH_MS = 4000;
const LIVE_REFRESH_MS = 30_000;
/** A cap an organiser chose ("8 of 16 entrants"); the server's own, in the thousands, says nothing to a player. */
const SHOWN_CAP = 256;

/** `#/events/<id>`: what the event is, entering and withdrawing, live standings, each round's tables, the record. */
export function EventPage({ id }: { id: string }) {
  const { lang } = useT();
  const { me } = useAccount();
  const [detail, setDetail] = useState<EventDetail | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [actionError, setActionError] = useState<string | null>(null);
  const [tick, setTick] = useState(0);
  /** Matches this page berserked in (the server tells who berserked only with the result). */
  const [berserked, setBerserked] = useState<readonly string[]>([]);
  const meName = me?.name ?? null;
  const [liveState, setLiveState] = useState<LiveState>('connecting');

  useEffect(() => {
    let live = true;
    eventOf(id, lang)
      .then((d) => {
        if (!live) return;
        setDetail(d);
        setError(null);
      })
      .catch((e: unknown) => {
        if (!live) return;
        if (e instanceof ApiError && e.status === 404) setMissing(true);
        else setError(failure(lang, e));
      });
    return () => {
      live = false;
    };
  }, [id, lang, tick, meName]);
  // Told once to a screen reader when the page finds a new round or the end (the page asks again by itself).
  const seen = useRef<string | null>(null);
  const [told, setTold] = useState('');
  useEffect(() => {
    if (!detail) return;
    const e = detail.event;
    const now = `${e.status}/${e.round}`;
    if (seen.current !== null && seen.current !== now)
      setTold(
        e.status === 'finished' || e.status === 'cancelled'
          ? ew(lang, e.status === 'finished' ? 'toldOver' : 'cancelled')
          : e.kind === 'swiss'
            ? `${roundOf(lang, e.round, e.rounds)}${ew(lang, 'toldStarted')}`
            : ew(lang, 'toldRunning'),
      );
    seen.current = now;
  }, [detail, lang]);
  const over = detail?.event.status === 'finished' || detail?.event.status === 'cancelled';
  // The event's changes as they happen (once it is found, and until it is over); `entered` is this viewer's own and
  // stays as HTTP last said.
  const found = detail !== null;
  useEffect(() => {
    if (!found || over || missing) return;
    return watchEvent(id, lang, (view) => setDetail((d) => ({ ...view, entered: d?.entered ?? false })), setLiveState);
  }, [id, lang, found, over, missing]);
  useEffect(() => {
    if (over || missing) return;
    const timer = setInterval(() => setTick((n) => n + 1), liveState === 'live' ? LIVE_REFRESH_MS : REFRESH_MS);
    return () => clearInterval(timer);
  }, [over, missing, liveState]);

  if (missing)
    return (
      <section class="events-page">
        <p>
          <a href="#/events">← {ew(lang, 'back')}</a>
        </p>
        <p class="error" role="alert" data-testid="event-missing">
          {ew(lang, 'noSuchEvent')}
        </p>
      </section>
    );
  if (!detail)
    return error ? (
      <p class="error" role="alert">
        {error}
      </p>
    ) : (
      <p>{ew(lang, 'working')}</p>
    );

  const e = detail.event;
  const act = async (what: 'join' | 'withdraw' | 'start'): Promise<void> => {
    setBusy(true);
    setActionError(null);
    try {
      if (what === 'join') await joinEvent(e.id, code.trim() || undefined, lang);
      else if (what === 'withdraw') await withdrawEvent(e.id, lang);
      else await startEvent(e.id, lang);
      setTick((n) => n + 1);
    } catch (err) {
      setActionError(failure(lang, err));
    } finally {
      setBusy(false);
    }
  };
  const berserk = async (match: string): Promise<void> => {
    setBusy(true);
    setActionError(null);
    try {
      await berserkEvent(e.id, match, lang);
      setBerserked((b) => [...b, match]);
    } catch (err) {
      setActionError(failure(lang, err));
    } finally {
      setBusy(false);
    }
  };
  const open = e.status === 'upcoming' || (e.status === 'running' && e.kind === 'arena');
  const organiser = meName !== null && meName === e.organiser;
  const rounds = [...detail.rounds].sort((a, b) => b.number - a.number);
  // Mine being played: one in a Swiss or an arena, one per round in a round robin (every round at once).
  const mine =
    meName === null
      ? []
      : rounds
          .flatMap((r) => r.pairings.map((p) => ({ round: r.number, p })))
          .filter(({ p }) => p.status === 'playing' && p.match !== null && p.seats.some((s) => s.name === meName))
          .reverse();
  const conditions = [
    e.conditions.minRating !== undefined ? `${ew(lang, 'minRating')} ${e.conditions.minRating}` : null,
    e.conditions.maxRating !== undefined ? `${ew(lang, 'maxRating')} ${e.conditions.maxRating}` : null,
    e.conditions.minRatedGames !== undefined ? `${ew(lang, 'minRatedGames')} ${e.conditions.minRatedGames}` : null,
    e.conditions.invitation ? ew(lang, 'invitationAsked') : null,
    e.bots ? ew(lang, 'botsAllowed') : null,
  ].filter((c): c is string => c !== null);

  return (
    <section class="events-page event-page" data-testid="event-page" data-status={e.status}>
      <p>
        <a href="#/events">← {ew(lang, 'back')}</a>
      </p>
      <h1 data-testid="event-title">{e.name}</h1>
      <p class="sr-only" aria-live="polite" data-testid="event-told">
        {told}
      </p>
      <p class="event-line">{eventLine(lang, e)}</p>
      <dl class="event-facts">
        <div>
          <dt>{ew(lang, 'status')}</dt>
          <dd data-testid="event-when">{eventWhen(lang, e)}</dd>
        </div>
        <div>
          <dt>{ew(lang, 'organiser')}</dt>
          <dd>
            <a href={`#/players/${encodeURIComponent(e.organiser)}`}>{e.organiser}</a>
          </dd>
        </div>
        <div>
          <dt>{ew(lang, 'entrants')}</dt>
          <dd data-testid="event-entrants">
            {entrantsCount(lang, e.entrants, e.maxEntrants <= SHOWN_CAP ? e.maxEntrants : undefined)}
          </dd>
        </div>
        {conditions.length > 0 && (
          <div>
            <dt>{ew(lang, 'conditions')}</dt>
            <dd>{conditions.join(' · ')}</dd>
          </div>
        )}
      </dl>

      {!over && liveState !== 'connecting' && (
        <p class={`event-live ${liveState}`} data-testid="event-live" data-state={liveState}>
          <span aria-hidden="true">{liveState === 'live' ? '● ' : '○ '}</span>
          {ew(lang, liveState === 'live' ? 'live' : 'liveDown')}
        </p>
      )}

      <div class="event-actions" data-testid="event-actions">
        {!me ? (
          !over && (
            <p>
              {ew(lang, 'needAccount')} <a href="#/login">{lang === 'fr' ? 'Se connecter' : 'Log in'}</a>
            </p>
          )
        ) : detail.entered ? (
          <>
            <p data-testid="event-entered">{ew(lang, 'youEntered')}</p>
            {!over && (
              <button type="button" disabled={busy} onClick={() => void act('withdraw')} data-testid="event-withdraw">
                {ew(lang, 'withdraw')}
              </button>
            )}
          </>
        ) : (
          open && (
            <form
              class="join-form"
              onSubmit={(ev) => {
                ev.preventDefault();
                void act('join');
              }}
            >
              {e.conditions.invitation && (
                <label class="field">
                  <span>
                    {ew(lang, 'inviteCode')}
                    <small>{ew(lang, 'invitationAsked')}</small>
                  </span>
                  <input
                    value={code}
                    maxLength={64}
                    autoComplete="off"
                    required
                    onInput={(ev) => setCode((ev.target as HTMLInputElement).value)}
                    data-testid="event-code"
                  />
                </label>
              )}
              <button type="submit" class="primary" disabled={busy} data-testid="event-join">
                {ew(lang, 'join')}
              </button>
            </form>
          )
        )}
        {organiser && e.status === 'upcoming' && (
          <button type="button" disabled={busy} onClick={() => void act('start')} data-testid="event-start">
            {ew(lang, 'start')}
          </button>
        )}
        {actionError && (
          <p class="error" role="alert" data-testid="event-action-error">
            {actionError}
          </p>
        )}
      </div>

      {mine.length === 1 && (
        <p class="your-match" data-testid="your-match">
          {ew(lang, 'yourMatch')}{' '}
          <a class="button primary-link" href={`#/m/${encodeURIComponent(mine[0]!.p.match!)}`}>
            {ew(lang, 'playYourMatch')}
          </a>
          {e.berserk && e.status === 'running' && !berserked.includes(mine[0]!.p.match!) && (
            <>
              {' '}
              <button
                type="button"
                disabled={busy}
                onClick={() => void berserk(mine[0]!.p.match!)}
                data-testid="event-berserk"
              >
                <span aria-hidden="true">⚔ </span>
                {ew(lang, 'berserk')}
              </button>
            </>
          )}
          {berserked.includes(mine[0]!.p.match!) && (
            <span class="berserked" data-testid="event-berserked">
              {' '}
              <span aria-hidden="true">⚔ </span>
              {ew(lang, 'berserked')}
            </span>
          )}
        </p>
      )}
      {mine.length > 1 && (
        <div class="your-match" data-testid="your-matches">
          <p>{ew(lang, 'yourMatches')}</p>
          <ul>
            {mine.map(({ round, p }) => (
              <li key={p.match}>
                <a href={`#/m/${encodeURIComponent(p.match!)}`}>
                  {roundOf(lang, round, e.rounds)} —{' '}
                  {p.seats
                    .filter((s) => s.name !== meName)
                    .map((s) => s.name)
                    .join(', ')}
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}
      {e.status === 'upcoming' ? (
        <>
          <h2>{ew(lang, 'entrants')}</h2>
          <EntrantList lang={lang} standings={detail.standings} me={meName} />
        </>
      ) : (
        <>
          <h2>{ew(lang, 'standings')}</h2>
          <StandingsTable
            lang={lang}
            standings={detail.standings}
            me={meName}
            caption={`${ew(lang, 'standings')} — ${e.name}`}
          />
        </>
      )}

      {e.kind === 'roundrobin' && detail.crosstable.entrants.length > 0 && (
        <CrosstableView lang={lang} crosstable={detail.crosstable} standings={detail.standings} />
      )}

      {rounds.length > 0 && (
        <section data-testid="event-rounds">
          <h2>{ew(lang, 'pairings')}</h2>
          {rounds.map((r) => (
            <RoundTables key={r.number} lang={lang} round={r} total={e.rounds} mine={meName} />
          ))}
        </section>
      )}

      <p class="event-export">
        <a href={recordUrl(e.id)} target="_blank" rel="noopener" data-testid="event-export">
          {ew(lang, 'exportJson')}
        </a>{' '}
        <span class="muted small">{ew(lang, 'exportHelp')}</span>
      </p>
    </section>
  );
}
