import { readdirSync, readFileSync } from 'node:fs';
import pg from 'pg';
import type { Seat } from '@roundtable/core';
import type { MatchStatus } from '@roundtable/protocol';
import { parseClockState } from '../clocks/fischer.ts';
import { Fenced, FENCED_SQLSTATE, PlyTaken, StorageUnavailable } from './errors.ts';
import { GroupCommit, type BatchStats } from './group-commit.ts';
import type {
  Fence,
  MatchListing,
  MatchRow,
  MatchWrite,
  MoveRow,
  SeatRow,
  StatusChange,
  Store,
  StoredMatch,
} from './store.ts';

export { StorageUnavailable } from './errors.ts';

/** Held while migrations run, so that processes starting together apply each one once. */
const MIGRATION_LOCK = 7_262_016_017;
const MIGRATIONS = new URL('./postgres-migrations/', import.meta.url);

export interface PostgresOptions {
  /** Connections for reads (the writer has one of its own). */
  readonly poolSize?: number;
  /**
   * Called when the database goes away and when it comes back (the server logs it; the clocks get back the
   * time it was away: `downMs`, when coming back).
   */
  readonly onState?: (up: boolean, reason: string, downMs: number) => void;
  /** A write batch took long (a lock wait, a slow disk): the server logs it. */
  readonly onSlow?: (ms: number, writes: number) => void;
  /** ms to wait for a connection before calling the database unreachable. */
  readonly connectTimeoutMs?: number;
}

/** The versioned migrations shipped with the server, in order: `NNN-name.sql`. */
export function migrations(): { version: number; name: string; sql: string }[] {
  return readdirSync(MIGRATIONS)
    .map((file) => /^(\d+)-(.+)\.sql$/.exec(file))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ version: Number(m[1]), name: m[2]!, sql: readFileSync(new URL(m[0], MIGRATIONS), 'utf8') }))
    .sort((a, b) => a.version - b.version);
}

/** Applies the migrations this database lacks, under an advisory lock; returns the versions applied. */
export async function migrate(client: pg.ClientBase): Promise<number[]> {
  const known = migrations();
  await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
  try {
    await client.query(
      'CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())',
    );
    const done = new Set(
      (await client.query<{ version: number }>('SELECT version FROM schema_migrations')).rows.map((r) => r.version),
    );
    const newest = Math.max(0, ...known.map((m) => m.version));
    const ahead = [...done].filter((v) => v > newest);
    if (ahead.length > 0)
      throw new Error(
        `the database has schema version ${Math.max(...ahead)}, newer than this server knows (${newest}): upgrade the server`,
      );
    const applied: number[] = [];
    for (const m of known) {
      if (done.has(m.version)) continue;
      await client.query('BEGIN');
      try {
        await client.query(m.sql);
        await client.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [m.version, m.name]);
        await client.query('COMMIT');
      } catch (e) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw new Error(`migration ${m.version}-${m.name} failed: ${(e as Error).message}`, { cause: e });
      }
      applied.push(m.version);
    }
    return applied;
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
  }
}

/** `postgres://user@host:port/db` without a password, for messages. */
export function describeUrl(url: string): string {
  try {
    const u = new URL(url);
    u.password = '';
    return `${u.protocol}//${u.username ? `${u.username}@` : ''}${u.host}${u.pathname}`;
  } catch {
    return 'the PostgreSQL URL';
  }
}

/** A failure that means the database cannot be reached (rather than a statement it refused). */
function isConnectionError(e: unknown): boolean {
  const code = (e as { code?: unknown }).code;
  if (typeof code !== 'string') return true;
  // SQLSTATE classes: 08 connection, 57 operator intervention (shutdown), 53 resources; else errno codes.
  return /^(08|57|53|58)/.test(code) || !/^[0-9A-Z]{5}$/.test(code) || code === 'ECONNRESET';
}

/** A refusal as the match service tells them apart (storage/errors.ts); anything else as it came. */
function classify(e: unknown, down: string | null): unknown {
  if (isConnectionError(e)) return new StorageUnavailable(down ?? String((e as Error).message ?? e));
  const { code, constraint } = e as { code?: string; constraint?: string };
  if (code === FENCED_SQLSTATE) return new Fenced((e as Error).message);
  if (code === '23505' && constraint === 'moves_pkey') return new PlyTaken((e as Error).message);
  return e;
}

