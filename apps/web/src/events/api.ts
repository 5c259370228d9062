import type { Lang } from '@roundtable/core';
import type {
  CreateEventRequest,
  EventAnswer,
  EventDetail,
  EventKind,
  EventList,
  EventStatus,
  MatchEventAnswer,
  PlayerEvents,
  SeasonAnswer,
} from '@roundtable/protocol';
import { call } from '../social/api.ts';

/** The events' and seasons' HTTP calls (the server's README lists them), through the social layer's `call`. */
export function listEvents(
  lang: Lang,
  q: { game?: string; kind?: EventKind; status?: EventStatus; limit?: number },
): Promise<EventList> {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v !== undefined && v !== '') params.set(k, String(v));
  return call('GET', `/api/events${params.size > 0 ? `?${params.toString()}` : ''}`, lang);
}

export const eventOf = (id: string, lang: Lang): Promise<EventDetail> =>
  call('GET', `/api/events/${encodeURIComponent(id)}`, lang);

export const createEvent = (body: CreateEventRequest, lang: Lang): Promise<EventAnswer> =>
  call('POST', '/api/events', lang, body);

export const joinEvent = (id: string, inviteCode: string | undefined, lang: Lang): Promise<EventAnswer> =>
  call('POST', `/api/events/${encodeURIComponent(id)}/join`, lang, inviteCode ? { inviteCode } : {});

export const withdrawEvent = (id: string, lang: Lang): Promise<EventAnswer> =>
  call('POST', `/api/events/${encodeURIComponent(id)}/withdraw`, lang, {});

export const startEvent = (id: string, lang: Lang): Promise<EventAnswer> =>
  call('POST', `/api/events/${encodeURIComponent(id)}/start`, lang, {});

export const berserkEvent = (id: string, match: string, lang: Lang): Promise<{ ok: true }> =>
  call('POST', `/api/events/${encodeURIComponent(id)}/berserk`, lang, { match });

/** The event a match was paired in (404 for any other match): the table's Berserk button asks it. */
export const eventOfMatch = (match: string, lang: Lang): Promise<MatchEventAnswer> =>
  call('GET', `/api/matches/${encodeURIComponent(match)}/event`, lang);

export const recordUrl = (id: string): string => `/api/events/${encodeURIComponent(id)}/record`;

export const playerEvents = (name: string, lang: Lang): Promise<PlayerEvents> =>
  call('GET', `/api/players/${encodeURIComponent(name)}/events`, lang);

export const seasonOf = (game: string, month: string | null, lang: Lang): Promise<SeasonAnswer> =>
  call('GET', `/api/seasons/${encodeURIComponent(game)}${month ? `/${encodeURIComponent(month)}` : ''}`, lang);
