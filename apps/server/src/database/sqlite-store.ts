import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { openSqlite } from '../storage/open-sqlite.ts';
import { WalSync } from '../storage/wal-sync.ts';
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
  private readonly wal: WalSync;
  private readonly st;

  constructor(dataDir: string, file = 'database.db') {
    mkdirSync(dataDir, { recursive: true });
    const path = join(dataDir, file);
    this.db = openSqlite(path);
    this.db.pragma('journal_mode = WAL');
    // Durable when `add` resolves, the WAL fsync'ed off the event loop (an fsync per finished match was on it).
    this.db.pragma('synchronous = NORMAL');
    this.wal = new WalSync(path);
    this.db.pragma('busy_timeout = 5000');
    this.db.exec(SCHEMA);
    this.st = {
      game: this.db.prepare(
        `INSERT INTO db_games (${GAME_COLUMNS}) VALUES (${GAME_COLUMNS.split(',')
          .map(() => '?')
          .join(', ')}) ON CONFLICT(id) DO NOTHING`,
      ),
      player: this.db.prepare('INSERT OR IGNORE INTO db_players (name_key, match_id, seat) VALUES (?, ?, ?)'),
      position: this.db.prepare('INSERT OR IGNORE INTO db_positions (key, match_id, ply) VALUES (?, ?, ?)'),
      tally: this.db.prepare(
        `INSERT INTO explorer_moves (source, key, move, games, wins0, wins1, draws, rating_sum, rating_n)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT(source, key, move) DO UPDATE SET games = games + excluded.games, wins0 = wins0 + excluded.wins0,
           wins1 = wins1 + excluded.wins1, draws = draws + excluded.draws,
           rating_sum = rating_sum + excluded.rating_sum, rating_n = rating_n + excluded.rating_n`,
      ),
      has: this.db.prepare('SELECT 1 FROM db_games WHERE id = ?'),
      explore: this.db.prepare(
        'SELECT move, games, wins0, wins1, draws, rating_sum, rating_n FROM explorer_moves WHERE source = ? AND key = ? ORDER BY games DESC, move',
      ),
    };
  }

  async add(games: readonly IndexedGame[]): Promise<number> {
    const added = this.db.transaction(() => {
      const fresh: IndexedGame[] = [];
      for (const g of games) {
        if (this.st.game.run(...gameValues(g)).changes === 0) continue;
        fresh.push(g);
        for (const p of playerKeys(g)) this.st.player.run(p.key, g.id, p.seat);
        for (const p of positionsOf(g)) this.st.position.run(p.key, g.id, p.ply);
      }
      for (const t of talliesOf(fresh))
        this.st.tally.run(t.source, t.key, t.move, t.games, t.wins0, t.wins1, t.draws, t.ratingSum, t.ratingN);
      return fresh.length;
    })();
    await this.wal.durable();
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
    await this.wal.close();
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
