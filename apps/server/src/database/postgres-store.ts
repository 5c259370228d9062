import type pg from 'pg';
import type { GameDatabaseStore } from './store.ts';
import { hitOf, SEARCH_COLUMNS, talliesOf, whereOf, type GameDbRow } from './store.ts';
import { GAME_COLUMNS, gameValues, playerKeys, positionsOf } from './rows.ts';
import { statsOf } from './sqlite-store.ts';
import {
  GAME_SOURCES,
  type ExplorerSource,
  type GameHit,
  type GameQuery,
  type IndexedGame,
  type MoveStats,
} from './types.ts';

const GAME_TYPES = [
  'text',
  'text',
  'text',
  'int',
  'text',
  'bigint',
  'text',
  'text',
  'float8',
  'text',
  'int',
  'text',
  'int',
  'text',
  'text',
  'text',
];

/**
 * The game database in the matches' PostgreSQL (migration 055), shared by every process. A batch is a handful of
 * statements whatever its size (arrays unnested), so the bench's 100,000 games load in minutes, not hours.
 */
export class PostgresGameDatabase implements GameDatabaseStore {
  constructor(private readonly pool: pg.Pool) {}

  async add(games: readonly IndexedGame[]): Promise<number> {
    if (games.length === 0) return 0;
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const columns = games.map(gameValues);
      const inserted = await client.query<{ id: string }>(
        `INSERT INTO db_games (${GAME_COLUMNS})
         SELECT * FROM unnest(${GAME_TYPES.map((t, i) => `$${i + 1}::${t}[]`).join(', ')})
         ON CONFLICT (id) DO NOTHING RETURNING id`,
        GAME_TYPES.map((_, i) => columns.map((c) => c[i])),
      );
      const ids = new Set(inserted.rows.map((r) => r.id));
      const fresh = games.filter((g) => ids.has(g.id));
      const players = fresh.flatMap((g) => playerKeys(g).map((p) => [p.key, g.id, p.seat] as const));
      if (players.length > 0)
        await client.query(
          `INSERT INTO db_players (name_key, match_id, seat) SELECT * FROM unnest($1::text[], $2::text[], $3::int[])
           ON CONFLICT DO NOTHING`,
          [players.map((p) => p[0]), players.map((p) => p[1]), players.map((p) => p[2])],
        );
      const positions = fresh.flatMap((g) => positionsOf(g).map((p) => [p.key, g.id, p.ply] as const));
      if (positions.length > 0)
        await client.query(
          `INSERT INTO db_positions (key, match_id, ply) SELECT * FROM unnest($1::text[], $2::text[], $3::int[])
           ON CONFLICT DO NOTHING`,
          [positions.map((p) => p[0]), positions.map((p) => p[1]), positions.map((p) => p[2])],
        );
      const t = talliesOf(fresh);
      if (t.length > 0)
        await client.query(
          `INSERT INTO explorer_moves (source, key, move, games, wins0, wins1, draws, rating_sum, rating_n)
           SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::int[], $5::int[], $6::int[], $7::int[], $8::float8[], $9::int[])
           ON CONFLICT (source, key, move) DO UPDATE SET games = explorer_moves.games + excluded.games,
             wins0 = explorer_moves.wins0 + excluded.wins0, wins1 = explorer_moves.wins1 + excluded.wins1,
             draws = explorer_moves.draws + excluded.draws, rating_sum = explorer_moves.rating_sum + excluded.rating_sum,
             rating_n = explorer_moves.rating_n + excluded.rating_n`,
          [
            t.map((x) => x.source),
            t.map((x) => x.key),
            t.map((x) => x.move),
            t.map((x) => x.games),
            t.map((x) => x.wins0),
            t.map((x) => x.wins1),
            t.map((x) => x.draws),
            t.map((x) => x.ratingSum),
            t.map((x) => x.ratingN),
          ],
        );
      await client.query('COMMIT');
      return fresh.length;
    } catch (e) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw e;
    } finally {
      client.release();
    }
  }

  async has(id: string): Promise<boolean> {
    return (await this.pool.query('SELECT 1 FROM db_games WHERE id = $1', [id])).rowCount === 1;
  }

  async search(q: GameQuery): Promise<GameHit[]> {
    const where = whereOf(q, q.sources ?? GAME_SOURCES.filter((s) => s !== 'selfplay'));
    let n = 0;
    const sql = `SELECT ${SEARCH_COLUMNS} FROM db_games g WHERE ${where.sql} ORDER BY g.played_at DESC, g.id DESC LIMIT ?`;
    const rows = await this.pool.query<GameDbRow>(
      sql.replace(/\?/g, () => `$${++n}`),
      [...where.values, q.limit],
    );
    return rows.rows.map(hitOf);
  }

  async explore(source: ExplorerSource, key: string): Promise<MoveStats[]> {
    const rows = await this.pool.query(
      'SELECT move, games, wins0, wins1, draws, rating_sum, rating_n FROM explorer_moves WHERE source = $1 AND key = $2 ORDER BY games DESC, move',
      [source, key],
    );
    return rows.rows.map(statsOf);
  }

  async optionSets(source: string, game: string, limit: number): Promise<string[]> {
    const rows = await this.pool.query<{ options: string }>(
      'SELECT DISTINCT options FROM db_games WHERE source = $1 AND game = $2 LIMIT $3',
      [source, game, limit],
    );
    return rows.rows.map((r) => r.options);
  }

  async counts(): Promise<Record<string, number>> {
    const rows = await this.pool.query<{ source: string; n: string }>(
      'SELECT source, COUNT(*) AS n FROM db_games GROUP BY source',
    );
    return Object.fromEntries(rows.rows.map((r) => [r.source, Number(r.n)]));
  }

  async close(): Promise<void> {}
}
