import type pg from 'pg';

/** Now by the database's clock, in ms (migration 006): every process compares lease times on one clock. */
const NOW = 'rt_now_ms()';
/** Whether process `owner`'s own lease runs (its row in `cluster_nodes`). */
const ALIVE = (owner: string): string =>
  `EXISTS (SELECT 1 FROM cluster_nodes n WHERE n.node = ${owner} AND n.expires_at >= ${NOW})`;

/** A match claimed: the epoch of its lease, and the time lost if it changed hands to come here. */
export interface Claim {
  readonly epoch: number;
  /** Another process owned it (whose lease ran out): the time since that process's last renewal (ms). */
  readonly lostMs: number | null;
}

/** Who owns which live match, as the cluster (cluster.ts) asks it: each method is described on `Leases`. */
export type LeaseStore = Pick<
  Leases,
  | 'valid'
  | 'beat'
  | 'claim'
  | 'held'
  | 'release'
  | 'steal'
  | 'handOver'
  | 'leave'
  | 'owners'
  | 'pliesOf'
  | 'orphans'
  | 'sweep'
>;

/**
 * The ownership of live matches, in PostgreSQL. Each process holds a lease of its own (`cluster_nodes`, migrations
 * 004 and 006) that it renews every third of a lease (`beat`: one row, whatever the number of matches); each live
 * match names its owner process and an epoch (`match_leases`), and is owned while that process's lease holds.
 * Anyone may take a match whose owner's lease has run out (or that has no owner): the epoch then changes, from a
 * sequence, so the owner's writes (fenced by `rt_fence`, migration 006) are refused from then on. Every statement
 * here is one round trip, whatever the number of matches.
 *
 * The process also knows by its own clock until when its lease surely runs (`validUntil`): from the moment a
 * renewal was sent, less a margin, since the database stamps the renewal later than that.
 */
export class Leases {
  /** performance.now() until which this process's lease surely holds (0: never renewed, or lapsed). */
  private validUntil = 0;

  constructor(
    private readonly pool: pg.Pool,
    private readonly node: string,
    private readonly leaseMs: number,
    private readonly marginMs = Math.min(250, Math.floor(leaseMs / 10)),
  ) {}

  /** Whether this process's lease surely runs now, by its own clock. */
  valid(): boolean {
    return performance.now() < this.validUntil;
  }

  /** Renews this process's own lease (and so the leases of every match it owns); true if it had lapsed. */
  async beat(): Promise<boolean> {
    const sent = performance.now();
    const lapsed = !this.valid();
    await this.pool.query(
      `INSERT INTO cluster_nodes (node, expires_at, beat_at) VALUES ($1, ${NOW} + $2, ${NOW})
       ON CONFLICT (node) DO UPDATE SET expires_at = excluded.expires_at, beat_at = excluded.beat_at`,
      [this.node, this.leaseMs],
    );
    this.validUntil = sent + this.leaseMs - this.marginMs;
    return lapsed;
  }

  /** Forgets the lease by this process's clock (it stopped being sure of it: a failed renewal past its end). */
  lapse(): void {
    this.validUntil = 0;
  }

  /**
   * Takes the leases of `ids` that are free, already ours (at the same epoch, so what this process knows of them
   * still holds), or (`fromDead`) whose owner's lease ran out; returns those now ours.
   */
  async claim(ids: readonly string[], fromDead: boolean): Promise<Map<string, Claim>> {
    if (ids.length === 0) return new Map();
    const { rows } = await this.pool.query<{
      match_id: string;
      epoch: string;
      prev_owner: string | null;
      prev_beat: string | null;
      now: string;
    }>(
      `WITH want AS (SELECT DISTINCT unnest($1::text[]) AS match_id),
       prev AS (
         SELECT l.match_id, l.owner, n.beat_at FROM match_leases l LEFT JOIN cluster_nodes n ON n.node = l.owner
         WHERE l.match_id IN (SELECT match_id FROM want)
       ),
       taken AS (
         INSERT INTO match_leases AS l (match_id, owner, expires_at, epoch)
         SELECT match_id, $2, 0, nextval('match_lease_epochs') FROM want ORDER BY match_id
         ON CONFLICT (match_id) DO UPDATE
           SET owner = excluded.owner,
               epoch = CASE WHEN l.owner = excluded.owner THEN l.epoch ELSE excluded.epoch END
           WHERE l.owner = excluded.owner OR ($3 AND NOT ${ALIVE('l.owner')})
         RETURNING l.match_id, l.epoch
       )
       SELECT t.match_id, t.epoch, p.owner AS prev_owner, p.beat_at AS prev_beat, ${NOW} AS now
       FROM taken t LEFT JOIN prev p USING (match_id)`,
      [ids, this.node, fromDead],
    );
    return new Map(
      rows.map((r) => {
        const changed = r.prev_owner !== null && r.prev_owner !== this.node;
        const lost = changed && r.prev_beat !== null ? Math.max(0, Number(r.now) - Number(r.prev_beat)) : null;
        return [r.match_id, { epoch: Number(r.epoch), lostMs: changed ? (lost ?? 0) : null }];
      }),
    );
  }

