import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { openSqlite } from '../storage/open-sqlite.ts';
import type { EventKind, EventStatus, Standing } from '@roundtable/protocol';
import { eventOf, pairingOf, standingsOf, type RawEvent, type RawPairing } from './rows.ts';
import {
  EventFenced,
  type EntrantRow,
  type EventFence,
  type EventRow,
  type EventStore,
  type PairingRow,
  type RoundRow,
  type SeatResult,
} from './store.ts';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS events (
  id TEXT PRIMARY KEY,
  organiser TEXT NOT NULL,
  organiser_name TEXT NOT NULL,
  kind TEXT NOT NULL,
  game TEXT NOT NULL,
  status TEXT NOT NULL,
  spec TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  starts_at INTEGER,
  started_at INTEGER,
  ends_at INTEGER,
  rounds INTEGER,
  round INTEGER NOT NULL DEFAULT 0,
  seed TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS events_status ON events (status, created_at);
CREATE TABLE IF NOT EXISTS event_entrants (
  event_id TEXT NOT NULL,
  account_id TEXT NOT NULL,
  name TEXT NOT NULL,
  bot INTEGER NOT NULL,
  joined_at INTEGER NOT NULL,
  withdrawn INTEGER NOT NULL DEFAULT 0,
  rating REAL NOT NULL,
  PRIMARY KEY (event_id, account_id)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS event_entrants_account ON event_entrants (account_id);
CREATE TABLE IF NOT EXISTS event_rounds (
  event_id TEXT NOT NULL,
  round INTEGER NOT NULL,
  started_at INTEGER NOT NULL,
  finished_at INTEGER,
  PRIMARY KEY (event_id, round)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS event_pairings (
  event_id TEXT NOT NULL,
  round INTEGER NOT NULL,
  table_no INTEGER NOT NULL,
  match_id TEXT,
  seats TEXT NOT NULL,
  status TEXT NOT NULL,
  results TEXT,
  absent TEXT NOT NULL DEFAULT '{}',
  created_at INTEGER NOT NULL,
  PRIMARY KEY (event_id, round, table_no)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS event_pairings_match ON event_pairings (match_id);
CREATE TABLE IF NOT EXISTS event_standings (
  event_id TEXT NOT NULL,
  round INTEGER NOT NULL,
  standings TEXT NOT NULL,
  PRIMARY KEY (event_id, round)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS event_leases (
  event_id TEXT PRIMARY KEY,
  owner TEXT NOT NULL,
  epoch INTEGER NOT NULL,
  expires_at INTEGER NOT NULL
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS event_lease_epochs (
  one INTEGER PRIMARY KEY CHECK (one = 1),
  epoch INTEGER NOT NULL
);
INSERT OR IGNORE INTO event_lease_epochs (one, epoch) VALUES (1, 0);
`;

interface RawEntrant {
  event_id: string;
  account_id: string;
  name: string;
  bot: number;
  joined_at: number;
  withdrawn: number;
  rating: number;
}

const entrantOf = (r: RawEntrant): EntrantRow => ({
  eventId: r.event_id,
  accountId: r.account_id,
  name: r.name,
  bot: r.bot === 1,
  joinedAt: r.joined_at,
  withdrawn: r.withdrawn === 1,
  rating: r.rating,
});

const OVER = `('finished', 'cancelled')`;

/** How long an event's lease holds without its owner renewing it (each look at the event, each fenced write). */
export const EVENT_LEASE_MS = 10_000;

export interface SqliteEventStoreOptions {
  /** How long a lease lasts unrenewed (ms); then another process may take the event. */
  readonly leaseMs?: number;
  /** The clock of the leases (tests move it); every process of a data folder shares the machine's. */
  readonly now?: () => number;
}

/**
 * Events in `events.db` beside the matches, shared by every process of the data folder (`serve --processes`).
 * As in PostgreSQL (030-events.sql), an event's progress is written by the holder of its lease only: `lease` gives
 * the event to one owner (a process name) at an epoch, renewed by each of its looks and fenced writes, and taken by
 * another owner at a new epoch once it has not been renewed for `leaseMs`; each fenced write checks, in its own
 * transaction, that its epoch still holds (else EventFenced, nothing written). One process alone always gets its
 * own lease back. Plain synchronous statements; every read-then-write is a transaction that takes the write lock
 * at its start (`immediate`), and a round's pairings go in in one transaction.
 */
export class SqliteEventStore implements EventStore {
  private readonly db: Database.Database;
  private readonly leaseMs: number;
  private readonly now: () => number;

  constructor(dataDir: string, options: SqliteEventStoreOptions = {}) {
    this.leaseMs = options.leaseMs ?? EVENT_LEASE_MS;
    this.now = options.now ?? Date.now;
    mkdirSync(dataDir, { recursive: true });
    this.db = openSqlite(join(dataDir, 'events.db'));
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('busy_timeout = 5000');
    this.db.exec(SCHEMA);
  }

  /**
   * `work` in one transaction that holds the write lock from its start, after the fence: a lease fence must still
   * be its owner's at its epoch (then renewed), else EventFenced and nothing is written. `alone`: unfenced.
   */
  private fenced<T>(fence: EventFence, work: () => T): T {
    return this.db
      .transaction((): T => {
        if (fence.kind === 'lease') {
          const held = this.db
            .prepare(
              'UPDATE event_leases SET expires_at = max(expires_at, ?) WHERE event_id = ? AND owner = ? AND epoch = ?',
            )
            .run(this.now() + this.leaseMs, fence.event, fence.owner, fence.epoch);
          if (held.changes !== 1) throw new EventFenced(fence.event);
        }
        return work();
      })
      .immediate();
  }

  async createEvent(r: EventRow): Promise<void> {
    this.db
      .prepare(
        `INSERT INTO events (id, organiser, organiser_name, kind, game, status, spec, created_at, starts_at, started_at,
           ends_at, rounds, round, seed) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        r.id,
        r.organiser,
        r.organiserName,
        r.kind,
        r.game,
        r.status,
        JSON.stringify(r.spec),
        r.createdAt,
        r.startsAt,
        r.startedAt,
        r.endsAt,
        r.rounds,
        r.round,
        r.seed,
      );
  }

  async event(id: string): Promise<EventRow | null> {
    const r = this.db.prepare('SELECT * FROM events WHERE id = ?').get(id) as RawEvent | undefined;
    return r ? eventOf(r) : null;
  }

  async listEvents(q: {
    game?: string;
    status?: EventStatus;
    kind?: EventKind;
    limit: number;
  }): Promise<{ row: EventRow; entrants: number }[]> {
    const rows = this.db
      .prepare(
        `SELECT e.*, (SELECT COUNT(*) FROM event_entrants n WHERE n.event_id = e.id AND n.withdrawn = 0) AS entrants
         FROM events e WHERE (? IS NULL OR e.game = ?) AND (? IS NULL OR e.status = ?) AND (? IS NULL OR e.kind = ?)
         ORDER BY e.created_at DESC LIMIT ?`,
      )
      .all(
        q.game ?? null,
        q.game ?? null,
        q.status ?? null,
        q.status ?? null,
        q.kind ?? null,
        q.kind ?? null,
        q.limit,
      ) as (RawEvent & { entrants: number })[];
    return rows.map((r) => ({ row: eventOf(r), entrants: r.entrants }));
  }

  async eventsIn(statuses: readonly EventStatus[]): Promise<EventRow[]> {
    if (statuses.length === 0) return [];
    const rows = this.db
      .prepare(`SELECT * FROM events WHERE status IN (${statuses.map(() => '?').join(', ')})`)
      .all(...statuses) as RawEvent[];
    return rows.map(eventOf);
  }

  async countOrganised(accountId: string): Promise<number> {
    const r = this.db
      .prepare(`SELECT COUNT(*) AS n FROM events WHERE organiser = ? AND status NOT IN ${OVER}`)
      .get(accountId) as { n: number };
    return r.n;
  }

  async countEntered(accountId: string): Promise<number> {
    const r = this.db
      .prepare(
        `SELECT COUNT(*) AS n FROM event_entrants n JOIN events e ON e.id = n.event_id
         WHERE n.account_id = ? AND n.withdrawn = 0 AND e.status NOT IN ${OVER}`,
      )
      .get(accountId) as { n: number };
    return r.n;
  }

  async addEntrant(row: EntrantRow, max: number): Promise<'added' | 'full' | 'already'> {
    // Counted and added under the write lock: two processes never both take the last place.
    return this.db
      .transaction((): 'added' | 'full' | 'already' => {
        const had = this.db
          .prepare('SELECT withdrawn FROM event_entrants WHERE event_id = ? AND account_id = ?')
          .get(row.eventId, row.accountId) as { withdrawn: number } | undefined;
        if (had && had.withdrawn === 0) return 'already';
        const { n } = this.db
          .prepare('SELECT COUNT(*) AS n FROM event_entrants WHERE event_id = ? AND withdrawn = 0')
          .get(row.eventId) as { n: number };
        if (n >= max) return 'full';
        this.db
          .prepare(
            `INSERT INTO event_entrants (event_id, account_id, name, bot, joined_at, withdrawn, rating)
           VALUES (?, ?, ?, ?, ?, 0, ?)
           ON CONFLICT (event_id, account_id) DO UPDATE SET withdrawn = 0, joined_at = excluded.joined_at`,
          )
          .run(row.eventId, row.accountId, row.name, row.bot ? 1 : 0, row.joinedAt, row.rating);
        return 'added';
      })
      .immediate();
  }

  async entrants(eventId: string): Promise<EntrantRow[]> {
    const rows = this.db
      .prepare('SELECT * FROM event_entrants WHERE event_id = ? ORDER BY joined_at, account_id')
      .all(eventId) as RawEntrant[];
    return rows.map(entrantOf);
  }

  async withdraw(eventId: string, accountId: string, remove: boolean): Promise<boolean> {
    const r = remove
      ? this.db.prepare('DELETE FROM event_entrants WHERE event_id = ? AND account_id = ?').run(eventId, accountId)
      : this.db
          .prepare('UPDATE event_entrants SET withdrawn = 1 WHERE event_id = ? AND account_id = ? AND withdrawn = 0')
          .run(eventId, accountId);
    return r.changes === 1;
  }

  async updateEvent(
    fence: EventFence,
    id: string,
    change: Partial<Pick<EventRow, 'status' | 'startedAt' | 'endsAt' | 'rounds' | 'round'>>,
  ): Promise<void> {
    const cols: string[] = [];
    const values: unknown[] = [];
    const set = (col: string, v: unknown): void => {
      cols.push(`${col} = ?`);
      values.push(v);
    };
    if (change.status !== undefined) set('status', change.status);
    if (change.startedAt !== undefined) set('started_at', change.startedAt);
    if (change.endsAt !== undefined) set('ends_at', change.endsAt);
    if (change.rounds !== undefined) set('rounds', change.rounds);
    if (change.round !== undefined) set('round', change.round);
    if (cols.length === 0) return;
    this.fenced(fence, () => this.db.prepare(`UPDATE events SET ${cols.join(', ')} WHERE id = ?`).run(...values, id));
  }

  async writeRound(fence: EventFence, round: RoundRow, pairings: readonly PairingRow[]): Promise<boolean> {
    return this.fenced(fence, (): boolean => {
      const r = this.db
        .prepare(
          'INSERT INTO event_rounds (event_id, round, started_at, finished_at) VALUES (?, ?, ?, NULL) ON CONFLICT DO NOTHING',
        )
        .run(round.eventId, round.round, round.startedAt);
      if (r.changes === 0) return false;
      for (const p of pairings) this.insertPairing(p);
      this.db.prepare('UPDATE events SET round = ? WHERE id = ?').run(round.round, round.eventId);
      return true;
    });
  }

  async addPairing(fence: EventFence, p: PairingRow): Promise<boolean> {
    return this.fenced(fence, () => this.insertPairing(p));
  }

  private insertPairing(p: PairingRow): boolean {
    const r = this.db
      .prepare(
        `INSERT INTO event_pairings (event_id, round, table_no, match_id, seats, status, results, absent, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
      )
      .run(
        p.eventId,
        p.round,
        p.table,
        p.matchId,
        JSON.stringify(p.seats),
        p.status,
        p.results ? JSON.stringify(p.results) : null,
        JSON.stringify(p.absent),
        p.createdAt,
      );
    return r.changes === 1;
  }

  async markAbsent(
    fence: EventFence,
    eventId: string,
    round: number,
    table: number,
    absent: Readonly<Record<number, 'forfeit' | 'bot-replaced'>>,
  ): Promise<void> {
    this.fenced(fence, () =>
      this.db
        .prepare(
          `UPDATE event_pairings SET absent = ? WHERE event_id = ? AND round = ? AND table_no = ? AND status = 'playing'`,
        )
        .run(JSON.stringify(absent), eventId, round, table),
    );
  }

  async recordResult(
    fence: EventFence,
    eventId: string,
    round: number,
    table: number,
    results: readonly SeatResult[],
  ): Promise<boolean> {
    const r = this.fenced(fence, () =>
      this.db
        .prepare(
          `UPDATE event_pairings SET status = 'done', results = ?
           WHERE event_id = ? AND round = ? AND table_no = ? AND status = 'playing'`,
        )
        .run(JSON.stringify(results), eventId, round, table),
    );
    return r.changes === 1;
  }

  async finishRound(fence: EventFence, eventId: string, round: number, at: number): Promise<void> {
    this.fenced(fence, () =>
      this.db
        .prepare('UPDATE event_rounds SET finished_at = ? WHERE event_id = ? AND round = ? AND finished_at IS NULL')
        .run(at, eventId, round),
    );
  }

  async rounds(eventId: string): Promise<RoundRow[]> {
    const rows = this.db.prepare('SELECT * FROM event_rounds WHERE event_id = ? ORDER BY round').all(eventId) as {
      event_id: string;
      round: number;
      started_at: number;
      finished_at: number | null;
    }[];
    return rows.map((r) => ({
      eventId: r.event_id,
      round: r.round,
      startedAt: r.started_at,
      finishedAt: r.finished_at,
    }));
  }

  async pairings(eventId: string): Promise<PairingRow[]> {
    const rows = this.db
      .prepare('SELECT * FROM event_pairings WHERE event_id = ? ORDER BY round, table_no')
      .all(eventId) as RawPairing[];
    return rows.map(pairingOf);
  }

  async eventOfMatch(matchId: string): Promise<string | null> {
    const row = this.db.prepare('SELECT event_id FROM event_pairings WHERE match_id = ?').get(matchId) as
      { event_id: string } | undefined;
    return row?.event_id ?? null;
  }

  async saveStandings(
    fence: EventFence,
    eventId: string,
    round: number,
    standings: readonly Standing[],
  ): Promise<void> {
    this.fenced(fence, () =>
      this.db
        .prepare(
          `INSERT INTO event_standings (event_id, round, standings) VALUES (?, ?, ?)
           ON CONFLICT (event_id, round) DO UPDATE SET standings = excluded.standings`,
        )
        .run(eventId, round, JSON.stringify(standings)),
    );
  }

  async standings(eventId: string): Promise<{ round: number; standings: Standing[] } | null> {
    const r = this.db
      .prepare('SELECT round, standings FROM event_standings WHERE event_id = ? ORDER BY round DESC LIMIT 1')
      .get(eventId) as { round: number; standings: string } | undefined;
    return r ? { round: r.round, standings: standingsOf(r.standings) } : null;
  }

  /**
   * The event for `owner`: free, already its own (renewed, at the same epoch: what it knows of the event still
   * holds), or not renewed by its owner for `leaseMs` (taken at a new epoch, which fences the old owner out).
   */
  async lease(eventId: string, owner: string): Promise<EventFence | null> {
    const now = this.now();
    const holder = this.db.prepare('SELECT owner, epoch, expires_at FROM event_leases WHERE event_id = ?');
    type Held = { owner: string; epoch: number; expires_at: number } | undefined;
    // Every process looks at every running event each second: one that is another's is refused without a lock.
    const seen = holder.get(eventId) as Held;
    if (seen && seen.owner !== owner && seen.expires_at > now) return null;
    const epoch = this.db
      .transaction((): number | null => {
        const held = holder.get(eventId) as Held;
        if (held && held.owner === owner) {
          this.db
            .prepare('UPDATE event_leases SET expires_at = max(expires_at, ?) WHERE event_id = ?')
            .run(now + this.leaseMs, eventId);
          return held.epoch;
        }
        if (held && held.expires_at > now) return null;
        const { epoch: next } = this.db
          .prepare('UPDATE event_lease_epochs SET epoch = epoch + 1 WHERE one = 1 RETURNING epoch')
          .get() as { epoch: number };
        this.db
          .prepare(
            `INSERT INTO event_leases (event_id, owner, epoch, expires_at) VALUES (?, ?, ?, ?)
             ON CONFLICT (event_id) DO UPDATE SET owner = excluded.owner, epoch = excluded.epoch, expires_at = excluded.expires_at`,
          )
          .run(eventId, owner, next, now + this.leaseMs);
        return next;
      })
      .immediate();
    return epoch === null ? null : { kind: 'lease', event: eventId, owner, epoch };
  }

  async release(fence: EventFence): Promise<void> {
    if (fence.kind !== 'lease') return;
    this.db
      .prepare('DELETE FROM event_leases WHERE event_id = ? AND owner = ? AND epoch = ?')
      .run(fence.event, fence.owner, fence.epoch);
  }

  async close(): Promise<void> {
    this.db.close();
  }
}
