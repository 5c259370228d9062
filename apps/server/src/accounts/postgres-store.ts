import pg from 'pg';
import { Fenced, FENCED_SQLSTATE } from '../storage/errors.ts';
import { migrate } from '../storage/postgres.ts';
import type { Fence } from '../storage/store.ts';
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

/** A write for a match, made by its owner: refused (Fenced) by the database once another process owns the match. */
const owner = (fence: Fence | undefined): [string, string, number] | null =>
  fence?.kind === 'lease' ? [fence.match, fence.owner, fence.epoch] : null;
const fencedError = (e: unknown): unknown =>
  (e as { code?: string }).code === FENCED_SQLSTATE ? new Fenced((e as Error).message) : e;

/** The account tables, created at start under an advisory lock so that several processes starting at once agree. */
const SCHEMA = `
CREATE TABLE IF NOT EXISTS accounts (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  name_key TEXT NOT NULL UNIQUE,
  password_hash TEXT NOT NULL,
  created_at BIGINT NOT NULL
);
CREATE TABLE IF NOT EXISTS sessions (
  token_hash TEXT PRIMARY KEY,
  account_id TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  expires_at BIGINT NOT NULL
);
CREATE TABLE IF NOT EXISTS account_seats (
  account_id TEXT NOT NULL,
  match_id TEXT NOT NULL,
  seat INTEGER NOT NULL,
  at BIGINT NOT NULL,
  PRIMARY KEY (account_id, match_id, seat)
);
CREATE INDEX IF NOT EXISTS account_seats_at ON account_seats(account_id, at);
CREATE INDEX IF NOT EXISTS account_seats_match ON account_seats(match_id);
CREATE TABLE IF NOT EXISTS ratings (
  account_id TEXT NOT NULL,
  game TEXT NOT NULL,
  rating DOUBLE PRECISION NOT NULL,
  deviation DOUBLE PRECISION NOT NULL,
  volatility DOUBLE PRECISION NOT NULL,
  games INTEGER NOT NULL,
  PRIMARY KEY (account_id, game)
);
CREATE INDEX IF NOT EXISTS ratings_board ON ratings(game, rating);
CREATE TABLE IF NOT EXISTS bots (
  account_id TEXT PRIMARY KEY,
  token_hash TEXT UNIQUE,
  since BIGINT NOT NULL,
  level TEXT
);
CREATE TABLE IF NOT EXISTS challenges (
  id TEXT PRIMARY KEY,
  from_account TEXT NOT NULL,
  to_account TEXT NOT NULL,
  game TEXT NOT NULL,
  spec TEXT NOT NULL,
  status TEXT NOT NULL,
  reason TEXT,
  match_id TEXT,
  created_at BIGINT NOT NULL
);
CREATE INDEX IF NOT EXISTS challenges_to ON challenges(to_account, created_at);
CREATE INDEX IF NOT EXISTS challenges_from ON challenges(from_account, created_at);
CREATE TABLE IF NOT EXISTS rating_history (
  account_id TEXT NOT NULL,
  game TEXT NOT NULL,
  match_id TEXT NOT NULL,
  rating DOUBLE PRECISION NOT NULL,
  deviation DOUBLE PRECISION NOT NULL,
  at BIGINT NOT NULL,
  PRIMARY KEY (account_id, game, match_id)
);
`;
/** An arbitrary, fixed key for pg_advisory_lock: "accounts schema". */
const SCHEMA_LOCK = 0x52_54_41_43;

interface AccountDb {
  id: string;
  name: string;
  name_key: string;
  password_hash: string;
  created_at: string;
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
  since: string;
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
  created_at: string;
}
const bot = (r: BotDb): BotRow => ({
  accountId: r.account_id,
  tokenHash: r.token_hash,
  since: Number(r.since),
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
  createdAt: Number(r.created_at),
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
  createdAt: Number(r.created_at),
});
const rating = (r: RatingDb): RatingRow => ({
  accountId: r.account_id,
  game: r.game,
  rating: r.rating,
  deviation: r.deviation,
  volatility: r.volatility,
  games: r.games,
});

/** Accounts in PostgreSQL, for servers that share one database. */
export class PostgresAccountStore implements AccountStore {
  private constructor(
    /** Shared with the limits (limits/guard.ts) when the store runs on its own (tests). */
    readonly pool: pg.Pool,
    private readonly ownsPool: boolean,
  ) {}

