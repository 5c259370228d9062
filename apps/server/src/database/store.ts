import type { ExplorerSource, GameHit, GameQuery, IndexedGame, MoveStats } from './types.ts';

/**
 * Where the game database lives: `database.db` beside the matches, or the matches' PostgreSQL (migration 055).
 * Adding a game is idempotent (a game stored before is left as it is): the index job runs at least once.
 */
export interface GameDatabaseStore {
  /** Stores the games not stored yet (one transaction); answers how many were new. */
  add(games: readonly IndexedGame[]): Promise<number>;
  has(id: string): Promise<boolean>;
  search(query: GameQuery): Promise<GameHit[]>;
  /** The moves played from the position with this key in the games of `source`, most played first. */
  explore(source: ExplorerSource, key: string): Promise<MoveStats[]>;
  /** The option sets (canonical JSON) the games of a source and game were played with, at most `limit`. */
  optionSets(source: string, game: string, limit: number): Promise<string[]>;
  /** How many games each source holds. */
  counts(): Promise<Record<string, number>>;
  close(): Promise<void>;
}

/** The explorer's tallies one batch of games adds: one row per source, position and move. */
export interface Tally {
  source: string;
  key: string;
  move: string;
  games: number;
  wins0: number;
  wins1: number;
  draws: number;
  ratingSum: number;
  ratingN: number;
}

/**
 * The explorer rows a batch adds. A game that passes twice through a position with the same move counts once
 * there (the explorer counts games, not visits). Only the explorer's sources are tallied.
 */
export function talliesOf(games: readonly IndexedGame[]): Tally[] {
  const all = new Map<string, Tally>();
  for (const g of games) {
    if (g.source === 'casual' || g.keys.length === 0) continue;
    const rated = g.ratings.filter((r): r is number => r !== null);
    const average = rated.length > 0 ? rated.reduce((a, b) => a + b, 0) / rated.length : null;
    const seen = new Set<string>();
    for (let ply = 0; ply < g.moves.length; ply++) {
      const key = g.keys[ply]!;
      const move = g.moves[ply]!;
      const id = `${g.source} ${key} ${move}`;
      if (seen.has(id)) continue;
      seen.add(id);
      let t = all.get(id);
      if (!t)
        all.set(
          id,
          (t = { source: g.source, key, move, games: 0, wins0: 0, wins1: 0, draws: 0, ratingSum: 0, ratingN: 0 }),
        );
      t.games++;
      if (g.draw) t.draws++;
      else if (g.winners.length === 1 && g.winners[0] === 0) t.wins0++;
      else if (g.winners.length === 1 && g.winners[0] === 1) t.wins1++;
      if (average !== null) {
        t.ratingSum += average;
        t.ratingN++;
      }
    }
  }
  return [...all.values()];
}

/** A stored game row read back (names, ratings, winners and options are JSON text written by `add`). */
export interface GameDbRow {
  id: string;
  source: string;
  game: string;
  players: number | string;
  options: string;
  played_at: number | string;
  names: string;
  ratings: string;
  winners: string;
  draw: number | boolean;
  reason: string;
  plies: number | string;
  opening: string;
  event: string | null;
}

export function hitOf(r: GameDbRow): GameHit {
  return {
    id: r.id,
    source: r.source as GameHit['source'],
    game: r.game,
    players: Number(r.players),
    options: parseObject(r.options),
    playedAt: Number(r.played_at),
    names: parseArray(r.names) as (string | null)[],
    ratings: parseArray(r.ratings) as (number | null)[],
    winners: parseArray(r.winners) as number[],
    draw: Boolean(r.draw),
    reason: r.reason,
    plies: Number(r.plies),
    opening: r.opening === '' ? [] : r.opening.split(' '),
    event: r.event,
  };
}

function parseObject(text: string): Record<string, unknown> {
  try {
    const v = JSON.parse(text) as unknown;
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function parseArray(text: string): unknown[] {
  try {
    const v = JSON.parse(text) as unknown;
    return Array.isArray(v) ? v : [];
  } catch {
    return [];
  }
}

/**
 * The WHERE clause of a search, with `?` for each value (PostgreSQL's store numbers them): one text for both
 * databases. Moves are stored joined by single spaces, so an opening is a prefix of that text.
 */
export function whereOf(q: GameQuery, sources: readonly string[]): { sql: string; values: unknown[] } {
  const parts: string[] = [];
  const values: unknown[] = [];
  const add = (sql: string, value: unknown): void => {
    parts.push(sql);
    values.push(value);
  };
  parts.push(`g.source IN (${sources.map(() => '?').join(', ')})`);
  values.push(...sources);
  if (q.player !== undefined) {
    parts.push('g.id IN (SELECT match_id FROM db_players WHERE name_key = ?)');
    values.push(nameKey(q.player));
  }
  if (q.game !== undefined) {
    parts.push('g.game = ?');
    values.push(q.game);
  }
  if (q.options !== undefined) {
    parts.push('g.options = ?');
    values.push(q.options);
  }
  if (q.result?.kind === 'draw') add('g.draw = ?', 1);
  if (q.result?.kind === 'win') add('g.winners = ?', JSON.stringify([q.result.seat]));
  if (q.from !== undefined) add('g.played_at >= ?', q.from);
  if (q.to !== undefined) add('g.played_at <= ?', q.to);
  if (q.opening !== undefined && q.opening.length > 0) {
    const text = q.opening.join(' ');
    parts.push("(g.moves = ? OR g.moves LIKE ? ESCAPE '\\')");
    values.push(text, `${text.replace(/[\\%_]/g, (c) => `\\${c}`)} %`);
  }
  if (q.position !== undefined) {
    parts.push('g.id IN (SELECT match_id FROM db_positions WHERE key = ?)');
    values.push(q.position);
  }
  if (q.event !== undefined) add('g.event = ?', q.event);
  if (q.before !== undefined) {
    parts.push('(g.played_at < ? OR (g.played_at = ? AND g.id < ?))');
    values.push(q.before.playedAt, q.before.playedAt, q.before.id);
  }
  return { sql: parts.join(' AND '), values };
}

export const SEARCH_COLUMNS =
  'g.id, g.source, g.game, g.players, g.options, g.played_at, g.names, g.ratings, g.winners, g.draw, g.reason, g.plies, g.opening, g.event';

/** Player names are searched whatever their case. */
export function nameKey(name: string): string {
  return name.trim().toLowerCase();
}
