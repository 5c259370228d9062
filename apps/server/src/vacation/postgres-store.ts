import type pg from 'pg';
import { vacationOf } from './sqlite-store.ts';
import type { VacationRow, VacationStore } from './store.ts';

/** Vacations in the matches' PostgreSQL (migration 042), shared by every process. */
export class PostgresVacationStore implements VacationStore {
  constructor(private readonly pool: pg.Pool) {}

  async add(v: VacationRow): Promise<void> {
    await this.pool.query(
      'INSERT INTO vacations (account_id, started_at, until_at, ended_at, told_at) VALUES ($1, $2, $3, $4, $5)',
      [v.accountId, v.startedAt, v.untilAt, v.endedAt, v.toldAt],
    );
  }

  async since(accountId: string, since: number): Promise<VacationRow[]> {
    const r = await this.pool.query(
      'SELECT * FROM vacations WHERE account_id = $1 AND started_at >= $2 ORDER BY started_at',
      [accountId, since],
    );
    return r.rows.map(vacationOf);
  }

  async current(accountId: string, now: number): Promise<VacationRow | null> {
    const r = await this.pool.query(
      'SELECT * FROM vacations WHERE account_id = $1 AND ended_at IS NULL AND until_at > $2 AND started_at <= $2 ORDER BY started_at DESC LIMIT 1',
      [accountId, now],
    );
    return r.rows[0] ? vacationOf(r.rows[0]) : null;
  }

  async end(accountId: string, startedAt: number, at: number): Promise<void> {
    await this.pool.query(
      'UPDATE vacations SET ended_at = $1 WHERE account_id = $2 AND started_at = $3 AND ended_at IS NULL',
      [at, accountId, startedAt],
    );
  }

  async untold(now: number, limit: number): Promise<VacationRow[]> {
    const r = await this.pool.query(
      'SELECT * FROM vacations WHERE told_at IS NULL AND (ended_at IS NOT NULL OR until_at <= $1) ORDER BY until_at LIMIT $2',
      [now, limit],
    );
    return r.rows.map(vacationOf);
  }

  async told(accountId: string, startedAt: number, at: number): Promise<boolean> {
    const r = await this.pool.query(
      'UPDATE vacations SET told_at = $1 WHERE account_id = $2 AND started_at = $3 AND told_at IS NULL',
      [at, accountId, startedAt],
    );
    return r.rowCount === 1;
  }

  async close(): Promise<void> {}
}
