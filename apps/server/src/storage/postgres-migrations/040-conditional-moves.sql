-- Conditional moves (issue 36): one tree per seat of a match, "if they play X, I answer Y", as JSON, read by the
-- process that owns the match when the opponent's move is stored (ply: the move the tree's first branch answers;
-- answered: the answer that must stand as move ply - 1 for a tree kept under a branch).
CREATE TABLE IF NOT EXISTS conditional_moves (
  match_id TEXT NOT NULL,
  seat INTEGER NOT NULL,
  ply INTEGER NOT NULL,
  answered TEXT,
  tree TEXT NOT NULL,
  updated_at BIGINT NOT NULL,
  PRIMARY KEY (match_id, seat)
);
