import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { openSqlite } from '../storage/open-sqlite.ts';
import type { GameDatabaseStore } from './store.ts';
import { hitOf, SEARCH_COLUMNS, talliesOf, whereOf, type GameDbRow } from './store.ts';
import { GAME_COLUMNS, gameValues, playerKeys, positionsOf } from './rows.ts';
import {
  GAME_SOURCES,
  type ExplorerSource,
  type GameHit,
  type GameQuery,
  type IndexedGame,
  type MoveStats,
} from './types.ts';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS db_games (
  id TEXT PRIMARY KEY,
  source TEXT NOT NULL,
  game TEXT NOT NULL,
  players INTEGER NOT NULL,
  options TEXT NOT NULL,
  played_at INTEGER NOT NULL,
  names TEXT NOT NULL,
  ratings TEXT NOT NULL,
  average_rating REAL,
  winners TEXT NOT NULL,
  draw INTEGER NOT NULL,
  reason TEXT NOT NULL,
  plies INTEGER NOT NULL,
  opening TEXT NOT NULL,
  moves TEXT NOT NULL,
  event TEXT
);
CREATE INDEX IF NOT EXISTS db_games_played ON db_games(played_at, id);
CREATE INDEX IF NOT EXISTS db_games_event ON db_games(event) WHERE event IS NOT NULL;
CREATE TABLE IF NOT EXISTS db_players (
  name_key TEXT NOT NULL,
  match_id TEXT NOT NULL,
  seat INTEGER NOT NULL,
  PRIMARY KEY (name_key, match_id, seat)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS db_positions (
  key TEXT NOT NULL,
  match_id TEXT NOT NULL,
  ply INTEGER NOT NULL,
  PRIMARY KEY (key, match_id)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS explorer_moves (
  source TEXT NOT NULL,
  key TEXT NOT NULL,
  move TEXT NOT NULL,
  games INTEGER NOT NULL,
  wins0 INTEGER NOT NULL,
  wins1 INTEGER NOT NULL,
  draws INTEGER NOT NULL,
  rating_sum REAL NOT NULL,
  rating_n INTEGER NOT NULL,
  PRIMARY KEY (source, key, move)
) WITHOUT ROWID;
`;

/** The writer thread's statements (index-writer.js). */
const INSERT_SQL = {
  game: `INSERT INTO db_games (${GAME_COLUMNS}) VALUES (${GAME_COLUMNS.split(',')
    .map(() => '?')
    .join(', ')}) ON CONFLICT(id) DO NOTHING`,
  player: 'INSERT OR IGNORE INTO db_players (name_key, match_id, seat) VALUES (?, ?, ?)',
  position: 'INSERT OR IGNORE INTO db_positions (key, match_id, ply) VALUES (?, ?, ?)',
  tally: `INSERT INTO explorer_moves (source, key, move, games, wins0, wins1, draws, rating_sum, rating_n)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT(source, key, move) DO UPDATE SET games = games + excluded.games, wins0 = wins0 + excluded.wins0,
       wins1 = wins1 + excluded.wins1, draws = draws + excluded.draws,
       rating_sum = rating_sum + excluded.rating_sum, rating_n = rating_n + excluded.rating_n`,
};

/** A game's rows as the writer thread reads them: flat arrays, cheap to copy to it. */
function rowsOf(g: IndexedGame): {
  values: unknown[];
  players: (string | number)[];
  keys: string[];
  plies: number[];
  tallies: (string | number)[];
} {
  const positions = positionsOf(g);
  return {
    values: gameValues(g),
    players: playerKeys(g).flatMap((p) => [p.key, p.seat]),
    keys: positions.map((p) => p.key),
    plies: positions.map((p) => p.ply),
    // A game's own tallies: the thread adds them only when the game is new (summed by the upsert, as one batch's).
    tallies: talliesOf([g]).flatMap((t) => [
      t.source,
      t.key,
      t.move,
      t.games,
      t.wins0,
      t.wins1,
      t.draws,
      t.ratingSum,
      t.ratingN,
    ]),
  };
}

interface TallyRow {
  move: string;
  games: number;
  wins0: number;
  wins1: number;
  draws: number;
  rating_sum: number;
  rating_n: number;
}

/**
 * The game database in `database.db` beside the matches: written by the index job (off the moves' path, the
 * match writer has its own file and thread), read by searches and the explorer.
 */
export class SqliteGameDatabase implements GameDatabaseStore {
  private readonly db: Database.Database;
  private readonly path: string;
  private writer: Worker;
  /** Why the writer thread is gone (a thread that died unasked is started again at the next `add`). */
  private writerStopped: Error | null = null;
  private closed = false;
  private seq = 0;
  private readonly waiting = new Map<number, { resolve(n: number): void; reject(e: Error): void }>();
  private readonly st;

  constructor(dataDir: string, file = 'database.db') {
    mkdirSync(dataDir, { recursive: true });
    const path = join(dataDir, file);
    this.db = openSqlite(path);
    this.db.pragma('journal_mode = WAL');
    // Written by the writer thread only, with its own connection (FULL there: `add` resolves once on disk).
    this.db.pragma('synchronous = NORMAL');
    this.db.pragma('busy_timeout = 5000');
    this.db.exec(SCHEMA);
    this.path = path;
    this.writer = this.startWriter();
    this.st = {
      has: this.db.prepare('SELECT 1 FROM db_games WHERE id = ?'),
      explore: this.db.prepare(
        'SELECT move, games, wins0, wins1, draws, rating_sum, rating_n FROM explorer_moves WHERE source = ? AND key = ? ORDER BY games DESC, move',
      ),
    };
  }

  private startWriter(): Worker {
    const writer = new Worker(new URL('./index-writer.js', import.meta.url), {
      workerData: { path: this.path, sql: INSERT_SQL },
    });
    writer.on('message', (msg: { seq: number; added?: number; error?: string }) => {
      const waiting = this.waiting.get(msg.seq);
      this.waiting.delete(msg.seq);
      if (this.waiting.size === 0) writer.unref();
      if (msg.error !== undefined) waiting?.reject(new Error(msg.error));
      else waiting?.resolve(msg.added ?? 0);
    });
    let gone = false;
    const stopped = (why: Error): void => {
      if (gone) return;
      gone = true;
      this.writerStopped = why;
      // What it was asked and did not answer is refused (the index job tries again later).
      for (const w of this.waiting.values()) w.reject(why);
      this.waiting.clear();
    };
    writer.on('error', stopped);
    writer.once('exit', (code) => stopped(new Error(`the game database's writer thread stopped (exit code ${code})`)));
    writer.unref();
    return writer;
  }

  /** Stored by the writer thread (index-writer.js); resolves once the games are on disk. */
  async add(games: readonly IndexedGame[]): Promise<number> {
    if (this.closed) throw new Error('the game database is closed: its writer thread stopped');
    if (this.writerStopped) {
      this.writerStopped = null;
      this.writer = this.startWriter();
    }
    const rows = games.map(rowsOf);
    const seq = ++this.seq;
    const added = new Promise<number>((resolve, reject) => this.waiting.set(seq, { resolve, reject }));
    this.writer.ref();
    this.writer.postMessage({ seq, games: rows });
    return added;
  }

  async has(id: string): Promise<boolean> {
    return this.st.has.get(id) !== undefined;
  }

  async search(q: GameQuery): Promise<GameHit[]> {
    const where = whereOf(q, q.sources ?? GAME_SOURCES.filter((s) => s !== 'selfplay'));
    const rows = this.db
      .prepare(
        `SELECT ${SEARCH_COLUMNS} FROM db_games g WHERE ${where.sql} ORDER BY g.played_at DESC, g.id DESC LIMIT ?`,
      )
      .all(...(where.values as (string | number)[]), q.limit) as GameDbRow[];
    return rows.map(hitOf);
  }

  async explore(source: ExplorerSource, key: string): Promise<MoveStats[]> {
    return (this.st.explore.all(source, key) as TallyRow[]).map(statsOf);
  }

  async optionSets(source: string, game: string, limit: number): Promise<string[]> {
    const rows = this.db
      .prepare('SELECT DISTINCT options FROM db_games WHERE source = ? AND game = ? LIMIT ?')
      .all(source, game, limit) as { options: string }[];
    return rows.map((r) => r.options);
  }

  async counts(): Promise<Record<string, number>> {
    const rows = this.db.prepare('SELECT source, COUNT(*) AS n FROM db_games GROUP BY source').all() as {
      source: string;
      n: number;
    }[];
    return Object.fromEntries(rows.map((r) => [r.source, r.n]));
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (!this.writerStopped) {
      const exited = new Promise<void>((r) => this.writer.once('exit', () => r()));
      this.writer.ref();
      this.writer.postMessage('stop');
      await exited;
    }
    this.db.close();
  }
}

export function statsOf(r: TallyRow): MoveStats {
  const n = Number(r.rating_n);
  return {
    move: r.move,
    games: Number(r.games),
    wins: [Number(r.wins0), Number(r.wins1)],
    draws: Number(r.draws),
    averageRating: n > 0 ? Math.round(Number(r.rating_sum) / n) : null,
  };
}
