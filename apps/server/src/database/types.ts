/**
 * The game database's rows: every finished match of the site (and each imported record, and the bots' self-play
 * set) as one searchable game, with, for two-player games of perfect information, the key of the position after
 * each ply (the position search and the opening explorer read those).
 */

/**
 * Where a game comes from. `rated` and `casual`: the site's matches; `master`: records imported from outside
 * (records-export's marker); `selfplay`: the bots' self-play set, never a match of the site (its own rows, its
 * ids start with `sp-`).
 */
export type GameSource = 'rated' | 'casual' | 'master' | 'selfplay';
export const GAME_SOURCES: readonly GameSource[] = ['rated', 'casual', 'master', 'selfplay'];
/** The sources the opening explorer offers (casual games are searched, not explored). */
export const EXPLORER_SOURCES = ['rated', 'master', 'selfplay'] as const;
export type ExplorerSource = (typeof EXPLORER_SOURCES)[number];

export interface IndexedGame {
  readonly id: string;
  readonly source: GameSource;
  readonly game: string;
  readonly players: number;
  /** The options as canonical JSON (keys sorted). */
  readonly options: string;
  /** When it was played (ms since the epoch): the match's creation, or the record's date. */
  readonly playedAt: number;
  /** By seat; null for a seat without a name (an anonymous guest). */
  readonly names: readonly (string | null)[];
  /** By seat, the rating before the match (null: none, an unrated match or a guest). */
  readonly ratings: readonly (number | null)[];
  readonly winners: readonly number[];
  readonly draw: boolean;
  /** How it ended (the outcome's reason). */
  readonly reason: string;
  readonly moves: readonly string[];
  /** The event the match belongs to (settings.event), once events put one on matches. */
  readonly event: string | null;
  /** The key of the position after each ply 0…moves.length; empty for a game whose positions are not indexed. */
  readonly keys: readonly string[];
}

/** A game as the database search returns it. */
export interface GameHit {
  readonly id: string;
  readonly source: GameSource;
  readonly game: string;
  readonly players: number;
  readonly options: Readonly<Record<string, unknown>>;
  readonly playedAt: number;
  readonly names: readonly (string | null)[];
  readonly ratings: readonly (number | null)[];
  readonly winners: readonly number[];
  readonly draw: boolean;
  readonly reason: string;
  readonly plies: number;
  /** The first moves (at most OPENING_SHOWN). */
  readonly opening: readonly string[];
  readonly event: string | null;
}

/** The result filter: a seat won (`win:0` the first player…), or a draw. */
export type ResultFilter = { readonly kind: 'win'; readonly seat: number } | { readonly kind: 'draw' };

export interface GameQuery {
  readonly player?: string;
  readonly game?: string;
  /** Canonical options JSON: games played with exactly these options. */
  readonly options?: string;
  readonly result?: ResultFilter;
  readonly from?: number;
  readonly to?: number;
  /** The game's first moves, in order. */
  readonly opening?: readonly string[];
  /** A position key: games that reached that position after some ply. */
  readonly position?: string;
  readonly event?: string;
  /** Sources searched (by default every one but the self-play set). */
  readonly sources?: readonly GameSource[];
  readonly limit: number;
  /** Paging: games played before this one (its playedAt and id), newest first. */
  readonly before?: { readonly playedAt: number; readonly id: string };
}

/** One move played from a position, over the games of one source. */
export interface MoveStats {
  readonly move: string;
  readonly games: number;
  /** Games won by the first seat and by the second. */
  readonly wins: readonly [number, number];
  readonly draws: number;
  /** The mean of the games' average ratings (null: no rated game among them). */
  readonly averageRating: number | null;
}

export const OPENING_SHOWN = 12;
export const MAX_PAGE = 100;