/**
 * The statement that makes a write hold only while its writer owns the match (migration 006): `rt_fence` locks
 * the lease row (a takeover waits for this transaction) and raises RTF01 unless the owner and epoch are the
 * lease's and the owner's own lease runs. Nothing when one process serves every match.
 */
export function fenceSql(fence: Fence): string | null {
  return fence.kind === 'lease' ? `SELECT rt_fence(${lit(fence.match)},${lit(fence.owner)},${int(fence.epoch)})` : null;
}

const lit = (v: string | null): string => (v === null ? 'NULL' : pg.escapeLiteral(v));
const int = (v: number): string => {
  if (!Number.isSafeInteger(v)) throw new Error(`not an integer: ${v}`);
  return String(v);
};

/**
 * PostgreSQL behind the `Store` interface, with the SQLite store's guarantees: a write resolves once its
 * transaction is committed (synchronous_commit: on disk); group commit (group-commit.ts) — every write issued
 * while a commit is in flight goes, in order, into the next transaction, sent as one multi-statement query (one
 * round trip, one commit, one WAL flush for the whole batch); a batch the database refuses is retried one write
 * at a time so one bad write (a duplicate ply) cannot sink the others. Reads use a pool and wait for the writes
 * issued before them (read-your-writes). When the database goes away every pending write is refused with a clear error,
 * `writable()` turns false (/healthz 503), and the writer reconnects by itself.
 */
export class PostgresStore implements Store {
  readonly pool: pg.Pool;
  private writer: pg.Client | null = null;
  private connecting: Promise<void> | null = null;
  private down: string | null = null;
  private readonly batches = new GroupCommit<string>((sqls, answer) => this.send(sqls, answer));
  private closed = false;
  private retry: NodeJS.Timeout | null = null;
  /** When writes started failing (Date.now()), while they do. */
  private downSince: number | null = null;
  private readonly shown: string;

  private constructor(
    private readonly url: string,
    private readonly options: PostgresOptions,
  ) {
    this.shown = describeUrl(url);
    this.pool = new pg.Pool({
      connectionString: url,
      max: options.poolSize ?? 4,
      connectionTimeoutMillis: options.connectTimeoutMs ?? 5000,
      idleTimeoutMillis: 30_000,
    });
    // An idle pooled connection that breaks is dropped by the pool; the error must not crash the process.
    this.pool.on('error', () => undefined);
  }

  /** Connects, applies the migrations (under a lock), and opens the writer connection. Throws a clear error if the database cannot be reached. */
  static async open(url: string, options: PostgresOptions = {}): Promise<PostgresStore> {
    const store = new PostgresStore(url, options);
    try {
      const client = await store.pool.connect();
      try {
        await migrate(client);
      } finally {
        client.release();
      }
      await store.connectWriter();
    } catch (e) {
      await store.pool.end().catch(() => undefined);
      throw new StorageUnavailable(
        `cannot use PostgreSQL at ${store.shown}: ${(e as Error).message || String((e as { code?: string }).code)}`,
      );
    }
    return store;
  }

  private async connectWriter(): Promise<void> {
    const client = new pg.Client({
      connectionString: this.url,
      connectionTimeoutMillis: this.options.connectTimeoutMs ?? 5000,
    });
    client.on('error', (e) => this.lost(client, e));
    client.on('end', () => this.lost(client, new Error('connection closed')));
    await client.connect();
    if (this.closed) {
      await client.end();
      return;
    }
    this.writer = client;
    if (this.down !== null) {
      this.down = null;
      const downMs = Date.now() - (this.downSince ?? Date.now());
      this.downSince = null;
      this.options.onState?.(true, `PostgreSQL at ${this.shown} is back`, downMs);
    }
  }

  private lost(client: pg.Client, e: Error): void {
    if (this.writer !== client) return;
    this.writer = null;
    if (this.closed) return;
    this.markDown(e);
  }

