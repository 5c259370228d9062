import type { Lang } from '@roundtable/core';
import { percent } from './words.ts';

/**
 * Each side's winning chances as a bar (seat 0's share from the left), with the figures in words for screen
 * readers. `names` are the seats' names ("White", "Black").
 */
export function ChanceBar({
  chances,
  names,
  colours,
  lang,
  label,
}: {
  chances: readonly number[];
  names: readonly string[];
  colours: readonly string[];
  lang: Lang;
  label: string;
}) {
  const first = chances[0] ?? 0.5;
  const text = names.map((n, i) => `${n} ${percent(chances[i] ?? 0, lang)}`).join(' · ');
  return (
    <div class="chance-bar" data-testid="chances" data-first={first.toFixed(3)}>
      <div class="bar" role="img" aria-label={`${label}${lang === 'fr' ? '\u00a0:' : ':'} ${text}`}>
        <span style={{ width: `${(100 * first).toFixed(1)}%`, background: colours[0] }} />
        <span style={{ width: `${(100 * (1 - first)).toFixed(1)}%`, background: colours[1] }} />
      </div>
      <p class="chance-text">{text}</p>
    </div>
  );
}
