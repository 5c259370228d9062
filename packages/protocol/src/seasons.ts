import type { EventSummary } from './events.ts';

/**
 * Seasons (issue 35): a monthly ladder per game, `GET /api/seasons/:game` (the month running) and
 * `GET /api/seasons/:game/:month` (any month, `YYYY-MM` in UTC, with its winner once it is over).
 */
export interface SeasonLine {
  readonly rank: number;
  readonly name: string;
  readonly bot: boolean;
  /** Rating gained over the month (negative: lost). */
  readonly gained: number;
  /** Rating after the month's last rated match; null when the account played events only. */
  readonly rating: number | null;
  /** Rated matches of the game finished in the month. */
  readonly games: number;
  /** Points earned in the month's finished events of the game. */
  readonly eventPoints: number;
  readonly events: number;
}

export interface SeasonAnswer {
  readonly game: string;
  readonly month: string;
  /** When the month ends (ms since the epoch, UTC). */
  readonly ends: number;
  readonly over: boolean;
  /** The first person of a month that is over; null while it runs or when nobody played. */
  readonly winner: string | null;
  readonly lines: readonly SeasonLine[];
  /** The twelve months before, the nearest first, with their winners (`GET /api/seasons/:game` only). */
  readonly past?: readonly { readonly month: string; readonly winner: string | null }[];
}

/** One event on a player's page (`GET /api/players/:name/events`): how they did in it. */
export interface PlayerEventLine {
  readonly event: EventSummary;
  /** Their rank in the standings (null before the first round). */
  readonly rank: number | null;
  readonly points: number;
  readonly played: number;
  /** Entrants of the event (the rank is out of these). */
  readonly entrants: number;
  readonly withdrawn: boolean;
  /** Matches a bot played in their place (marked). */
  readonly botReplaced: number;
}

export interface PlayerEvents {
  readonly name: string;
  readonly events: readonly PlayerEventLine[];
}
