import { describeError, err, ok, type AnyGame, type GameError, type Result, type Seat } from '@roundtable/core';
import { CONDITIONAL_LIMITS, type ConditionalLine } from '@roundtable/protocol';
import { playNotation } from '../rules.ts';

/** The moves of a line from the root, as written in errors ("e4 d5 c3"). */
const lineText = (path: readonly string[]): string => path.join(' ');

/**
 * Checks a tree for `seat` against the position it will be played from (`state`, the opponent to move): every
 * opponent move must be legal there, every answer legal after it, and each answer must leave the opponent to move
 * when more follows. Answers the tree with every move in the game's own notation (as the log writes it), so a
 * stored branch matches the move the opponent's move is stored as.
 */
export function checkTree(
  game: AnyGame,
  state: unknown,
  seat: Seat,
  tree: readonly ConditionalLine[],
): Result<ConditionalLine[]> {
  let nodes = 0;
  const walk = (at: unknown, branches: readonly ConditionalLine[], path: string[]): Result<ConditionalLine[]> => {
    if (path.length / 2 >= CONDITIONAL_LIMITS.maxDepth)
      return err({
        code: 'CONDITIONAL_TOO_BIG',
        maxNodes: CONDITIONAL_LIMITS.maxNodes,
        maxDepth: CONDITIONAL_LIMITS.maxDepth,
      });
    const toMove = game.toMove(at);
    const opponent = toMove.length === 1 && toMove[0] !== seat ? toMove[0]! : null;
    if (opponent === null || game.outcome(at)) return err({ code: 'CONDITIONAL_NO_ANSWER', line: lineText(path) });
    const out: ConditionalLine[] = [];
    const seen = new Set<string>();
    for (const b of branches) {
      if (++nodes > CONDITIONAL_LIMITS.maxNodes)
        return err({
          code: 'CONDITIONAL_TOO_BIG',
          maxNodes: CONDITIONAL_LIMITS.maxNodes,
          maxDepth: CONDITIONAL_LIMITS.maxDepth,
        });
      const theirs = playNotation(game, at, opponent, b.if);
      if (!theirs.ok) return err(illegal(game, [...path, b.if], b.if, 'theirs', theirs.error));
      const x = theirs.value.notation;
      if (seen.has(x)) return err({ code: 'CONDITIONAL_DUPLICATE', line: lineText([...path, x]), move: x });
      seen.add(x);
      const after = theirs.value.state;
      if (game.outcome(after) || !game.toMove(after).includes(seat))
        return err({ code: 'CONDITIONAL_NO_ANSWER', line: lineText([...path, x]) });
      const mine = playNotation(game, after, seat, b.then);
      if (!mine.ok) return err(illegal(game, [...path, x, b.then], b.then, 'yours', mine.error));
      const y = mine.value.notation;
      const next = b.next ?? [];
      if (next.length === 0) {
        out.push({ if: x, then: y });
        continue;
      }
      const deeper = walk(mine.value.state, next, [...path, x, y]);
      if (!deeper.ok) return deeper;
      out.push({ if: x, then: y, next: deeper.value });
    }
    return ok(out);
  };
  return walk(state, tree, []);
}

/** A move of a line the rules refuse, with the rule's own words in both languages. */
function illegal(
  game: AnyGame,
  path: readonly string[],
  move: string,
  side: 'theirs' | 'yours',
  cause: GameError,
): GameError {
  return {
    code: 'CONDITIONAL_ILLEGAL',
    line: lineText(path),
    move,
    side,
    reason: describeError(cause, 'en', game.messages),
    reasonFr: describeError(cause, 'fr', game.messages),
  };
}

/** The branch the opponent's move `move` follows, or null when the tree does not foresee it. */
export function branchFor(tree: readonly ConditionalLine[], move: string): ConditionalLine | null {
  return tree.find((b) => b.if === move) ?? null;
}
