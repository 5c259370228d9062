import type { Lang } from '@roundtable/core';
import type { MoveClass } from '@roundtable/ai';

const W = 600;
const H = 140;

const COLOURS: Record<MoveClass, string> = { blunder: '#b00020', mistake: '#c05600', inaccuracy: '#8a7300' };

/**
 * The evaluation graph: seat 0's winning chances after each move (the start at the left), the even line, each
 * judged move as a dot of its class, and the move shown as a vertical line. A click picks the nearest move; the
 * move list beside it does the same from the keyboard.
 */
export function EvalGraph({
  chances,
  marks,
  at,
  onPick,
  label,
}: {
  /** Seat 0's chances at each position, from the start (index 0) to after the last move. */
  chances: readonly number[];
  /** The class of each move (index 0: the first move), or null. */
  marks: readonly (MoveClass | null | undefined)[];
  at: number;
  onPick: (ply: number) => void;
  label: string;
  lang: Lang;
}) {
  const n = Math.max(1, chances.length - 1);
  const x = (i: number): number => (i * W) / n;
  const y = (p: number): number => H * (1 - p);
  const points = chances.map((p, i) => `${x(i).toFixed(1)},${y(p).toFixed(1)}`).join(' ');
  return (
    <svg
      class="eval-graph"
      viewBox={`0 0 ${W} ${H}`}
      preserveAspectRatio="none"
      role="img"
      aria-label={label}
      data-testid="eval-graph"
      onClick={(e) => {
        const box = (e.currentTarget as SVGSVGElement).getBoundingClientRect();
        const ply = Math.round(((e.clientX - box.left) / box.width) * n);
        onPick(Math.max(0, Math.min(n, ply)));
      }}
    >
      <rect x={0} y={0} width={W} height={H} class="back" />
      <polygon points={`0,${H} ${points} ${W},${H}`} class="area" />
      <line x1={0} x2={W} y1={H / 2} y2={H / 2} class="even" />
      <polyline points={points} class="curve" />
      <line x1={x(at)} x2={x(at)} y1={0} y2={H} class="at" />
      {marks.map((m, i) =>
        m ? (
          <circle
            key={i}
            cx={x(i + 1)}
            cy={y(chances[i + 1] ?? 0.5)}
            r={5}
            fill={COLOURS[m]}
            stroke="#fff"
            stroke-width={1.5}
            vector-effect="non-scaling-stroke"
            data-mark={m}
            data-ply={i + 1}
          />
        ) : null,
      )}
    </svg>
  );
}
