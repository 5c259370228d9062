-- Clubs (issue 36): an account-owned group that vouches for its members' rated games from one address
-- (apps/server/src/clubs/, SECURITY.md "Clubs and households"); the rated matches it vouched for, shown on both
-- players' pages.
CREATE TABLE IF NOT EXISTS clubs (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  name_key TEXT NOT NULL UNIQUE,
  owner_id TEXT NOT NULL UNIQUE,
  code TEXT NOT NULL UNIQUE,
  created_at BIGINT NOT NULL
);
CREATE TABLE IF NOT EXISTS club_members (
  club_id TEXT NOT NULL REFERENCES clubs (id) ON DELETE CASCADE,
  account_id TEXT NOT NULL,
  joined_at BIGINT NOT NULL,
  PRIMARY KEY (club_id, account_id)
);
CREATE INDEX IF NOT EXISTS club_members_account ON club_members (account_id);
CREATE TABLE IF NOT EXISTS club_vouched (
  match_id TEXT NOT NULL,
  club_id TEXT NOT NULL,
  game TEXT NOT NULL,
  a TEXT NOT NULL,
  b TEXT NOT NULL,
  at BIGINT NOT NULL,
  PRIMARY KEY (match_id, a, b)
);
-- Accounts signed up through a club's code: the club's wards while provisional.
CREATE TABLE IF NOT EXISTS club_wards (
  account_id TEXT PRIMARY KEY,
  club_id TEXT NOT NULL,
  at BIGINT NOT NULL
);
CREATE INDEX IF NOT EXISTS club_vouched_a ON club_vouched (a, at);
CREATE INDEX IF NOT EXISTS club_vouched_b ON club_vouched (b, at);
