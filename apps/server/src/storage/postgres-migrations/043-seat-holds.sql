-- Seats held by a bot for a player who is gone (issue 36): the bot played the seat's moves from `from_ply` until the
-- person came back at `to_ply` (NULL while the bot still holds it).
CREATE TABLE IF NOT EXISTS seat_holds (
  match_id TEXT NOT NULL,
  seat INTEGER NOT NULL,
  from_ply INTEGER NOT NULL,
  to_ply INTEGER,
  level TEXT NOT NULL,
  at BIGINT NOT NULL,
  PRIMARY KEY (match_id, seat, from_ply)
);
