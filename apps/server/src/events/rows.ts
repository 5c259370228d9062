import { z } from 'zod';
import {
  CreateEventRequest,
  EventKind,
  EventStatus,
  type CreateEventParsed,
  type Standing,
} from '@roundtable/protocol';
import type { EventRow, PairingRow, SeatResult } from './store.ts';

/** Stored JSON is read back through zod like any input: a damaged row is refused, never trusted. */
const SeatResults = z.array(
  z
    .object({
      place: z.number().int().min(1),
      status: z.enum(['played', 'forfeit', 'bot-replaced']),
      berserk: z.boolean().optional(),
    })
    .strict(),
);
const Seats = z.array(z.string().min(1));

export interface RawEvent {
  id: string;
  organiser: string;
  organiser_name: string;
  kind: string;
  game: string;
  status: string;
  spec: string;
  created_at: number | string;
  starts_at: number | string | null;
  started_at: number | string | null;
  ends_at: number | string | null;
  rounds: number | null;
  round: number;
  seed: string;
}

/** A clock as `ClockRequest` leaves it (transformed), back to the form it reads. */
const StoredClock = z.union([
  z.object({ moveSeconds: z.number().int(), days: z.number().int() }).strict(),
  z
    .object({ moveSeconds: z.number().int(), baseSeconds: z.number().int(), incrementSeconds: z.number().int() })
    .strict(),
  z.object({ moveSeconds: z.number().int() }).strict(),
]);

function specOf(text: string): CreateEventParsed {
  const raw = z.object({ clock: StoredClock }).passthrough().parse(JSON.parse(text));
  const c = raw.clock;
  const clock =
    'days' in c
      ? { days: c.days }
      : 'baseSeconds' in c
        ? { baseSeconds: c.baseSeconds, incrementSeconds: c.incrementSeconds }
        : { moveSeconds: c.moveSeconds };
  return CreateEventRequest.parse({ ...raw, clock });
}

const num = (v: number | string | null): number | null => (v === null ? null : Number(v));

export function eventOf(r: RawEvent): EventRow {
  return {
    id: r.id,
    organiser: r.organiser,
    organiserName: r.organiser_name,
    kind: EventKind.parse(r.kind),
    game: r.game,
    status: EventStatus.parse(r.status),
    spec: specOf(r.spec),
    createdAt: Number(r.created_at),
    startsAt: num(r.starts_at),
    startedAt: num(r.started_at),
    endsAt: num(r.ends_at),
    rounds: r.rounds,
    round: r.round,
    seed: r.seed,
  };
}

export interface RawPairing {
  event_id: string;
  round: number;
  table_no: number;
  match_id: string | null;
  seats: string;
  status: string;
  results: string | null;
  absent: string;
  created_at: number | string;
}

const Absent = z.record(z.string().regex(/^\d+$/), z.enum(['forfeit', 'bot-replaced']));

export function pairingOf(r: RawPairing): PairingRow {
  const status = z.enum(['playing', 'done', 'bye']).parse(r.status);
  return {
    eventId: r.event_id,
    round: r.round,
    table: r.table_no,
    matchId: r.match_id,
    seats: Seats.parse(JSON.parse(r.seats)),
    status,
    results: r.results === null ? null : (SeatResults.parse(JSON.parse(r.results)) as SeatResult[]),
    absent: Absent.parse(JSON.parse(r.absent)) as Record<number, 'forfeit' | 'bot-replaced'>,
    createdAt: Number(r.created_at),
  };
}

export function standingsOf(text: string): Standing[] {
  // Written by this server from the Standing type; checked for shape only.
  const parsed = z.array(z.object({ entrant: z.string(), rank: z.number() }).passthrough()).parse(JSON.parse(text));
  return parsed as unknown as Standing[];
}
