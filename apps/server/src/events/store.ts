import type { CreateEventParsed, EventKind, EventStatus, SeatStatus, Standing } from '@roundtable/protocol';

/** An event as stored: its settings as the organiser asked them (the invitation code included), and its progress. */
export interface EventRow {
  readonly id: string;
  readonly organiser: string;
  readonly organiserName: string;
  readonly kind: EventKind;
  readonly game: string;
  readonly status: EventStatus;
  readonly spec: CreateEventParsed;
  readonly createdAt: number;
  readonly startsAt: number | null;
  readonly startedAt: number | null;
  readonly endsAt: number | null;
  /** Round robin: fixed at the start; Swiss: as asked; arena: null. */
  readonly rounds: number | null;
  /** The round under way (0 before the start). */
  readonly round: number;
  /** The seed every pairing of this event is drawn from (the same seed gives the same pairings). */
  readonly seed: string;
}

export interface EntrantRow {
  readonly eventId: string;
  readonly accountId: string;
  readonly name: string;
  readonly bot: boolean;
  readonly joinedAt: number;
  readonly withdrawn: boolean;
  /** The rating of the event's game when they entered (seeding and arena pairing). */
  readonly rating: number;
}

/** One seat's result at a table (the pairing code's `SeatResult` less the entrant, who is `seats[i]`). */
export interface SeatResult {
  /** 1 = first; equal places are a tie. */
  readonly place: number;
  readonly status: SeatStatus;
  /** Arena: the seat berserked. */
  readonly berserk?: boolean;
}

export interface PairingRow {
  readonly eventId: string;
  readonly round: number;
  readonly table: number;
  /** Chosen before the match is created (creation with this id is idempotent): null for a bye. */
  readonly matchId: string | null;
  /** Entrants' account ids in seat order. */
  readonly seats: readonly string[];
  readonly status: 'playing' | 'done' | 'bye';
  readonly results: readonly SeatResult[] | null;
  /** Seats found absent after the wait (runner.ts), by seat index: written before the match is ended or handed on. */
  readonly absent: Readonly<Record<number, 'forfeit' | 'bot-replaced'>>;
  readonly createdAt: number;
}

export interface RoundRow {
  readonly eventId: string;
  readonly round: number;
  readonly startedAt: number;
  readonly finishedAt: number | null;
}

/**
 * Who may write an event's progress: one process alone (`alone`), or the holder of its lease at an epoch (several
 * processes on PostgreSQL, see 030-events.sql, or on one SQLite data folder, sqlite-store.ts: a write whose lease
 * was taken over meanwhile is refused).
 */
export type EventFence =
  | { readonly kind: 'alone' }
  | { readonly kind: 'lease'; readonly event: string; readonly owner: string; readonly epoch: number };

/** Thrown by a fenced write whose lease is no longer the writer's. */
export class EventFenced extends Error {
  constructor(event: string) {
    super(`event ${event} is no longer held by this process`);
  }
}

/**
 * Where events live: SQLite (`events.db` beside the matches) or PostgreSQL (migration 030). Every write of an
 * event's progress is fenced; a round's pairings are written in one transaction before any match is created or
 * anyone told, keyed by (event, round, table) so that writing them twice changes nothing.
 */
export interface EventStore {
  createEvent(row: EventRow): Promise<void>;
  event(id: string): Promise<EventRow | null>;
  listEvents(q: {
    game?: string;
    status?: EventStatus;
    kind?: EventKind;
    limit: number;
  }): Promise<{ row: EventRow; entrants: number }[]>;
  /** Events in `statuses` (upcoming ones to start on time, running ones to run). */
  eventsIn(statuses: readonly EventStatus[]): Promise<EventRow[]>;
  /** Events an organiser has that are not over. */
  countOrganised(accountId: string): Promise<number>;
  /** Events an account has entered (not withdrawn) that are not over. */
  countEntered(accountId: string): Promise<number>;
  /** Adds the entrant unless the event has `max` entrants already; false when full. */
  addEntrant(row: EntrantRow, max: number): Promise<'added' | 'full' | 'already'>;
  entrants(eventId: string): Promise<EntrantRow[]>;
  /** Before the start the entry is removed; after, it is marked withdrawn (not paired again). */
  withdraw(eventId: string, accountId: string, remove: boolean): Promise<boolean>;
  /** Status and round changes (fenced once running). */
  updateEvent(
    fence: EventFence,
    id: string,
    change: Partial<Pick<EventRow, 'status' | 'startedAt' | 'endsAt' | 'rounds' | 'round'>>,
  ): Promise<void>;
  /** A round and its pairings, all at once or not at all; a second write of the same round is a no-op. */
  writeRound(fence: EventFence, round: RoundRow, pairings: readonly PairingRow[]): Promise<boolean>;
  /** Arena: one more pairing in the running round (idempotent by its key). */
  addPairing(fence: EventFence, pairing: PairingRow): Promise<boolean>;
  /** The seats of a table found absent (no-shows), before anything is done about them. */
  markAbsent(
    fence: EventFence,
    eventId: string,
    round: number,
    table: number,
    absent: Readonly<Record<number, 'forfeit' | 'bot-replaced'>>,
  ): Promise<void>;
  /** A table's result (once: a second call for a done table changes nothing). */
  recordResult(
    fence: EventFence,
    eventId: string,
    round: number,
    table: number,
    results: readonly SeatResult[],
  ): Promise<boolean>;
  finishRound(fence: EventFence, eventId: string, round: number, at: number): Promise<void>;
  rounds(eventId: string): Promise<RoundRow[]>;
  pairings(eventId: string): Promise<PairingRow[]>;
  /** The event a match was paired in, or null (most matches). */
  eventOfMatch(matchId: string): Promise<string | null>;
  /** The standings as announced after a round (or, in an arena, after each result). */
  saveStandings(fence: EventFence, eventId: string, round: number, standings: readonly Standing[]): Promise<void>;
  standings(eventId: string): Promise<{ round: number; standings: Standing[] } | null>;
  /** Takes or renews the lease of `eventId` for `owner`; the fence to write with, or null when another holds it. */
  lease(eventId: string, owner: string): Promise<EventFence | null>;
  release(fence: EventFence): Promise<void>;
  close(): Promise<void>;
}
