-- The game database and the opening explorer (issue 37): every finished match as a searchable game, the key of
-- each position a two-player game of perfect information reached, and the explorer's tallies by source,
-- position and move (database/). Same tables as `database.db` on SQLite.
CREATE TABLE IF NOT EXISTS db_games (
  id TEXT PRIMARY KEY,
  source TEXT NOT NULL,
  game TEXT NOT NULL,
  players INTEGER NOT NULL,
  options TEXT NOT NULL,
  played_at BIGINT NOT NULL,
  names TEXT NOT NULL,
  ratings TEXT NOT NULL,
  average_rating DOUBLE PRECISION,
  winners TEXT NOT NULL,
  draw INTEGER NOT NULL,
  reason TEXT NOT NULL,
  plies INTEGER NOT NULL,
  opening TEXT NOT NULL,
  moves TEXT NOT NULL,
  event TEXT
);
CREATE INDEX IF NOT EXISTS db_games_played ON db_games(played_at, id);
CREATE INDEX IF NOT EXISTS db_games_event ON db_games(event) WHERE event IS NOT NULL;
CREATE TABLE IF NOT EXISTS db_players (
  name_key TEXT NOT NULL,
  match_id TEXT NOT NULL,
  seat INTEGER NOT NULL,
  PRIMARY KEY (name_key, match_id, seat)
);
CREATE TABLE IF NOT EXISTS db_positions (
  key TEXT NOT NULL,
  match_id TEXT NOT NULL,
  ply INTEGER NOT NULL,
  PRIMARY KEY (key, match_id)
);
CREATE TABLE IF NOT EXISTS explorer_moves (
  source TEXT NOT NULL,
  key TEXT NOT NULL,
  move TEXT NOT NULL,
  games INTEGER NOT NULL,
  wins0 INTEGER NOT NULL,
  wins1 INTEGER NOT NULL,
  draws INTEGER NOT NULL,
  rating_sum DOUBLE PRECISION NOT NULL,
  rating_n INTEGER NOT NULL,
  PRIMARY KEY (source, key, move)
);
