/**
 * The query behind `AccountStore.ratingChanges`, one text for SQLite and PostgreSQL (both have window functions):
 * each history row with the account's previous rating in the same game, read over the accounts concerned.
 * `at` orders an account's matches; the match id breaks a tie.
 */
export type ChangesFilter = { readonly inner: string; readonly outer: string };

export const CHANGES_BY_MATCH: ChangesFilter = {
  inner: 'account_id IN (SELECT account_id FROM rating_history WHERE match_id = {1})',
  outer: 'match_id = {2}',
};
export const CHANGES_BY_ACCOUNT: ChangesFilter = { inner: 'account_id = {1}', outer: 'account_id = {2}' };

/** The query with its two parameters written as the driver wants them (`?` for SQLite, `$1`/`$2` for pg). */
export function changesQuery(filter: ChangesFilter, first = '?', second = '?'): string {
  const fill = (where: string): string => where.replace('{1}', first).replace('{2}', second);
  return `SELECT account_id, match_id, game, rating, previous FROM (
    SELECT account_id, match_id, game, rating,
      LAG(rating) OVER (PARTITION BY account_id, game ORDER BY at, match_id) AS previous
    FROM rating_history WHERE ${fill(filter.inner)}
  ) h WHERE ${fill(filter.outer)}`;
}
