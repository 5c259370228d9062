import type { AnyGame } from '../game.ts';
import { replay, type MatchRecord } from '../match.ts';
import type { OptionValue } from '../options.ts';
import type { Result } from '../result.ts';
import type { MoveNode, RecordTree } from './tree.ts';
import { mainLine } from './tree.ts';

/**
 * A match record (a finished match, a replay) as a tree with one line, after replaying it: its moves come out
 * in the engine's notation, and a record the rules refuse is refused here with the move at fault.
 */
export function treeFromRecord(game: AnyGame, record: unknown): Result<RecordTree> {
  const replayed = replay(game, record);
  if (!replayed.ok) return replayed;
  const m = replayed.value;
  let children: readonly MoveNode[] = [];
  for (const move of [...m.history].reverse()) children = [{ seat: move.seat, move: move.move, children }];
  return {
    ok: true,
    value: {
      game: game.id,
      players: m.players,
      options: m.options as Record<string, OptionValue>,
      seed: m.seed,
      ...(m.startPosition !== undefined ? { position: m.startPosition } : {}),
      tags: [],
      children,
    },
  };
}

/** The tree's main line as a plain match record (what replays, reviews and the server read). */
export function recordOfTree(tree: RecordTree): MatchRecord {
  return {
    game: tree.game,
    players: tree.players,
    options: tree.options,
    seed: tree.seed,
    ...(tree.position !== undefined ? { position: tree.position } : {}),
    moves: mainLine(tree),
  };
}
