import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { openSqlite } from '../storage/open-sqlite.ts';
import { CHANGES_BY_ACCOUNT, CHANGES_BY_MATCH, changesQuery } from './rating-changes-sql.ts';
import type {
  AccountRow,
  AccountStore,
  BoardKind,
  BotRow,
  ChallengeRow,
  ChatRow,
  RatingChangeRow,
  RatingRow,
  SessionRow,
} from './store.ts';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS accounts (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  name_key TEXT NOT NULL UNIQUE,
  password_hash TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS sessions (
  token_hash TEXT PRIMARY KEY,
  account_id TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS account_seats (
  account_id TEXT NOT NULL,
  match_id TEXT NOT NULL,
  seat INTEGER NOT NULL,
  at INTEGER NOT NULL,
  PRIMARY KEY (account_id, match_id, seat)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS account_seats_at ON account_seats(account_id, at);
CREATE INDEX IF NOT EXISTS account_seats_match ON account_seats(match_id);
CREATE TABLE IF NOT EXISTS chat (
  match_id TEXT NOT NULL,
  at INTEGER NOT NULL,
  channel TEXT NOT NULL,
  seat INTEGER,
  name TEXT,
  text TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS chat_match ON chat(match_id, at);
CREATE TABLE IF NOT EXISTS clocks (
  match_id TEXT PRIMARY KEY,
  data TEXT NOT NULL
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS ratings (
  account_id TEXT NOT NULL,
  game TEXT NOT NULL,
  rating REAL NOT NULL,
  deviation REAL NOT NULL,
  volatility REAL NOT NULL,
  games INTEGER NOT NULL,
  PRIMARY KEY (account_id, game)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS ratings_board ON ratings(game, rating);
CREATE TABLE IF NOT EXISTS bots (
  account_id TEXT PRIMARY KEY,
  token_hash TEXT UNIQUE,
  since INTEGER NOT NULL,
  level TEXT
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS challenges (
  id TEXT PRIMARY KEY,
  from_account TEXT NOT NULL,
  to_account TEXT NOT NULL,
  game TEXT NOT NULL,
  spec TEXT NOT NULL,
  status TEXT NOT NULL,
  reason TEXT,
  match_id TEXT,
  created_at INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS challenges_to ON challenges(to_account, created_at);
CREATE INDEX IF NOT EXISTS challenges_from ON challenges(from_account, created_at);
CREATE TABLE IF NOT EXISTS rating_history (
  account_id TEXT NOT NULL,
  game TEXT NOT NULL,
  match_id TEXT NOT NULL,
  rating REAL NOT NULL,
  deviation REAL NOT NULL,
  at INTEGER NOT NULL,
  PRIMARY KEY (account_id, game, match_id)
) WITHOUT ROWID;
`;

interface AccountDb {
  id: string;
  name: string;
  name_key: string;
  password_hash: string;
  created_at: number;
}
interface RatingDb {
  account_id: string;
  game: string;
  rating: number;
  deviation: number;
  volatility: number;
  games: number;
}

interface BotDb {
  account_id: string;
  token_hash: string | null;
  since: number;
  level: string | null;
}
interface ChallengeDb {
  id: string;
  from_account: string;
  to_account: string;
  game: string;
  spec: string;
  status: ChallengeRow['status'];
  reason: string | null;
  match_id: string | null;
  created_at: number;
}
const bot = (r: BotDb): BotRow => ({
  accountId: r.account_id,
  tokenHash: r.token_hash,
  since: r.since,
  level: r.level,
});
const challenge = (r: ChallengeDb): ChallengeRow => ({
  id: r.id,
  fromAccount: r.from_account,
  toAccount: r.to_account,
  game: r.game,
  spec: r.spec,
  status: r.status,
  reason: r.reason,
  matchId: r.match_id,
  createdAt: r.created_at,
});
/** The leaderboard's filter on bot accounts. */
const BOARD_FILTER: Record<BoardKind, string> = {
  all: '',
  people: ' AND NOT EXISTS (SELECT 1 FROM bots b WHERE b.account_id = r.account_id)',
  engines: ' AND EXISTS (SELECT 1 FROM bots b WHERE b.account_id = r.account_id)',
};

const account = (r: AccountDb): AccountRow => ({
  id: r.id,
  name: r.name,
  nameKey: r.name_key,
  passwordHash: r.password_hash,
  createdAt: r.created_at,
});
const rating = (r: RatingDb): RatingRow => ({
  accountId: r.account_id,
  game: r.game,
  rating: r.rating,
  deviation: r.deviation,
  volatility: r.volatility,
  games: r.games,
});

/**
 * Accounts in their own SQLite file (`accounts.db` beside the matches): account writes are rare (sign-up, login),
 * so they are plain synchronous statements and never queue behind the match writer's batches.
 */
export class SqliteAccountStore implements AccountStore {
  private readonly db: Database.Database;

  constructor(dataDir: string) {
    mkdirSync(dataDir, { recursive: true });
    this.db = openSqlite(join(dataDir, 'accounts.db'));
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = FULL');
    this.db.pragma('busy_timeout = 5000');
    this.db.exec(SCHEMA);
  }

  async createAccount(a: AccountRow): Promise<boolean> {
    const r = this.db
      .prepare(
        'INSERT INTO accounts (id, name, name_key, password_hash, created_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT(name_key) DO NOTHING',
      )
      .run(a.id, a.name, a.nameKey, a.passwordHash, a.createdAt);
    return r.changes === 1;
  }

  async accountByKey(nameKey: string): Promise<AccountRow | null> {
    const r = this.db.prepare('SELECT * FROM accounts WHERE name_key = ?').get(nameKey) as AccountDb | undefined;
    return r ? account(r) : null;
  }

  async accountById(id: string): Promise<AccountRow | null> {
    const r = this.db.prepare('SELECT * FROM accounts WHERE id = ?').get(id) as AccountDb | undefined;
    return r ? account(r) : null;
  }

  async setPasswordHash(id: string, passwordHash: string): Promise<void> {
    this.db.prepare('UPDATE accounts SET password_hash = ? WHERE id = ?').run(passwordHash, id);
  }

  async createSession(s: SessionRow): Promise<void> {
    this.db
      .prepare('INSERT INTO sessions (token_hash, account_id, created_at, expires_at) VALUES (?, ?, ?, ?)')
      .run(s.tokenHash, s.accountId, s.createdAt, s.expiresAt);
  }

  async session(tokenHash: string, now: number): Promise<SessionRow | null> {
    const r = this.db.prepare('SELECT * FROM sessions WHERE token_hash = ? AND expires_at > ?').get(tokenHash, now) as
      { token_hash: string; account_id: string; created_at: number; expires_at: number } | undefined;
    return r
      ? { tokenHash: r.token_hash, accountId: r.account_id, createdAt: r.created_at, expiresAt: r.expires_at }
      : null;
  }

  async deleteSession(tokenHash: string): Promise<void> {
    this.db.prepare('DELETE FROM sessions WHERE token_hash = ?').run(tokenHash);
  }
  async deleteSessionsOf(accountId: string): Promise<void> {
    this.db.prepare('DELETE FROM sessions WHERE account_id = ?').run(accountId);
  }

  async addSeat(accountId: string, matchId: string, seat: number, at: number): Promise<void> {
    this.db
      .prepare('INSERT OR IGNORE INTO account_seats (account_id, match_id, seat, at) VALUES (?, ?, ?, ?)')
      .run(accountId, matchId, seat, at);
  }

  async removeSeat(accountId: string, matchId: string, seat: number): Promise<void> {
    this.db
      .prepare('DELETE FROM account_seats WHERE account_id = ? AND match_id = ? AND seat = ?')
      .run(accountId, matchId, seat);
  }

  async seats(accountId: string, limit: number): Promise<{ matchId: string; seat: number; at: number }[]> {
    return (
      this.db
        .prepare('SELECT match_id, seat, at FROM account_seats WHERE account_id = ? ORDER BY at DESC LIMIT ?')
        .all(accountId, limit) as { match_id: string; seat: number; at: number }[]
    ).map((r) => ({ matchId: r.match_id, seat: r.seat, at: r.at }));
  }

  async matchSeats(matchId: string): Promise<{ accountId: string; seat: number }[]> {
    return (
      this.db.prepare('SELECT account_id, seat FROM account_seats WHERE match_id = ? ORDER BY seat').all(matchId) as {
        account_id: string;
        seat: number;
      }[]
    ).map((r) => ({ accountId: r.account_id, seat: r.seat }));
  }

  async appendChat(c: ChatRow): Promise<void> {
    this.db
      .prepare('INSERT INTO chat (match_id, at, channel, seat, name, text) VALUES (?, ?, ?, ?, ?, ?)')
      .run(c.matchId, c.at, c.channel, c.seat, c.name, c.text);
  }

  async chat(matchId: string, limit: number): Promise<ChatRow[]> {
    const rows = this.db
      .prepare('SELECT * FROM chat WHERE match_id = ? ORDER BY at DESC, rowid DESC LIMIT ?')
      .all(matchId, limit) as {
      match_id: string;
      at: number;
      channel: 'players' | 'spectators';
      seat: number | null;
      name: string | null;
      text: string;
    }[];
    return rows
      .reverse()
      .map((r) => ({ matchId: r.match_id, channel: r.channel, seat: r.seat, name: r.name, text: r.text, at: r.at }));
  }

  async saveClock(matchId: string, data: string): Promise<void> {
    this.db
      .prepare(
        'INSERT INTO clocks (match_id, data) VALUES (?, ?) ON CONFLICT(match_id) DO UPDATE SET data = excluded.data',
      )
      .run(matchId, data);
  }

  async loadClock(matchId: string): Promise<string | null> {
    const r = this.db.prepare('SELECT data FROM clocks WHERE match_id = ?').get(matchId) as
      { data: string } | undefined;
    return r?.data ?? null;
  }

  async rating(accountId: string, game: string): Promise<RatingRow | null> {
    const r = this.db.prepare('SELECT * FROM ratings WHERE account_id = ? AND game = ?').get(accountId, game) as
      RatingDb | undefined;
    return r ? rating(r) : null;
  }

  async saveRatings(matchId: string, rows: readonly RatingRow[], at: number): Promise<void> {
    const upsert = this.db.prepare(
      `INSERT INTO ratings (account_id, game, rating, deviation, volatility, games) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT(account_id, game) DO UPDATE SET rating = excluded.rating, deviation = excluded.deviation, volatility = excluded.volatility, games = excluded.games`,
    );
    const history = this.db.prepare(
      'INSERT OR IGNORE INTO rating_history (account_id, game, match_id, rating, deviation, at) VALUES (?, ?, ?, ?, ?, ?)',
    );
    this.db.transaction(() => {
      for (const r of rows) {
        upsert.run(r.accountId, r.game, r.rating, r.deviation, r.volatility, r.games);
        history.run(r.accountId, r.game, matchId, r.rating, r.deviation, at);
      }
    })();
  }

  async leaderboard(
    game: string,
    limit: number,
    minGames = 0,
    kind: BoardKind = 'all',
  ): Promise<(RatingRow & { name: string; bot: boolean })[]> {
    return (
      this.db
        .prepare(
          `SELECT r.*, a.name, EXISTS (SELECT 1 FROM bots b WHERE b.account_id = r.account_id) AS is_bot
           FROM ratings r JOIN accounts a ON a.id = r.account_id WHERE r.game = ? AND r.games >= ?${BOARD_FILTER[kind]}
           ORDER BY r.rating DESC LIMIT ?`,
        )
        .all(game, minGames, limit) as (RatingDb & { name: string; is_bot: number })[]
    ).map((r) => ({ ...rating(r), name: r.name, bot: r.is_bot === 1 }));
  }

  async ratedGames(accountId: string): Promise<number> {
    const r = this.db
      .prepare('SELECT COALESCE(SUM(games), 0) AS n FROM ratings WHERE account_id = ?')
      .get(accountId) as {
      n: number;
    };
    return r.n;
  }

  async makeBot(b: BotRow): Promise<boolean> {
    const r = this.db
      .prepare('INSERT INTO bots (account_id, token_hash, since, level) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING')
      .run(b.accountId, b.tokenHash, b.since, b.level);
    return r.changes === 1;
  }

  async setBotToken(accountId: string, tokenHash: string): Promise<void> {
    this.db.prepare('UPDATE bots SET token_hash = ? WHERE account_id = ?').run(tokenHash, accountId);
  }

  async bot(accountId: string): Promise<BotRow | null> {
    const r = this.db.prepare('SELECT * FROM bots WHERE account_id = ?').get(accountId) as BotDb | undefined;
    return r ? bot(r) : null;
  }

  async botByToken(tokenHash: string): Promise<BotRow | null> {
    const r = this.db.prepare('SELECT * FROM bots WHERE token_hash = ?').get(tokenHash) as BotDb | undefined;
    return r ? bot(r) : null;
  }

  async botsAmong(accountIds: readonly string[]): Promise<Set<string>> {
    if (accountIds.length === 0) return new Set();
    const rows = this.db
      .prepare(`SELECT account_id FROM bots WHERE account_id IN (${accountIds.map(() => '?').join(',')})`)
      .all(...accountIds) as { account_id: string }[];
    return new Set(rows.map((r) => r.account_id));
  }

  async createChallenge(c: ChallengeRow): Promise<void> {
    this.db
      .prepare(
        'INSERT INTO challenges (id, from_account, to_account, game, spec, status, reason, match_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
      )
      .run(c.id, c.fromAccount, c.toAccount, c.game, c.spec, c.status, c.reason, c.matchId, c.createdAt);
  }

  async challenge(id: string): Promise<ChallengeRow | null> {
    const r = this.db.prepare('SELECT * FROM challenges WHERE id = ?').get(id) as ChallengeDb | undefined;
    return r ? challenge(r) : null;
  }

  async challenges(
    side: 'to' | 'from',
    accountId: string,
    status: ChallengeRow['status'] | null,
    limit: number,
  ): Promise<ChallengeRow[]> {
    const column = side === 'to' ? 'to_account' : 'from_account';
    return (
      this.db
        .prepare(
          `SELECT * FROM challenges WHERE ${column} = ? AND (? IS NULL OR status = ?) ORDER BY created_at DESC LIMIT ?`,
        )
        .all(accountId, status, status, limit) as ChallengeDb[]
    ).map(challenge);
  }

  async settleChallenge(
    id: string,
    status: ChallengeRow['status'],
    reason: string | null,
    matchId: string | null,
    from: ChallengeRow['status'] = 'pending',
  ): Promise<boolean> {
    const r = this.db
      .prepare('UPDATE challenges SET status = ?, reason = ?, match_id = ? WHERE id = ? AND status = ?')
      .run(status, reason, matchId, id, from);
    return r.changes === 1;
  }

  async history(
    accountId: string,
    game: string,
    limit: number,
  ): Promise<{ matchId: string; rating: number; deviation: number; at: number }[]> {
    return (
      this.db
        .prepare(
          'SELECT match_id, rating, deviation, at FROM rating_history WHERE account_id = ? AND game = ? ORDER BY at DESC LIMIT ?',
        )
        .all(accountId, game, limit) as { match_id: string; rating: number; deviation: number; at: number }[]
    ).map((r) => ({ matchId: r.match_id, rating: r.rating, deviation: r.deviation, at: r.at }));
  }

  async ratingChanges(by: { readonly match: string } | { readonly account: string }): Promise<RatingChangeRow[]> {
    const [where, key] = 'match' in by ? [CHANGES_BY_MATCH, by.match] : [CHANGES_BY_ACCOUNT, by.account];
    return (
      this.db.prepare(changesQuery(where)).all(key, key) as {
        account_id: string;
        match_id: string;
        game: string;
        previous: number | null;
        rating: number;
      }[]
    ).map((r) => ({ accountId: r.account_id, matchId: r.match_id, game: r.game, before: r.previous, after: r.rating }));
  }

  async close(): Promise<void> {
    this.db.close();
  }
}
