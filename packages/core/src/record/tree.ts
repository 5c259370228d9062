import type { OptionValue } from '../options.ts';
import type { Seed } from '../rng.ts';
import type { Seat } from '../seat.ts';

/**
 * A match record with its variations and comments: what an analysis board explores and what the record text
 * (RECORD.md) writes. The first child of a node is its main line, the others are variations on it. Nodes are
 * immutable: every edit below returns a new tree and shares what it did not change, so a board can keep the
 * trees it went through for undo.
 */
export interface MoveNode {
  readonly seat: Seat;
  /** The move in the game's own notation, as the engine writes it (canonical). */
  readonly move: string;
  /** A comment after the move (trimmed, never empty, no `}`). */
  readonly comment?: string;
  readonly children: readonly MoveNode[];
}

export interface RecordTree {
  readonly game: string;
  readonly players: number;
  /** The parsed options (every option, defaults filled in), as a match record keeps them. */
  readonly options: Readonly<Record<string, OptionValue>>;
  readonly seed: Seed;
  /** A starting position string, for games that have them. */
  readonly position?: string;
  /** Tags other than the ones above (`White`, `Event`, `Date`…), in the order they were written. */
  readonly tags: readonly { readonly name: string; readonly value: string }[];
  /** A comment before the first move. */
  readonly comment?: string;
  readonly children: readonly MoveNode[];
}

/** Where a node is: the child index taken at each step from the root ([] is the start position). */
export type TreePath = readonly number[];

/** Limits on what a tree may hold, so that a hostile record cannot exhaust a reader or a board. */
export const RECORD_LIMITS = {
  /** Characters of record text. */
  text: 1_000_000,
  /** Moves in the whole tree, every variation included. */
  nodes: 20_000,
  /** Variations inside variations. */
  depth: 64,
  tags: 64,
  tagValue: 1_000,
  comment: 4_000,
} as const;

/** A tag name: a letter, then letters, digits or `_`, as PGN's. */
export const TAG_NAME = /^[A-Za-z][A-Za-z0-9_]{0,31}$/;
/** Tags the tree holds as fields rather than in `tags`. */
export const KNOWN_TAGS = ['Game', 'Players', 'Seed', 'Options', 'Position'] as const;

/** The nodes along `path` (without the root), or null when the path leaves the tree. */
export function nodesAt(tree: RecordTree, path: TreePath): MoveNode[] | null {
  const out: MoveNode[] = [];
  let children = tree.children;
  for (const i of path) {
    const node = children[i];
    if (!node) return null;
    out.push(node);
    children = node.children;
  }
  return out;
}

/** The children of the node at `path` (the root's moves for []), or null when the path leaves the tree. */
export function childrenAt(tree: RecordTree, path: TreePath): readonly MoveNode[] | null {
  if (path.length === 0) return tree.children;
  const nodes = nodesAt(tree, path);
  return nodes ? (nodes[nodes.length - 1] as MoveNode).children : null;
}

/** The main line from the node at `path` on: the path extended by first children to the end. */
export function mainLineFrom(tree: RecordTree, path: TreePath): number[] {
  const out = [...path];
  let children = childrenAt(tree, path) ?? [];
  while (children.length > 0) {
    out.push(0);
    children = (children[0] as MoveNode).children;
  }
  return out;
}

/** Rebuilds the nodes along `path` with `change` applied to the children list at its end. */
function rebuild(
  tree: RecordTree,
  path: TreePath,
  change: (children: readonly MoveNode[]) => readonly MoveNode[],
): RecordTree {
  const go = (children: readonly MoveNode[], depth: number): readonly MoveNode[] => {
    if (depth === path.length) return change(children);
    const i = path[depth] as number;
    const node = children[i];
    if (!node) throw new RangeError(`no node at ${path.join('.')}`);
    const copy = children.slice();
    copy[i] = { ...node, children: go(node.children, depth + 1) };
    return copy;
  };
  return { ...tree, children: go(tree.children, 0) };
}

/**
 * Plays `move` (canonical notation) by `seat` after the node at `path`: an existing child with the same move is
 * reused, else the move becomes a new variation (the main line when it is the first). Returns the tree and the
 * path of the node. The move is not checked here: the board checks it with the engine first.
 */
export function addMove(
  tree: RecordTree,
  path: TreePath,
  seat: Seat,
  move: string,
): { tree: RecordTree; path: number[] } {
  const children = childrenAt(tree, path);
  if (!children) throw new RangeError(`no node at ${path.join('.')}`);
  const known = children.findIndex((c) => c.move === move && c.seat === seat);
  if (known >= 0) return { tree, path: [...path, known] };
  const next = rebuild(tree, path, (list) => [...list, { seat, move, children: [] }]);
  return { tree: next, path: [...path, children.length] };
}

/** Makes the variation at `path` the main line at its branch point (and every branch above it). */
export function promote(tree: RecordTree, path: TreePath): RecordTree {
  let t = tree;
  for (let depth = path.length - 1; depth >= 0; depth--) {
    const i = path[depth] as number;
    if (i === 0) continue;
    t = rebuild(t, path.slice(0, depth), (list) => [list[i] as MoveNode, ...list.filter((_, k) => k !== i)]);
  }
  return t;
}

/** Removes the node at `path` and everything after it. */
export function removeAt(tree: RecordTree, path: TreePath): RecordTree {
  if (path.length === 0) return { ...tree, children: [] };
  const i = path[path.length - 1] as number;
  return rebuild(tree, path.slice(0, -1), (list) => list.filter((_, k) => k !== i));
}

/**
 * Sets (or with an empty text removes) the comment after the node at `path`, or before the first move for [].
 * A `}` would end the comment in the text, so it is refused with the rest of the checks of `checkComment`.
 */
export function setComment(tree: RecordTree, path: TreePath, text: string): RecordTree {
  const comment = text.trim();
  const problem = checkComment(comment);
  if (problem) throw new RangeError(problem);
  if (path.length === 0) {
    const { comment: _old, ...rest } = tree;
    return comment ? { ...rest, comment } : rest;
  }
  const i = path[path.length - 1] as number;
  return rebuild(tree, path.slice(0, -1), (list) =>
    list.map((node, k) => {
      if (k !== i) return node;
      const { comment: _old, ...rest } = node;
      return comment ? { ...rest, comment } : rest;
    }),
  );
}

/** Why a comment cannot be kept, or null. */
export function checkComment(comment: string): string | null {
  if (comment.includes('}')) return 'a comment cannot hold "}"';
  if (comment.length > RECORD_LIMITS.comment) return `a comment is at most ${RECORD_LIMITS.comment} characters`;
  return null;
}

/** How many moves the tree holds, every variation included. */
export function countNodes(tree: RecordTree): number {
  let n = 0;
  const stack: MoveNode[] = [...tree.children];
  while (stack.length > 0) {
    const node = stack.pop() as MoveNode;
    n++;
    stack.push(...node.children);
  }
  return n;
}

/** The main line's moves, as a plain match record has them. */
export function mainLine(tree: RecordTree): { seat: Seat; move: string }[] {
  const out: { seat: Seat; move: string }[] = [];
  let children = tree.children;
  while (children.length > 0) {
    const node = children[0] as MoveNode;
    out.push({ seat: node.seat, move: node.move });
    children = node.children;
  }
  return out;
}
