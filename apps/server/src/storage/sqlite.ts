import { closeSync, fsync, fsyncSync, mkdirSync, openSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import Database from 'better-sqlite3';
import type { Seat } from '@roundtable/core';
import type { MatchStatus } from '@roundtable/protocol';
import type { MatchListing, MatchRow, MoveRow, SeatRow, StatusChange, Store, StoredMatch } from './store.ts';

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
  created_at INTEGER NOT NULL
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
}

interface SeatDbRow {
  match_id: string;
  seat: number;
  kind: string;
  name: string | null;
  level: string | null;
  token_hash: string | null;
}

interface PendingWrite {
  run(): void;
  resolve(): void;
  reject(e: unknown): void;
}

export interface SqliteOptions {
  /** `full`: a write resolves once the WAL is on disk (survives power loss); `normal`: once SQLite has it (survives a process crash). */
  readonly durability?: 'full' | 'normal';
  /** How often the checkpointer thread folds the WAL into the database file (ms). */
  readonly checkpointMs?: number;
}

/**
 * SQLite in WAL mode, with group commit. Writes issued during one tick of the event loop are committed in one
 * transaction when the tick ends. SQLite itself does not sync (`synchronous = NORMAL`); with `full` durability
 * the WAL file is then fsync'ed in libuv's thread pool, and the writes resolve only when that sync is done. The
 * event loop never waits for the disk (an fsync costs ~4 ms here), and one sync covers every transaction
 * committed before it started: while one sync runs, the next batches pile up for the next sync.
 */
export class SqliteStore implements Store {
  private readonly db: Database.Database;
  private pending: PendingWrite[] = [];
  private scheduled = false;
  private closed = false;
  private readonly st;
  private readonly path: string;
  private readonly full: boolean;
  private walFd: number | null = null;
  /** Committed to SQLite, waiting for the next WAL sync. */
  private unsynced: PendingWrite[] = [];
  private syncing: Promise<void> | null = null;
  private readonly checkpointer: Worker;
  private checkpointerExited = false;

