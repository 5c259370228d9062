import type pg from 'pg';
import type { ClubRow, ClubStore, MemberRow, VouchedRow } from './store.ts';

interface Row {
  id: string;
  name: string;
  name_key: string;
  owner_id: string;
  code: string;
  created_at: string;
}

const club = (r: Row): ClubRow => ({
  id: r.id,
  name: r.name,
  nameKey: r.name_key,
  ownerId: r.owner_id,
  code: r.code,
  createdAt: Number(r.created_at),
});

/**
 * Clubs in the matches' PostgreSQL (migration 045), shared by every process; a join locks its club (an advisory
 * lock for the transaction) so two joins on two processes never pass the club's cap of members.
 */
export class PostgresClubStore implements ClubStore {
  constructor(private readonly pool: pg.Pool) {}

  async create(c: ClubRow, now: number): Promise<boolean> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const made = await client.query(
        'INSERT INTO clubs (id, name, name_key, owner_id, code, created_at) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING',
        [c.id, c.name, c.nameKey, c.ownerId, c.code, c.createdAt],
      );
      if (made.rowCount !== 1) {
        await client.query('ROLLBACK');
        return false;
      }
      await client.query(
        'INSERT INTO club_members (club_id, account_id, joined_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING',
        [c.id, c.ownerId, now],
      );
      await client.query('COMMIT');
      return true;
    } catch (e) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw e;
    } finally {
      client.release();
    }
  }

  private async one(where: string, value: string): Promise<ClubRow | null> {
    const r = (await this.pool.query<Row>(`SELECT * FROM clubs WHERE ${where} = $1`, [value])).rows[0];
    return r ? club(r) : null;
  }

  byId(id: string): Promise<ClubRow | null> {
    return this.one('id', id);
  }

  byCode(code: string): Promise<ClubRow | null> {
    return this.one('code', code);
  }

  byOwner(ownerId: string): Promise<ClubRow | null> {
    return this.one('owner_id', ownerId);
  }

  async clubsOf(accountId: string): Promise<ClubRow[]> {
    const r = await this.pool.query<Row>(
      'SELECT c.* FROM clubs c JOIN club_members m ON m.club_id = c.id WHERE m.account_id = $1 ORDER BY c.name_key',
      [accountId],
    );
    return r.rows.map(club);
  }

  async members(clubId: string): Promise<MemberRow[]> {
    const r = await this.pool.query<{ account_id: string; joined_at: string }>(
      'SELECT account_id, joined_at FROM club_members WHERE club_id = $1 ORDER BY joined_at',
      [clubId],
    );
    return r.rows.map((row) => ({ accountId: row.account_id, joinedAt: Number(row.joined_at) }));
  }

  async addMember(clubId: string, accountId: string, max: number, now: number): Promise<'added' | 'member' | 'full'> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 45))', [clubId]);
      const has = await client.query('SELECT 1 FROM club_members WHERE club_id = $1 AND account_id = $2', [
        clubId,
        accountId,
      ]);
      let out: 'added' | 'member' | 'full' = 'member';
      if (has.rowCount === 0) {
        const n = await client.query<{ n: string }>('SELECT count(*) AS n FROM club_members WHERE club_id = $1', [
          clubId,
        ]);
        if (Number(n.rows[0]?.n ?? 0) >= max) out = 'full';
        else {
          await client.query('INSERT INTO club_members (club_id, account_id, joined_at) VALUES ($1, $2, $3)', [
            clubId,
            accountId,
            now,
          ]);
          out = 'added';
        }
      }
      await client.query('COMMIT');
      return out;
    } catch (e) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw e;
    } finally {
      client.release();
    }
  }

  async removeMember(clubId: string, accountId: string): Promise<void> {
    await this.pool.query('DELETE FROM club_members WHERE club_id = $1 AND account_id = $2', [clubId, accountId]);
  }

  async setCode(clubId: string, code: string): Promise<void> {
    await this.pool.query('UPDATE clubs SET code = $1 WHERE id = $2', [code, clubId]);
  }

  async addWard(accountId: string, clubId: string, now: number): Promise<void> {
    await this.pool.query(
      'INSERT INTO club_wards (account_id, club_id, at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING',
      [accountId, clubId, now],
    );
  }

  async wardOf(accountId: string): Promise<string | null> {
    const r = await this.pool.query<{ club_id: string }>('SELECT club_id FROM club_wards WHERE account_id = $1', [
      accountId,
    ]);
    return r.rows[0]?.club_id ?? null;
  }

  async wasVouched(matchId: string): Promise<string | null> {
    const r = await this.pool.query<{ club_id: string }>(
      'SELECT club_id FROM club_vouched WHERE match_id = $1 LIMIT 1',
      [matchId],
    );
    return r.rows[0]?.club_id ?? null;
  }

  async vouch(v: VouchedRow): Promise<void> {
    await this.pool.query(
      'INSERT INTO club_vouched (match_id, club_id, game, a, b, at) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING',
      [v.matchId, v.clubId, v.game, v.a, v.b, v.at],
    );
  }

  async vouched(accountId: string, limit: number): Promise<VouchedRow[]> {
    const r = await this.pool.query<{
      match_id: string;
      club_id: string;
      game: string;
      a: string;
      b: string;
      at: string;
    }>('SELECT * FROM club_vouched WHERE a = $1 OR b = $1 ORDER BY at DESC LIMIT $2', [accountId, limit]);
    return r.rows.map((row) => ({
      matchId: row.match_id,
      clubId: row.club_id,
      game: row.game,
      a: row.a,
      b: row.b,
      at: Number(row.at),
    }));
  }

  async close(): Promise<void> {
    // The pool is the match store's: it closes it.
  }
}
