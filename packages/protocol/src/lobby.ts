/**
 * The HTTP side: lobby requests (validated with zod by the server) and the shapes of its answers.
 * Every answer that fails is `{ error: ErrorBody }` with an HTTP status.
 */
import { z } from 'zod';
import type { Localized, Outcome, Seat, Seed } from '@roundtable/core';
import { LIMITS } from './limits.ts';
import { RecordOutcome, RecordSource } from './records.ts';

const name = z.string().trim().min(1).max(LIMITS.maxNameLength);

/** How a seat is filled when a match is created. */
export const SeatRequest = z.discriminatedUnion('kind', [
  /** Claimed by the creator: the answer carries its token. */
  z.object({ kind: z.literal('human'), name: name.optional() }).strict(),
  /** Free: anyone may join it and receive its token. */
  z.object({ kind: z.literal('open') }).strict(),
  /** Played by the server. */
  z.object({ kind: z.literal('bot'), level: z.string().min(1).max(40) }).strict(),
]);
export type SeatRequest = z.infer<typeof SeatRequest>;

/**
 * A clock chosen at creation: `{moveSeconds}` per move, or correspondence `{days}` (1–30 days per move, stored as
 * a per-move clock of that many seconds; its deadline is kept in storage and survives restarts).
 */
export const ClockRequest = z.union([
  z.object({ moveSeconds: z.number().int().min(LIMITS.minMoveSeconds).max(LIMITS.maxMoveSeconds) }).strict(),
  z
    .object({
      days: z
        .number()
        .int()
        .min(1)
        .max(LIMITS.maxMoveSeconds / 86_400),
    })
    .strict()
    .transform((c) => ({ moveSeconds: c.days * 86_400, days: c.days })),
  /**
   * Fischer: a bank of `baseSeconds` per seat that runs only while that seat is to move, `incrementSeconds` added
   * after each of its moves (games without secrets only). `moveSeconds` is set to the base for older readers.
   */
  z
    .object({
      baseSeconds: z
        .number()
        .int()
        .min(LIMITS.minMoveSeconds)
        .max(24 * 3600),
      incrementSeconds: z.number().int().min(0).max(3600),
    })
    .strict()
    .transform((c) => ({
      moveSeconds: c.baseSeconds,
      baseSeconds: c.baseSeconds,
      incrementSeconds: c.incrementSeconds,
    })),
]);
export type ClockRequest = z.infer<typeof ClockRequest>;

/** What happens to a seat whose clock runs out: without it the match ends, abandoned by that seat. */
export const AbandonRequest = z.object({ bot: z.string().min(1).max(40) }).strict();
export type AbandonRequest = z.infer<typeof AbandonRequest>;

/**
 * A match of three or more: the level of the bot that holds the seat of a player gone past their clock (or, without
 * a clock, the server's absence wait), until they come back; 'off': the match's own rule (`abandon`, else it
 * ends). Default: the `abandon` bot if any, else `easy` (apps/server/src/absence/).
 */
export const HoldRequest = z.union([z.object({ bot: z.string().min(1).max(40) }).strict(), z.literal('off')]);
export type HoldRequest = z.infer<typeof HoldRequest>;

export const CreateMatchRequest = z
  .object({
    game: z.string().min(1).max(40),
    /** Game options, validated by the game itself (`parseOptions`). */
    options: z.record(z.string(), z.unknown()).optional(),
    /**
     * Optional: a seed for the match (testing, tournaments, hot-seat); by default the server draws 128 random
     * bits. Refused (`SEED_WITH_OPEN_SEAT`) in a game with secrets while a seat is open to someone else: the
     * creator would know every hand.
     */
    seed: z.union([z.number().int().safe(), z.string().min(1).max(100)]).optional(),
    seats: z.array(SeatRequest).min(1).max(LIMITS.maxSeats),
    clock: ClockRequest.optional(),
    abandon: AbandonRequest.optional(),
    hold: HoldRequest.optional(),
    /**
     * Rated (issue 18): the creator is signed in and holds exactly one seat, every other seat is open to signed-in
     * players (no bots, no hot-seat, no chosen seed, no `abandon`); the end updates each player's rating.
     */
    rated: z.boolean().optional(),
  })
  .strict();
export type CreateMatchRequest = z.infer<typeof CreateMatchRequest>;

