import { pluralFor, type Lang } from '@roundtable/core';
import type { EventKind, EventSummary } from '@roundtable/protocol';
import { metaOf } from '../games.ts';
import { formatDateTime, machineMoment } from '../dates.ts';
import { clockWords } from '../social/account-words.ts';
import { entrantsCount, ew, roundOf } from './words.ts';

export const KINDS: readonly EventKind[] = ['arena', 'swiss', 'roundrobin'];

/** "Swiss · Camelot · 2 players per table": what the event is, in one line of words (no symbols to decode). */
export function eventLine(lang: Lang, e: EventSummary): string {
  const game = metaOf(e.game)?.name[lang] ?? e.game;
  const table = lang === 'fr' ? `${e.players}\u00a0joueurs par table` : `${e.players} players per table`;
  const length =
    e.kind === 'arena' && e.minutes !== null
      ? `${e.minutes}\u00a0min`
      : e.rounds !== null
        ? lang === 'fr'
          ? `${e.rounds}\u00a0ronde${pluralFor(e.rounds, 'fr') ? 's' : ''}`
          : `${e.rounds} round${e.rounds === 1 ? '' : 's'}`
        : null;
  return [ew(lang, e.kind), game, table, length, clockWords(lang, e.clock), e.rated ? ew(lang, 'rated') : null]
    .filter(Boolean)
    .join(' · ');
}

/** When: its start (or "when the organiser starts it"), the round under way, or when it ended. */
export function eventWhen(lang: Lang, e: EventSummary) {
  // A Swiss plays its rounds one after another; an arena and a round robin (every round at once) have no "round n".
  if (e.status === 'running')
    return <span>{e.kind === 'swiss' ? roundOf(lang, e.round, e.rounds) : ew(lang, 'statusRunning')}</span>;
  if (e.status === 'upcoming')
    return (
      <span>
        {ew(lang, 'starts')}{' '}
        {e.startsAt !== null ? (
          <time dateTime={machineMoment(e.startsAt)}>{formatDateTime(e.startsAt, lang)}</time>
        ) : (
          ew(lang, 'startsByHand')
        )}
      </span>
    );
  const end = e.endsAt ?? e.startedAt;
  return (
    <span>
      {ew(lang, e.status === 'cancelled' ? 'cancelled' : 'statusFinished')}
      {end !== null && (
        <>
          {' '}
          <time dateTime={machineMoment(end)}>{formatDateTime(end, lang)}</time>
        </>
      )}
    </span>
  );
}

/** One event in a list: its name (a link to its page), what it is, when, how many entered. */
export function EventCard({ lang, event: e }: { lang: Lang; event: EventSummary }) {
  return (
    <li class="event-card" data-testid="event-card" data-event={e.id}>
      <a class="event-name" href={`#/events/${encodeURIComponent(e.id)}`}>
        {e.name}
      </a>
      <span class="event-line">{eventLine(lang, e)}</span>
      <span class="event-meta">
        {eventWhen(lang, e)} · {entrantsCount(lang, e.entrants)}
        {e.conditions.invitation && <> · {ew(lang, 'byInvitation')}</>}
        {e.bots && <> · {ew(lang, 'botsAllowedShort')}</>}
      </span>
    </li>
  );
}
