import type pg from 'pg';
import { PENDING_MS, type Ledger } from './ledger.ts';

/**
 * The ledger in PostgreSQL (tables of migration 010-limits.sql), beside the matches it counts, for one process or
 * several. A creation locks each of its parties (a transaction-scoped advisory lock per party, taken in one
 * order so two creations never wait on each other in a circle), counts, and records itself before the locks go:
 * the next creation for the same party, on whichever process, counts it.
 */
export class PostgresLedger implements Ledger {
  constructor(private readonly pool: pg.Pool) {}

  private async count(db: pg.ClientBase | pg.Pool, party: string, now: number): Promise<number> {
    // The rows of matches that ended are marked as they are met, so later counts read the matches in play only.
    const r = await db.query<{ n: string }>(
      `WITH ended AS (
         UPDATE match_parties p SET live = false FROM matches m
         WHERE p.party = $1 AND p.live AND m.id = p.match_id AND m.status NOT IN ('open', 'active')
         RETURNING p.match_id)
       SELECT count(*) AS n FROM match_parties p
       WHERE p.party = $1 AND p.live AND p.counted AND p.match_id NOT IN (SELECT match_id FROM ended)
         AND (EXISTS (SELECT 1 FROM matches m WHERE m.id = p.match_id) OR p.at > $2)`,
      [party, now - PENDING_MS],
    );
    return Number(r.rows[0]?.n ?? 0);
  }

  async admit(
    match: string,
    caps: readonly { party: string; max: number }[],
    now: number,
  ): Promise<{ party: string; count: number; max: number } | null> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      for (const party of [...new Set(caps.map((c) => c.party))].sort())
        await client.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 7262))', [party]);
      for (const { party, max } of caps) {
        const count = await this.count(client, party, now);
        if (count >= max) {
          await client.query('ROLLBACK');
          return { party, count, max };
        }
      }
      for (const { party } of caps)
        await client.query(
          'INSERT INTO match_parties (party, match_id, at, live, counted) VALUES ($1, $2, $3, true, true) ON CONFLICT DO NOTHING',
          [party, match, now],
        );
      await client.query('COMMIT');
      return null;
    } catch (e) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw e;
    } finally {
      client.release();
    }
  }

  inPlay(party: string, now: number): Promise<number> {
    return this.count(this.pool, party, now);
  }

  async release(match: string): Promise<void> {
    await this.pool.query('DELETE FROM match_parties WHERE match_id = $1 AND counted', [match]);
  }

  async seat(match: string, party: string, now: number): Promise<boolean> {
    const r = await this.pool.query(
      'INSERT INTO match_parties (party, match_id, at, live, counted) VALUES ($1, $2, $3, true, false) ON CONFLICT DO NOTHING',
      [party, match, now],
    );
    return r.rowCount === 1;
  }

  async unseat(match: string, party: string, at: number | null): Promise<void> {
    await this.pool.query(
      'DELETE FROM match_parties WHERE party = $1 AND match_id = $2 AND NOT counted AND at = coalesce($3, at)',
      [party, match, at],
    );
  }

  async sweep(now: number): Promise<void> {
    await this.pool.query('DELETE FROM limit_windows WHERE expire < $1', [now - 3600_000]);
    await this.pool.query(
      'DELETE FROM match_parties p WHERE p.counted AND p.at < $1 AND NOT EXISTS (SELECT 1 FROM matches m WHERE m.id = p.match_id)',
      [now - PENDING_MS],
    );
  }

  async partiesOf(match: string): Promise<string[]> {
    const r = await this.pool.query<{ party: string }>('SELECT party FROM match_parties WHERE match_id = $1', [match]);
    return r.rows.map((row) => row.party);
  }

  async close(): Promise<void> {
    // The pool is the match store's: it closes it.
  }
}