export const JoinRequest = z
  .object({
    seat: z
      .number()
      .int()
      .min(0)
      .max(LIMITS.maxSeats - 1)
      .optional(),
    name: name.optional(),
  })
  .strict();
export type JoinRequest = z.infer<typeof JoinRequest>;

export const LeaveRequest = z.object({ token: z.string().min(1).max(200) }).strict();
export type LeaveRequest = z.infer<typeof LeaveRequest>;

export const ListQuery = z
  .object({
    status: z.enum(['open', 'active', 'finished']).optional(),
    game: z.string().max(40).optional(),
    limit: z.coerce.number().int().min(1).max(200).optional(),
  })
  .strict();
export type ListQuery = z.infer<typeof ListQuery>;

/** An imported record (see `MatchRecord` in core); the game replays it to validate every move. */
export const ImportRequest = z
  .object({
    game: z.string().min(1).max(40),
    players: z.number().int().min(1).max(LIMITS.maxSeats),
    options: z.record(z.string(), z.unknown()),
    seed: z.union([z.number().int().safe(), z.string().min(1).max(100)]),
    /** As exported: SHA-256 of the seed text; when present it must match the seed (BAD_COMMITMENT). */
    commitment: z
      .string()
      .regex(/^[0-9a-f]{64}$/, 'a SHA-256 in lowercase hex (64 digits)')
      .optional(),
    position: z.string().max(2000).optional(),
    moves: z
      .array(z.object({ seat: z.number().int().min(0), move: z.string().min(1).max(LIMITS.maxMoveLength) }).strict())
      .max(100_000),
    /** Where the record came from (issue 37): stored as the match's `settings.source`, its players as seat names. */
    source: RecordSource.optional(),
    /** The result the record claims, compared with its replay (records.ts). */
    outcome: RecordOutcome.optional(),
  })
  .strict();
export type ImportRequest = z.infer<typeof ImportRequest>;

// ---------------------------------------------------------------------------------------------------------
// Answers

/**
 * `open`: waiting for players to take the open seats; `active`: being played; `finished`: the game ended by
 * its rules; `abandoned`: a seat ran out of time with no bot to take over; `archived`: an imported record.
 */
export type MatchStatus = 'open' | 'active' | 'finished' | 'abandoned' | 'archived';

export type SeatKind = 'human' | 'open' | 'bot';

export interface SeatInfo {
  readonly seat: Seat;
  readonly kind: SeatKind;
  readonly name: string | null;
  readonly level: string | null;
  /** True while a client holding this seat's token is connected. */
  readonly connected: boolean;
  /** The seat is held by a bot account (an engine, ours or an outside one: issue 38); absent for people. */
  readonly botAccount?: boolean;
}

/** `GET /api/me/matches`: a match one of whose seats the signed-in account holds. */
export interface MyMatch {
  readonly match: MatchSummary;
  readonly seat: Seat;
  /** The seat is to move now (false when the match is not active). */
  readonly yourTurn: boolean;
  /** A finished rated match: this seat's rating in its game before and after it, once stored. */
  readonly rating?: { readonly before: number; readonly after: number };
}

/**
 * "Play now": waits until as many people asked for the same game, number of players, clock and rating, then
 * answers each with a seat of a new match; or, after `botAfterSeconds`, plays against bots (`botLevel`) instead.
 * Without `botAfterSeconds` it gives up after `waitSeconds` (`NO_OPPONENT`).
 */
export const PlayNowRequest = z
  .object({
    game: z.string().min(1).max(40),
    players: z.number().int().min(1).max(LIMITS.maxSeats),
    clock: ClockRequest.optional(),
    rated: z.boolean().optional(),
    name: name.optional(),
    botAfterSeconds: z.number().int().min(1).max(300).optional(),
    botLevel: z.string().min(1).max(40).optional(),
    waitSeconds: z.number().int().min(1).max(300).optional(),
  })
  .strict();
export type PlayNowRequest = z.infer<typeof PlayNowRequest>;

/** The answer to "play now": your seat in the new match, and whether its other seats are people or bots. */
export interface PlayNowAnswer {
  readonly match: MatchSummary;
  readonly seat: Seat;
  readonly token: string;
  readonly against: 'people' | 'bots';
}

export const ClaimRequest = z.object({ tokens: z.array(z.string().min(1).max(200)).min(1).max(100) }).strict();
export type ClaimRequest = z.infer<typeof ClaimRequest>;