  /** Connects (or uses `pool`), creates the tables if missing, and resolves once ready. */
  static async open(source: string | pg.Pool): Promise<PostgresAccountStore> {
    const pool = typeof source === 'string' ? new pg.Pool({ connectionString: source, max: 4 }) : source;
    const client = await pool.connect();
    try {
      await client.query('SELECT pg_advisory_lock($1)', [SCHEMA_LOCK]);
      await client.query(SCHEMA);
      // The chat table is a versioned migration of the match schema (002-chat.sql), applied here too so an
      // account store opened on its own has it.
      await migrate(client);
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [SCHEMA_LOCK]).catch(() => undefined);
      client.release();
    }
    return new PostgresAccountStore(pool, typeof source === 'string');
  }

  async createAccount(a: AccountRow): Promise<boolean> {
    const r = await this.pool.query(
      'INSERT INTO accounts (id, name, name_key, password_hash, created_at) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (name_key) DO NOTHING',
      [a.id, a.name, a.nameKey, a.passwordHash, a.createdAt],
    );
    return r.rowCount === 1;
  }

  async accountByKey(nameKey: string): Promise<AccountRow | null> {
    const r = await this.pool.query<AccountDb>('SELECT * FROM accounts WHERE name_key = $1', [nameKey]);
    return r.rows[0] ? account(r.rows[0]) : null;
  }

  async accountById(id: string): Promise<AccountRow | null> {
    const r = await this.pool.query<AccountDb>('SELECT * FROM accounts WHERE id = $1', [id]);
    return r.rows[0] ? account(r.rows[0]) : null;
  }

  async setPasswordHash(id: string, passwordHash: string): Promise<void> {
    await this.pool.query('UPDATE accounts SET password_hash = $1 WHERE id = $2', [passwordHash, id]);
  }

  async createSession(s: SessionRow): Promise<void> {
    await this.pool.query(
      'INSERT INTO sessions (token_hash, account_id, created_at, expires_at) VALUES ($1, $2, $3, $4)',
      [s.tokenHash, s.accountId, s.createdAt, s.expiresAt],
    );
  }

  async session(tokenHash: string, now: number): Promise<SessionRow | null> {
    const r = await this.pool.query<{ token_hash: string; account_id: string; created_at: string; expires_at: string }>(
      'SELECT * FROM sessions WHERE token_hash = $1 AND expires_at > $2',
      [tokenHash, now],
    );
    const row = r.rows[0];
    return row
      ? {
          tokenHash: row.token_hash,
          accountId: row.account_id,
          createdAt: Number(row.created_at),
          expiresAt: Number(row.expires_at),
        }
      : null;
  }

  async deleteSession(tokenHash: string): Promise<void> {
    await this.pool.query('DELETE FROM sessions WHERE token_hash = $1', [tokenHash]);
  }
  async deleteSessionsOf(accountId: string): Promise<void> {
    await this.pool.query('DELETE FROM sessions WHERE account_id = $1', [accountId]);
  }

  async addSeat(accountId: string, matchId: string, seat: number, at: number): Promise<void> {
    await this.pool.query(
      'INSERT INTO account_seats (account_id, match_id, seat, at) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING',
      [accountId, matchId, seat, at],
    );
  }

  async removeSeat(accountId: string, matchId: string, seat: number): Promise<void> {
    await this.pool.query('DELETE FROM account_seats WHERE account_id = $1 AND match_id = $2 AND seat = $3', [
      accountId,
      matchId,
      seat,
    ]);
  }

  async seats(accountId: string, limit: number): Promise<{ matchId: string; seat: number; at: number }[]> {
    const r = await this.pool.query<{ match_id: string; seat: number; at: string }>(
      'SELECT match_id, seat, at FROM account_seats WHERE account_id = $1 ORDER BY at DESC LIMIT $2',
      [accountId, limit],
    );
    return r.rows.map((row) => ({ matchId: row.match_id, seat: row.seat, at: Number(row.at) }));
  }

  async matchSeats(matchId: string): Promise<{ accountId: string; seat: number }[]> {
    const r = await this.pool.query<{ account_id: string; seat: number }>(
      'SELECT account_id, seat FROM account_seats WHERE match_id = $1 ORDER BY seat',
      [matchId],
    );
    return r.rows.map((row) => ({ accountId: row.account_id, seat: row.seat }));
  }

  async appendChat(c: ChatRow, fence?: Fence): Promise<void> {
    const args = [c.matchId, c.at, c.channel, c.seat, c.name, c.text];
    const by = owner(fence);
    await (
      by
        ? this.pool.query(
            `WITH fence AS (SELECT rt_fence($7, $8, $9))
           INSERT INTO chat (match_id, at, channel, seat, name, text)
           SELECT $1::text, $2::bigint, $3::text, $4::int, $5::text, $6::text FROM fence`,
            [...args, ...by],
          )
        : this.pool.query(
            'INSERT INTO chat (match_id, at, channel, seat, name, text) VALUES ($1, $2, $3, $4, $5, $6)',
            args,
          )
    ).catch((e: unknown) => {
      throw fencedError(e);
    });
  }

  async chat(matchId: string, limit: number): Promise<ChatRow[]> {
    const r = await this.pool.query<{
      match_id: string;
      at: string;
      channel: 'players' | 'spectators';
      seat: number | null;
      name: string | null;
      text: string;
    }>('SELECT * FROM chat WHERE match_id = $1 ORDER BY at DESC, id DESC LIMIT $2', [matchId, limit]);
    return r.rows.reverse().map((row) => ({
      matchId: row.match_id,
      channel: row.channel,
      seat: row.seat,
      name: row.name,
      text: row.text,
      at: Number(row.at),
    }));
  }

  async saveClock(matchId: string, data: string, fence?: Fence): Promise<void> {
    const by = owner(fence);
    await (
      by
        ? this.pool.query(
            `WITH fence AS (SELECT rt_fence($3, $4, $5))
           INSERT INTO clocks (match_id, data) SELECT $1::text, $2::text FROM fence
           ON CONFLICT (match_id) DO UPDATE SET data = EXCLUDED.data`,
            [matchId, data, ...by],
          )
        : this.pool.query(
            'INSERT INTO clocks (match_id, data) VALUES ($1, $2) ON CONFLICT (match_id) DO UPDATE SET data = EXCLUDED.data',
            [matchId, data],
          )
    ).catch((e: unknown) => {
      throw fencedError(e);
    });
  }

  async loadClock(matchId: string): Promise<string | null> {
    const r = await this.pool.query<{ data: string }>('SELECT data FROM clocks WHERE match_id = $1', [matchId]);
    return r.rows[0]?.data ?? null;
  }

  async rating(accountId: string, game: string): Promise<RatingRow | null> {
    const r = await this.pool.query<RatingDb>('SELECT * FROM ratings WHERE account_id = $1 AND game = $2', [
      accountId,
      game,
    ]);
    return r.rows[0] ? rating(r.rows[0]) : null;
  }

  async saveRatings(matchId: string, rows: readonly RatingRow[], at: number, fence?: Fence): Promise<void> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const by = owner(fence);
      if (by) await client.query('SELECT rt_fence($1, $2, $3)', by);
      for (const r of rows) {
        await client.query(
          `INSERT INTO ratings (account_id, game, rating, deviation, volatility, games) VALUES ($1, $2, $3, $4, $5, $6)
           ON CONFLICT (account_id, game) DO UPDATE SET rating = EXCLUDED.rating, deviation = EXCLUDED.deviation, volatility = EXCLUDED.volatility, games = EXCLUDED.games`,
          [r.accountId, r.game, r.rating, r.deviation, r.volatility, r.games],
        );
        await client.query(
          'INSERT INTO rating_history (account_id, game, match_id, rating, deviation, at) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING',
          [r.accountId, r.game, matchId, r.rating, r.deviation, at],
        );
      }
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw fencedError(error);
    } finally {
      client.release();
    }
  }

  async leaderboard(
    game: string,
    limit: number,
    minGames = 0,
    kind: BoardKind = 'all',
  ): Promise<(RatingRow & { name: string; bot: boolean })[]> {
    const r = await this.pool.query<RatingDb & { name: string; is_bot: boolean }>(
      `SELECT r.*, a.name, EXISTS (SELECT 1 FROM bots b WHERE b.account_id = r.account_id) AS is_bot
       FROM ratings r JOIN accounts a ON a.id = r.account_id WHERE r.game = $1 AND r.games >= $3${BOARD_FILTER[kind]}
       ORDER BY r.rating DESC LIMIT $2`,
      [game, limit, minGames],
    );
    return r.rows.map((row) => ({ ...rating(row), name: row.name, bot: row.is_bot }));
  }

  async ratedGames(accountId: string): Promise<number> {
    const r = await this.pool.query<{ n: string }>(
      'SELECT COALESCE(SUM(games), 0) AS n FROM ratings WHERE account_id = $1',
      [accountId],
    );
    return Number(r.rows[0]?.n ?? 0);
  }

  async makeBot(b: BotRow): Promise<boolean> {
    const r = await this.pool.query(
      'INSERT INTO bots (account_id, token_hash, since, level) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING',
      [b.accountId, b.tokenHash, b.since, b.level],
    );
    return r.rowCount === 1;
  }

  async setBotToken(accountId: string, tokenHash: string): Promise<void> {
    await this.pool.query('UPDATE bots SET token_hash = $1 WHERE account_id = $2', [tokenHash, accountId]);
  }

  async bot(accountId: string): Promise<BotRow | null> {
    const r = await this.pool.query<BotDb>('SELECT * FROM bots WHERE account_id = $1', [accountId]);
    return r.rows[0] ? bot(r.rows[0]) : null;
  }

  async botByToken(tokenHash: string): Promise<BotRow | null> {
    const r = await this.pool.query<BotDb>('SELECT * FROM bots WHERE token_hash = $1', [tokenHash]);
    return r.rows[0] ? bot(r.rows[0]) : null;
  }

  async botsAmong(accountIds: readonly string[]): Promise<Set<string>> {
    if (accountIds.length === 0) return new Set();
    const r = await this.pool.query<{ account_id: string }>('SELECT account_id FROM bots WHERE account_id = ANY($1)', [
      [...accountIds],
    ]);
    return new Set(r.rows.map((row) => row.account_id));
  }

  async createChallenge(c: ChallengeRow): Promise<void> {
    await this.pool.query(
      'INSERT INTO challenges (id, from_account, to_account, game, spec, status, reason, match_id, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)',
      [c.id, c.fromAccount, c.toAccount, c.game, c.spec, c.status, c.reason, c.matchId, c.createdAt],
    );
  }

  async challenge(id: string): Promise<ChallengeRow | null> {
    const r = await this.pool.query<ChallengeDb>('SELECT * FROM challenges WHERE id = $1', [id]);
    return r.rows[0] ? challenge(r.rows[0]) : null;
  }

  async challenges(
    side: 'to' | 'from',
    accountId: string,
    status: ChallengeRow['status'] | null,
    limit: number,
  ): Promise<ChallengeRow[]> {
    const column = side === 'to' ? 'to_account' : 'from_account';
    const r = await this.pool.query<ChallengeDb>(
      `SELECT * FROM challenges WHERE ${column} = $1 AND ($2::text IS NULL OR status = $2) ORDER BY created_at DESC LIMIT $3`,
      [accountId, status, limit],
    );
    return r.rows.map(challenge);
  }

  async settleChallenge(
    id: string,
    status: ChallengeRow['status'],
    reason: string | null,
    matchId: string | null,
    from: ChallengeRow['status'] = 'pending',
  ): Promise<boolean> {
    const r = await this.pool.query(
      'UPDATE challenges SET status = $1, reason = $2, match_id = $3 WHERE id = $4 AND status = $5',
      [status, reason, matchId, id, from],
    );
    return r.rowCount === 1;
  }

  async history(
    accountId: string,
    game: string,
    limit: number,
  ): Promise<{ matchId: string; rating: number; deviation: number; at: number }[]> {
    const r = await this.pool.query<{ match_id: string; rating: number; deviation: number; at: string }>(
      'SELECT match_id, rating, deviation, at FROM rating_history WHERE account_id = $1 AND game = $2 ORDER BY at DESC LIMIT $3',
      [accountId, game, limit],
    );
    return r.rows.map((row) => ({
      matchId: row.match_id,
      rating: row.rating,
      deviation: row.deviation,
      at: Number(row.at),
    }));
  }

  async ratingChanges(by: { readonly match: string } | { readonly account: string }): Promise<RatingChangeRow[]> {
    const [where, key] = 'match' in by ? [CHANGES_BY_MATCH, by.match] : [CHANGES_BY_ACCOUNT, by.account];
    const r = await this.pool.query<{
      account_id: string;
      match_id: string;
      game: string;
      previous: number | null;
      rating: number;
    }>(changesQuery(where, '$1', '$2'), [key, key]);
    return r.rows.map((row) => ({
      accountId: row.account_id,
      matchId: row.match_id,
      game: row.game,
      before: row.previous,
      after: row.rating,
    }));
  }

  async close(): Promise<void> {
    if (this.ownsPool) await this.pool.end();
  }
}