  constructor(folder: string, options: SqliteOptions = {}) {
    mkdirSync(folder, { recursive: true });
    this.path = join(folder, 'roundtable.sqlite');
    this.full = options.durability !== 'normal';
    this.db = new Database(this.path);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = NORMAL');
    this.db.pragma('busy_timeout = 5000');
    // Checkpoints (and their fsyncs) run in the checkpointer thread, never on the event loop.
    this.db.pragma('wal_autocheckpoint = 0');
    this.db.exec(SCHEMA);
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
      insertMatch: db.prepare(
        'INSERT INTO matches (id, game, players, options, seed, position, settings, status, outcome, created_at) VALUES (?,?,?,?,?,?,?,?,?,?)',
      ),
      upsertSeat: db.prepare(
        'INSERT INTO seats (match_id, seat, kind, name, level, token_hash) VALUES (?,?,?,?,?,?) ON CONFLICT(match_id, seat) DO UPDATE SET kind=excluded.kind, name=excluded.name, level=excluded.level, token_hash=excluded.token_hash',
      ),
      insertMove: db.prepare('INSERT INTO moves (match_id, ply, seat, move, at) VALUES (?,?,?,?,?)'),
      setStatus: db.prepare('UPDATE matches SET status = ?, outcome = ? WHERE id = ?'),
      snapshot: db.prepare('INSERT INTO snapshots (match_id, ply, data) VALUES (?,?,?) ON CONFLICT(match_id) DO UPDATE SET ply=excluded.ply, data=excluded.data'),
      match: db.prepare<[string], MatchDbRow>('SELECT * FROM matches WHERE id = ?'),
      seats: db.prepare<[string], SeatDbRow>('SELECT * FROM seats WHERE match_id = ? ORDER BY seat'),
      moves: db.prepare<[string], { seat: number; move: string; at: number }>('SELECT seat, move, at FROM moves WHERE match_id = ? ORDER BY ply'),
      getSnapshot: db.prepare<[string], { ply: number; data: string }>('SELECT ply, data FROM snapshots WHERE match_id = ?'),
      token: db.prepare<[string], { match_id: string; seat: number }>('SELECT match_id, seat FROM seats WHERE token_hash = ?'),
      resumable: db.prepare<[], { id: string }>(
        "SELECT id FROM matches WHERE status = 'active' AND (settings LIKE '%\"moveSeconds\"%' OR EXISTS (SELECT 1 FROM seats WHERE seats.match_id = matches.id AND kind = 'bot'))",
      ),
    };
  }

  private write(run: () => void): Promise<void> {
    if (this.closed) return Promise.reject(new Error('store closed'));
    return new Promise<void>((resolve, reject) => {
      this.pending.push({ run, resolve, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  /** Commits every pending write in one transaction; if it fails, each write is retried alone so one bad write cannot sink the others. */
  private flush(): void {
    this.scheduled = false;
    const batch = this.pending;
    if (batch.length === 0) return;
    this.pending = [];
    try {
      this.db.transaction(() => {
        for (const w of batch) w.run();
      })();
    } catch {
      for (const w of batch) {
        try {
          this.db.transaction(() => w.run())();
          w.resolve();
        } catch (e) {
          w.reject(e);
        }
      }
      return;
    }
    if (!this.full) {
      for (const w of batch) w.resolve();
      return;
    }
    for (const w of batch) this.unsynced.push(w);
    this.syncing ??= this.sync();
  }

  /** Syncs the WAL until nothing committed is left unsynced, resolving each write once its bytes are on disk. */
  private async sync(): Promise<void> {
    while (this.unsynced.length > 0) {
      const covered = this.unsynced;
      this.unsynced = [];
      try {
        // The WAL exists once something was committed; the fd stays valid while our connection is open.
        this.walFd ??= this.openWal();
        const fd = this.walFd;
        await new Promise<void>((resolve, reject) => fsync(fd, (e) => (e ? reject(e) : resolve())));
        for (const w of covered) w.resolve();
      } catch (e) {
        for (const w of covered) w.reject(e);
      }
    }
    this.syncing = null;
  }

  /** A failed checkpoint loses nothing (the WAL keeps every frame); the next one retries. Reported once. */
  private checkpointErrorSeen = false;
  private onCheckpointError(message: string): void {
    if (this.checkpointErrorSeen) return;
    this.checkpointErrorSeen = true;
    process.emitWarning(`SQLite checkpoint failed (will retry): ${message}`);
  }

  private openWal(): number {
    const fd = openSync(`${this.path}-wal`, 'r');
    // The WAL's directory entry must be durable too, once.
    const dir = openSync(join(this.path, '..'), 'r');
    try {
      fsyncSync(dir);
    } finally {
      closeSync(dir);
    }
    return fd;
  }

  createMatch(match: MatchRow, seats: readonly SeatRow[]): Promise<void> {
    return this.write(() => {
      this.st.insertMatch.run(
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
      );
      for (const s of seats) this.st.upsertSeat.run(match.id, s.seat, s.kind, s.name, s.level, s.tokenHash);
    });
  }

  appendMove(move: MoveRow, status?: StatusChange): Promise<void> {
    return this.write(() => {
      this.st.insertMove.run(move.matchId, move.ply, move.seat, move.move, move.at);
      if (status) this.st.setStatus.run(status.status, status.outcome ? JSON.stringify(status.outcome) : null, move.matchId);
    });
  }

  updateSeat(matchId: string, s: SeatRow): Promise<void> {
    return this.write(() => {
      this.st.upsertSeat.run(matchId, s.seat, s.kind, s.name, s.level, s.tokenHash);
    });
  }

  setStatus(matchId: string, change: StatusChange): Promise<void> {
    return this.write(() => {
      this.st.setStatus.run(change.status, change.outcome ? JSON.stringify(change.outcome) : null, matchId);
    });
  }

  saveSnapshot(matchId: string, ply: number, data: unknown): Promise<void> {
    const text = JSON.stringify(data);
    return this.write(() => {
      this.st.snapshot.run(matchId, ply, text);
    });
  }

  async loadMatch(id: string): Promise<StoredMatch | null> {
    this.flushNow();
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
    };
  }

  async findToken(tokenHash: string): Promise<{ matchId: string; seat: Seat } | null> {
    this.flushNow();
    const row = this.st.token.get(tokenHash);
    return row ? { matchId: row.match_id, seat: row.seat } : null;
  }

  async listMatches(query: { status?: MatchStatus; game?: string; limit: number }): Promise<MatchListing[]> {
    this.flushNow();
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
    this.flushNow();
    return this.st.resumable.all().map((r) => r.id);
  }

  private flushNow(): void {
    if (this.pending.length > 0) this.flush();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.flushNow();
    this.closed = true;
    while (this.syncing) await this.syncing;
    if (!this.checkpointerExited) {
      await new Promise<void>((resolve) => {
        this.checkpointer.once('exit', () => resolve());
        // Unref'd while it runs (it must not keep a finished process alive), but waited for now.
        this.checkpointer.ref();
        this.checkpointer.postMessage('stop');
      });
    }
    if (this.walFd !== null) closeSync(this.walFd);
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
  };
}

function toSeat(row: SeatDbRow): SeatRow {
  return { seat: row.seat, kind: row.kind as SeatRow['kind'], name: row.name, level: row.level, tokenHash: row.token_hash };
}
