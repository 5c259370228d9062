-- Open records (issue 37, apps/server/src/records/): players' consent to publish their unrated matches, when
-- each online match ended (the day files), and which day files the export job has made.
CREATE TABLE IF NOT EXISTS record_consents (
  account_id TEXT PRIMARY KEY,
  consent INTEGER NOT NULL,
  at BIGINT NOT NULL
);
CREATE TABLE IF NOT EXISTS record_seat_consents (
  match_id TEXT NOT NULL,
  seat INTEGER NOT NULL,
  at BIGINT NOT NULL,
  PRIMARY KEY (match_id, seat)
);
CREATE TABLE IF NOT EXISTS record_ends (
  match_id TEXT PRIMARY KEY,
  game TEXT NOT NULL,
  ended_at BIGINT NOT NULL
);
CREATE INDEX IF NOT EXISTS record_ends_day ON record_ends(game, ended_at, match_id);
CREATE TABLE IF NOT EXISTS record_days (
  game TEXT NOT NULL,
  day TEXT NOT NULL,
  matches INTEGER NOT NULL,
  made_at BIGINT NOT NULL,
  PRIMARY KEY (game, day)
);
-- The export pages through matches in (created_at, id) order: each page a seek in this index.
CREATE INDEX IF NOT EXISTS matches_created_id ON matches(created_at, id);
