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

export function moveKey(from: number, to: number, captures: readonly number[]): string {
  return `${from}>${to}:${captures.join(',')}`;
}
