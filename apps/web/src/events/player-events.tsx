import { useEffect, useState } from 'preact/hooks';
import type { Lang } from '@roundtable/core';
import type { PlayerEvents } from '@roundtable/protocol';
import { metaOf } from '../games.ts';
import { playerEvents } from './api.ts';
import { eventWhen } from './summary.tsx';
import { ew, ordinal, score, scoreWords } from './words.ts';
import './events.css';

/** On a player's page: the events they entered, newest first, with their rank and points in each. */
export function PlayerEventsSection({ name, lang }: { name: string; lang: Lang }) {
  const [events, setEvents] = useState<PlayerEvents | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    setEvents(null);
    setFailed(false);
    playerEvents(name, lang)
      .then((r) => live && setEvents(r))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [name, lang]);
  // A server without events (or an older one) answers nothing here: the section is left out rather than an error.
  if (failed) return null;
  return (
    <section class="player-events" data-testid="player-events">
      <h2>{ew(lang, 'playerEvents')}</h2>
      {events === null ? (
        <p class="muted">{ew(lang, 'working')}</p>
      ) : events.events.length === 0 ? (
        <p class="muted">{ew(lang, 'noPlayerEvents')}</p>
      ) : (
        <div class="table-scroll">
          <table class="board-table">
            <caption class="sr-only">
              {ew(lang, 'playerEvents')} — {name}
            </caption>
            <thead>
              <tr>
                <th scope="col">{ew(lang, 'event')}</th>
                <th scope="col">{ew(lang, 'status')}</th>
                <th scope="col" class="num">
                  {ew(lang, 'rank')}
                </th>
                <th scope="col" class="num">
                  {ew(lang, 'points')}
                </th>
              </tr>
            </thead>
            <tbody>
              {events.events.map((l) => (
                <tr key={l.event.id} data-testid="player-event" data-event={l.event.id}>
                  <th scope="row" class="player-cell">
                    <a href={`#/events/${encodeURIComponent(l.event.id)}`}>{l.event.name}</a>
                    <span class="event-meta">
                      {' '}
                      {ew(lang, l.event.kind)} · {metaOf(l.event.game)?.name[lang] ?? l.event.game}
                    </span>
                    {l.botReplaced > 0 && <span class="replaced-note">{ew(lang, 'botReplacedShort')}</span>}
                    {l.withdrawn && <span class="replaced-note">{ew(lang, 'withdrawn')}</span>}
                  </th>
                  <td>{eventWhen(lang, l.event)}</td>
                  <td class="num" data-testid="player-event-rank">
                    {l.rank !== null ? `${ordinal(lang, l.rank)} / ${l.entrants}` : '—'}
                  </td>
                  <td class="num">
                    <span aria-hidden="true">{score(l.points)}</span>
                    <span class="sr-only">{scoreWords(lang, l.points)}</span>
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
