import type pg from 'pg';
import type { Seat } from '@roundtable/core';
import { readTree, type ConditionalRow, type ConditionalStore } from './store.ts';

interface Row {
  match_id: string;
  seat: number;
  ply: number;
  answered: string | null;
  tree: string;
}

/** Conditional moves in the matches' PostgreSQL (migration 040), read by whichever process owns the match. */
export class PostgresConditionalStore implements ConditionalStore {
  constructor(private readonly pool: pg.Pool) {}

  async forMatch(matchId: string): Promise<ConditionalRow[]> {
    const rows = (await this.pool.query<Row>('SELECT * FROM conditional_moves WHERE match_id = $1', [matchId])).rows;
    return rows.flatMap((r) => {
      const tree = readTree(r.tree);
      return tree ? [{ matchId: r.match_id, seat: r.seat, ply: r.ply, answered: r.answered, tree }] : [];
    });
  }

  async put(row: ConditionalRow, now: number): Promise<void> {
    await this.pool.query(
      `INSERT INTO conditional_moves (match_id, seat, ply, answered, tree, updated_at) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (match_id, seat) DO UPDATE SET ply = excluded.ply, answered = excluded.answered,
         tree = excluded.tree, updated_at = excluded.updated_at`,
      [row.matchId, row.seat, row.ply, row.answered, JSON.stringify(row.tree), now],
    );
  }

  async remove(matchId: string, seat: Seat): Promise<void> {
    await this.pool.query('DELETE FROM conditional_moves WHERE match_id = $1 AND seat = $2', [matchId, seat]);
  }

  async close(): Promise<void> {}
}
