import type pg from 'pg';
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

interface RawEntrant {
  event_id: string;
  account_id: string;
  name: string;
  bot: boolean;
  joined_at: string;
  withdrawn: boolean;
  rating: number;
}

const entrantOf = (r: RawEntrant): EntrantRow => ({
  eventId: r.event_id,
  accountId: r.account_id,
  name: r.name,
  bot: r.bot,
  joinedAt: Number(r.joined_at),
  withdrawn: r.withdrawn,
  rating: Number(r.rating),
});

const OVER = `('finished', 'cancelled')`;
/** Whether process `owner`'s own lease runs (cluster_nodes, as match leases: cluster/leases.ts). */
const ALIVE = (owner: string): string =>
  `EXISTS (SELECT 1 FROM cluster_nodes n WHERE n.node = ${owner} AND n.expires_at >= rt_now_ms())`;

/**
 * Events in the matches' PostgreSQL (migration 030), shared by every process. With several processes (`leased`)
 * each event is run by the holder of its lease, and each of its writes runs `rt_event_fence` in its transaction
 * (a process whose lease was taken over writes nothing more); one process alone writes unfenced.
 */
export class PostgresEventStore implements EventStore {
  constructor(
    private readonly pool: pg.Pool,
    private readonly leased: boolean,
  ) {}

  /** `work` in one transaction, after the fence (refused: EventFenced, nothing written). */
  private async fenced<T>(fence: EventFence, work: (c: pg.PoolClient) => Promise<T>): Promise<T> {
    const c = await this.pool.connect();
    try {
      await c.query('BEGIN');
      if (fence.kind === 'lease') {
        try {
          await c.query('SELECT rt_event_fence($1, $2, $3)', [fence.event, fence.owner, fence.epoch]);
        } catch (e) {
          if ((e as { code?: string }).code === 'RTF02') throw new EventFenced(fence.event);
          throw e;
        }
      }
      const out = await work(c);
      await c.query('COMMIT');
      return out;
    } catch (e) {
      await c.query('ROLLBACK').catch(() => undefined);
      throw e;
    } finally {
      c.release();
    }
  }

