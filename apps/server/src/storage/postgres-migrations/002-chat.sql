-- Chat lines said in a match (issue 18): the players' channel and the spectators' own, kept with the match.
CREATE TABLE chat (
  id BIGSERIAL PRIMARY KEY,
  match_id TEXT NOT NULL,
  at BIGINT NOT NULL,
  channel TEXT NOT NULL,
  seat INTEGER,
  name TEXT,
  text TEXT NOT NULL
);
CREATE INDEX chat_match ON chat(match_id, at);