  private markDown(e: unknown): void {
    const reason = `PostgreSQL at ${this.shown} is unreachable: ${(e as Error).message || String((e as { code?: string }).code ?? e)}`;
    if (this.down === null) {
      this.downSince = Date.now();
      this.options.onState?.(false, reason, 0);
    }
    this.down = reason;
    if (this.writer) {
      const w = this.writer;
      this.writer = null;
      void w.end().catch(() => undefined);
    }
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.retry || this.closed) return;
    this.retry = setTimeout(() => {
      this.retry = null;
      this.connecting ??= this.connectWriter()
        .catch((e: unknown) => {
          this.down = `PostgreSQL at ${this.shown} is unreachable: ${(e as Error).message || String((e as { code?: string }).code)}`;
          this.scheduleReconnect();
        })
        .finally(() => {
          this.connecting = null;
          if (this.batches.waiting) this.batches.flush();
        });
    }, 250);
    this.retry.unref();
  }

  private write(sql: string): Promise<void> {
    if (this.closed) return Promise.reject(new Error('store closed'));
    if (this.down !== null) return Promise.reject(new StorageUnavailable(this.down));
    return this.batches.add(sql);
  }

  /** How a batch is sent: one multi-statement query; once more one write at a time if the database refuses it. */
  private send(
    batch: readonly string[],
    answer: (errors: readonly (Error | null)[] | null, ms?: number) => void,
  ): 'sent' | 'wait' | Error {
    const writer = this.writer;
    // Connecting: the writes wait for the connection (scheduleReconnect flushes them).
    if (!writer) return this.down !== null ? new StorageUnavailable(this.down) : 'wait';
    const t0 = performance.now();
    const asError = (e: unknown): Error => (e instanceof Error ? e : new Error(String(e)));
    // A multi-statement simple query is one implicit transaction: all of it commits, or none.
    writer.query(batch.length === 1 ? batch[0]! : batch.join(';\n')).then(
      () => {
        const ms = performance.now() - t0;
        if (ms > 2000) this.options.onSlow?.(ms, batch.length);
        answer(null, ms);
      },
      async (e: unknown) => {
        if (isConnectionError(e)) {
          this.markDown(e);
          return answer(batch.map(() => new StorageUnavailable(this.down ?? String(e))));
        }
        if (batch.length === 1) return answer([asError(classify(e, this.down))]);
        // One by one: each write gets its own answer (a fenced or duplicate one sinks only itself).
        const errors: (Error | null)[] = [];
        for (const sql of batch) {
          try {
            if (!this.writer) throw new StorageUnavailable(this.down ?? 'PostgreSQL is unreachable');
            await this.writer.query(sql);
            errors.push(null);
          } catch (e2) {
            if (isConnectionError(e2)) this.markDown(e2);
            errors.push(asError(classify(e2, this.down)));
          }
        }
        answer(errors);
      },
    );
    return 'sent';
  }

  private settled(): Promise<void> {
    return this.batches.settled();
  }

  private async read<R extends pg.QueryResultRow>(sql: string, args: unknown[]): Promise<R[]> {
    await this.settled();
    for (let attempt = 1; ; attempt++) {
      try {
        return (await this.pool.query<R>(sql, args)).rows;
      } catch (e) {
        if (!isConnectionError(e)) throw e;
        // A pooled connection that broke while idle (the database restarted): once more, on a fresh one.
        if (attempt < 2) continue;
        throw new StorageUnavailable(`PostgreSQL at ${this.shown} is unreachable: ${(e as Error).message}`);
      }
    }
  }

  /** Why writes are refused, or null. */
  problem(): string | null {
    if (this.closed) return 'store closed';
    return this.down ?? (this.writer === null ? `PostgreSQL at ${this.shown}: connecting` : null);
  }

  /** Batches committed since the last call: count, mean size, and commit time (ms), for the bench. */
  stats(): BatchStats {
    return this.batches.stats();
  }

  createMatch(match: MatchRow, seats: readonly SeatRow[], moves: readonly MoveRow[] = []): Promise<void> {
    let sql: string;
    try {
      const values = [
        lit(match.id),
        lit(match.game),
        int(match.players),
        lit(JSON.stringify(match.options)),
        lit(JSON.stringify(match.seed)),
        lit(match.position),
        lit(JSON.stringify(match.settings)),
        lit(match.status),
        lit(match.outcome ? JSON.stringify(match.outcome) : null),
        int(match.createdAt),
        lit(match.creator ?? null),
      ];
      sql = [
        `INSERT INTO matches (id, game, players, options, seed, position, settings, status, outcome, created_at, creator) VALUES (${values.join(',')})`,
        ...seats.map((s) => seatSql(match.id, s)),
        ...moves.map(moveSql),
      ].join(';\n');
    } catch (e) {
      return Promise.reject(e);
    }
    return this.write(sql);
  }

  commit(fence: Fence, w: MatchWrite): Promise<void> {
    const statements: string[] = [];
    try {
      const fenced = fenceSql(fence);
      if (fenced) statements.push(fenced);
      const id = lit(w.match);
      if (w.takeBack !== undefined) {
        statements.push(`DELETE FROM moves WHERE match_id = ${id} AND ply >= ${int(w.takeBack)}`);
        statements.push(`DELETE FROM snapshots WHERE match_id = ${id} AND ply > ${int(w.takeBack)}`);
      }
      if (w.move) statements.push(moveSql(w.move));
      for (const seat of w.seats ?? []) statements.push(seatSql(w.match, seat));
      if (w.status) statements.push(statusSql(w.match, w.status));
      if (w.clock) {
        const { deadline, banks } = w.clock;
        statements.push(
          `UPDATE matches SET deadline = ${deadline === null ? 'NULL' : int(deadline)}, clock = ${lit(banks ? JSON.stringify(banks) : null)} WHERE id = ${id}`,
        );
      }
      if (w.snapshot) {
        statements.push(
          `INSERT INTO snapshots (match_id, ply, data) VALUES (${id},${int(w.snapshot.ply)},${lit(JSON.stringify(w.snapshot.data))}) ON CONFLICT (match_id) DO UPDATE SET ply = excluded.ply, data = excluded.data`,
        );
      }
    } catch (e) {
      return Promise.reject(e);
    }
    return this.write(statements.join(';\n'));
  }

  async countInPlay(creator?: string): Promise<number> {
    const rows =
      creator === undefined
        ? await this.read<{ n: string }>("SELECT count(*) AS n FROM matches WHERE status IN ('open', 'active')", [])
        : await this.read<{ n: string }>(
            "SELECT count(*) AS n FROM matches WHERE creator = $1 AND status IN ('open', 'active')",
            [creator],
          );
    return Number(rows[0]?.n ?? 0);
  }

  async dueDeadlines(upTo: number, limit: number): Promise<{ id: string; deadline: number }[]> {
    const rows = await this.read<{ id: string; deadline: string }>(
      "SELECT id, deadline FROM matches WHERE deadline IS NOT NULL AND deadline <= $1 AND status = 'active' ORDER BY deadline LIMIT $2",
      [upTo, limit],
    );
    return rows.map((r) => ({ id: r.id, deadline: Number(r.deadline) }));
  }

  async loadMatch(id: string): Promise<StoredMatch | null> {
    const rows = await this.read<
      MatchDbRow & {
        seats: SeatDbRow[] | null;
        moves: { seat: number; move: string; at: string }[] | null;
        snap_ply: number | null;
        snap_data: string | null;
        banks: string | null;
      }
    >(
      `SELECT m.*,
         (SELECT json_agg(s ORDER BY s.seat) FROM seats s WHERE s.match_id = m.id) AS seats,
         (SELECT json_agg(json_build_object('seat', mv.seat, 'move', mv.move, 'at', mv.at::text) ORDER BY mv.ply) FROM moves mv WHERE mv.match_id = m.id) AS moves,
         sn.ply AS snap_ply, sn.data AS snap_data,
         -- Fischer banks stored before migration 006 are in the account store's table of per-match data.
         COALESCE(m.clock, (SELECT c.data FROM clocks c WHERE c.match_id = m.id)) AS banks
       FROM matches m LEFT JOIN snapshots sn ON sn.match_id = m.id WHERE m.id = $1`,
      [id],
    );
    const row = rows[0];
    if (!row) return null;
    const moves = row.moves ?? [];
    return {
      match: toMatch(row),
      seats: (row.seats ?? []).map(toSeat),
      moves: moves.map((m) => ({ seat: m.seat, move: m.move })),
      lastMoveAt: moves.length > 0 ? Number(moves[moves.length - 1]!.at) : null,
      snapshot:
        row.snap_ply !== null && row.snap_data !== null
          ? { ply: row.snap_ply, data: JSON.parse(row.snap_data) as unknown }
          : null,
      clock: { deadline: row.deadline === null ? null : Number(row.deadline), banks: parseClockState(row.banks) },
    };
  }

  async findToken(tokenHash: string): Promise<{ matchId: string; seat: Seat } | null> {
    const rows = await this.read<{ match_id: string; seat: number }>(
      'SELECT match_id, seat FROM seats WHERE token_hash = $1',
      [tokenHash],
    );
    return rows[0] ? { matchId: rows[0].match_id, seat: rows[0].seat } : null;
  }

  async listMatches(query: { status?: MatchStatus; game?: string; limit: number }): Promise<MatchListing[]> {
    const where: string[] = [];
    const args: unknown[] = [];
    if (query.status) {
      args.push(query.status);
      where.push(`status = $${args.length}`);
    }
    if (query.game) {
      args.push(query.game);
      where.push(`game = $${args.length}`);
    }
    args.push(query.limit);
    const rows = await this.read<MatchDbRow & { seats: SeatDbRow[] | null }>(
      `SELECT m.*, (SELECT json_agg(s ORDER BY s.seat) FROM seats s WHERE s.match_id = m.id) AS seats
       FROM matches m ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY created_at DESC LIMIT $${args.length}`,
      args,
    );
    return rows.map((row) => ({ match: toMatch(row), seats: (row.seats ?? []).map(toSeat) }));
  }

  async listResumable(): Promise<string[]> {
    const rows = await this.read<{ id: string }>(
      `SELECT id FROM matches WHERE status = 'active' AND (settings LIKE '%"moveSeconds"%' OR EXISTS (SELECT 1 FROM seats WHERE seats.match_id = matches.id AND kind = 'bot'))`,
      [],
    );
    return rows.map((r) => r.id);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    if (this.down === null) await this.settled();
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    this.batches.refusePending(new Error('store closed'));
    const w = this.writer;
    this.writer = null;
    await Promise.all([w?.end().catch(() => undefined), this.pool.end().catch(() => undefined)]);
  }
}

