import type { AnyGame } from '@roundtable/core';
import type { Evaluate } from './bot.ts';
import type { Searcher } from './search.ts';
import type { GameTuning } from './tuning.ts';
import type { AnalysisPosition } from './analysis/position.ts';

/** What a level changes for one game (`LevelSpec`): think time, random-move rate, share of an iteration budget. */
export interface LevelOverride {
  readonly ms?: number;
  readonly maxDepth?: number;
  readonly blunder?: number;
  /**
   * The share of an iteration budget given in the input (the arena's `--iterations`) this level searches, as its
   * time budget would next to strong's; absent, the level searches the iterations given.
   */
  readonly effort?: number;
}

/** The levels a published rating is measured for (ratings.ts). */
export type RatedLevel = 'random' | 'greedy' | 'easy' | 'medium' | 'strong';

/**
 * A game's published bot strengths (ratings.ts says how they are measured and how menus show them): kept in the
 * game's AI folder (`<id>/ratings.ts`, data only, so that a page can show them without loading the bots).
 */
export interface PublishedRatings {
  /** Elo on the arena's scale, greedy = 1000; `null`: not measured (yet). */
  readonly ratings?: Readonly<Record<RatedLevel, number | null>>;
  /** A team game, where one Elo per seat would mix the sides: the loyal side's win rate (%) per level. */
  readonly teamWinRates?: Readonly<Partial<Record<RatedLevel, { alone: number; traitor: number }>>>;
}

/**
 * A game's bots, in one place (ARCHITECTURE.md, "One game, one place"): each game's AI folder exports one
 * (`packages/ai/src/<id>/profile.ts`), and the catalog registers it with the game's engine. Everything is
 * optional: a game without a profile is played by the generic searchers, and greedily at random.
 */
export interface BotProfile extends PublishedRatings {
  readonly id: string;
  /** The greedy bot's score of a move (and the rule of thumb of the searches that use it). */
  readonly greedy?: Evaluate;
  /** What the generic searchers need to know of the game (evaluation, playouts, prior, memory). */
  readonly tuning?: GameTuning;
  /** The game's own searcher, played instead of the generic ones (Camelot's alpha-beta). */
  readonly searcher?: Searcher;
  /** The analysis search's position on the game's own fast board (analysis/position.ts); absent: the generic one. */
  readonly analysisPosition?: (game: AnyGame, state: unknown) => AnalysisPosition;
  /** Per level, what this game changes in the level's common spec (levels.ts). */
  readonly levels?: Readonly<Partial<Record<'easy' | 'medium' | 'strong', LevelOverride>>>;
}

interface Entry {
  readonly game: AnyGame;
  readonly profile: BotProfile;
}

// The registry is configuration, filled once at start by the catalog (the same in every thread): no match's state.
const entries = new Map<string, Entry>();
let setup: string | null = null;

/** Makes a game and its bots known to packages/ai (the catalog calls it for every game it lists). */
export function registerGame(game: AnyGame, profile: BotProfile = { id: game.id }): void {
  if (profile.id !== game.id) throw new Error(`the bot profile of ${profile.id} given for ${game.id}`);
  entries.set(game.id, { game, profile });
}

/** The bot profile of a game (an empty one when the game has none). */
export function profileOf(id: string): BotProfile {
  return entries.get(id)?.profile ?? { id };
}

/** A registered game by id (a search worker receives the id, never a game object). */
export function registeredGame(id: string): AnyGame | undefined {
  return entries.get(id)?.game;
}

/**
 * The module a search worker imports before its first search, so that it knows the same games and bots as the
 * thread that started it (the catalog names itself here). Without one, searches stay on the calling thread.
 */
export function setWorkerSetup(moduleUrl: string): void {
  setup = moduleUrl;
}

export function workerSetup(): string | null {
  return setup;
}
