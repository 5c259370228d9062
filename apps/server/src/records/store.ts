import type { Outcome, Seat, Seed } from '@roundtable/core';
import type { MatchStatus, SeatKind } from '@roundtable/protocol';
import type { MatchSettings } from '../storage/store.ts';

/** One stored match with what an export needs to decide on it and write it: seats, moves, accounts, consents. */
export interface ExportCandidate {
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
  /** When the match ended (record_ends), else its last move, else its creation. */
  readonly endedAt: number;
  readonly seats: readonly {
    readonly seat: Seat;
    readonly kind: SeatKind;
    readonly name: string | null;
    readonly level: string | null;
    /** The account that held the seat: `name` null when that account no longer exists (anonymised). */
    readonly account: { readonly name: string | null; readonly consent: boolean } | null;
    /** The seat's player agreed to publish this match (POST /api/matches/:id/consent with the seat's token). */
    readonly consent: boolean;
  }[];
  readonly moves: readonly { readonly seat: Seat; readonly move: string }[];
}

/** Which matches a page of the export reads: over (finished or abandoned, never imported), in (createdAt, id). */
export interface CandidateQuery {
  readonly game?: string;
  /** Only the matches one of whose seats this account held. */
  readonly account?: string;
  /** createdAt from (inclusive) and to (exclusive), ms since the epoch. */
  readonly from?: number;
  readonly to?: number;
  /** Keyset: after this (createdAt, id). */
  readonly after?: { readonly at: number; readonly id: string };
  readonly limit: number;
}

/**
 * The export's side of storage (records.db beside roundtable.sqlite and accounts.db, or PostgreSQL's tables of
 * migration 050): reads pages of matches in constant memory, and keeps consents, match ends and the days made.
 */
export interface RecordsStore {
  candidates(query: CandidateQuery): Promise<ExportCandidate[]>;
  /** Ids of the matches of `game` that ended in [from, to), after `after`, in order of id. */
  endedBetween(game: string, from: number, to: number, after: string, limit: number): Promise<string[]>;
  /** The matches by id, as candidates (the same order; missing ids left out). */
  byIds(ids: readonly string[]): Promise<ExportCandidate[]>;
  ended(matchId: string, game: string, at: number): Promise<void>;
  setAccountConsent(accountId: string, consent: boolean, at: number): Promise<void>;
  accountConsent(accountId: string): Promise<boolean>;
  addSeatConsent(matchId: string, seat: Seat, at: number): Promise<void>;
  dayMade(game: string, day: string): Promise<{ matches: number; madeAt: number } | null>;
  markDay(game: string, day: string, matches: number, at: number): Promise<void>;
  days(game?: string): Promise<{ game: string; day: string; matches: number }[]>;
  close(): Promise<void>;
}
