import type { ComponentChildren } from 'preact';
import {
  advanceCount,
  opensNumber,
  START_COUNT,
  type LineCount,
  type MoveNode,
  type RecordTree,
} from '@roundtable/core';

/** A move's class mark in the tree, when a review judged it (keyed by path text). */
export type Marks = ReadonlyMap<string, string>;

/**
 * The moves and variations as text, like the record text: numbers, moves (each a button that goes there),
 * comments, variations in parentheses. The current move is marked (`aria-current`).
 */
export function TreeView({
  tree,
  path,
  onGo,
  marks,
}: {
  tree: RecordTree;
  path: readonly number[];
  onGo: (path: number[]) => void;
  marks?: Marks;
}) {
  const current = path.join('.');
  const out: ComponentChildren[] = [];
  let key = 0;
  const move = (node: MoveNode, at: number[], count: LineCount, force: boolean): void => {
    const number = advanceCount(count, node.seat).number;
    if (opensNumber(count, node.seat)) out.push(<span key={key++} class="num">{`${number}.`}</span>);
    else if (force) out.push(<span key={key++} class="num">{`${number}...`}</span>);
    const id = at.join('.');
    const mark = marks?.get(id);
    out.push(
      <button
        key={key++}
        type="button"
        class={`tree-move${mark ? ` mark-${mark}` : ''}`}
        data-path={id}
        aria-current={id === current ? 'true' : undefined}
        onClick={() => onGo(at)}
      >
        {node.move}
        {mark && <span class="mark">{markSign(mark)}</span>}
      </button>,
    );
    if (node.comment)
      out.push(
        <span key={key++} class="comment">
          {node.comment}
        </span>,
      );
  };
  const line = (
    children: readonly MoveNode[],
    at: number[],
    start: LineCount,
    startForce: boolean,
    depth: number,
  ): void => {
    let list = children;
    let here = at;
    let count = start;
    let force = startForce;
    while (list.length > 0) {
      const main = list[0] as MoveNode;
      move(main, [...here, 0], count, force);
      force = main.comment !== undefined;
      for (let i = 1; i < list.length; i++) {
        const alt = list[i] as MoveNode;
        out.push(
          <span key={key++} class="paren">
            (
          </span>,
        );
        move(alt, [...here, i], count, true);
        if (depth < 64)
          line(alt.children, [...here, i], advanceCount(count, alt.seat), alt.comment !== undefined, depth + 1);
        out.push(
          <span key={key++} class="paren">
            )
          </span>,
        );
        force = true;
      }
      count = advanceCount(count, main.seat);
      here = [...here, 0];
      list = main.children;
    }
  };
  if (tree.comment)
    out.push(
      <span key={key++} class="comment">
        {tree.comment}
      </span>,
    );
  line(tree.children, [], START_COUNT, tree.comment !== undefined, 0);
  return (
    <div class="tree" data-testid="tree">
      {out}
    </div>
  );
}

/** The signs of the review's classes, as chess annotators write them. */
export function markSign(mark: string): string {
  return mark === 'blunder' ? '??' : mark === 'mistake' ? '?' : mark === 'inaccuracy' ? '?!' : '';
}
