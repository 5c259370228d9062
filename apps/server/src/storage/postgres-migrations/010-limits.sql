-- Issue 25: limits that hold across processes. The windows of rate-limiter-flexible (logins, sign-ups, chat,
-- offers, rated pairs, imports, one rematch per match), all kinds in one table under their key prefixes; and which
-- matches were made for whom (an address hash or an account), for the caps of matches in play and one seat per
-- account.
CREATE TABLE limit_windows (
  key VARCHAR(255) PRIMARY KEY,
  points INTEGER NOT NULL DEFAULT 0,
  expire BIGINT
);
CREATE INDEX limit_windows_expire ON limit_windows(expire);
CREATE TABLE match_parties (
  party TEXT NOT NULL,
  match_id TEXT NOT NULL,
  at BIGINT NOT NULL,
  live BOOLEAN NOT NULL DEFAULT true,
  counted BOOLEAN NOT NULL,
  PRIMARY KEY (party, match_id)
);
CREATE INDEX match_parties_match ON match_parties(match_id);