  async createEvent(r: EventRow): Promise<void> {
    await this.pool.query(
      `INSERT INTO events (id, organiser, organiser_name, kind, game, status, spec, created_at, starts_at, started_at,
         ends_at, rounds, round, seed) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
      [
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
      ],
    );
  }

  async event(id: string): Promise<EventRow | null> {
    const r = (await this.pool.query<RawEvent>('SELECT * FROM events WHERE id = $1', [id])).rows[0];
    return r ? eventOf(r) : null;
  }

  async listEvents(q: {
    game?: string;
    status?: EventStatus;
    kind?: EventKind;
    limit: number;
  }): Promise<{ row: EventRow; entrants: number }[]> {
    const r = await this.pool.query<RawEvent & { entrants: string }>(
      `SELECT e.*, (SELECT COUNT(*) FROM event_entrants n WHERE n.event_id = e.id AND NOT n.withdrawn) AS entrants
       FROM events e WHERE ($1::text IS NULL OR e.game = $1) AND ($2::text IS NULL OR e.status = $2)
         AND ($3::text IS NULL OR e.kind = $3)
       ORDER BY e.created_at DESC LIMIT $4`,
      [q.game ?? null, q.status ?? null, q.kind ?? null, q.limit],
    );
    return r.rows.map((x) => ({ row: eventOf(x), entrants: Number(x.entrants) }));
  }

  async eventsIn(statuses: readonly EventStatus[]): Promise<EventRow[]> {
    const r = await this.pool.query<RawEvent>('SELECT * FROM events WHERE status = ANY($1::text[])', [statuses]);
    return r.rows.map(eventOf);
  }

  async countOrganised(accountId: string): Promise<number> {
    const r = await this.pool.query<{ n: string }>(
      `SELECT COUNT(*) AS n FROM events WHERE organiser = $1 AND status NOT IN ${OVER}`,
      [accountId],
    );
    return Number(r.rows[0]!.n);
  }

  async countEntered(accountId: string): Promise<number> {
    const r = await this.pool.query<{ n: string }>(
      `SELECT COUNT(*) AS n FROM event_entrants n JOIN events e ON e.id = n.event_id
       WHERE n.account_id = $1 AND NOT n.withdrawn AND e.status NOT IN ${OVER}`,
      [accountId],
    );
    return Number(r.rows[0]!.n);
  }

  async addEntrant(row: EntrantRow, max: number): Promise<'added' | 'full' | 'already'> {
    return this.fenced({ kind: 'alone' }, async (c) => {
      // The event's row locked: two joins at once count each other.
      await c.query('SELECT 1 FROM events WHERE id = $1 FOR UPDATE', [row.eventId]);
      const had = await c.query<{ withdrawn: boolean }>(
        'SELECT withdrawn FROM event_entrants WHERE event_id = $1 AND account_id = $2',
        [row.eventId, row.accountId],
      );
      if (had.rows[0] && !had.rows[0].withdrawn) return 'already';
      const n = await c.query<{ n: string }>(
        'SELECT COUNT(*) AS n FROM event_entrants WHERE event_id = $1 AND NOT withdrawn',
        [row.eventId],
      );
      if (Number(n.rows[0]!.n) >= max) return 'full';
      await c.query(
        `INSERT INTO event_entrants (event_id, account_id, name, bot, joined_at, withdrawn, rating)
         VALUES ($1, $2, $3, $4, $5, false, $6)
         ON CONFLICT (event_id, account_id) DO UPDATE SET withdrawn = false, joined_at = excluded.joined_at`,
        [row.eventId, row.accountId, row.name, row.bot, row.joinedAt, row.rating],
      );
      return 'added';
    });
  }

  async entrants(eventId: string): Promise<EntrantRow[]> {
    const r = await this.pool.query<RawEntrant>(
      'SELECT * FROM event_entrants WHERE event_id = $1 ORDER BY joined_at, account_id',
      [eventId],
    );
    return r.rows.map(entrantOf);
  }

  async withdraw(eventId: string, accountId: string, remove: boolean): Promise<boolean> {
    const r = remove
      ? await this.pool.query('DELETE FROM event_entrants WHERE event_id = $1 AND account_id = $2', [
          eventId,
          accountId,
        ])
      : await this.pool.query(
          'UPDATE event_entrants SET withdrawn = true WHERE event_id = $1 AND account_id = $2 AND NOT withdrawn',
          [eventId, accountId],
        );
    return r.rowCount === 1;
  }

  async updateEvent(
    fence: EventFence,
    id: string,
    change: Partial<Pick<EventRow, 'status' | 'startedAt' | 'endsAt' | 'rounds' | 'round'>>,
  ): Promise<void> {
    const cols: string[] = [];
    const values: unknown[] = [];
    const set = (col: string, v: unknown): void => {
      values.push(v);
      cols.push(`${col} = $${values.length}`);
    };
    if (change.status !== undefined) set('status', change.status);
    if (change.startedAt !== undefined) set('started_at', change.startedAt);
    if (change.endsAt !== undefined) set('ends_at', change.endsAt);
    if (change.rounds !== undefined) set('rounds', change.rounds);
    if (change.round !== undefined) set('round', change.round);
    if (cols.length === 0) return;
    values.push(id);
    await this.fenced(fence, (c) =>
      c.query(`UPDATE events SET ${cols.join(', ')} WHERE id = $${values.length}`, values),
    );
  }

  async writeRound(fence: EventFence, round: RoundRow, pairings: readonly PairingRow[]): Promise<boolean> {
    return this.fenced(fence, async (c) => {
      const r = await c.query(
        `INSERT INTO event_rounds (event_id, round, started_at, finished_at) VALUES ($1, $2, $3, NULL)
         ON CONFLICT DO NOTHING`,
        [round.eventId, round.round, round.startedAt],
      );
      if (r.rowCount === 0) return false;
      for (const p of pairings) await insertPairing(c, p);
      await c.query('UPDATE events SET round = $1 WHERE id = $2', [round.round, round.eventId]);
      return true;
    });
  }

  async addPairing(fence: EventFence, p: PairingRow): Promise<boolean> {
    return this.fenced(fence, (c) => insertPairing(c, p));
  }

  async markAbsent(
    fence: EventFence,
    eventId: string,
    round: number,
    table: number,
    absent: Readonly<Record<number, 'forfeit' | 'bot-replaced'>>,
  ): Promise<void> {
    await this.fenced(fence, (c) =>
      c.query(
        `UPDATE event_pairings SET absent = $1 WHERE event_id = $2 AND round = $3 AND table_no = $4 AND status = 'playing'`,
        [JSON.stringify(absent), eventId, round, table],
      ),
    );
  }

  async recordResult(
    fence: EventFence,
    eventId: string,
    round: number,
    table: number,
    results: readonly SeatResult[],
  ): Promise<boolean> {
    const r = await this.fenced(fence, (c) =>
      c.query(
        `UPDATE event_pairings SET status = 'done', results = $1
         WHERE event_id = $2 AND round = $3 AND table_no = $4 AND status = 'playing'`,
        [JSON.stringify(results), eventId, round, table],
      ),
    );
    return r.rowCount === 1;
  }

  async finishRound(fence: EventFence, eventId: string, round: number, at: number): Promise<void> {
    await this.fenced(fence, (c) =>
      c.query('UPDATE event_rounds SET finished_at = $1 WHERE event_id = $2 AND round = $3 AND finished_at IS NULL', [
        at,
        eventId,
        round,
      ]),
    );
  }

  async rounds(eventId: string): Promise<RoundRow[]> {
    const r = await this.pool.query<{
      event_id: string;
      round: number;
      started_at: string;
      finished_at: string | null;
    }>('SELECT * FROM event_rounds WHERE event_id = $1 ORDER BY round', [eventId]);
    return r.rows.map((x) => ({
      eventId: x.event_id,
      round: x.round,
      startedAt: Number(x.started_at),
      finishedAt: x.finished_at === null ? null : Number(x.finished_at),
    }));
  }

  async pairings(eventId: string): Promise<PairingRow[]> {
    const r = await this.pool.query<RawPairing>(
      'SELECT * FROM event_pairings WHERE event_id = $1 ORDER BY round, table_no',
      [eventId],
    );
    return r.rows.map(pairingOf);
  }

  async eventOfMatch(matchId: string): Promise<string | null> {
    // match_id is UNIQUE (030-events.sql): indexed.
    const r = await this.pool.query<{ event_id: string }>('SELECT event_id FROM event_pairings WHERE match_id = $1', [
      matchId,
    ]);
    return r.rows[0]?.event_id ?? null;
  }

  async saveStandings(
    fence: EventFence,
    eventId: string,
    round: number,
    standings: readonly Standing[],
  ): Promise<void> {
    await this.fenced(fence, (c) =>
      c.query(
        `INSERT INTO event_standings (event_id, round, standings) VALUES ($1, $2, $3)
         ON CONFLICT (event_id, round) DO UPDATE SET standings = excluded.standings`,
        [eventId, round, JSON.stringify(standings)],
      ),
    );
  }

  async standings(eventId: string): Promise<{ round: number; standings: Standing[] } | null> {
    const r = await this.pool.query<{ round: number; standings: string }>(
      'SELECT round, standings FROM event_standings WHERE event_id = $1 ORDER BY round DESC LIMIT 1',
      [eventId],
    );
    const x = r.rows[0];
    return x ? { round: x.round, standings: standingsOf(x.standings) } : null;
  }

  async lease(eventId: string, owner: string): Promise<EventFence | null> {
    if (!this.leased) return { kind: 'alone' };
    // Free, already ours (same epoch), or its owner's own lease ran out (a new epoch fences the old owner out).
    const r = await this.pool.query<{ epoch: string }>(
      `INSERT INTO event_leases AS l (event_id, owner, epoch) VALUES ($1, $2, nextval('event_lease_epochs'))
       ON CONFLICT (event_id) DO UPDATE
         SET owner = excluded.owner,
             epoch = CASE WHEN l.owner = excluded.owner THEN l.epoch ELSE excluded.epoch END
         WHERE l.owner = excluded.owner OR NOT ${ALIVE('l.owner')}
       RETURNING l.epoch`,
      [eventId, owner],
    );
    const row = r.rows[0];
    return row ? { kind: 'lease', event: eventId, owner, epoch: Number(row.epoch) } : null;
  }

  async release(fence: EventFence): Promise<void> {
    if (fence.kind !== 'lease') return;
    await this.pool.query('DELETE FROM event_leases WHERE event_id = $1 AND owner = $2 AND epoch = $3', [
      fence.event,
      fence.owner,
      fence.epoch,
    ]);
  }

  async close(): Promise<void> {}
}

async function insertPairing(c: pg.PoolClient, p: PairingRow): Promise<boolean> {
  const r = await c.query(
    `INSERT INTO event_pairings (event_id, round, table_no, match_id, seats, status, results, absent, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT DO NOTHING`,
    [
      p.eventId,
      p.round,
      p.table,
      p.matchId,
      JSON.stringify(p.seats),
      p.status,
      p.results ? JSON.stringify(p.results) : null,
      JSON.stringify(p.absent),
      p.createdAt,
    ],
  );
  return r.rowCount === 1;
}
