import type { MonthRatingRow } from './ladder.ts';

/**
 * Where a season's ratings come from: the accounts' own `rating_history` (accounts/), read beside it (accounts.db
 * in SQLite, the shared pool in PostgreSQL); a season keeps no table of its own, so it can never disagree with the
 * ratings it ranks.
 */
export interface SeasonStore {
  /** Every account with a rated match of `game` in `[from, to)`: its rating before the first and after the last. */
  monthRatings(game: string, from: number, to: number): Promise<MonthRatingRow[]>;
  close(): Promise<void>;
}

/**
 * One query text for SQLite and PostgreSQL: each rated match of the game before `to`, with the account's previous
 * rating in that game (LAG over its whole history, so the month's first row knows the rating it started from); the
 * rows of the month alone are kept. Placeholders: {game}, {from}, {to}.
 */
export function monthQuery(game: string, from: string, to: string): string {
  return `SELECT h.account_id, a.name, h.rating, h.previous,
      EXISTS (SELECT 1 FROM bots b WHERE b.account_id = h.account_id) AS is_bot
    FROM (
      SELECT account_id, match_id, at, rating,
        LAG(rating) OVER (PARTITION BY account_id ORDER BY at, match_id) AS previous
      FROM rating_history WHERE game = ${game} AND at < ${to}
    ) h JOIN accounts a ON a.id = h.account_id
    WHERE h.at >= ${from}
    ORDER BY h.account_id, h.at, h.match_id`;
}

export interface MonthQueryRow {
  readonly account_id: string;
  readonly name: string;
  readonly rating: number;
  readonly previous: number | null;
  readonly is_bot: number | boolean;
}

/** The month's rows of one account folded into one line: the rating before its first match, after its last. */
export function foldMonth(rows: readonly MonthQueryRow[]): MonthRatingRow[] {
  const out: { -readonly [K in keyof MonthRatingRow]: MonthRatingRow[K] }[] = [];
  for (const r of rows) {
    let current = out[out.length - 1];
    if (current?.accountId !== r.account_id) {
      current = {
        accountId: r.account_id,
        name: r.name,
        bot: Boolean(r.is_bot),
        games: 0,
        before: r.previous === null ? null : Number(r.previous),
        after: Number(r.rating),
      };
      out.push(current);
    }
    current.games += 1;
    current.after = Number(r.rating);
  }
  return out;
}
