import type { Seat } from '@roundtable/core';
import type { MatchStatus, SeatKind } from '@roundtable/protocol';
import type { CandidateQuery, ExportCandidate, RecordsStore } from './store.ts';

/** The two databases seen alike: `?` placeholders (PostgreSQL's adapter numbers them), rows as plain objects. */
export interface SqlRunner {
  all<T>(sql: string, params: readonly unknown[]): Promise<T[]>;
  run(sql: string, params: readonly unknown[]): Promise<void>;
}

/** Where each table lives: SQLite attaches roundtable.sqlite as `m.` and accounts.db as `a.`; PostgreSQL has one. */
export interface Tables {
  readonly matches: string;
  /** The matches read in (created_at, id) order (SQLite must be told the index: it would sort by status's). */
  readonly matchesInOrder: string;
  readonly seats: string;
  readonly moves: string;
  readonly accountSeats: string;
  readonly accounts: string;
}

interface MatchSqlRow {
  id: string;
  game: string;
  players: number;
  options: string;
  seed: string;
  position: string | null;
  settings: string;
  status: string;
  outcome: string | null;
  created_at: number | string;
}

const marks = (n: number): string => Array.from({ length: n }, () => '?').join(', ');

/** Every match an export may hold: over by the rules or abandoned; never imported ('archived') ones. */
const OVER = "status IN ('finished', 'abandoned')";

/** The records store over either database: the queries are the same SQL. */
export class SqlRecordsStore implements RecordsStore {
  constructor(
    private readonly db: SqlRunner,
    private readonly t: Tables,
    private readonly closeDb: () => Promise<void>,
  ) {}

  async candidates(q: CandidateQuery): Promise<ExportCandidate[]> {
    const where = [OVER];
    const params: unknown[] = [];
    if (q.game !== undefined) {
      where.push('game = ?');
      params.push(q.game);
    }
    if (q.from !== undefined) {
      where.push('created_at >= ?');
      params.push(q.from);
    }
    if (q.to !== undefined) {
      where.push('created_at < ?');
      params.push(q.to);
    }
    if (q.after) {
      where.push('(created_at, id) > (?, ?)');
      params.push(q.after.at, q.after.id);
    }
    if (q.account !== undefined) {
      where.push(`id IN (SELECT match_id FROM ${this.t.accountSeats} WHERE account_id = ?)`);
      params.push(q.account);
    }
    const rows = await this.db.all<MatchSqlRow>(
      `SELECT id, game, players, options, seed, position, settings, status, outcome, created_at FROM ${this.t.matchesInOrder}
       WHERE ${where.join(' AND ')} ORDER BY created_at, id LIMIT ?`,
      [...params, q.limit],
    );
    return this.complete(rows);
  }

  async endedBetween(game: string, from: number, to: number, after: string, limit: number): Promise<string[]> {
    const rows = await this.db.all<{ match_id: string }>(
      'SELECT match_id FROM record_ends WHERE game = ? AND ended_at >= ? AND ended_at < ? AND match_id > ? ORDER BY match_id LIMIT ?',
      [game, from, to, after, limit],
    );
    return rows.map((r) => r.match_id);
  }

  async byIds(ids: readonly string[]): Promise<ExportCandidate[]> {
    if (ids.length === 0) return [];
    const rows = await this.db.all<MatchSqlRow>(
      `SELECT id, game, players, options, seed, position, settings, status, outcome, created_at FROM ${this.t.matches}
       WHERE ${OVER} AND id IN (${marks(ids.length)}) ORDER BY id`,
      ids,
    );
    return this.complete(rows);
  }

