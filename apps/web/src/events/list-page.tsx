import { useEffect, useState } from 'preact/hooks';
import type { EventKind, EventStatus, EventSummary } from '@roundtable/protocol';
import { GAMES, metaOf } from '../games.ts';
import { useT } from '../i18n.ts';
import { navigate } from '../router.ts';
import { failure } from '../pages/account.tsx';
import { listEvents } from './api.ts';
import { EventCard, KINDS } from './summary.tsx';
import { ew } from './words.ts';
import './events.css';

const SECTIONS: readonly { status: EventStatus; title: 'upcoming' | 'running' | 'finished' }[] = [
  { status: 'running', title: 'running' },
  { status: 'upcoming', title: 'upcoming' },
  { status: 'finished', title: 'finished' },
];

/** `#/events?game=&kind=`: the events under way, upcoming and finished, filtered by game and kind. */
export function EventListPage({ game, kind }: { game: string | null; kind: string | null }) {
  const { lang } = useT();
  const gameFilter = game && metaOf(game) ? game : '';
  const kindFilter = KINDS.includes(kind as EventKind) ? (kind as EventKind) : '';
  const [lists, setLists] = useState<Partial<Record<EventStatus, readonly EventSummary[]>>>({});
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    setError(null);
    setLists({});
    for (const { status } of SECTIONS)
      listEvents(lang, {
        status,
        limit: 50,
        ...(gameFilter ? { game: gameFilter } : {}),
        ...(kindFilter ? { kind: kindFilter } : {}),
      })
        .then((r) => live && setLists((prev) => ({ ...prev, [status]: r.events })))
        .catch((e: unknown) => live && setError(failure(lang, e)));
    return () => {
      live = false;
    };
  }, [lang, gameFilter, kindFilter]);
  const filter = (next: { game?: string; kind?: string }): void => {
    const q = new URLSearchParams();
    const g = next.game ?? gameFilter;
    const k = next.kind ?? kindFilter;
    if (g) q.set('game', g);
    if (k) q.set('kind', k);
    navigate(`/events${q.size > 0 ? `?${q.toString()}` : ''}`);
  };
  return (
    <section class="events-page" data-testid="events-page">
      <h1>{ew(lang, 'eventsTitle')}</h1>
      <p class="muted">{ew(lang, 'eventsHelp')}</p>
      <p class="event-actions">
        <a class="button primary-link" href="#/events/new" data-testid="new-event">
          {ew(lang, 'newEvent')}
        </a>
        <a class="button" href={`#/seasons/${gameFilter || (GAMES[0]?.id ?? '')}`} data-testid="seasons-link">
          {ew(lang, 'seasons')}
        </a>
      </p>
      <div class="event-filters">
        <label class="field">
          {ew(lang, 'filterGame')}
          <select
            value={gameFilter}
            onChange={(e) => filter({ game: (e.target as HTMLSelectElement).value })}
            data-testid="filter-game"
          >
            <option value="">{ew(lang, 'allGames')}</option>
            {GAMES.map((g) => (
              <option key={g.id} value={g.id}>
                {g.name[lang]}
              </option>
            ))}
          </select>
        </label>
        <label class="field">
          {ew(lang, 'filterKind')}
          <select
            value={kindFilter}
            onChange={(e) => filter({ kind: (e.target as HTMLSelectElement).value })}
            data-testid="filter-kind"
          >
            <option value="">{ew(lang, 'allKinds')}</option>
            {KINDS.map((k) => (
              <option key={k} value={k}>
                {ew(lang, k)}
              </option>
            ))}
          </select>
        </label>
      </div>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      {SECTIONS.map(({ status, title }) => {
        const events = lists[status];
        return (
          <section key={status} class="event-section" data-testid={`events-${status}`}>
            <h2>{ew(lang, title)}</h2>
            {events === undefined ? (
              !error && <p class="muted">{ew(lang, 'working')}</p>
            ) : events.length === 0 ? (
              <p class="muted">{ew(lang, 'noEvents')}</p>
            ) : (
              <ul class="event-cards">
                {events.map((e) => (
                  <EventCard key={e.id} lang={lang} event={e} />
                ))}
              </ul>
            )}
          </section>
        );
      })}
    </section>
  );
}
