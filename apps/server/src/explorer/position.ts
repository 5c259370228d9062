import { err, Match, ok, type AnyGame, type Result, type Seat } from '@roundtable/core';
import { canIndexPositions, positionKey } from '@roundtable/ai';
import { gameById, GAME_IDS } from '@roundtable/catalog';
import { playNotation } from '../rules.ts';

/** A position asked for: the game, its options, a start (a position text, or the game's own) and moves from it. */
export interface PositionRequest {
  readonly game: string;
  readonly options?: Readonly<Record<string, unknown>>;
  readonly position?: string;
  readonly moves?: readonly string[];
}

export interface ResolvedPosition {
  readonly game: AnyGame;
  readonly state: unknown;
  readonly key: string;
  /** The position's text (the game's notation). */
  readonly position: string;
  readonly toMove: Seat | null;
  readonly options: Readonly<Record<string, unknown>>;
}

/**
 * The position a request names, checked as input from outside: a game whose positions are indexed (two seats,
 * nothing hidden, a position text), options and a position the game accepts, moves legal one after the other.
 * The options are those the game completes (defaults filled in), as the index keys them (database/extract.ts).
 */
export function resolvePosition(req: PositionRequest): Result<ResolvedPosition> {
  const game = gameById(req.game);
  if (!game) return err({ code: 'UNKNOWN_GAME', game: req.game, known: GAME_IDS });
  if (!canIndexPositions(game, 2)) return err({ code: 'EXPLORER_GAME', game: req.game });
  const made = Match.create(game, {
    players: 2,
    options: req.options ?? {},
    seed: 'explorer',
    ...(req.position !== undefined ? { position: req.position } : {}),
  });
  if (!made.ok) return made;
  const options = made.value.record().options;
  let state = made.value.state;
  for (let i = 0; i < (req.moves ?? []).length; i++) {
    const text = req.moves![i]!;
    const seat = (game.toMove(state)[0] ?? 0) as Seat;
    const played = playNotation(game, state, seat, text);
    if (!played.ok) return err({ code: 'EXPLORER_MOVE', move: text, index: i, reason: played.error.code });
    state = played.value.state;
  }
  const over = game.outcome(state) !== null;
  return ok({
    game,
    state,
    key: positionKey(game, options, state),
    position: game.position!.write(state as never),
    toMove: over ? null : ((game.toMove(state)[0] ?? null) as Seat | null),
    options,
  });
}
