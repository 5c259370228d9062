import type { Lang } from '@roundtable/core';
import type { BeliefStep } from '@roundtable/ai';
import { percent } from '../analysis/words.ts';
import { rw } from './words.ts';

const W = 300;
const H = 80;

/**
 * The Chevaliers' beliefs: for each knight reading the table, one small chart with a line per other knight, the
 * chance that knight gives him of being the traitor, move by move. The traitor, who knows, has no chart.
 */
export function BeliefCharts({
  beliefs,
  names,
  colours,
  lang,
}: {
  beliefs: readonly BeliefStep[];
  names: readonly string[];
  colours: readonly string[];
  lang: Lang;
}) {
  const n = Math.max(1, beliefs.length - 1);
  return (
    <div class="belief-charts" data-testid="beliefs">
      {names.map((reader, seat) => {
        const rows = beliefs.map((b) => b.beliefs[seat] ?? null);
        const last = rows[rows.length - 1];
        if (!last) {
          return (
            <figure key={seat} class="belief">
              <figcaption>
                {reader} {rw(lang, 'knows')}
              </figcaption>
            </figure>
          );
        }
        const top = last.reduce((best, p, i) => (p > (last[best] ?? 0) ? i : best), 0);
        return (
          <figure key={seat} class="belief" data-seat={seat}>
            <figcaption>
              {reader} {rw(lang, 'believes')} {names[top]} ({percent(last[top] ?? 0, lang)})
            </figcaption>
            <svg
              viewBox={`0 0 ${W} ${H}`}
              preserveAspectRatio="none"
              role="img"
              aria-label={`${reader}: ${last
                .map((p, i) => (i === seat ? null : `${names[i]} ${percent(p, lang)}`))
                .filter(Boolean)
                .join(', ')}`}
            >
              <rect x={0} y={0} width={W} height={H} class="back" />
              {names.map((_, other) =>
                other === seat ? null : (
                  <polyline
                    key={other}
                    fill="none"
                    stroke={colours[other]}
                    stroke-width={2}
                    vector-effect="non-scaling-stroke"
                    points={rows
                      .map((r, i) => `${((i * W) / n).toFixed(1)},${(H * (1 - (r?.[other] ?? 0))).toFixed(1)}`)
                      .join(' ')}
                  />
                ),
              )}
            </svg>
          </figure>
        );
      })}
    </div>
  );
}
