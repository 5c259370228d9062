import { useState } from 'preact/hooks';

/** One square of a board as drawn: its row from the top and its column from the left (after any flip). */
export interface GridCell {
  readonly name: string;
  readonly row: number;
  readonly col: number;
}

const STEP: Record<string, readonly [number, number]> = {
  ArrowUp: [-1, 0],
  ArrowDown: [1, 0],
  ArrowLeft: [0, -1],
  ArrowRight: [0, 1],
};

/**
 * A board as an ARIA grid walked with the arrow keys: one square takes the Tab stop (the cursor, "roving
 * tabindex"), the arrows move it (over the holes of a board that is not square), Home/End go to the ends of the
 * row, M and Shift+M to the next and previous square that can act now, Enter or Space act on it. The cursor
 * stays where the player left it after a move, so the next move starts from there.
 */
export function useGrid(
  cells: readonly GridCell[],
  actionable: readonly string[],
  activate: (name: string) => void,
): {
  cursor: string | null;
  /** The rows in order, each with its cells from the left. */
  rows: readonly (readonly GridCell[])[];
  cellProps: (name: string) => Record<string, unknown>;
  onKeyDown: (e: KeyboardEvent) => void;
} {
  const [chosen, setChosen] = useState<string | null>(null);
  const byName = new Map(cells.map((c) => [c.name, c]));
  const order = [...cells].sort((a, b) => a.row - b.row || a.col - b.col);
  const first = actionable.find((n) => byName.has(n)) ?? order[Math.floor(order.length / 2)]?.name ?? null;
  const cursor = chosen !== null && byName.has(chosen) ? chosen : first;
  const rowsMap = new Map<number, GridCell[]>();
  for (const c of order) rowsMap.set(c.row, [...(rowsMap.get(c.row) ?? []), c]);
  const rows = [...rowsMap.values()];
  const minRow = Math.min(...cells.map((c) => c.row));
  const minCol = Math.min(...cells.map((c) => c.col));

  const go = (grid: Element, name: string | undefined): void => {
    if (!name) return;
    setChosen(name);
    grid.querySelector<SVGElement | HTMLElement>(`[role=gridcell][data-square="${name}"]`)?.focus();
  };

  const onKeyDown = (e: KeyboardEvent): void => {
    const grid = e.currentTarget as Element;
    const at = cursor !== null ? byName.get(cursor) : undefined;
    if (!at) return;
    const step = STEP[e.key];
    if (step) {
      e.preventDefault();
      const span = Math.max(rows.length, ...rows.map((r) => r.length)) + 2;
      for (let k = 1; k <= span; k++) {
        const hit = cells.find((c) => c.row === at.row + step[0] * k && c.col === at.col + step[1] * k);
        if (hit) return go(grid, hit.name);
      }
      return;
    }
    if (e.key === 'Home' || e.key === 'End') {
      e.preventDefault();
      const row = e.ctrlKey ? order : (rowsMap.get(at.row) ?? []);
      return go(grid, (e.key === 'Home' ? row[0] : row[row.length - 1])?.name);
    }
    if (e.key === 'm' || e.key === 'M') {
      const can = order.filter((c) => actionable.includes(c.name));
      if (can.length === 0) return;
      e.preventDefault();
      const i = order.indexOf(at);
      const after = e.shiftKey
        ? ([...can].reverse().find((c) => order.indexOf(c) < i) ?? can[can.length - 1])
        : (can.find((c) => order.indexOf(c) > i) ?? can[0]);
      return go(grid, after?.name);
    }
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      e.stopPropagation();
      activate(at.name);
    }
  };

  const cellProps = (name: string): Record<string, unknown> => {
    const c = byName.get(name);
    return {
      role: 'gridcell',
      tabindex: name === cursor ? 0 : -1,
      'aria-rowindex': c ? c.row - minRow + 1 : undefined,
      'aria-colindex': c ? c.col - minCol + 1 : undefined,
      onFocus: () => setChosen(name),
    };
  };

  return { cursor, rows, cellProps, onKeyDown };
}
