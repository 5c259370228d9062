import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { openSqlite } from '../storage/open-sqlite.ts';
import type { Lang } from '@roundtable/core';
import type { NoticeKind, NoticePrefs } from '@roundtable/protocol';
import { emailOf, linkOf, prefsOf, subscriptionOf, type EmailDb, type LinkDb, type SubscriptionDb } from './rows.ts';
import type { EmailRow, LinkRow, NoticeStore, PushSubscriptionRow } from './store.ts';

// The tables of postgres-migrations/015-notices.sql.
const SCHEMA = `
CREATE TABLE IF NOT EXISTS server_keys (name TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS push_subscriptions (
  id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL,
  endpoint TEXT NOT NULL UNIQUE,
  p256dh TEXT NOT NULL,
  auth TEXT NOT NULL,
  device TEXT NOT NULL,
  lang TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  last_push_at INTEGER
);
CREATE INDEX IF NOT EXISTS push_subscriptions_account ON push_subscriptions(account_id);
CREATE TABLE IF NOT EXISTS notice_prefs (account_id TEXT PRIMARY KEY, prefs TEXT NOT NULL, updated_at INTEGER NOT NULL) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS push_log (
  account_id TEXT NOT NULL,
  match_id TEXT NOT NULL,
  kind TEXT NOT NULL,
  ply INTEGER NOT NULL,
  at INTEGER NOT NULL,
  PRIMARY KEY (account_id, match_id, kind)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS account_emails (
  account_id TEXT PRIMARY KEY,
  email TEXT NOT NULL,
  email_key TEXT NOT NULL,
  verified_at INTEGER,
  lang TEXT NOT NULL,
  last_digest_at INTEGER
) WITHOUT ROWID;
CREATE UNIQUE INDEX IF NOT EXISTS account_emails_verified ON account_emails(email_key) WHERE verified_at IS NOT NULL;
CREATE TABLE IF NOT EXISTS mail_links (
  token_hash TEXT PRIMARY KEY,
  purpose TEXT NOT NULL,
  account_id TEXT NOT NULL,
  email TEXT NOT NULL,
  expires_at INTEGER NOT NULL,
  used_at INTEGER
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS mails_sent (id TEXT PRIMARY KEY, at INTEGER NOT NULL) WITHOUT ROWID;
`;

/** The notice tables of a single process, in `notices.db` beside the matches and accounts. */
export class SqliteNoticeStore implements NoticeStore {
  private readonly db: Database.Database;

  constructor(dataDir: string) {
    mkdirSync(dataDir, { recursive: true });
    this.db = openSqlite(join(dataDir, 'notices.db'));
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = FULL');
    this.db.pragma('busy_timeout = 5000');
    this.db.exec(SCHEMA);
  }

  async key(name: string, make: () => string): Promise<string> {
    this.db
      .prepare('INSERT INTO server_keys (name, value) VALUES (?, ?) ON CONFLICT(name) DO NOTHING')
      .run(name, make());
    return (this.db.prepare('SELECT value FROM server_keys WHERE name = ?').get(name) as { value: string }).value;
  }

  async saveSubscription(s: PushSubscriptionRow): Promise<PushSubscriptionRow> {
    this.db
      .prepare(
        `INSERT INTO push_subscriptions (id, account_id, endpoint, p256dh, auth, device, lang, created_at, last_push_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, NULL)
         ON CONFLICT(endpoint) DO UPDATE SET account_id = excluded.account_id, p256dh = excluded.p256dh,
           auth = excluded.auth, device = excluded.device, lang = excluded.lang`,
      )
      .run(s.id, s.accountId, s.endpoint, s.p256dh, s.auth, s.device, s.lang, s.createdAt);
    const row = this.db
      .prepare('SELECT * FROM push_subscriptions WHERE endpoint = ?')
      .get(s.endpoint) as SubscriptionDb;
    return subscriptionOf(row);
  }

  async subscriptions(accountId: string): Promise<PushSubscriptionRow[]> {
    const rows = this.db
      .prepare('SELECT * FROM push_subscriptions WHERE account_id = ? ORDER BY created_at')
      .all(accountId) as SubscriptionDb[];
    return rows.map(subscriptionOf);
  }

  async subscription(id: string): Promise<PushSubscriptionRow | null> {
    const row = this.db.prepare('SELECT * FROM push_subscriptions WHERE id = ?').get(id) as SubscriptionDb | undefined;
    return row ? subscriptionOf(row) : null;
  }

  async removeSubscription(id: string, accountId: string | null): Promise<boolean> {
    const r =
      accountId === null
        ? this.db.prepare('DELETE FROM push_subscriptions WHERE id = ?').run(id)
        : this.db.prepare('DELETE FROM push_subscriptions WHERE id = ? AND account_id = ?').run(id, accountId);
    return r.changes === 1;
  }

