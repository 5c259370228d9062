/**
 * A Camelot move: from a cell, along a path, removing the captured cells. Cells are mailbox indices of the
 * variant's geometry; `jumps[i]` tells whether step i was a jump (else a plain or canter step). Two moves with the
 * same from, to and captures are the same move (they lead to the same position).
 */
export interface CamelotMove {
  readonly from: number;
  readonly to: number;
  readonly captures: readonly number[];
  readonly path: readonly number[];
  readonly jumps: readonly boolean[];
}

/**
 * The identity of a move: its resulting position. A capture sequence that returns to its starting square leaves
 * every piece but the captured ones where it was, whichever piece made it, so such moves are keyed by their
 * captures alone.
 */
export function moveKey(from: number, to: number, captures: readonly number[]): string {
  return from === to ? `=:${captures.join(',')}` : `${from}>${to}:${captures.join(',')}`;
}
