/**
 * Events (issue 35): arenas, Swiss tournaments and round robins. The requests are validated with zod by the server;
 * the answers are the interfaces below. Every failed answer is `{ error: ErrorBody }` (lobby.ts) with a code.
 */
import { z } from 'zod';
import { ClockRequest } from './lobby.ts';
import { LIMITS } from './limits.ts';

/** Arena: a fixed time, re-paired at once; Swiss: a fixed number of rounds by score; round robin: everyone meets. */
export const EventKind = z.enum(['arena', 'swiss', 'roundrobin']);
export type EventKind = z.infer<typeof EventKind>;

/** `upcoming`: taking entrants; `running`: rounds are played; `finished`; `cancelled` (nobody, or too few came). */
export const EventStatus = z.enum(['upcoming', 'running', 'finished', 'cancelled']);
export type EventStatus = z.infer<typeof EventStatus>;

/** Who may enter (checked at `join`); the invitation code is never shown back, only that there is one. */
export const EntryConditions = z
  .object({
    minRating: z.number().int().min(0).max(5000).optional(),
    maxRating: z.number().int().min(0).max(5000).optional(),
    /** Rated games of this event's game an entrant has played. */
    minRatedGames: z.number().int().min(0).max(10_000).optional(),
    inviteCode: z.string().trim().min(4).max(64).optional(),
  })
  .strict()
  .refine((c) => c.minRating === undefined || c.maxRating === undefined || c.minRating <= c.maxRating, {
    message: 'minRating must not be above maxRating',
    path: ['minRating'],
  });
export type EntryConditions = z.infer<typeof EntryConditions>;

/** `POST /api/events` (signed in: the account is the organiser). */
export const CreateEventRequest = z
  .object({
    name: z.string().trim().min(1).max(80),
    kind: EventKind,
    game: z.string().min(1).max(40),
    /** The game's options (checked by its engine as a match's are). */
    options: z.record(z.string(), z.unknown()).optional(),
    /** Seats at each table: 2 for a two-player game, 3–6 (or what the game allows) for a multi-player one. */
    players: z.number().int().min(2).max(LIMITS.maxSeats),
    /** Each match's clock; correspondence as `{days}` per move. */
    clock: ClockRequest,
    rated: z.boolean().default(false),
    /** When it starts by itself (ms since 1970); without it the organiser starts it. */
    startsAt: z.number().int().min(0).optional(),
    /** Swiss: the number of rounds (round robin: computed from the entrants; arena: none). */
    rounds: z.number().int().min(1).max(30).optional(),
    /** Arena: how long it runs, in minutes (a fraction allowed: a 30-second arena is `0.5`). */
    minutes: z
      .number()
      .min(0.05)
      .max(24 * 60)
      .optional(),
    conditions: EntryConditions.optional(),
    /** Whether bot accounts may enter (their results are marked). */
    bots: z.boolean().default(false),
    /** The organiser's own cap on entrants (below the server's). */
    maxEntrants: z.number().int().min(2).max(10_000).optional(),
    /**
     * Arena: players may berserk (half their bank, no increment, +1 point for a win). Default: on where the clock
     * is a Fischer clock (a bank to halve); asked with any other clock, or another kind of event, it is refused.
     */
    berserk: z.boolean().optional(),
  })
  .strict()
  .superRefine((r, ctx) => {
    if (r.kind === 'swiss' && r.rounds === undefined)
      ctx.addIssue({ code: 'custom', path: ['rounds'], message: 'a Swiss needs its number of rounds' });
    if (r.kind === 'arena' && r.minutes === undefined)
      ctx.addIssue({ code: 'custom', path: ['minutes'], message: 'an arena needs its length in minutes' });
    if (r.kind !== 'arena' && r.minutes !== undefined)
      ctx.addIssue({ code: 'custom', path: ['minutes'], message: 'only an arena has a length in minutes' });
  });
export type CreateEventRequest = z.input<typeof CreateEventRequest>;
export type CreateEventParsed = z.output<typeof CreateEventRequest>;

