-- Puzzle ratings (issue 28): each account's Glicko-2 rating at puzzles, each puzzle's own (moved by the accounts'
-- first attempts), and the attempts themselves (one per account and puzzle: only the first counts).
CREATE TABLE IF NOT EXISTS puzzle_players (
  account_id TEXT PRIMARY KEY,
  rating DOUBLE PRECISION NOT NULL,
  deviation DOUBLE PRECISION NOT NULL,
  volatility DOUBLE PRECISION NOT NULL,
  attempts INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS puzzle_ratings (
  puzzle_id TEXT PRIMARY KEY,
  rating DOUBLE PRECISION NOT NULL,
  deviation DOUBLE PRECISION NOT NULL,
  volatility DOUBLE PRECISION NOT NULL,
  attempts INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS puzzle_attempts (
  account_id TEXT NOT NULL,
  puzzle_id TEXT NOT NULL,
  solved BOOLEAN NOT NULL,
  at BIGINT NOT NULL,
  PRIMARY KEY (account_id, puzzle_id)
);
