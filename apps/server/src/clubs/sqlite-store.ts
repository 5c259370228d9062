import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { openSqlite } from '../storage/open-sqlite.ts';
import type { ClubRow, ClubStore, MemberRow, VouchedRow } from './store.ts';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS clubs (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  name_key TEXT NOT NULL UNIQUE,
  owner_id TEXT NOT NULL UNIQUE,
  code TEXT NOT NULL UNIQUE,
  created_at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS club_members (
  club_id TEXT NOT NULL,
  account_id TEXT NOT NULL,
  joined_at INTEGER NOT NULL,
  PRIMARY KEY (club_id, account_id)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS club_members_account ON club_members (account_id);
CREATE TABLE IF NOT EXISTS club_vouched (
  match_id TEXT NOT NULL,
  club_id TEXT NOT NULL,
  game TEXT NOT NULL,
  a TEXT NOT NULL,
  b TEXT NOT NULL,
  at INTEGER NOT NULL,
  PRIMARY KEY (match_id, a, b)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS club_wards (
  account_id TEXT PRIMARY KEY,
  club_id TEXT NOT NULL,
  at INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS club_vouched_a ON club_vouched (a, at);
CREATE INDEX IF NOT EXISTS club_vouched_b ON club_vouched (b, at);
`;

interface Row {
  id: string;
  name: string;
  name_key: string;
  owner_id: string;
  code: string;
  created_at: number;
}

const club = (r: Row): ClubRow => ({
  id: r.id,
  name: r.name,
  nameKey: r.name_key,
  ownerId: r.owner_id,
  code: r.code,
  createdAt: r.created_at,
});

interface Vouched {
  match_id: string;
  club_id: string;
  game: string;
  a: string;
  b: string;
  at: number;
}

const vouched = (r: Vouched): VouchedRow => ({
  matchId: r.match_id,
  clubId: r.club_id,
  game: r.game,
  a: r.a,
  b: r.b,
  at: r.at,
});

/**
 * Clubs in `clubs.db` beside the matches, shared by every process of the data folder: a join and its count are one
 * transaction that takes the write lock at its start (`immediate`), so two processes never both add the last member.
 */
export class SqliteClubStore implements ClubStore {
  private readonly db: Database.Database;

  constructor(dataDir: string) {
    mkdirSync(dataDir, { recursive: true });
    this.db = openSqlite(join(dataDir, 'clubs.db'));
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('busy_timeout = 5000');
    this.db.exec(SCHEMA);
  }

  async create(c: ClubRow, now: number): Promise<boolean> {
    return this.db
      .transaction(() => {
        const made = this.db
          .prepare(
            'INSERT INTO clubs (id, name, name_key, owner_id, code, created_at) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING',
          )
          .run(c.id, c.name, c.nameKey, c.ownerId, c.code, c.createdAt);
        if (made.changes !== 1) return false;
        this.db
          .prepare('INSERT OR IGNORE INTO club_members (club_id, account_id, joined_at) VALUES (?, ?, ?)')
          .run(c.id, c.ownerId, now);
        return true;
      })
      .immediate();
  }

  private one(where: string, value: string): ClubRow | null {
    const r = this.db.prepare(`SELECT * FROM clubs WHERE ${where} = ?`).get(value) as Row | undefined;
    return r ? club(r) : null;
  }

  async byId(id: string): Promise<ClubRow | null> {
    return this.one('id', id);
  }

  async byCode(code: string): Promise<ClubRow | null> {
    return this.one('code', code);
  }

  async byOwner(ownerId: string): Promise<ClubRow | null> {
    return this.one('owner_id', ownerId);
  }

  async clubsOf(accountId: string): Promise<ClubRow[]> {
    const rows = this.db
      .prepare(
        'SELECT c.* FROM clubs c JOIN club_members m ON m.club_id = c.id WHERE m.account_id = ? ORDER BY c.name_key',
      )
      .all(accountId) as Row[];
    return rows.map(club);
  }

  async members(clubId: string): Promise<MemberRow[]> {
    const rows = this.db
      .prepare('SELECT account_id, joined_at FROM club_members WHERE club_id = ? ORDER BY joined_at')
      .all(clubId) as { account_id: string; joined_at: number }[];
    return rows.map((r) => ({ accountId: r.account_id, joinedAt: r.joined_at }));
  }

  async addMember(clubId: string, accountId: string, max: number, now: number): Promise<'added' | 'member' | 'full'> {
    return this.db
      .transaction(() => {
        if (this.db.prepare('SELECT 1 FROM club_members WHERE club_id = ? AND account_id = ?').get(clubId, accountId))
          return 'member' as const;
        const n = (
          this.db.prepare('SELECT count(*) AS n FROM club_members WHERE club_id = ?').get(clubId) as { n: number }
        ).n;
        if (n >= max) return 'full' as const;
        this.db
          .prepare('INSERT INTO club_members (club_id, account_id, joined_at) VALUES (?, ?, ?)')
          .run(clubId, accountId, now);
        return 'added' as const;
      })
      .immediate();
  }

  async removeMember(clubId: string, accountId: string): Promise<void> {
    this.db.prepare('DELETE FROM club_members WHERE club_id = ? AND account_id = ?').run(clubId, accountId);
  }

  async setCode(clubId: string, code: string): Promise<void> {
    this.db.prepare('UPDATE clubs SET code = ? WHERE id = ?').run(code, clubId);
  }

  async addWard(accountId: string, clubId: string, now: number): Promise<void> {
    this.db
      .prepare('INSERT OR IGNORE INTO club_wards (account_id, club_id, at) VALUES (?, ?, ?)')
      .run(accountId, clubId, now);
  }

  async wardOf(accountId: string): Promise<string | null> {
    const r = this.db.prepare('SELECT club_id FROM club_wards WHERE account_id = ?').get(accountId) as
      { club_id: string } | undefined;
    return r?.club_id ?? null;
  }

  async wasVouched(matchId: string): Promise<string | null> {
    const r = this.db.prepare('SELECT club_id FROM club_vouched WHERE match_id = ? LIMIT 1').get(matchId) as
      { club_id: string } | undefined;
    return r?.club_id ?? null;
  }

  async vouch(v: VouchedRow): Promise<void> {
    this.db
      .prepare('INSERT OR IGNORE INTO club_vouched (match_id, club_id, game, a, b, at) VALUES (?, ?, ?, ?, ?, ?)')
      .run(v.matchId, v.clubId, v.game, v.a, v.b, v.at);
  }

  async vouched(accountId: string, limit: number): Promise<VouchedRow[]> {
    const rows = this.db
      .prepare('SELECT * FROM club_vouched WHERE a = ? OR b = ? ORDER BY at DESC LIMIT ?')
      .all(accountId, accountId, limit) as Vouched[];
    return rows.map(vouched);
  }

  async close(): Promise<void> {
    this.db.close();
  }
}
