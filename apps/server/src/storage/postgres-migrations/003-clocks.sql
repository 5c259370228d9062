-- The banks of Fischer clocks (issue 18): each seat's time left, kept so a reloaded match finds it.
CREATE TABLE clocks (
  match_id TEXT PRIMARY KEY,
  data TEXT NOT NULL
);
