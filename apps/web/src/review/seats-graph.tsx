const W = 600;
const H = 140;

/** One seat's line: its values at the moves where it has one. */
export interface SeatLine {
  readonly name: string;
  readonly colour: string;
  readonly points: readonly { readonly ply: number; readonly value: number }[];
  /** Moves marked with a dot on the line (costly decisions). */
  readonly marks?: readonly number[];
}

/**
 * A graph over the match with one line per seat (the evaluation graph's look, review.css, for several seats): a
 * value per seat at its own moves, held flat until its next one; `range` is the values' span (0 to 1 for expected
 * results, −r to r for luck, with its zero line). A click picks the nearest move, as the list beside it does.
 */
export function SeatsGraph({
  lines,
  plies,
  range,
  level,
  at,
  onPick,
  label,
  testid,
}: {
  lines: readonly SeatLine[];
  plies: number;
  range: readonly [number, number];
  /** A dashed line at this value (an even share, or no luck). */
  level: number;
  at: number;
  onPick: (ply: number) => void;
  label: string;
  testid: string;
}) {
  const n = Math.max(1, plies);
  const [lo, hi] = range;
  const x = (ply: number): number => (ply * W) / n;
  const y = (v: number): number => H * (1 - (Math.max(lo, Math.min(hi, v)) - lo) / (hi - lo || 1));
  const path = (pts: SeatLine['points']): string =>
    pts
      .map((p, i) => {
        const prev = pts[i - 1];
        const step = prev ? `${x(p.ply).toFixed(1)},${y(prev.value).toFixed(1)} ` : '';
        return `${step}${x(p.ply).toFixed(1)},${y(p.value).toFixed(1)}`;
      })
      .join(' ');
  return (
    <figure class="seats-graph" data-testid={testid}>
      <svg
        class="eval-graph"
        viewBox={`0 0 ${W} ${H}`}
        preserveAspectRatio="none"
        role="img"
        aria-label={label}
        onClick={(e) => {
          const box = (e.currentTarget as SVGSVGElement).getBoundingClientRect();
          onPick(Math.max(1, Math.min(n, Math.round(((e.clientX - box.left) / box.width) * n))));
        }}
      >
        <rect x={0} y={0} width={W} height={H} class="back" />
        <line x1={0} x2={W} y1={y(level)} y2={y(level)} class="even" />
        {lines.map((l, s) =>
          l.points.length > 0 ? (
            <polyline
              key={s}
              points={path(l.points)}
              fill="none"
              stroke={l.colour}
              stroke-width={2.5}
              vector-effect="non-scaling-stroke"
              data-seat={s}
            />
          ) : null,
        )}
        {lines.map((l, s) =>
          (l.marks ?? []).map((ply) => {
            const p = l.points.find((q) => q.ply === ply);
            return p ? (
              <circle
                key={`${s}-${ply}`}
                cx={x(ply)}
                cy={y(p.value)}
                r={4}
                fill={l.colour}
                stroke="#fff"
                stroke-width={1.5}
                vector-effect="non-scaling-stroke"
                data-ply={ply}
              />
            ) : null;
          }),
        )}
        <line x1={x(at)} x2={x(at)} y1={0} y2={H} class="at" />
      </svg>
      <figcaption class="graph-legend">
        {lines.map((l, s) => (
          <span key={s} class="legend-item">
            <span class="swatch" style={{ background: l.colour }} aria-hidden="true" />
            {l.name}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