/** `POST /api/events/:id/join`. */
export const JoinEventRequest = z
  .object({ inviteCode: z.string().trim().max(64).optional() })
  .strict()
  .default({});
export type JoinEventRequest = z.input<typeof JoinEventRequest>;

/** `POST /api/events/:id/berserk`: the signed-in entrant berserks in this match of the arena, before moving. */
export const BerserkRequest = z.object({ match: z.string().min(1).max(64) }).strict();
export type BerserkRequest = z.infer<typeof BerserkRequest>;

/** `GET /api/events?game=&status=&kind=&limit=`. */
export const EventsQuery = z
  .object({
    game: z.string().min(1).max(40).optional(),
    status: EventStatus.optional(),
    kind: EventKind.optional(),
    limit: z.coerce.number().int().min(1).max(200).optional(),
  })
  .strict();
export type EventsQuery = z.infer<typeof EventsQuery>;

/** An event as listed. */
export interface EventSummary {
  readonly id: string;
  readonly name: string;
  readonly kind: EventKind;
  readonly game: string;
  readonly options: Readonly<Record<string, unknown>>;
  readonly players: number;
  readonly clock: ClockRequest;
  readonly rated: boolean;
  readonly status: EventStatus;
  /** The organiser's account name. */
  readonly organiser: string;
  readonly createdAt: number;
  readonly startsAt: number | null;
  readonly startedAt: number | null;
  readonly endsAt: number | null;
  /** Swiss: as asked; round robin: known once it starts; arena: null. */
  readonly rounds: number | null;
  readonly minutes: number | null;
  /** The round under way (0 before the start). */
  readonly round: number;
  readonly entrants: number;
  readonly maxEntrants: number;
  readonly bots: boolean;
  /** Arena: players may berserk (half their clock before their first move, +1 point for a win). */
  readonly berserk: boolean;
  readonly conditions: {
    readonly minRating?: number;
    readonly maxRating?: number;
    readonly minRatedGames?: number;
    /** There is an invitation code (never shown). */
    readonly invitation: boolean;
  };
}

/**
 * How a seat's entrant took part in a match: `played`; `forfeit` (did not show within the wait, two players: the
 * match is lost); `bot-replaced` (did not show at a multi-player table: a bot played the seat so the others' game
 * went on; the entrant scores as a forfeit, and the standings mark it).
 */
export type SeatStatus = 'played' | 'forfeit' | 'bot-replaced';

export interface PairingSeat {
  readonly entrant: string;
  readonly name: string;
  /** A bot account's seat (its results are marked). */
  readonly bot: boolean;
  /** 1 = first, equal places are a tie; null until the match ends. */
  readonly place: number | null;
  readonly status: SeatStatus | null;
  /** What this seat scored at its table (0..1: the share of table-mates beaten, a tie half); null until the end. */
  readonly score: number | null;
  /** Arena: this seat berserked (known once the match ends). */
  readonly berserk?: boolean;
}

/** One table (or board) of a round: a match, or a bye. */
export interface Pairing {
  readonly round: number;
  readonly table: number;
  /** The ordinary match played there (replay, review, spectators and chat as any match); null for a bye. */
  readonly match: string | null;
  readonly seats: readonly PairingSeat[];
  readonly status: 'playing' | 'done' | 'bye';
}

export interface RoundInfo {
  readonly number: number;
  readonly startedAt: number;
  readonly finishedAt: number | null;
  readonly pairings: readonly Pairing[];
}

export interface Standing {
  readonly rank: number;
  readonly entrant: string;
  readonly name: string;
  readonly bot: boolean;
  /** Swiss and round robin: the table score summed; arena: arena points (win 2, draw 1, doubled on a streak). */
  readonly points: number;
  readonly played: number;
  readonly wins: number;
  readonly byes: number;
  /** Matches lost by not showing (forfeits and bot replacements)… */
  readonly forfeits: number;
  /** …and of those, the ones a bot played in the entrant's place (marked). */
  readonly botReplaced: number;
  readonly withdrawn: boolean;
  /** Tie-breaks by name (`buchholz`, `sonneborn-berger`, `wins`; arena: `performance`), in the order applied. */
  readonly tieBreaks: Readonly<Record<string, number>>;
  /** Arena: two wins or more in a row now (the next result's points double). */
  readonly onFire?: boolean;
  /** Arena: wins after a berserk (each +1 point). */
  readonly berserkWins?: number;
}

