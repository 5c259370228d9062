import type { AnyGame } from './game.ts';
import type { Localized } from './seat.ts';

/** The clocks a match of a game may be created with: per move, correspondence (days per move), Fischer banks. */
export type ClockKind = 'move' | 'days' | 'fischer';

/** What a game allows beyond its rules, read by every front door instead of a game's id. */
export interface Capabilities {
  /** A player may offer a draw, which ends the match if every other seat accepts it. */
  readonly drawOffers: boolean;
  /** A move may be taken back (at one screen, or with the others' agreement online). */
  readonly takeBacks: boolean;
  /** Some seats know what others do not (hands, a deck, a traitor): views differ and a record hides them. */
  readonly secrets: boolean;
  /** The clocks a match may be created with. */
  readonly clocks: readonly ClockKind[];
  /**
   * The seats win or lose as sides, not as a ranking (a cooperative table and its traitor): an end screen shows
   * who won, not a ranking by score.
   */
  readonly teams: boolean;
}

/**
 * One game, described in one place (ARCHITECTURE.md, "One game, one place"): what every front door shows and
 * decides without loading the rules engine, and the engine itself behind a loader. A game package exports it from
 * `src/descriptor.ts` (`@roundtable/<id>/descriptor`), which imports no engine code, so a web page can list the
 * games and load only the engine of the one it plays.
 */
export interface GameDescriptor {
  readonly id: string;
  readonly name: Localized;
  /** One or two sentences for a menu or a home screen. */
  readonly blurb: Localized;
  readonly minPlayers: number;
  readonly maxPlayers: number;
  /**
   * The player counts the game is meant for, which menus offer (the Tournament: 3 to 6, its 2-player game being a
   * variant the engine also plays); absent: every count from `minPlayers` to `maxPlayers`.
   */
  readonly usualPlayers?: readonly [number, number];
  readonly perfectInformation: boolean;
  readonly capabilities: Capabilities;
  /** How a match can end, by the `Outcome.reason` codes the engine gives, in words ("Castle taken"). */
  readonly ends: Readonly<Record<string, Localized>>;
  /** What `Outcome.scores` count ("Tokens", "Life"), if the game keeps scores. */
  readonly scoreLabel?: Localized;
  /** The deepest perft that ends within hours on a laptop; absent: the front door's own bound. */
  readonly perftDepth?: number;
  /** True for the small games kept for tests (listed only when the catalog is asked for them). */
  readonly fixture?: boolean;
  /** The rules engine, loaded on demand. */
  readonly engine: () => Promise<AnyGame>;
}

/** The words for an end reason, or null when the game does not name it. */
export function endWords(d: GameDescriptor, reason: string): Localized | null {
  return Object.hasOwn(d.ends, reason) ? (d.ends[reason] as Localized) : null;
}
