import type pg from 'pg';

/** Now by the database's clock, in ms: every process compares lease times on one clock. */
const NOW = '(extract(epoch from clock_timestamp()) * 1000)::bigint';
/** A match's lease holds while its owner process's own lease (its row in `cluster_nodes`) has not run out. */
const ALIVE = (owner: string): string =>
  `EXISTS (SELECT 1 FROM cluster_nodes n WHERE n.node = ${owner} AND n.expires_at >= ${NOW})`;

/**
 * The ownership of live matches, in PostgreSQL. Each process holds a lease of its own (`cluster_nodes`, migration
 * 004) that it renews every third of a lease (`beat`: one row, whatever the number of matches); each live match
 * names its owner process (`match_leases`, migration 001), and is owned while that process's lease holds. Anyone
 * may take a match whose owner's lease has run out (or that has no owner). Every statement here is one round
 * trip, whatever the number of matches.
 */
export class Leases {
  constructor(
    private readonly pool: pg.Pool,
    private readonly node: string,
    private readonly leaseMs: number,
  ) {}

  /** Renews this process's own lease (and so the leases of every match it owns). */
  async beat(): Promise<void> {
    await this.pool.query(
      `INSERT INTO cluster_nodes (node, expires_at) VALUES ($1, ${NOW} + $2)
       ON CONFLICT (node) DO UPDATE SET expires_at = excluded.expires_at`,
      [this.node, this.leaseMs],
    );
  }

  /** Takes the leases of `ids` that are free, whose owner's lease ran out, or already ours; returns those now ours. */
  async claim(ids: readonly string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    // Our own lease first: a match is never given to a process whose lease has run out.
    await this.beat();
    const { rows } = await this.pool.query<{ match_id: string }>(
      `INSERT INTO match_leases (match_id, owner, expires_at) SELECT unnest($1::text[]), $2, 0
       ON CONFLICT (match_id) DO UPDATE SET owner = excluded.owner
       WHERE match_leases.owner = excluded.owner OR NOT ${ALIVE('match_leases.owner')}
       RETURNING match_id`,
      [ids, this.node],
    );
    return new Set(rows.map((r) => r.match_id));
  }

  /** Renews our lease; returns those of `ids` still ours (a match whose lease ran out and was taken is lost). */
  async renew(ids: readonly string[]): Promise<Set<string>> {
    await this.beat();
    const { rows } = await this.pool.query<{ match_id: string }>(
      'SELECT match_id FROM match_leases WHERE owner = $1 AND match_id = ANY($2::text[])',
      [this.node, ids],
    );
    return new Set(rows.map((r) => r.match_id));
  }

  async release(ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.pool.query('DELETE FROM match_leases WHERE owner = $1 AND match_id = ANY($2::text[])', [this.node, ids]);
  }

  /** Gives up every lease of this process and its own (it stops: the others take its matches at once). */
  async leave(ids: readonly string[]): Promise<void> {
    await this.release(ids);
    await this.pool.query('DELETE FROM cluster_nodes WHERE node = $1', [this.node]);
  }

  /** The current owner (its lease holding) of each of `ids` that has one. */
  async owners(ids: readonly string[]): Promise<Map<string, string>> {
    const { rows } = await this.pool.query<{ match_id: string; owner: string }>(
      `SELECT l.match_id, l.owner FROM match_leases l JOIN cluster_nodes n ON n.node = l.owner
       WHERE l.match_id = ANY($1::text[]) AND n.expires_at >= ${NOW}`,
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
    const { rows } = await this.pool.query<{ ply: number }>(
      'SELECT ply FROM moves WHERE match_id = $1 ORDER BY ply DESC LIMIT 1',
      [id],
    );
    return rows[0] ? Number(rows[0].ply) + 1 : 0;
  }

  /**
   * Active matches with a bot seat or a clock whose owner died: its lease ran out (a process that lets a match
   * go deletes its lease). Whoever finds one loads it, and so becomes its owner.
   */
  async orphans(limit: number): Promise<string[]> {
    const { rows } = await this.pool.query<{ id: string }>(
      `SELECT m.id FROM match_leases l JOIN matches m ON m.id = l.match_id
       WHERE NOT ${ALIVE('l.owner')} AND m.status = 'active'
         AND (m.settings LIKE '%"moveSeconds"%' OR EXISTS (SELECT 1 FROM seats s WHERE s.match_id = m.id AND s.kind = 'bot'))
       LIMIT $1`,
      [limit],
    );
    return rows.map((r) => r.id);
  }

  /** Forgets processes whose lease ran out long ago and that own nothing any more. */
  async sweep(): Promise<void> {
    await this.pool.query(
      `DELETE FROM cluster_nodes n WHERE n.expires_at < ${NOW} - 100 * $1::bigint
       AND NOT EXISTS (SELECT 1 FROM match_leases l WHERE l.owner = n.node)`,
      [this.leaseMs],
    );
  }
}
