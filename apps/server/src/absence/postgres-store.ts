import type pg from 'pg';
import type { Seat } from '@roundtable/core';
import { holdOf } from './sqlite-store.ts';
import type { HoldRow, HoldStore } from './store.ts';

/** Holds in the matches' PostgreSQL (migration 043), shared by every process. */
export class PostgresHoldStore implements HoldStore {
  constructor(private readonly pool: pg.Pool) {}

  async add(h: HoldRow): Promise<void> {
    await this.pool.query(
      `INSERT INTO seat_holds (match_id, seat, from_ply, to_ply, level, at) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT DO NOTHING`,
      [h.matchId, h.seat, h.fromPly, h.toPly, h.level, h.at],
    );
  }

  async of(matchId: string): Promise<HoldRow[]> {
    const r = await this.pool.query('SELECT * FROM seat_holds WHERE match_id = $1 ORDER BY from_ply, seat', [matchId]);
    return r.rows.map(holdOf);
  }

  async close(matchId: string, seat: Seat, fromPly: number, toPly: number): Promise<void> {
    await this.pool.query(
      'UPDATE seat_holds SET to_ply = $1 WHERE match_id = $2 AND seat = $3 AND from_ply = $4 AND to_ply IS NULL',
      [toPly, matchId, seat, fromPly],
    );
  }

  async shut(): Promise<void> {}
}