/** A player's rating in one game (`GET /api/ratings/:game`, `GET /api/players/:name`). */
export interface RatingInfo {
  readonly name: string;
  readonly game: string;
  readonly rating: number;
  readonly deviation: number;
  readonly games: number;
  /**
   * Fewer rated games of this game than the server's `--provisional-games` (issue 25): the rating is still a
   * guess (a high deviation), and the account is not on the game's leaderboard yet.
   */
  readonly provisional?: boolean;
  /** The account is a bot account (an engine); absent for people. */
  readonly bot?: boolean;
}

export interface MatchSummary {
  readonly id: string;
  readonly game: string;
  readonly players: number;
  readonly options: Readonly<Record<string, unknown>>;
  readonly status: MatchStatus;
  readonly seats: readonly SeatInfo[];
  readonly clock: ClockRequest | null;
  readonly abandon: AbandonRequest | null;
  readonly outcome: Outcome | null;
  readonly createdAt: number;
  /** True when the creator chose the seed (they can know the deal); false when the server drew it. */
  readonly seeded: boolean;
  /** A rated match (issue 18): its end updates the players' ratings. */
  readonly rated?: boolean;
  /**
   * SHA-256 (hex) of the seed text, published from the creation on: once the seed is revealed (`seed`, and the
   * record), `printf %s "$SEED" | sha256sum` must print this, so the deal cannot have changed mid-match.
   */
  readonly commitment: string;
  /** The seed, once the match is over (finished, abandoned or archived); absent before. */
  readonly seed?: Seed;
}

export interface SeatToken {
  readonly seat: Seat;
  /** The secret that lets its holder play this seat, from any device. Shown once; the server keeps a hash. */
  readonly token: string;
}

export interface CreateMatchAnswer {
  readonly match: MatchSummary;
  readonly tokens: readonly SeatToken[];
  /** A rated match: what a second seat taken from the creator's address meets (told before anyone is refused). */
  readonly sameAddress?: SameAddressRule;
}

/**
 * Rated seats from one address (issue 36, SECURITY.md "Clubs and households"): `refused` — another account at the
 * creator's address is refused a rated seat (RATED_SAME_ADDRESS, and offered the match unrated), except the
 * members of `clubs` the creator belongs to, whom their club vouches for; `allowed` — the server lets one address
 * play itself (`--pair-same-address`, behind a proxy).
 */
export interface SameAddressRule {
  readonly rule: 'refused' | 'allowed';
  readonly clubs: readonly string[];
}

export interface JoinAnswer {
  readonly match: MatchSummary;
  readonly seat: Seat;
  readonly token: string;
}

export interface GameInfo {
  readonly id: string;
  readonly name: Localized;
  readonly minPlayers: number;
  readonly maxPlayers: number;
  readonly perfectInformation: boolean;
  readonly options: readonly unknown[];
  readonly bots: readonly string[];
}

export interface ReplayInfo {
  readonly match: string;
  readonly game: string;
  readonly plies: number;
  readonly outcome: Outcome | null;
  /** The seed (the match is over) and the commitment published at its start: SHA-256 of the seed text. */
  readonly seed: Seed;
  readonly commitment: string;
}

/** `GET /healthz`. */
export interface Health {
  /** Nothing is wrong (else the answer is 503). */
  readonly ok: boolean;
  /** What is wrong, in words an operator reads: the database unreachable, Redis away, this process's lease lapsed. */
  readonly problems: readonly string[];
  /**
   * Several processes: writes this process did not make because its lease may have lapsed (`notHeld`), and writes
   * the database refused because another process owned the match by then (`fenced`).
   */
  readonly fencing?: { readonly refused: number; readonly notHeld: number; readonly fenced: number };
  /** Matches in memory now. */
  readonly matches: number;
  readonly uptime: number;
  /** Matches being played (open or active), all addresses together. */
  readonly inPlay: number;
  /** WebSocket connections open now, and from how many addresses. */
  readonly sockets: number;
  readonly addresses: number;
  /** The caps in force (see SECURITY.md). */
  readonly limits: {
    readonly matchesPerAddress: number;
    readonly liveMatches: number;
    readonly socketsPerAddress: number;
  };
}

export interface ErrorBody {
  readonly code: string;
  /** The error in the language asked for (`?lang=fr` or `Accept-Language`). */
  readonly message: string;
  readonly details?: Readonly<Record<string, unknown>>;
}