  /** Seats, moves, accounts and consents of a page of matches, in four queries whatever the page's size. */
  private async complete(rows: readonly MatchSqlRow[]): Promise<ExportCandidate[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const inIds = `(${marks(ids.length)})`;
    const [seats, moves, held, seatConsents, ends] = await Promise.all([
      this.db.all<{ match_id: string; seat: number; kind: string; name: string | null; level: string | null }>(
        `SELECT match_id, seat, kind, name, level FROM ${this.t.seats} WHERE match_id IN ${inIds} ORDER BY match_id, seat`,
        ids,
      ),
      this.db.all<{ match_id: string; ply: number; seat: number; move: string; at: number | string }>(
        `SELECT match_id, ply, seat, move, at FROM ${this.t.moves} WHERE match_id IN ${inIds} ORDER BY match_id, ply`,
        ids,
      ),
      this.db.all<{ match_id: string; seat: number; name: string | null; consent: number | null }>(
        `SELECT s.match_id, s.seat, acc.name, c.consent FROM ${this.t.accountSeats} s
         LEFT JOIN ${this.t.accounts} acc ON acc.id = s.account_id
         LEFT JOIN record_consents c ON c.account_id = s.account_id
         WHERE s.match_id IN ${inIds}`,
        ids,
      ),
      this.db.all<{ match_id: string; seat: number }>(
        `SELECT match_id, seat FROM record_seat_consents WHERE match_id IN ${inIds}`,
        ids,
      ),
      this.db.all<{ match_id: string; ended_at: number | string }>(
        `SELECT match_id, ended_at FROM record_ends WHERE match_id IN ${inIds}`,
        ids,
      ),
    ]);
    const group = <T extends { match_id: string }>(list: readonly T[]): Map<string, T[]> => {
      const out = new Map<string, T[]>();
      for (const x of list) {
        const l = out.get(x.match_id);
        if (l) l.push(x);
        else out.set(x.match_id, [x]);
      }
      return out;
    };
    const seatsOf = group(seats);
    const movesOf = group(moves);
    const heldOf = group(held);
    const consentsOf = group(seatConsents);
    const endOf = new Map(ends.map((e) => [e.match_id, Number(e.ended_at)]));
    return rows.map((r) => {
      const ms = movesOf.get(r.id) ?? [];
      const createdAt = Number(r.created_at);
      const last = ms.length > 0 ? Number(ms[ms.length - 1]!.at) : createdAt;
      return {
        id: r.id,
        game: r.game,
        players: Number(r.players),
        options: JSON.parse(r.options) as Record<string, unknown>,
        seed: JSON.parse(r.seed) as ExportCandidate['seed'],
        position: r.position,
        settings: JSON.parse(r.settings) as ExportCandidate['settings'],
        status: r.status as MatchStatus,
        outcome: r.outcome === null ? null : (JSON.parse(r.outcome) as ExportCandidate['outcome']),
        createdAt,
        endedAt: endOf.get(r.id) ?? last,
        seats: (seatsOf.get(r.id) ?? []).map((s) => {
          const account = heldOf.get(r.id)?.find((h) => h.seat === s.seat);
          return {
            seat: s.seat as Seat,
            kind: s.kind as SeatKind,
            name: s.name,
            level: s.level,
            account: account ? { name: account.name, consent: Number(account.consent ?? 0) === 1 } : null,
            consent: (consentsOf.get(r.id) ?? []).some((c) => c.seat === s.seat),
          };
        }),
        moves: ms.map((m) => ({ seat: m.seat as Seat, move: m.move })),
      };
    });
  }

  ended(matchId: string, game: string, at: number): Promise<void> {
    return this.db.run(
      'INSERT INTO record_ends (match_id, game, ended_at) VALUES (?, ?, ?) ON CONFLICT (match_id) DO NOTHING',
      [matchId, game, at],
    );
  }

  setAccountConsent(accountId: string, consent: boolean, at: number): Promise<void> {
    return this.db.run(
      'INSERT INTO record_consents (account_id, consent, at) VALUES (?, ?, ?) ON CONFLICT (account_id) DO UPDATE SET consent = excluded.consent, at = excluded.at',
      [accountId, consent ? 1 : 0, at],
    );
  }

  async accountConsent(accountId: string): Promise<boolean> {
    const rows = await this.db.all<{ consent: number }>('SELECT consent FROM record_consents WHERE account_id = ?', [
      accountId,
    ]);
    return Number(rows[0]?.consent ?? 0) === 1;
  }

  addSeatConsent(matchId: string, seat: Seat, at: number): Promise<void> {
    return this.db.run(
      'INSERT INTO record_seat_consents (match_id, seat, at) VALUES (?, ?, ?) ON CONFLICT (match_id, seat) DO NOTHING',
      [matchId, seat, at],
    );
  }

  async dayMade(game: string, day: string): Promise<{ matches: number; madeAt: number } | null> {
    const rows = await this.db.all<{ matches: number; made_at: number | string }>(
      'SELECT matches, made_at FROM record_days WHERE game = ? AND day = ?',
      [game, day],
    );
    const r = rows[0];
    return r ? { matches: Number(r.matches), madeAt: Number(r.made_at) } : null;
  }

  markDay(game: string, day: string, matches: number, at: number): Promise<void> {
    return this.db.run(
      'INSERT INTO record_days (game, day, matches, made_at) VALUES (?, ?, ?, ?) ON CONFLICT (game, day) DO NOTHING',
      [game, day, matches, at],
    );
  }

  async days(game?: string): Promise<{ game: string; day: string; matches: number }[]> {
    const rows = await this.db.all<{ game: string; day: string; matches: number }>(
      `SELECT game, day, matches FROM record_days ${game !== undefined ? 'WHERE game = ?' : ''} ORDER BY game, day`,
      game !== undefined ? [game] : [],
    );
    return rows.map((r) => ({ game: r.game, day: r.day, matches: Number(r.matches) }));
  }

  close(): Promise<void> {
    return this.closeDb();
  }
}