  async touchSubscription(id: string, at: number): Promise<void> {
    this.db.prepare('UPDATE push_subscriptions SET last_push_at = ? WHERE id = ?').run(at, id);
  }

  async prefs(accountId: string): Promise<NoticePrefs | null> {
    const row = this.db.prepare('SELECT prefs FROM notice_prefs WHERE account_id = ?').get(accountId) as
      { prefs: string } | undefined;
    return row ? prefsOf(row.prefs) : null;
  }

  async setPrefs(accountId: string, prefs: NoticePrefs, at: number): Promise<void> {
    this.db
      .prepare(
        `INSERT INTO notice_prefs (account_id, prefs, updated_at) VALUES (?, ?, ?)
         ON CONFLICT(account_id) DO UPDATE SET prefs = excluded.prefs, updated_at = excluded.updated_at`,
      )
      .run(accountId, JSON.stringify(prefs), at);
  }

  async claimPush(
    accountId: string,
    matchId: string,
    kind: NoticeKind,
    ply: number,
    now: number,
    gapMs: number,
  ): Promise<boolean> {
    const r = this.db
      .prepare(
        `INSERT INTO push_log (account_id, match_id, kind, ply, at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT(account_id, match_id, kind) DO UPDATE SET ply = excluded.ply, at = excluded.at
         WHERE push_log.ply < excluded.ply AND push_log.at <= ?`,
      )
      .run(accountId, matchId, kind, ply, now, now - gapMs);
    return r.changes === 1;
  }

  async email(accountId: string): Promise<EmailRow | null> {
    const row = this.db.prepare('SELECT * FROM account_emails WHERE account_id = ?').get(accountId) as
      EmailDb | undefined;
    return row ? emailOf(row) : null;
  }

  async verifiedOwner(emailKey: string): Promise<string | null> {
    const row = this.db
      .prepare('SELECT account_id FROM account_emails WHERE email_key = ? AND verified_at IS NOT NULL')
      .get(emailKey) as { account_id: string } | undefined;
    return row?.account_id ?? null;
  }

  async setEmail(accountId: string, email: string, lang: Lang): Promise<void> {
    this.db
      .prepare(
        `INSERT INTO account_emails (account_id, email, email_key, verified_at, lang, last_digest_at)
         VALUES (?, ?, ?, NULL, ?, NULL)
         ON CONFLICT(account_id) DO UPDATE SET email = excluded.email, email_key = excluded.email_key,
           verified_at = NULL, lang = excluded.lang`,
      )
      .run(accountId, email, email.toLowerCase(), lang);
  }

  async removeEmail(accountId: string): Promise<void> {
    this.db.prepare('DELETE FROM account_emails WHERE account_id = ?').run(accountId);
  }

  async verifyEmail(accountId: string, email: string, at: number): Promise<boolean> {
    try {
      const r = this.db
        .prepare('UPDATE account_emails SET verified_at = ? WHERE account_id = ? AND email = ? AND verified_at IS NULL')
        .run(at, accountId, email);
      return r.changes === 1;
    } catch (e) {
      if ((e as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE') return false;
      throw e;
    }
  }

  async setLastDigest(accountId: string, at: number): Promise<void> {
    this.db.prepare('UPDATE account_emails SET last_digest_at = ? WHERE account_id = ?').run(at, accountId);
  }

  async saveLink(l: LinkRow): Promise<void> {
    this.db
      .prepare(
        'INSERT INTO mail_links (token_hash, purpose, account_id, email, expires_at, used_at) VALUES (?, ?, ?, ?, ?, NULL)',
      )
      .run(l.tokenHash, l.purpose, l.accountId, l.email, l.expiresAt);
  }

  async useLink(tokenHash: string, now: number): Promise<(LinkRow & { usedAt: number | null }) | null> {
    const r = this.db
      .prepare('UPDATE mail_links SET used_at = ? WHERE token_hash = ? AND used_at IS NULL')
      .run(now, tokenHash);
    return r.changes === 1 ? this.link(tokenHash) : null;
  }

  async link(tokenHash: string): Promise<(LinkRow & { usedAt: number | null }) | null> {
    const row = this.db.prepare('SELECT * FROM mail_links WHERE token_hash = ?').get(tokenHash) as LinkDb | undefined;
    return row ? linkOf(row) : null;
  }

  async mailSent(id: string): Promise<boolean> {
    return this.db.prepare('SELECT 1 FROM mails_sent WHERE id = ?').get(id) !== undefined;
  }

  async recordMail(id: string, at: number): Promise<void> {
    this.db.prepare('INSERT INTO mails_sent (id, at) VALUES (?, ?) ON CONFLICT(id) DO NOTHING').run(id, at);
  }

  async close(): Promise<void> {
    this.db.close();
  }
}
