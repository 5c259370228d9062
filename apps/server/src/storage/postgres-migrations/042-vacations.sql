-- Vacations (issue 36): each stop of an account's correspondence clocks, from its start to its end (the planned end
-- `until_at`, or `ended_at` when the player came back sooner); `told_at` once the opponents were told.
CREATE TABLE IF NOT EXISTS vacations (
  account_id TEXT NOT NULL,
  started_at BIGINT NOT NULL,
  until_at BIGINT NOT NULL,
  ended_at BIGINT,
  told_at BIGINT,
  PRIMARY KEY (account_id, started_at)
);
CREATE INDEX IF NOT EXISTS vacations_untold ON vacations (until_at) WHERE told_at IS NULL;
