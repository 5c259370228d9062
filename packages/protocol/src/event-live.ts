/**
 * An event's page kept live over the WebSocket (`/ws`): a connection watches an event and is sent its detail, as a
 * spectator sees it, whenever it changes (a round paired, a result recorded, an entrant in or out, the start, the
 * end). The client messages join `ClientMessage` (socket.ts), the server's join `ServerMessage`.
 */
import { z } from 'zod';
import type { EventDetail } from './events.ts';

/** The events a connection may watch at once: a page watches one; a few tabs' worth is plenty. */
export const EVENT_WATCH_MAX = 8;

/** An event id as the server makes them (base64url), the same as `/api/events/:id` accepts. */
const eventId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'an event id is 1 to 64 letters, digits, _ or -');
const requestId = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional();

/** Starts watching an event: answered by an `event` message with its detail now (and the request's id). */
export const WatchEventMessage = z.object({ t: z.literal('watch-event'), id: requestId, event: eventId }).strict();
/** Stops watching it: answered by `ok` (also when it was not watched). */
export const UnwatchEventMessage = z.object({ t: z.literal('unwatch-event'), id: requestId, event: eventId }).strict();

/** An event's detail as anyone may see it: `entered` is the asker's own, read over HTTP. */
export type EventView = Omit<EventDetail, 'entered'>;

/** The event as it now is: the answer to `watch-event` (with its `id`), then after each change. */
export interface EventChangedMessage {
  readonly t: 'event';
  readonly id?: number;
  readonly event: string;
  readonly detail: EventView;
}