/** One game of a crosstable cell: what the row's entrant scored against the column's in one match. */
export interface CrossGame {
  readonly match: string;
  readonly round: number;
  readonly score: number;
  /** The row's entrant played first. */
  readonly first: boolean;
}

/** `cells[i][j]`: the games of `entrants[i]` against `entrants[j]` (standings order; empty on the diagonal). */
export interface Crosstable {
  readonly entrants: readonly string[];
  readonly cells: readonly (readonly (readonly CrossGame[])[])[];
}

/** `GET /api/events/:id`. */
export interface EventDetail {
  readonly event: EventSummary;
  readonly standings: readonly Standing[];
  readonly rounds: readonly RoundInfo[];
  readonly crosstable: Crosstable;
  /** Whether the asker (signed in) has entered. */
  readonly entered: boolean;
}

/** `POST /api/events`, `/join`, `/withdraw`, `/start`: the event as it now is. */
export interface EventAnswer {
  readonly event: EventSummary;
}

/** `GET /api/events`. */
export interface EventList {
  readonly events: readonly EventSummary[];
}

/**
 * `GET /api/events/:id/record`: the event's record (version 1, the pairing code's `eventRecordSchema`). Each table
 * names its match: read `GET /api/matches/:id` (its outcome) or `/record` (its moves, replayed) for each, and the
 * results and standings must follow (`verifyEventRecord` in apps/server/src/events/pairing/record.ts does it).
 */
export interface EventRecord {
  readonly version: 1;
  readonly event: {
    readonly id: string;
    readonly game: string;
    readonly kind: 'swiss' | 'arena' | 'round-robin';
    readonly name: string;
    readonly sizes: { readonly min: number; readonly max: number; readonly preferred: number };
    readonly rounds?: number;
    readonly byePoints: number;
    readonly seed: string | number;
    readonly rated: boolean;
  };
  readonly entrants: readonly {
    readonly id: string;
    readonly name?: string;
    readonly rating?: number;
    readonly bot?: boolean;
    readonly withdrawn?: boolean;
  }[];
  readonly rounds: readonly {
    readonly round: number;
    readonly tables: readonly {
      readonly table: number;
      readonly seats: readonly string[];
      readonly matchId: string | null;
    }[];
    readonly byes: readonly string[];
  }[];
  readonly results: readonly (
    | {
        readonly kind: 'match';
        readonly matchId: string;
        readonly round: number;
        readonly seats: readonly {
          readonly entrant: string;
          readonly place: number;
          readonly status?: SeatStatus;
          readonly berserk?: boolean;
        }[];
      }
    | { readonly kind: 'bye'; readonly round: number; readonly entrant: string }
  )[];
  readonly tieBreaks: readonly ('buchholz' | 'sonneborn-berger' | 'wins')[];
  /** The pairing code's rows (Swiss and round robin: with Buchholz and Sonneborn–Berger; arena: with performance). */
  readonly standings: readonly { readonly rank: number; readonly entrant: string; readonly points: number }[];
}

/**
 * `GET /api/matches/:id/event`: the event a match was paired in, for its table (404 `NO_SUCH_EVENT` for any other
 * match): which event, the asker's seat there, and whether they may berserk now.
 */
export interface MatchEventAnswer {
  readonly event: EventSummary;
  readonly round: number;
  readonly table: number;
  /** The signed-in asker's seat at this table, else null. */
  readonly seat: number | null;
  /** The asker may berserk now: an arena allowing it, running, their match playing, before their first move. */
  readonly canBerserk: boolean;
}

/** A notice's payload when a round starts for an entrant (push and e-mail digest). */
export interface RoundStartNotice {
  readonly event: string;
  readonly name: string;
  readonly round: number;
  readonly match: string;
}
