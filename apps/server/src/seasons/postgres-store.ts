import type pg from 'pg';
import type { MonthRatingRow } from './ladder.ts';
import { foldMonth, monthQuery, type MonthQueryRow, type SeasonStore } from './store.ts';

/** Reads the accounts' tables on the pool every process shares (the pool belongs to the match store). */
export class PostgresSeasonStore implements SeasonStore {
  constructor(private readonly pool: pg.Pool) {}

  async monthRatings(game: string, from: number, to: number): Promise<MonthRatingRow[]> {
    const r = await this.pool.query<MonthQueryRow>(monthQuery('$1', '$2', '$3'), [game, from, to]);
    return foldMonth(r.rows);
  }

  async close(): Promise<void> {}
}
