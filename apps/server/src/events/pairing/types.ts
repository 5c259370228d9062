/**
 * The types of the events' pairing and standings code (README.md beside this file). Everything here is plain,
 * JSON-safe data: the server stores it, the event record exports it, and every function of this folder is a pure
 * function of it (no clock, no I/O, randomness only from the seed given).
 */

/** An entrant's id in an event (an account id, or a bot's seat-filler id): opaque to the pairing code. */
export type EntrantId = string;

/** One entrant as the pairing needs it. */
export interface Entrant {
  readonly id: EntrantId;
  /** The rating the entrant came in with: orders equal scores (higher first). Absent: 0. */
  readonly rating?: number;
  /** A bot entrant (allowed by the organiser): its results count and are marked. */
  readonly bot?: boolean;
  /** Withdrawn entrants are not paired again; their results stay in the standings. */
  readonly withdrawn?: boolean;
}

/**
 * The table sizes an event may seat, read from the catalog (a game's `minPlayers`/`maxPlayers`, narrowed by the
 * organiser): two-player games are `{ min: 2, max: 2, preferred: 2 }`.
 */
export interface TableSizes {
  readonly min: number;
  readonly max: number;
  /** The size the organiser prefers; the others are used only to seat everyone. */
  readonly preferred: number;
}

/** One table (a board, for two players) of a round: the entrants in seat order, `seats[0]` plays first. */
export interface Table {
  /** 1-based, the top table first (the leaders' table in a Swiss). */
  readonly table: number;
  readonly seats: readonly EntrantId[];
}

/** One round's pairings: its tables and who sits out with a bye. */
export interface RoundPairing {
  readonly round: number;
  readonly tables: readonly Table[];
  readonly byes: readonly EntrantId[];
}

/**
 * How a seat's entrant took part in a match:
 * - `played`: sat and played; scored by `place`;
 * - `forfeit`: did not show (no bot took the seat, or the match was not played): loses to every present seat;
 * - `bot-replaced`: did not show and a bot played the seat so that the others' game went on: scored as a forfeit,
 *   marked in the standings, and the bot's place is ignored (the present seats keep their places among themselves).
 */
export type SeatStatus = 'played' | 'forfeit' | 'bot-replaced';

export interface SeatResult {
  readonly entrant: EntrantId;
  /** 1 = best; equal places are ties (a draw). Ignored for a seat that is not `played`. */
  readonly place: number;
  readonly status?: SeatStatus;
  /** Arena: the entrant berserked (half the clock) in this match. */
  readonly berserk?: boolean;
}

/** A finished match of the event; `seats` in seat order (`seats[0]` played first). */
export interface MatchResult {
  readonly kind: 'match';
  readonly matchId: string;
  /** The round (Swiss, round robin) or, in an arena, the pairing wave: orders an entrant's games. */
  readonly round: number;
  readonly seats: readonly SeatResult[];
}

/** A bye given by the pairing: worth `byePoints` (StandingsOptions) and no tie-break. */
export interface ByeResult {
  readonly kind: 'bye';
  readonly round: number;
  readonly entrant: EntrantId;
}

export type EventResult = MatchResult | ByeResult;

/** A pairing request that cannot be met, as a value (translated at the edge). */
export type PairingError =
  | { readonly code: 'TOO_FEW_ENTRANTS'; readonly entrants: number; readonly min: number }
  | { readonly code: 'BAD_TABLE_SIZES'; readonly sizes: TableSizes }
  | { readonly code: 'DUPLICATE_ENTRANT'; readonly entrant: EntrantId }
  | { readonly code: 'UNKNOWN_ENTRANT'; readonly entrant: EntrantId };

/** Seeds as in @roundtable/core: an integer or a non-empty string. */
export type PairingSeed = number | string;

export interface SwissRoundInput {
  readonly entrants: readonly Entrant[];
  /** Every result so far (matches and byes of the earlier rounds). */
  readonly results: readonly EventResult[];
  /** The round to pair (1-based). */
  readonly round: number;
  readonly sizes: TableSizes;
  readonly seed: PairingSeed;
  /** Points a bye is worth for the score groups (as in StandingsOptions); default as `defaultByePoints`. */
  readonly byePoints?: number;
}

export interface RoundRobinInput {
  readonly entrants: readonly Entrant[];
  readonly sizes: TableSizes;
  readonly seed: PairingSeed;
  /** Two-player games: every pair meets twice, the second time with the first player swapped. */
  readonly double?: boolean;
}

/** A player waiting in an arena. */
export interface ArenaWaiting {
  readonly id: EntrantId;
  /** Arena points so far. */
  readonly score: number;
  readonly rating: number;
  /** The opponents (table-mates) of this player's last match: not met again at once where avoidable. */
  readonly lastOpponents: readonly EntrantId[];
  /** When the player started waiting (ms, as the server's clock gave it: the pairing never reads a clock). */
  readonly waitingSince: number;
}

export interface ArenaPairInput {
  readonly waiting: readonly ArenaWaiting[];
  readonly sizes: TableSizes;
  readonly seed: PairingSeed;
}

export interface ArenaPairing {
  readonly tables: readonly Table[];
  /** Players left waiting for the next wave (too few for another table). */
  readonly waiting: readonly EntrantId[];
}

export interface StandingsOptions {
  /** Points a bye is worth in the table score (0..1): `defaultByePoints` gives 1 for two players, 0.5 at tables. */
  readonly byePoints: number;
}

/** The tie-breaks, in the order they are applied after points. */
export type TieBreakName = 'buchholz' | 'sonneborn-berger' | 'wins';

export interface StandingRow {
  /** 1-based; entrants equal on points and every tie-break share a rank. */
  readonly rank: number;
  readonly entrant: EntrantId;
  /** Table score: per match the share of table-mates beaten (a draw half), per bye `byePoints`. */
  readonly points: number;
  readonly played: number;
  /** Matches won outright (sole first place). */
  readonly wins: number;
  readonly byes: number;
  /** Matches lost by not showing (forfeits and bot replacements). */
  readonly forfeits: number;
  /** How many of those a bot played in the entrant's place (marked in the standings). */
  readonly botReplaced: number;
  readonly bot: boolean;
  readonly withdrawn: boolean;
  readonly buchholz: number;
  readonly sonnebornBerger: number;
}

export interface ArenaStandingRow {
  readonly rank: number;
  readonly entrant: EntrantId;
  /** Arena points (win 2, draw 1, loss 0; doubled on fire; +1 for a berserked win). */
  readonly points: number;
  readonly played: number;
  readonly wins: number;
  readonly berserkWins: number;
  /** Two wins or more in a row right now: the next result's points double. */
  readonly onFire: boolean;
  /** Mean table score (0..1) over the games played: the tie-break. */
  readonly performance: number;
  readonly forfeits: number;
  readonly botReplaced: number;
}

/** One cell of a crosstable: what `entrant` scored against `opponent` in one match (1, 0.5, 0). */
export interface CrossGame {
  readonly matchId: string;
  readonly round: number;
  readonly score: number;
  /** `entrant` played first in that match. */
  readonly first: boolean;
}

export interface Crosstable {
  readonly entrants: readonly EntrantId[];
  /** cells[i][j]: the games of entrants[i] against entrants[j] (empty on the diagonal). */
  readonly cells: readonly (readonly (readonly CrossGame[])[])[];
}
