import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { openSqlite } from '../storage/open-sqlite.ts';
import { PENDING_MS, type Ledger } from './ledger.ts';
import { WINDOW_TABLE } from './windows.ts';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS ${WINDOW_TABLE} (
  key TEXT PRIMARY KEY,
  points INTEGER NOT NULL DEFAULT 0,
  expire INTEGER
);
CREATE INDEX IF NOT EXISTS ${WINDOW_TABLE}_expire ON ${WINDOW_TABLE}(expire);
CREATE TABLE IF NOT EXISTS match_parties (
  party TEXT NOT NULL,
  match_id TEXT NOT NULL,
  at INTEGER NOT NULL,
  live INTEGER NOT NULL DEFAULT 1,
  counted INTEGER NOT NULL,
  PRIMARY KEY (party, match_id)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS match_parties_match ON match_parties(match_id);
`;

/**
 * The limits on SQLite, in their own file (`limits.db` beside the matches), so that counting a chat line or a
 * login never waits for the match writer's batches. Every process of the data folder (`serve --processes`) shares
 * the file: a count and the insert that follows it are one transaction that holds limits.db's write lock from its
 * start (`locked`), so no other process adds a match in between. The matches file is attached read-only in spirit
 * (nothing here writes it) to read whether a match is still in play.
 */
export class SqliteLimits implements Ledger {
  readonly db: Database.Database;
  private readonly st;
  private readonly withMatches: boolean;

  /** `matchesDb`: the SQLite file of the matches (`SqliteStore.path`); null when the matches are elsewhere. */
  constructor(dataDir: string, matchesDb: string | null) {
    mkdirSync(dataDir, { recursive: true });
    this.db = openSqlite(join(dataDir, 'limits.db'));
    this.db.pragma('journal_mode = WAL');
    // A count lost to a power cut costs nothing worth an fsync per chat line.
    this.db.pragma('synchronous = NORMAL');
    this.db.pragma('busy_timeout = 5000');
    this.db.exec(SCHEMA);
    this.withMatches = matchesDb !== null;
    if (matchesDb !== null) this.db.prepare('ATTACH DATABASE ? AS games').run(matchesDb);
    // Without the matches' file (a store this cannot read), a match counts for a day.
    const inPlay = this.withMatches
      ? `(EXISTS (SELECT 1 FROM games.matches m WHERE m.id = p.match_id AND m.status IN ('open', 'active'))
          OR (p.at > @pending AND NOT EXISTS (SELECT 1 FROM games.matches m WHERE m.id = p.match_id)))`
      : 'p.at > @day';
    const db = this.db;
    this.st = {
      // Writes nothing, but as a write it takes limits.db's lock (see `locked`).
      lock: db.prepare('UPDATE match_parties SET live = live WHERE 0'),
      // Rows not yet marked ended: at least as many as the matches in play, read from the key alone.
      upper: db.prepare<[string], { n: number }>(
        'SELECT count(*) AS n FROM match_parties WHERE party = ? AND live = 1 AND counted = 1',
      ),
      count: db.prepare<{ party: string; pending: number; day: number }, { n: number }>(
        `SELECT count(*) AS n FROM match_parties p WHERE p.party = @party AND p.live = 1 AND p.counted = 1 AND ${inPlay}`,
      ),
      // Rows of matches that ended are marked once, so a count reads only the matches still in play.
      settle: this.withMatches
        ? db.prepare<{ party: string }>(
            `UPDATE match_parties SET live = 0 WHERE party = @party AND live = 1 AND match_id IN
               (SELECT id FROM games.matches WHERE status NOT IN ('open', 'active'))`,
          )
        : null,
      insert: db.prepare<[string, string, number, number]>(
        'INSERT INTO match_parties (party, match_id, at, live, counted) VALUES (?, ?, ?, 1, ?) ON CONFLICT DO NOTHING',
      ),
      unseat: db.prepare<{ party: string; match: string; at: number | null }>(
        'DELETE FROM match_parties WHERE party = @party AND match_id = @match AND counted = 0 AND at = coalesce(@at, at)',
      ),
      release: db.prepare<[string]>('DELETE FROM match_parties WHERE match_id = ? AND counted = 1'),
      parties: db.prepare<[string], { party: string }>('SELECT party FROM match_parties WHERE match_id = ?'),
      sweepWindows: db.prepare<[number]>(`DELETE FROM ${WINDOW_TABLE} WHERE expire < ?`),
      sweepPending: this.withMatches
        ? db.prepare<[number]>(
            'DELETE FROM match_parties WHERE counted = 1 AND at < ? AND NOT EXISTS (SELECT 1 FROM games.matches m WHERE m.id = match_parties.match_id)',
          )
        : null,
    };
  }

  /**
   * `work` in one transaction that takes limits.db's write lock first, so that what it reads cannot change before
   * it writes, whatever another process does. Not `BEGIN IMMEDIATE`: that would lock the attached matches' file
   * too, and every admission would wait for the match writer's batches (and hold them up). A read first, then a
   * write, in a deferred transaction fails at once (SQLITE_BUSY_SNAPSHOT) when another process wrote meanwhile;
   * a transaction whose first statement writes waits its turn (busy_timeout) instead.
   */
  private locked<T>(work: () => T): T {
    return this.db.transaction(() => {
      this.st.lock.run();
      return work();
    })();
  }

  private count(party: string, now: number): number {
    this.st.settle?.run({ party });
    return this.st.count.get({ party, pending: now - PENDING_MS, day: now - 86_400_000 })?.n ?? 0;
  }

  async admit(
    match: string,
    caps: readonly { party: string; max: number }[],
    now: number,
  ): Promise<{ party: string; count: number; max: number } | null> {
    return this.locked(() => {
      for (const { party, max } of caps) {
        // Below its cap by the bound alone: no need to read which of them ended (two scans joined to the
        // matches, a fifth of a millisecond for 200 matches in play; most creations stop here).
        if ((this.st.upper.get(party)?.n ?? 0) < max) continue;
        const count = this.count(party, now);
        if (count >= max) return { party, count, max };
      }
      for (const { party } of caps) this.st.insert.run(party, match, now, 1);
      return null;
    });
  }

  async inPlay(party: string, now: number): Promise<number> {
    return this.count(party, now);
  }

  async release(match: string): Promise<void> {
    this.st.release.run(match);
  }

  async seat(match: string, party: string, now: number): Promise<boolean> {
    return this.st.insert.run(party, match, now, 0).changes === 1;
  }

  async unseat(match: string, party: string, at: number | null): Promise<void> {
    this.st.unseat.run({ party, match, at });
  }

  async sweep(now: number): Promise<void> {
    this.st.sweepWindows.run(now - 3600_000);
    this.st.sweepPending?.run(now - PENDING_MS);
  }

  async partiesOf(match: string): Promise<string[]> {
    return this.st.parties.all(match).map((r) => r.party);
  }

  async close(): Promise<void> {
    this.db.close();
  }
}