  /** Of `owned` (match → epoch), those still ours at that epoch (a match taken over meanwhile is lost). */
  async held(owned: ReadonlyMap<string, number>): Promise<Set<string>> {
    if (owned.size === 0) return new Set();
    const { rows } = await this.pool.query<{ match_id: string }>(
      `SELECT l.match_id FROM match_leases l JOIN unnest($2::text[], $3::bigint[]) AS o(id, epoch)
       ON o.id = l.match_id AND o.epoch = l.epoch WHERE l.owner = $1`,
      [this.node, [...owned.keys()], [...owned.values()]],
    );
    return new Set(rows.map((r) => r.match_id));
  }

  /** Lets matches go (they left memory here): anyone may take them at once. */
  async release(owned: ReadonlyMap<string, number>): Promise<void> {
    if (owned.size === 0) return;
    await this.pool.query(
      `DELETE FROM match_leases l USING unnest($2::text[], $3::bigint[]) AS o(id, epoch)
       WHERE l.match_id = o.id AND l.epoch = o.epoch AND l.owner = $1`,
      [this.node, [...owned.keys()], [...owned.values()]],
    );
  }

  /**
   * Takes a match from an owner whose lease still runs but that does not answer for it (`from`, at `epoch`): the
   * epoch changes, so whatever that owner still tries to write for it is refused.
   */
  async steal(id: string, from: string, epoch: number): Promise<Claim | null> {
    const { rows } = await this.pool.query<{ epoch: string; prev_beat: string | null; now: string }>(
      `UPDATE match_leases l SET owner = $2, epoch = nextval('match_lease_epochs')
       WHERE l.match_id = $1 AND l.owner = $3 AND l.epoch = $4
       RETURNING l.epoch, (SELECT n.beat_at FROM cluster_nodes n WHERE n.node = $3) AS prev_beat, ${NOW} AS now`,
      [id, this.node, from, epoch],
    );
    const r = rows[0];
    return r ? { epoch: Number(r.epoch), lostMs: 0 } : null;
  }

  /**
   * Hands a match this process owns (at `epoch`) to process `to`, whose lease runs: the epoch changes, so nothing
   * this process still has under way for the match can be written. False when it was not ours any more.
   */
  async handOver(id: string, epoch: number, to: string): Promise<boolean> {
    const { rowCount } = await this.pool.query(
      `UPDATE match_leases l SET owner = $3, epoch = nextval('match_lease_epochs')
       WHERE l.match_id = $1 AND l.owner = $2 AND l.epoch = $4 AND ${ALIVE('$3')}`,
      [id, this.node, to, epoch],
    );
    return rowCount === 1;
  }

  /** Gives up every lease of this process and its own (it stops: the others take its matches at once). */
  async leave(owned: ReadonlyMap<string, number>): Promise<void> {
    await this.release(owned);
    await this.pool.query('DELETE FROM cluster_nodes WHERE node = $1', [this.node]);
  }

  /** The current owner of each of `ids` (whose lease holds), its epoch, and how long its lease runs yet (ms). */
  async owners(ids: readonly string[]): Promise<Map<string, { node: string; epoch: number; leftMs: number }>> {
    if (ids.length === 0) return new Map();
    const { rows } = await this.pool.query<{ match_id: string; owner: string; epoch: string; left_ms: string }>(
      `SELECT l.match_id, l.owner, l.epoch, n.expires_at - ${NOW} AS left_ms
       FROM match_leases l JOIN cluster_nodes n ON n.node = l.owner
       WHERE l.match_id = ANY($1::text[]) AND n.expires_at >= ${NOW}`,
      [ids],
    );
    return new Map(rows.map((r) => [r.match_id, { node: r.owner, epoch: Number(r.epoch), leftMs: Number(r.left_ms) }]));
  }

  /** Moves stored for each of `ids` (those with none are absent). */
  async pliesOf(ids: readonly string[]): Promise<Map<string, number>> {
    if (ids.length === 0) return new Map();
    // The log has no gaps (ply 0…n-1), so its length is the last ply + 1: one index probe per match, instead of
    // counting every stored move of every followed match each round.
    const { rows } = await this.pool.query<{ match_id: string; last: number | null }>(
      `SELECT i.id AS match_id, (SELECT m.ply FROM moves m WHERE m.match_id = i.id ORDER BY m.ply DESC LIMIT 1) AS last
       FROM unnest($1::text[]) AS i(id)`,
      [ids],
    );
    return new Map(rows.filter((r) => r.last !== null).map((r) => [r.match_id, Number(r.last) + 1]));
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