function moveSql(m: MoveRow): string {
  return `INSERT INTO moves (match_id, ply, seat, move, at) VALUES (${lit(m.matchId)},${int(m.ply)},${int(m.seat)},${lit(m.move)},${int(m.at)})`;
}

function seatSql(matchId: string, s: SeatRow): string {
  return (
    `INSERT INTO seats (match_id, seat, kind, name, level, token_hash) VALUES (${lit(matchId)},${int(s.seat)},${lit(s.kind)},${lit(s.name)},${lit(s.level)},${lit(s.tokenHash)}) ` +
    'ON CONFLICT (match_id, seat) DO UPDATE SET kind = excluded.kind, name = excluded.name, level = excluded.level, token_hash = excluded.token_hash'
  );
}

function statusSql(matchId: string, change: StatusChange): string {
  return `UPDATE matches SET status = ${lit(change.status)}, outcome = ${lit(change.outcome ? JSON.stringify(change.outcome) : null)} WHERE id = ${lit(matchId)}`;
}

interface MatchDbRow {
  id: string;
  game: string;
  players: number;
  options: string;
  seed: string;
  position: string | null;
  settings: string;
  status: string;
  outcome: string | null;
  created_at: string | number;
  creator: string | null;
  deadline: string | number | null;
}

interface SeatDbRow {
  seat: number;
  kind: string;
  name: string | null;
  level: string | null;
  token_hash: string | null;
}

function toMatch(row: MatchDbRow): MatchRow {
  return {
    id: row.id,
    game: row.game,
    players: row.players,
    options: JSON.parse(row.options) as Record<string, unknown>,
    seed: JSON.parse(row.seed) as number | string,
    position: row.position,
    settings: JSON.parse(row.settings) as MatchRow['settings'],
    status: row.status as MatchStatus,
    outcome: row.outcome ? (JSON.parse(row.outcome) as MatchRow['outcome']) : null,
    createdAt: Number(row.created_at),
    creator: row.creator,
  };
}

function toSeat(row: SeatDbRow): SeatRow {
  return {
    seat: row.seat,
    kind: row.kind as SeatRow['kind'],
    name: row.name,
    level: row.level,
    tokenHash: row.token_hash,
  };
}
