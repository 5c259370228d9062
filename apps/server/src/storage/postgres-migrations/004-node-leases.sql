-- Issue 17: a lease per process, not per match. Each process renews its one row here every third of a lease;
-- a match's lease (match_leases: match → owner) holds while its owner's row has not run out. Renewal is then one
-- row whatever the number of matches a process owns (it was one row per match: 10,000 matches, 6,000 row
-- updates a second). match_leases.expires_at is no longer read.
CREATE TABLE cluster_nodes (
  node TEXT PRIMARY KEY,
  expires_at BIGINT NOT NULL
);
