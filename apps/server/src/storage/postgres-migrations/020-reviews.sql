-- The computer's reviews of finished matches (issue 28): one row per match, written by the background worker
-- that reviewed it (status 'pending' while a job waits, 'done' with the review as JSON, 'failed' with why).
CREATE TABLE IF NOT EXISTS match_reviews (
  match_id TEXT PRIMARY KEY,
  status TEXT NOT NULL,
  review TEXT,
  error TEXT,
  updated_at BIGINT NOT NULL
);
