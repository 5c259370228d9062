import type { Outcome, Seat, Seed } from '@roundtable/core';
import type {
  AbandonRequest,
  ClockRequest,
  HoldRequest,
  MatchStatus,
  RecordSource,
  SeatKind,
} from '@roundtable/protocol';
import type { ClockState } from '../clocks/fischer.ts';

/**
 * Everything the server keeps, behind one asynchronous interface: SQLite with one process, PostgreSQL when several
 * share the load, without the match service noticing. Every write resolves only once it is durable; writes issued
 * in the same tick may be committed together (group commit), in the order they were issued. A refused write
 * rejects with one of storage/errors.ts (StorageUnavailable, Fenced, PlyTaken) and changes nothing.
 */
export interface Store {
  /** A new match with its seats (and, for an imported record, its moves), in one transaction. */
  createMatch(match: MatchRow, seats: readonly SeatRow[], moves?: readonly MoveRow[]): Promise<void>;
  /**
   * Every write made for an existing match (a move and the status it leads to, seats, status, the clock, a
   * takeback, a snapshot), in one transaction that holds only while `fence` does: with several processes the
   * database checks, in that transaction, that the writer still owns the match at its lease's epoch (Fenced if
   * not). A move at a ply already stored is refused (PlyTaken).
   */
  commit(fence: Fence, write: MatchWrite): Promise<void>;

  loadMatch(id: string): Promise<StoredMatch | null>;
  /** The match and seat a token hash belongs to. */
  findToken(tokenHash: string): Promise<{ matchId: string; seat: Seat } | null>;
  listMatches(query: { status?: MatchStatus; game?: string; limit: number }): Promise<MatchListing[]>;
  /** Ids of matches in play that need the server without any client: a bot seat or a clock. */
  listResumable(): Promise<string[]>;

  /**
   * Matches in play (status `open` or `active`): those created by `creator` (MatchRow.creator), or all of
   * them when it is undefined. The per-address cap counts with it, so it must see matches not in memory.
   */
  countInPlay(creator?: string): Promise<number>;
  /** Ids and deadlines of `active` matches whose deadline is at or before `upTo`, earliest first. */
  dueDeadlines(upTo: number, limit: number): Promise<{ id: string; deadline: number }[]>;

  /** Finishes every write already issued, then closes. */
  close(): Promise<void>;
  /** Why writes cannot be stored now (the database is unreachable…), or null: /healthz then answers 503. */
  problem(): string | null;
}

/**
 * Who writes for a match. `alone`: one process serves every match (SQLite, or PostgreSQL without Redis), so no
 * other writer exists. `lease`: the owner process and the epoch of its lease on the match (cluster/leases.ts);
 * the epoch changes whenever the match changes hands, so a process that lost a match can never write for it again.
 */
export type Fence =
  | { readonly kind: 'alone' }
  | { readonly kind: 'lease'; readonly match: string; readonly owner: string; readonly epoch: number };

/** What one write for a match holds; every part is optional, and all of it commits or none. */
export interface MatchWrite {
  readonly match: string;
  /** Moves `fromPly` and after are taken back (an agreed takeback), with any snapshot after `fromPly`. */
  readonly takeBack?: number;
  /** The next move (its ply is the number of moves stored before it). */
  readonly move?: MoveRow;
  readonly seats?: readonly SeatRow[];
  readonly status?: StatusChange;
  /** The clock after this write: the deadline index and the Fischer banks. */
  readonly clock?: StoredClock;
  /** The state after `ply` moves, as the game serialises it, so a reload replays only what followed. */
  readonly snapshot?: { readonly ply: number; readonly data: unknown };
}

/**
 * A match's clock as stored: `deadline` is the deadline index (when the seat to move runs out of time, ms since
 * the epoch; a clock fires from there, so a match waiting on an absent player need not stay in memory), `banks`
 * the Fischer banks (clocks/fischer.ts), null for a per-move clock.
 */
export interface StoredClock {
  readonly deadline: number | null;
  readonly banks: ClockState | null;
}

export interface MatchSettings {
  readonly clock: ClockRequest | null;
  readonly abandon: AbandonRequest | null;
  /** Who holds the seat of a player gone, in a match of three or more (absent: the default, absence/). */
  readonly hold?: HoldRequest;
  /** The creator chose the seed (absent in rows stored before: false). */
  readonly seeded?: boolean;
  /** A rated match (absent: not rated). */
  readonly rated?: boolean;
  /** The seats held by bot accounts (a challenge accepted: bot-accounts/), marked as such wherever seats show. */
  readonly botSeats?: readonly number[];
  /** An imported record (status `archived`): where it came from and its file's tags (protocol records.ts). */
  readonly source?: RecordSource;
}

export interface MatchRow {
  readonly id: string;
  readonly game: string;
  readonly players: number;
  readonly options: Readonly<Record<string, unknown>>;
  readonly seed: Seed;
  readonly position: string | null;
  readonly settings: MatchSettings;
  readonly status: MatchStatus;
  readonly outcome: Outcome | null;
  readonly createdAt: number;
  /** Who created it: a hash of the client's address (for the per-address cap), null for imports and old rows. */
  readonly creator?: string | null;
}

export interface SeatRow {
  readonly seat: Seat;
  readonly kind: SeatKind;
  readonly name: string | null;
  readonly level: string | null;
  /** sha256 of the seat's token (hex), null while nobody holds it. */
  readonly tokenHash: string | null;
}

export interface MoveRow {
  readonly matchId: string;
  readonly ply: number;
  readonly seat: Seat;
  readonly move: string;
  readonly at: number;
}

export interface StatusChange {
  readonly status: MatchStatus;
  readonly outcome: Outcome | null;
}

export interface StoredMatch {
  readonly match: MatchRow;
  readonly seats: readonly SeatRow[];
  readonly moves: readonly { readonly seat: Seat; readonly move: string }[];
  /** When the last move was stored (ms since the epoch), null before the first: a reloaded clock runs from it. */
  readonly lastMoveAt: number | null;
  /** The latest snapshot, if any; `moves` always holds the whole log. */
  readonly snapshot: { readonly ply: number; readonly data: unknown } | null;
  /** The clock last stored (a match without a clock, or one stored before any write of its clock: nulls). */
  readonly clock: StoredClock;
}

export interface MatchListing {
  readonly match: MatchRow;
  readonly seats: readonly SeatRow[];
}
