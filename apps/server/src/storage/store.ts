import type { Outcome, Seat, Seed } from '@roundtable/core';
import type { AbandonRequest, ClockRequest, MatchStatus, SeatKind } from '@roundtable/protocol';

/**
 * Everything the server keeps, behind one asynchronous interface: SQLite now, PostgreSQL later, without the
 * match service noticing. Every write resolves only once it is durable; writes issued in the same tick may be
 * committed together (group commit), in the order they were issued.
 */
export interface Store {
  createMatch(match: MatchRow, seats: readonly SeatRow[]): Promise<void>;
  /** Appends move `ply` (0-based) of a match; `status` changes the match's status in the same transaction. */
  appendMove(move: MoveRow, status?: StatusChange): Promise<void>;
  updateSeat(matchId: string, seat: SeatRow): Promise<void>;
  setStatus(matchId: string, change: StatusChange): Promise<void>;
  /**
   * Takes moves back (social/: an agreed takeback): removes moves `fromPly` and after, and a snapshot taken after
   * `fromPly`, in one transaction. Optional: a store without it offers no takebacks.
   */
  takeBack?(matchId: string, fromPly: number): Promise<void>;
  /** The state after `ply` moves, as the game serialises it, so a reload replays only what followed. */
  saveSnapshot(matchId: string, ply: number, data: unknown): Promise<void>;

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
  /**
   * The deadline index: when a match's per-move clock runs out (ms since the epoch), or null for none. A clock
   * fires from here, so a match waiting on an absent player need not stay in memory. Kept on the match row.
   */
  setDeadline(matchId: string, at: number | null): Promise<void>;
  /** Ids and deadlines of `active` matches whose deadline is at or before `upTo`, earliest first. */
  dueDeadlines(upTo: number, limit: number): Promise<{ id: string; deadline: number }[]>;

  /** Finishes every write already issued, then closes. */
  close(): Promise<void>;
  /** False once writes can no longer be stored (a storage that knows): /healthz then answers 503. */
  writable?(): boolean;
}

export interface MatchSettings {
  readonly clock: ClockRequest | null;
  readonly abandon: AbandonRequest | null;
  /** The creator chose the seed (absent in rows stored before: false). */
  readonly seeded?: boolean;
  /** A rated match (absent: not rated). */
  readonly rated?: boolean;
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
  /** The deadline last stored with `setDeadline` (null: none, or never stored). */
  readonly deadline?: number | null;
}

export interface MatchListing {
  readonly match: MatchRow;
  readonly seats: readonly SeatRow[];
}
