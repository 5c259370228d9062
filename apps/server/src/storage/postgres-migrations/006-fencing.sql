-- Issue 24: fenced owners. Every write an owner makes for a match runs `rt_fence` first, in the same transaction:
-- it holds only while the writer is the match's owner at the lease's epoch and its own lease runs (by the
-- database's clock). The epoch comes from a sequence and changes whenever the match changes hands, so a process
-- that lost a match (paused past its lease, cut off from the database…) can never write for it again, not even
-- after taking it back. `rt_fence` locks the lease row: a takeover waits for a write under way, which is then
-- in the storage the new owner reads.
ALTER TABLE match_leases ADD COLUMN epoch BIGINT NOT NULL DEFAULT 0;
CREATE SEQUENCE match_lease_epochs;
-- When each process last renewed its lease (ms, the database's clock): a takeover gives the clocks back the time
-- since the old owner's last sign of life.
ALTER TABLE cluster_nodes ADD COLUMN beat_at BIGINT;
-- A match's Fischer banks, stored with the move that changes them (they were in the account store's `clocks`).
ALTER TABLE matches ADD COLUMN clock TEXT;

CREATE FUNCTION rt_now_ms() RETURNS BIGINT LANGUAGE sql VOLATILE AS
$$ SELECT (extract(epoch from clock_timestamp()) * 1000)::bigint $$;

CREATE FUNCTION rt_fence(m TEXT, o TEXT, e BIGINT) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM match_leases l
    WHERE l.match_id = m AND l.owner = o AND l.epoch = e
      AND EXISTS (SELECT 1 FROM cluster_nodes n WHERE n.node = o AND n.expires_at >= rt_now_ms())
    FOR SHARE OF l;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'match % is not held by % at epoch %', m, o, e USING ERRCODE = 'RTF01';
  END IF;
END $$;
