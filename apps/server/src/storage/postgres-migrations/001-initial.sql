-- The tables of the SQLite store, and the leases of the cluster layer (which process owns a live match).
CREATE TABLE matches (
  id TEXT PRIMARY KEY,
  game TEXT NOT NULL,
  players INTEGER NOT NULL,
  options TEXT NOT NULL,
  seed TEXT NOT NULL,
  position TEXT,
  settings TEXT NOT NULL,
  status TEXT NOT NULL,
  outcome TEXT,
  created_at BIGINT NOT NULL,
  -- a hash of the creator's address (per-address cap), and when the per-move clock runs out (ms, epoch)
  creator TEXT,
  deadline BIGINT
);
CREATE INDEX matches_status ON matches(status, created_at);
CREATE INDEX matches_creator ON matches(creator, status) WHERE creator IS NOT NULL;
CREATE INDEX matches_deadline ON matches(deadline) WHERE deadline IS NOT NULL;
CREATE TABLE seats (
  match_id TEXT NOT NULL,
  seat INTEGER NOT NULL,
  kind TEXT NOT NULL,
  name TEXT,
  level TEXT,
  token_hash TEXT,
  PRIMARY KEY (match_id, seat)
);
CREATE UNIQUE INDEX seats_token ON seats(token_hash) WHERE token_hash IS NOT NULL;
-- (match_id, ply) is what makes a second writer of the same move fail: two owners never both commit ply n.
CREATE TABLE moves (
  match_id TEXT NOT NULL,
  ply INTEGER NOT NULL,
  seat INTEGER NOT NULL,
  move TEXT NOT NULL,
  at BIGINT NOT NULL,
  PRIMARY KEY (match_id, ply)
);
CREATE TABLE snapshots (
  match_id TEXT PRIMARY KEY,
  ply INTEGER NOT NULL,
  data TEXT NOT NULL
);
-- One owner process per live match, until expires_at (ms since the epoch, by the database's clock).
CREATE TABLE match_leases (
  match_id TEXT PRIMARY KEY,
  owner TEXT NOT NULL,
  expires_at BIGINT NOT NULL
);
CREATE INDEX match_leases_owner ON match_leases(owner);
