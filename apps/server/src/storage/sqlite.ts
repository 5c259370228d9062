import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { openSqlite } from './open-sqlite.ts';
import type { Seat } from '@roundtable/core';
import type { MatchStatus } from '@roundtable/protocol';
import { parseClockState } from '../clocks/fischer.ts';
import { PlyTaken } from './errors.ts';
import { GroupCommit, type BatchStats } from './group-commit.ts';
import type { Fence, MatchListing, MatchRow, MatchWrite, MoveRow, SeatRow, Store, StoredMatch } from './store.ts';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS matches (
  id TEXT PRIMARY KEY,
  game TEXT NOT NULL,
  players INTEGER NOT NULL,
  options TEXT NOT NULL,
  seed TEXT NOT NULL,
  position TEXT,
  settings TEXT NOT NULL,
  status TEXT NOT NULL,
  outcome TEXT,
  created_at INTEGER NOT NULL,
  creator TEXT,
  deadline INTEGER,
  clock TEXT
);
CREATE INDEX IF NOT EXISTS matches_status ON matches(status, created_at);
CREATE TABLE IF NOT EXISTS seats (
  match_id TEXT NOT NULL,
  seat INTEGER NOT NULL,
  kind TEXT NOT NULL,
  name TEXT,
  level TEXT,
  token_hash TEXT,
  PRIMARY KEY (match_id, seat)
) WITHOUT ROWID;
CREATE UNIQUE INDEX IF NOT EXISTS seats_token ON seats(token_hash) WHERE token_hash IS NOT NULL;
CREATE TABLE IF NOT EXISTS moves (
  match_id TEXT NOT NULL,
  ply INTEGER NOT NULL,
  seat INTEGER NOT NULL,
  move TEXT NOT NULL,
  at INTEGER NOT NULL,
  PRIMARY KEY (match_id, ply)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS snapshots (
  match_id TEXT PRIMARY KEY,
  ply INTEGER NOT NULL,
  data TEXT NOT NULL
) WITHOUT ROWID;
`;

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
  created_at: number;
  creator: string | null;
  deadline: number | null;
  clock: string | null;
}

interface SeatDbRow {
  match_id: string;
  seat: number;
  kind: string;
  name: string | null;
  level: string | null;
  token_hash: string | null;
}

/** One write as the writer thread runs it (see writer.js): its kind, then the values it binds. */
type WriteOp =
  | readonly ['match', readonly unknown[], readonly (readonly unknown[])[], readonly (readonly unknown[])[]]
  | readonly ['move', string, number, number, string, number, string?, (string | null)?]
  | readonly ['commit', CommitOp];

/** A MatchWrite as the writer thread runs it (writer.js), in this order, in one transaction. */
interface CommitOp {
  readonly match: string;
  readonly takeBack?: number;
  readonly move?: readonly unknown[];
  readonly seats?: readonly (readonly unknown[])[];
  readonly status?: readonly [string, string | null];
  readonly clock?: readonly [number | null, string | null];
  readonly snapshot?: readonly [number, string];
}

export interface SqliteOptions {
  /** `full`: a write resolves once the WAL is on disk (survives power loss); `normal`: once SQLite has it (survives a process crash). */
  readonly durability?: 'full' | 'normal';
  /** How often the checkpointer thread folds the WAL into the database file (ms). */
  readonly checkpointMs?: number;
}

/**
 * SQLite in WAL mode, with group commit, and no disk work on the event loop. Every write goes to the writer
 * thread (writer.js, its own connection) by group commit (group-commit.ts): one batch at a time, holding every
 * write issued while the previous batch was being committed and (with `full` durability) fsync'ed, so the batch
 * grows with the load and one fsync covers all of it. A write's promise resolves once its batch is durable.
 * Reads run here, on a connection of their own, after the writes issued before them (read-your-writes). WAL
 * checkpoints run in a third thread (checkpointer.js); SQLite itself never syncs on commit (`synchronous = NORMAL`).
 */
export class SqliteStore implements Store {
  private readonly db: Database.Database;
  private readonly batches: GroupCommit<WriteOp>;
  /** The answer the writer thread owes for the batch it holds. */
  private answerBatch: ((errors: readonly (Error | null)[] | null, ms?: number) => void) | null = null;
  private closed = false;
  private readonly st;
  /** The database file (the limits read whether a match is in play from it: limits/sqlite.ts). */
  readonly path: string;
  private readonly writer: Worker;
  private writerExited = false;
  private seq = 0;
  private readonly checkpointer: Worker;
  private checkpointerExited = false;

  constructor(folder: string, options: SqliteOptions = {}) {
    mkdirSync(folder, { recursive: true });
    this.path = join(folder, 'roundtable.sqlite');
    this.db = openSqlite(this.path);
    // Small pages: a move dirties a leaf page of the moves index, and the WAL holds whole pages (4 KB → 1 KB
    // of WAL per move; only a new database takes it).
    this.db.pragma('page_size = 1024');
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = NORMAL');
    this.db.pragma('busy_timeout = 5000');
    // Checkpoints (and their fsyncs) run in the checkpointer thread, never on the event loop.
    this.db.pragma('wal_autocheckpoint = 0');
    // In one transaction that takes the write lock first: the workers of `serve --processes` open the file together,
    // and two of them must not both add a column they both found missing.
    this.db
      .transaction(() => {
        this.db.exec(SCHEMA);
        // Databases made before the per-address cap and the deadline index get their columns (NULL in old rows).
        const columns = new Set(
          this.db
            .prepare<[], { name: string }>('PRAGMA table_info(matches)')
            .all()
            .map((c) => c.name),
        );
        if (!columns.has('creator')) this.db.exec('ALTER TABLE matches ADD COLUMN creator TEXT');
        if (!columns.has('deadline')) this.db.exec('ALTER TABLE matches ADD COLUMN deadline INTEGER');
        if (!columns.has('clock')) this.db.exec('ALTER TABLE matches ADD COLUMN clock TEXT');
        this.db.exec(`
          CREATE INDEX IF NOT EXISTS matches_creator ON matches(creator, status) WHERE creator IS NOT NULL;
          CREATE INDEX IF NOT EXISTS matches_deadline ON matches(deadline) WHERE deadline IS NOT NULL;
        `);
      })
      .immediate();
    this.writer = new Worker(new URL('./writer.js', import.meta.url), {
      workerData: { path: this.path, full: options.durability !== 'normal' },
    });
    this.batches = new GroupCommit<WriteOp>(
      (ops, answer) => {
        this.answerBatch = answer;
        this.writer.ref();
        this.writer.postMessage({ seq: ++this.seq, ops });
        return 'sent';
      },
      () => this.writer.unref(),
    );
    this.writer.on('message', (msg: { seq?: number; errors?: (string | null)[] | null; ms?: number }) => {
      if (msg.seq === undefined) return;
      const answer = this.answerBatch;
      this.answerBatch = null;
      const errors = msg.errors?.map((error) =>
        error == null ? null : /UNIQUE constraint failed: moves\./.test(error) ? new PlyTaken(error) : new Error(error),
      );
      answer?.(errors ?? null, msg.ms ?? 0);
    });
    this.writer.on('error', (e) => this.batches.refuseAll(e));
    this.writer.once('exit', (code) => {
      this.writerExited = true;
      // After close() this is the normal end; before, nothing more can be stored: every write is refused from now.
      if (!this.closed)
        process.emitWarning(`the SQLite writer thread stopped (exit code ${code}): writes are refused until a restart`);
      this.batches.refuseAll(new Error('the SQLite writer thread stopped'));
    });
    this.writer.unref();
    this.checkpointer = new Worker(new URL('./checkpointer.js', import.meta.url), {
      workerData: { path: this.path, everyMs: options.checkpointMs ?? 200 },
    });
    this.checkpointer.on('message', (msg: { error?: string }) => {
      if (msg.error) this.onCheckpointError(msg.error);
    });
    this.checkpointer.on('error', (e) => this.onCheckpointError(e.message));
    this.checkpointer.once('exit', () => (this.checkpointerExited = true));
    this.checkpointer.unref();
    const db = this.db;
    this.st = {
      match: db.prepare<[string], MatchDbRow>('SELECT * FROM matches WHERE id = ?'),
      seats: db.prepare<[string], SeatDbRow>('SELECT * FROM seats WHERE match_id = ? ORDER BY seat'),
      moves: db.prepare<[string], { seat: number; move: string; at: number }>(
        'SELECT seat, move, at FROM moves WHERE match_id = ? ORDER BY ply',
      ),
      getSnapshot: db.prepare<[string], { ply: number; data: string }>(
        'SELECT ply, data FROM snapshots WHERE match_id = ?',
      ),
      token: db.prepare<[string], { match_id: string; seat: number }>(
        'SELECT match_id, seat FROM seats WHERE token_hash = ?',
      ),
      resumable: db.prepare<[], { id: string }>(
        "SELECT id FROM matches WHERE status = 'active' AND (settings LIKE '%\"moveSeconds\"%' OR EXISTS (SELECT 1 FROM seats WHERE seats.match_id = matches.id AND kind = 'bot'))",
      ),
      inPlayBy: db.prepare<[string], { n: number }>(
        "SELECT count(*) AS n FROM matches WHERE creator = ? AND status IN ('open', 'active')",
      ),
      inPlay: db.prepare<[], { n: number }>("SELECT count(*) AS n FROM matches WHERE status IN ('open', 'active')"),
      due: db.prepare<[number, number], { id: string; deadline: number }>(
        "SELECT id, deadline FROM matches WHERE deadline IS NOT NULL AND deadline <= ? AND status = 'active' ORDER BY deadline LIMIT ?",
      ),
    };
  }

  private write(op: WriteOp): Promise<void> {
    if (this.closed || this.writerExited) return Promise.reject(new Error('store closed'));
    return this.batches.add(op);
  }

  /** Resolves once every write issued so far is answered: a read then sees them. */
  private settled(): Promise<void> {
    return this.batches.settled();
  }

  problem(): string | null {
    if (this.closed) return 'store closed';
    return this.writerExited ? 'the SQLite writer thread stopped: writes are refused until a restart' : null;
  }

  /** Batches written since the last call: how many, their mean size, and how long the writer took (commit + fsync). */
  stats(): BatchStats {
    return this.batches.stats();
  }

  /** A failed checkpoint loses nothing (the WAL keeps every frame); the next one retries. Reported once. */
  private checkpointErrorSeen = false;
  private onCheckpointError(message: string): void {
    if (this.checkpointErrorSeen) return;
    this.checkpointErrorSeen = true;
    process.emitWarning(`SQLite checkpoint failed (will retry): ${message}`);
  }

  createMatch(match: MatchRow, seats: readonly SeatRow[], moves: readonly MoveRow[] = []): Promise<void> {
    return this.write([
      'match',
      [
        match.id,
        match.game,
        match.players,
        JSON.stringify(match.options),
        JSON.stringify(match.seed),
        match.position,
        JSON.stringify(match.settings),
        match.status,
        match.outcome ? JSON.stringify(match.outcome) : null,
        match.createdAt,
        match.creator ?? null,
      ],
      seats.map((s) => [match.id, s.seat, s.kind, s.name, s.level, s.tokenHash]),
      moves.map((m) => [m.matchId, m.ply, m.seat, m.move, m.at]),
    ]);
  }

  /** One process serves every match here: there is no other writer to fence off. */
  commit(_fence: Fence, w: MatchWrite): Promise<void> {
    const m = w.move;
    // The write of most moves (a move, perhaps the end it leads to) as a compact array: it crosses to the writer
    // thread by structured clone, once per move.
    if (m && w.takeBack === undefined && !w.seats && !w.clock && !w.snapshot) {
      const status = w.status;
      return this.write(
        status
          ? [
              'move',
              m.matchId,
              m.ply,
              m.seat,
              m.move,
              m.at,
              status.status,
              status.outcome ? JSON.stringify(status.outcome) : null,
            ]
          : ['move', m.matchId, m.ply, m.seat, m.move, m.at],
      );
    }
    return this.write([
      'commit',
      {
        match: w.match,
        ...(w.takeBack !== undefined ? { takeBack: w.takeBack } : {}),
        ...(m ? { move: [m.matchId, m.ply, m.seat, m.move, m.at] } : {}),
        ...(w.seats ? { seats: w.seats.map((s) => [w.match, s.seat, s.kind, s.name, s.level, s.tokenHash]) } : {}),
        ...(w.status
          ? { status: [w.status.status, w.status.outcome ? JSON.stringify(w.status.outcome) : null] as const }
          : {}),
        ...(w.clock
          ? { clock: [w.clock.deadline, w.clock.banks ? JSON.stringify(w.clock.banks) : null] as const }
          : {}),
        ...(w.snapshot ? { snapshot: [w.snapshot.ply, JSON.stringify(w.snapshot.data)] as const } : {}),
      },
    ]);
  }

  async countInPlay(creator?: string): Promise<number> {
    await this.settled();
    return (creator === undefined ? this.st.inPlay.get() : this.st.inPlayBy.get(creator))?.n ?? 0;
  }

  async dueDeadlines(upTo: number, limit: number): Promise<{ id: string; deadline: number }[]> {
    await this.settled();
    return this.st.due.all(upTo, limit);
  }

  async loadMatch(id: string): Promise<StoredMatch | null> {
    await this.settled();
    const row = this.st.match.get(id);
    if (!row) return null;
    const snap = this.st.getSnapshot.get(id);
    const moves = this.st.moves.all(id);
    return {
      match: toMatch(row),
      seats: this.st.seats.all(id).map(toSeat),
      moves: moves.map((m) => ({ seat: m.seat, move: m.move })),
      lastMoveAt: moves.length > 0 ? moves[moves.length - 1]!.at : null,
      snapshot: snap ? { ply: snap.ply, data: JSON.parse(snap.data) as unknown } : null,
      clock: { deadline: row.deadline, banks: parseClockState(row.clock) },
    };
  }

  async findToken(tokenHash: string): Promise<{ matchId: string; seat: Seat } | null> {
    await this.settled();
    const row = this.st.token.get(tokenHash);
    return row ? { matchId: row.match_id, seat: row.seat } : null;
  }

  async listMatches(query: { status?: MatchStatus; game?: string; limit: number }): Promise<MatchListing[]> {
    await this.settled();
    const where: string[] = [];
    const args: (string | number)[] = [];
    if (query.status) {
      where.push('status = ?');
      args.push(query.status);
    }
    if (query.game) {
      where.push('game = ?');
      args.push(query.game);
    }
    const sql = `SELECT * FROM matches ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY created_at DESC LIMIT ?`;
    const rows = this.db.prepare<(string | number)[], MatchDbRow>(sql).all(...args, query.limit);
    return rows.map((row) => ({ match: toMatch(row), seats: this.st.seats.all(row.id).map(toSeat) }));
  }

  async listResumable(): Promise<string[]> {
    await this.settled();
    return this.st.resumable.all().map((r) => r.id);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    await this.settled();
    this.closed = true;
    for (const [worker, exited] of [
      [this.writer, this.writerExited],
      [this.checkpointer, this.checkpointerExited],
    ] as const) {
      if (exited) continue;
      await new Promise<void>((resolve) => {
        worker.once('exit', () => resolve());
        // Unref'd while idle (it must not keep a finished process alive), but waited for now.
        worker.ref();
        worker.postMessage('stop');
      });
    }
    // The last connection to close checkpoints the whole WAL and removes it.
    this.db.close();
  }
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
    createdAt: row.created_at,
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
