-- Issue 35: events (arenas, Swiss, round robins). An event's progress is written only by the holder of its lease
-- (event_leases: an owner process alive in cluster_nodes, and an epoch that changes when the event changes hands);
-- every such write calls rt_event_fence first, in the same transaction. A round's pairings are keyed by
-- (event, round, table) and carry the id of their match, chosen before the match is created: a process killed at
-- any point leaves what the next holder finishes, and nothing is paired twice.
CREATE TABLE events (
  id TEXT PRIMARY KEY,
  organiser TEXT NOT NULL,
  organiser_name TEXT NOT NULL,
  kind TEXT NOT NULL,
  game TEXT NOT NULL,
  status TEXT NOT NULL,
  spec TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  starts_at BIGINT,
  started_at BIGINT,
  ends_at BIGINT,
  rounds INTEGER,
  round INTEGER NOT NULL DEFAULT 0,
  seed TEXT NOT NULL
);
CREATE INDEX events_status ON events (status, created_at);
CREATE INDEX events_organiser ON events (organiser);

CREATE TABLE event_entrants (
  event_id TEXT NOT NULL REFERENCES events (id),
  account_id TEXT NOT NULL,
  name TEXT NOT NULL,
  bot BOOLEAN NOT NULL,
  joined_at BIGINT NOT NULL,
  withdrawn BOOLEAN NOT NULL DEFAULT false,
  rating DOUBLE PRECISION NOT NULL,
  PRIMARY KEY (event_id, account_id)
);
CREATE INDEX event_entrants_account ON event_entrants (account_id);

CREATE TABLE event_rounds (
  event_id TEXT NOT NULL REFERENCES events (id),
  round INTEGER NOT NULL,
  started_at BIGINT NOT NULL,
  finished_at BIGINT,
  PRIMARY KEY (event_id, round)
);

CREATE TABLE event_pairings (
  event_id TEXT NOT NULL REFERENCES events (id),
  round INTEGER NOT NULL,
  table_no INTEGER NOT NULL,
  match_id TEXT UNIQUE,
  seats TEXT NOT NULL,
  status TEXT NOT NULL,
  results TEXT,
  absent TEXT NOT NULL DEFAULT '{}',
  created_at BIGINT NOT NULL,
  PRIMARY KEY (event_id, round, table_no)
);

CREATE TABLE event_standings (
  event_id TEXT NOT NULL REFERENCES events (id),
  round INTEGER NOT NULL,
  standings TEXT NOT NULL,
  PRIMARY KEY (event_id, round)
);

CREATE TABLE event_leases (
  event_id TEXT PRIMARY KEY REFERENCES events (id),
  owner TEXT NOT NULL,
  epoch BIGINT NOT NULL
);
CREATE SEQUENCE event_lease_epochs;

CREATE FUNCTION rt_event_fence(ev TEXT, o TEXT, e BIGINT) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM event_leases l
    WHERE l.event_id = ev AND l.owner = o AND l.epoch = e
      AND EXISTS (SELECT 1 FROM cluster_nodes n WHERE n.node = o AND n.expires_at >= rt_now_ms())
    FOR SHARE OF l;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'event % is not held by % at epoch %', ev, o, e USING ERRCODE = 'RTF02';
  END IF;
END $$;
