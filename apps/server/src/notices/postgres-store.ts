import type pg from 'pg';
import type { Lang } from '@roundtable/core';
import type { NoticeKind, NoticePrefs } from '@roundtable/protocol';
import { emailOf, linkOf, prefsOf, subscriptionOf, type EmailDb, type LinkDb, type SubscriptionDb } from './rows.ts';
import type { EmailRow, LinkRow, NoticeStore, PushSubscriptionRow } from './store.ts';

/** The notice tables in PostgreSQL (migration 015, applied with the match schema), shared by every process. */
export class PostgresNoticeStore implements NoticeStore {
  constructor(private readonly pool: pg.Pool) {}

  async key(name: string, make: () => string): Promise<string> {
    await this.pool.query('INSERT INTO server_keys (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [
      name,
      make(),
    ]);
    return (await this.pool.query<{ value: string }>('SELECT value FROM server_keys WHERE name = $1', [name])).rows[0]!
      .value;
  }

  async saveSubscription(s: PushSubscriptionRow): Promise<PushSubscriptionRow> {
    const r = await this.pool.query<SubscriptionDb>(
      `INSERT INTO push_subscriptions (id, account_id, endpoint, p256dh, auth, device, lang, created_at, last_push_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, NULL)
       ON CONFLICT (endpoint) DO UPDATE SET account_id = EXCLUDED.account_id, p256dh = EXCLUDED.p256dh,
         auth = EXCLUDED.auth, device = EXCLUDED.device, lang = EXCLUDED.lang
       RETURNING *`,
      [s.id, s.accountId, s.endpoint, s.p256dh, s.auth, s.device, s.lang, s.createdAt],
    );
    return subscriptionOf(r.rows[0]!);
  }

  async subscriptions(accountId: string): Promise<PushSubscriptionRow[]> {
    const r = await this.pool.query<SubscriptionDb>(
      'SELECT * FROM push_subscriptions WHERE account_id = $1 ORDER BY created_at',
      [accountId],
    );
    return r.rows.map(subscriptionOf);
  }

  async subscription(id: string): Promise<PushSubscriptionRow | null> {
    const r = await this.pool.query<SubscriptionDb>('SELECT * FROM push_subscriptions WHERE id = $1', [id]);
    return r.rows[0] ? subscriptionOf(r.rows[0]) : null;
  }

  async removeSubscription(id: string, accountId: string | null): Promise<boolean> {
    const r =
      accountId === null
        ? await this.pool.query('DELETE FROM push_subscriptions WHERE id = $1', [id])
        : await this.pool.query('DELETE FROM push_subscriptions WHERE id = $1 AND account_id = $2', [id, accountId]);
    return r.rowCount === 1;
  }

  async touchSubscription(id: string, at: number): Promise<void> {
    await this.pool.query('UPDATE push_subscriptions SET last_push_at = $1 WHERE id = $2', [at, id]);
  }

  async prefs(accountId: string): Promise<NoticePrefs | null> {
    const r = await this.pool.query<{ prefs: string }>('SELECT prefs FROM notice_prefs WHERE account_id = $1', [
      accountId,
    ]);
    return r.rows[0] ? prefsOf(r.rows[0].prefs) : null;
  }

  async setPrefs(accountId: string, prefs: NoticePrefs, at: number): Promise<void> {
    await this.pool.query(
      `INSERT INTO notice_prefs (account_id, prefs, updated_at) VALUES ($1, $2, $3)
       ON CONFLICT (account_id) DO UPDATE SET prefs = EXCLUDED.prefs, updated_at = EXCLUDED.updated_at`,
      [accountId, JSON.stringify(prefs), at],
    );
  }

  async claimPush(
    accountId: string,
    matchId: string,
    kind: NoticeKind,
    ply: number,
    now: number,
    gapMs: number,
  ): Promise<boolean> {
    const r = await this.pool.query(
      `INSERT INTO push_log (account_id, match_id, kind, ply, at) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (account_id, match_id, kind) DO UPDATE SET ply = EXCLUDED.ply, at = EXCLUDED.at
       WHERE push_log.ply < EXCLUDED.ply AND push_log.at <= $6`,
      [accountId, matchId, kind, ply, now, now - gapMs],
    );
    return r.rowCount === 1;
  }

  async email(accountId: string): Promise<EmailRow | null> {
    const r = await this.pool.query<EmailDb>('SELECT * FROM account_emails WHERE account_id = $1', [accountId]);
    return r.rows[0] ? emailOf(r.rows[0]) : null;
  }

  async verifiedOwner(emailKey: string): Promise<string | null> {
    const r = await this.pool.query<{ account_id: string }>(
      'SELECT account_id FROM account_emails WHERE email_key = $1 AND verified_at IS NOT NULL',
      [emailKey],
    );
    return r.rows[0]?.account_id ?? null;
  }

  async setEmail(accountId: string, email: string, lang: Lang): Promise<void> {
    await this.pool.query(
      `INSERT INTO account_emails (account_id, email, email_key, verified_at, lang, last_digest_at)
       VALUES ($1, $2, $3, NULL, $4, NULL)
       ON CONFLICT (account_id) DO UPDATE SET email = EXCLUDED.email, email_key = EXCLUDED.email_key,
         verified_at = NULL, lang = EXCLUDED.lang`,
      [accountId, email, email.toLowerCase(), lang],
    );
  }

  async removeEmail(accountId: string): Promise<void> {
    await this.pool.query('DELETE FROM account_emails WHERE account_id = $1', [accountId]);
  }

  async verifyEmail(accountId: string, email: string, at: number): Promise<boolean> {
    try {
      const r = await this.pool.query(
        'UPDATE account_emails SET verified_at = $1 WHERE account_id = $2 AND email = $3 AND verified_at IS NULL',
        [at, accountId, email],
      );
      return r.rowCount === 1;
    } catch (e) {
      if ((e as { code?: string }).code === '23505') return false;
      throw e;
    }
  }

  async setLastDigest(accountId: string, at: number): Promise<void> {
    await this.pool.query('UPDATE account_emails SET last_digest_at = $1 WHERE account_id = $2', [at, accountId]);
  }

  async saveLink(l: LinkRow): Promise<void> {
    await this.pool.query(
      'INSERT INTO mail_links (token_hash, purpose, account_id, email, expires_at, used_at) VALUES ($1, $2, $3, $4, $5, NULL)',
      [l.tokenHash, l.purpose, l.accountId, l.email, l.expiresAt],
    );
  }

  async useLink(tokenHash: string, now: number): Promise<(LinkRow & { usedAt: number | null }) | null> {
    const r = await this.pool.query<LinkDb>(
      'UPDATE mail_links SET used_at = $1 WHERE token_hash = $2 AND used_at IS NULL RETURNING *',
      [now, tokenHash],
    );
    return r.rows[0] ? linkOf(r.rows[0]) : null;
  }

  async link(tokenHash: string): Promise<(LinkRow & { usedAt: number | null }) | null> {
    const r = await this.pool.query<LinkDb>('SELECT * FROM mail_links WHERE token_hash = $1', [tokenHash]);
    return r.rows[0] ? linkOf(r.rows[0]) : null;
  }

  async mailSent(id: string): Promise<boolean> {
    return ((await this.pool.query('SELECT 1 FROM mails_sent WHERE id = $1', [id])).rowCount ?? 0) > 0;
  }

  async recordMail(id: string, at: number): Promise<void> {
    await this.pool.query('INSERT INTO mails_sent (id, at) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING', [id, at]);
  }

  async close(): Promise<void> {
    // The pool is the match store's: it closes it.
  }
}
