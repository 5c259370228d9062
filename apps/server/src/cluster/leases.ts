import type pg from 'pg';

/** Now by the database's clock, in ms: every process compares lease times on one clock. */
const NOW = '(extract(epoch from clock_timestamp()) * 1000)::bigint';

/**
 * The ownership of live matches, in PostgreSQL (table `match_leases`, migration 001): a lease is held by one
 * process (`node`) until `expires_at`; the holder renews all of its leases in one statement every third of a
 * lease; anyone may take a lease that has run out. One statement per round, whatever the number of matches.
 */
export class Leases {
  constructor(private readonly pool: pg.Pool, private readonly node: string, private readonly leaseMs: number) {}

  /** Takes the leases of `ids` that are free, expired or already ours; returns those now ours. */
  async claim(ids: readonly string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const { rows } = await this.pool.query<{ match_id: string }>(
      `INSERT INTO match_leases (match_id, owner, expires_at) SELECT unnest($1::text[]), $2, ${NOW} + $3
       ON CONFLICT (match_id) DO UPDATE SET owner = excluded.owner, expires_at = excluded.expires_at
       WHERE match_leases.expires_at < ${NOW} OR match_leases.owner = excluded.owner
       RETURNING match_id`,
      [ids, this.node, this.leaseMs],
    );
    return new Set(rows.map((r) => r.match_id));
  }

  /** Extends our leases of `ids`; returns those still ours (a lease that ran out and was taken is lost). */
  async renew(ids: readonly string[]): Promise<Set<string>> {
    const { rows } = await this.pool.query<{ match_id: string }>(
      `UPDATE match_leases SET expires_at = ${NOW} + $3 WHERE owner = $1 AND match_id = ANY($2::text[]) RETURNING match_id`,
      [this.node, ids, this.leaseMs],
    );
    return new Set(rows.map((r) => r.match_id));
  }

  async release(ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.pool.query('DELETE FROM match_leases WHERE owner = $1 AND match_id = ANY($2::text[])', [this.node, ids]);
  }

  /** The current (unexpired) owner of each of `ids` that has one. */
  async owners(ids: readonly string[]): Promise<Map<string, string>> {
    const { rows } = await this.pool.query<{ match_id: string; owner: string }>(
      `SELECT match_id, owner FROM match_leases WHERE match_id = ANY($1::text[]) AND expires_at >= ${NOW}`,
      [ids],
    );
    return new Map(rows.map((r) => [r.match_id, r.owner]));
  }

  /** Moves stored for each of `ids` (those with none are absent). */
  async pliesOf(ids: readonly string[]): Promise<Map<string, number>> {
    // The log has no gaps (ply 0…n-1), so its length is the last ply + 1: one index probe per match, instead of
    // counting every stored move of every followed match each round.
    const { rows } = await this.pool.query<{ match_id: string; last: number | null }>(
      `SELECT i.id AS match_id, (SELECT m.ply FROM moves m WHERE m.match_id = i.id ORDER BY m.ply DESC LIMIT 1) AS last
       FROM unnest($1::text[]) AS i(id)`,
      [ids],
    );
    return new Map(rows.filter((r) => r.last !== null).map((r) => [r.match_id, Number(r.last) + 1]));
  }

  /** Moves stored for a match. */
  async plies(id: string): Promise<number> {
    const { rows } = await this.pool.query<{ ply: number }>('SELECT ply FROM moves WHERE match_id = $1 ORDER BY ply DESC LIMIT 1', [id]);
    return rows[0] ? Number(rows[0].ply) + 1 : 0;
  }

  /**
   * Active matches with a bot seat or a clock whose owner died: its lease ran out (a process that lets a match
   * go deletes its lease). Whoever finds one loads it, and so becomes its owner.
   */
  async orphans(limit: number): Promise<string[]> {
    const { rows } = await this.pool.query<{ id: string }>(
      `SELECT m.id FROM match_leases l JOIN matches m ON m.id = l.match_id
       WHERE l.expires_at < ${NOW} AND m.status = 'active'
         AND (m.settings LIKE '%"moveSeconds"%' OR EXISTS (SELECT 1 FROM seats s WHERE s.match_id = m.id AND s.kind = 'bot'))
       LIMIT $1`,
      [limit],
    );
    return rows.map((r) => r.id);
  }
}
