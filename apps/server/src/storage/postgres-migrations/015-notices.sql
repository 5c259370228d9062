-- Issue 27: calling players back with every tab closed (push/, mail/, accounts/email.ts). Keys made at first start
-- (VAPID, the signing key of mailed links); push subscriptions per account and device; preferences; the last push
-- of each kind per match (collapsing and rate limits); e-mail addresses; mailed links (single use); mails sent.
CREATE TABLE server_keys (
  name TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
CREATE TABLE push_subscriptions (
  id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL,
  endpoint TEXT NOT NULL UNIQUE,
  p256dh TEXT NOT NULL,
  auth TEXT NOT NULL,
  device TEXT NOT NULL,
  lang TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  last_push_at BIGINT
);
CREATE INDEX push_subscriptions_account ON push_subscriptions(account_id);
CREATE TABLE notice_prefs (
  account_id TEXT PRIMARY KEY,
  prefs TEXT NOT NULL,
  updated_at BIGINT NOT NULL
);
CREATE TABLE push_log (
  account_id TEXT NOT NULL,
  match_id TEXT NOT NULL,
  kind TEXT NOT NULL,
  ply INTEGER NOT NULL,
  at BIGINT NOT NULL,
  PRIMARY KEY (account_id, match_id, kind)
);
CREATE TABLE account_emails (
  account_id TEXT PRIMARY KEY,
  email TEXT NOT NULL,
  email_key TEXT NOT NULL,
  verified_at BIGINT,
  lang TEXT NOT NULL,
  last_digest_at BIGINT
);
CREATE UNIQUE INDEX account_emails_verified ON account_emails(email_key) WHERE verified_at IS NOT NULL;
CREATE TABLE mail_links (
  token_hash TEXT PRIMARY KEY,
  purpose TEXT NOT NULL,
  account_id TEXT NOT NULL,
  email TEXT NOT NULL,
  expires_at BIGINT NOT NULL,
  used_at BIGINT
);
CREATE TABLE mails_sent (
  id TEXT PRIMARY KEY,
  at BIGINT NOT NULL
);
