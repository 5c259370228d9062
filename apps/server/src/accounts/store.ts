import type { Fence } from '../storage/store.ts';
import type { Rating } from './ratings.ts';

/**
 * What the server keeps about people, apart from matches: accounts, their sessions, the seats they hold and
 * their ratings. One interface, an implementation per storage (SQLite by default, PostgreSQL when several
 * processes share the load), like `Store` for matches.
 */
export interface AccountRow {
  readonly id: string;
  readonly name: string;
  /** `nameKey(name)`: unique; two names with the same key are the same name. */
  readonly nameKey: string;
  readonly passwordHash: string;
  readonly createdAt: number;
}

export interface SessionRow {
  /** sha256 of the session token (the cookie's value); the token itself is never stored. */
  readonly tokenHash: string;
  readonly accountId: string;
  readonly createdAt: number;
  readonly expiresAt: number;
}

export interface RatingRow extends Rating {
  readonly accountId: string;
  readonly game: string;
}

export interface ChatRow {
  readonly matchId: string;
  /** `players`: the seats' channel; `spectators`: the spectators' own. */
  readonly channel: 'players' | 'spectators';
  /** The seat that wrote it, null for a spectator. */
  readonly seat: number | null;
  readonly name: string | null;
  readonly text: string;
  readonly at: number;
}

/** A bot account (issue 38): played by an engine through the bot API, or by the server's own bots (`level`). */
export interface BotRow {
  readonly accountId: string;
  /** sha256 of its bot token; null for the server's own levels (they need none). */
  readonly tokenHash: string | null;
  /** When the account became a bot (for ever). */
  readonly since: number;
  /** A level of packages/ai the server plays the account's seats with; null for an outside engine. */
  readonly level: string | null;
}

export interface ChallengeRow {
  readonly id: string;
  readonly fromAccount: string;
  readonly toAccount: string;
  readonly game: string;
  /** `{options, clock, rated, seat}` of the challenge, as JSON text (validated when it was made). */
  readonly spec: string;
  readonly status: 'pending' | 'accepted' | 'declined' | 'cancelled' | 'lapsed';
  readonly reason: string | null;
  readonly matchId: string | null;
  readonly createdAt: number;
}

/** Whose ratings a leaderboard lists: everybody, people only, or bot accounts only (the ladder of engines). */
export type BoardKind = 'all' | 'people' | 'engines';

/** One account's rating change by one rated match (`ratingChanges`). */
export interface RatingChangeRow {
  readonly accountId: string;
  readonly matchId: string;
  readonly game: string;
  readonly before: number | null;
  readonly after: number;
}

export interface AccountStore {
  /** Creates the account, or answers false when its name key is taken (checked atomically by the storage). */
  createAccount(account: AccountRow): Promise<boolean>;
  accountByKey(nameKey: string): Promise<AccountRow | null>;
  accountById(id: string): Promise<AccountRow | null>;
  setPasswordHash(id: string, passwordHash: string): Promise<void>;

  createSession(session: SessionRow): Promise<void>;
  /** The live session of a token hash, or null when there is none or it expired. */
  session(tokenHash: string, now: number): Promise<SessionRow | null>;
  deleteSession(tokenHash: string): Promise<void>;
  /** Ends every session of an account (its password was reset: whoever knew the old one is logged out). */
  deleteSessionsOf(accountId: string): Promise<void>;

  /** Records that an account holds a seat of a match (created, joined or claimed with its session). */
  addSeat(accountId: string, matchId: string, seat: number, at: number): Promise<void>;
  /** The account no longer holds that seat (it left before the start). */
  removeSeat(accountId: string, matchId: string, seat: number): Promise<void>;
  /** The seats an account holds, newest first. */
  seats(accountId: string, limit: number): Promise<{ matchId: string; seat: number; at: number }[]>;
  /** Which account holds which seat of a match (seats held by no account are absent). */
  matchSeats(matchId: string): Promise<{ accountId: string; seat: number }[]>;

  /**
   * Chat: one line said in a match, kept with it (history sent on attach). `fence`: written by the match's owner,
   * refused (storage/errors.ts Fenced) once another process owns the match (several processes share PostgreSQL).
   */
  appendChat(line: ChatRow, fence?: Fence): Promise<void>;
  /** The last `limit` lines of a match, oldest first. */
  chat(matchId: string, limit: number): Promise<ChatRow[]>;

  /**
   * Data kept with a match, as JSON text, replacing what was there: a rematch record (social/table.ts), and the
   * Fischer banks of matches stored before they moved to the match store (read as a fallback). `fence`: as for chat.
   */
  saveClock(matchId: string, data: string, fence?: Fence): Promise<void>;
  loadClock(matchId: string): Promise<string | null>;

  rating(accountId: string, game: string): Promise<RatingRow | null>;
  /** Stores new ratings of one rated match together, with one history row each (`fence`: as for chat). */
  saveRatings(matchId: string, rows: readonly RatingRow[], at: number, fence?: Fence): Promise<void>;
  /** The best ratings of a game among accounts with at least `minGames` rated games of it (no longer provisional). */
  leaderboard(
    game: string,
    limit: number,
    minGames?: number,
    kind?: BoardKind,
  ): Promise<(RatingRow & { name: string; bot: boolean })[]>;
  history(
    accountId: string,
    game: string,
    limit: number,
  ): Promise<{ matchId: string; rating: number; deviation: number; at: number }[]>;
  /**
   * What rated matches changed, from the history: each row's rating after the match and the account's rating in
   * that game before it (null: its first rated match there). By match: every account rated by it; by account:
   * every match that rated it.
   */
  ratingChanges(by: { readonly match: string } | { readonly account: string }): Promise<RatingChangeRow[]>;

  /** Rated games the account has played, all games together (an account that played some may not become a bot). */
  ratedGames(accountId: string): Promise<number>;

  /** Makes the account a bot, or answers false when it is one already (checked atomically by the storage). */
  makeBot(bot: BotRow): Promise<boolean>;
  /** A new bot token for a bot account (the old one stops working). */
  setBotToken(accountId: string, tokenHash: string): Promise<void>;
  bot(accountId: string): Promise<BotRow | null>;
  botByToken(tokenHash: string): Promise<BotRow | null>;
  /** Which of these accounts are bots. */
  botsAmong(accountIds: readonly string[]): Promise<Set<string>>;

  createChallenge(challenge: ChallengeRow): Promise<void>;
  challenge(id: string): Promise<ChallengeRow | null>;
  /** The challenges sent to an account (`to`) or by it (`from`) in a status, newest first. */
  challenges(
    side: 'to' | 'from',
    accountId: string,
    status: ChallengeRow['status'] | null,
    limit: number,
  ): Promise<ChallengeRow[]>;
  /**
   * Moves a challenge from status `from` (pending by default) to `status`; false when it was not in `from` any more
   * (another answer came first).
   */
  settleChallenge(
    id: string,
    status: ChallengeRow['status'],
    reason: string | null,
    matchId: string | null,
    from?: ChallengeRow['status'],
  ): Promise<boolean>;

  close(): Promise<void>;
}
