import type { ConditionalLine } from '@roundtable/protocol';

/**
 * A line of moves from the position where the opponent is to move (theirs, mine, theirs, mine…) as a chain of
 * branches; a last move of theirs with no answer is left out (there is nothing to play for it).
 */
export function chainOf(moves: readonly string[]): ConditionalLine[] {
  const pairs = Math.floor(moves.length / 2);
  let next: ConditionalLine[] = [];
  for (let i = pairs - 1; i >= 0; i--) {
    const line: ConditionalLine = { if: moves[2 * i]!, then: moves[2 * i + 1]!, ...(next.length ? { next } : {}) };
    next = [line];
  }
  return next;
}

/**
 * `tree` with `moves` added: where the tree already answers the same move the same way, the line goes on under
 * it; where it answers differently, the new answer replaces the old one and what followed it.
 */
export function addLine(tree: readonly ConditionalLine[], moves: readonly string[]): ConditionalLine[] {
  const chain = chainOf(moves);
  const merge = (at: readonly ConditionalLine[], add: ConditionalLine): ConditionalLine[] => {
    const same = at.find((b) => b.if === add.if);
    if (!same) return [...at, add];
    if (same.then !== add.then) return at.map((b) => (b === same ? add : b));
    const deeper = add.next?.[0];
    if (!deeper) return [...at];
    const next = merge(same.next ?? [], deeper);
    return at.map((b) => (b === same ? { ...same, next } : b));
  };
  return chain[0] ? merge(tree, chain[0]) : [...tree];
}

/** `tree` without the branch at `path` (indices from the root) and all under it. */
export function removeBranch(tree: readonly ConditionalLine[], path: readonly number[]): ConditionalLine[] {
  const [first, ...rest] = path;
  if (first === undefined) return [...tree];
  if (rest.length === 0) return tree.filter((_, i) => i !== first);
  return tree.map((b, i) => {
    if (i !== first) return b;
    const next = removeBranch(b.next ?? [], rest);
    return next.length > 0 ? { ...b, next } : { if: b.if, then: b.then };
  });
}

/** Splits a typed line ("E6-E7 F11-F10, D6-D7") into its moves. */
export function movesOf(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((m) => m.trim())
    .filter(Boolean);
}
