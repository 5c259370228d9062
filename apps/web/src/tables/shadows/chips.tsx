import type { Lang } from '@roundtable/core';
import { kindOfInstance } from '@roundtable/shadows';
import { playerWords } from '../../player-words.ts';
import { cardName, kindOfCard, tr } from './labels.ts';

/** A card on the board as a small chip: white cards light, black cards dark, the value as text (never colour alone). */
export function Chip({
  id,
  lang,
  title,
  compact,
}: {
  id: string | null;
  lang: Lang;
  title?: string;
  compact?: boolean;
}) {
  if (id === null) {
    return (
      <span class="sh-card black down" title={tr(lang, 'faceDown')}>
        ?
      </span>
    );
  }
  const k = kindOfCard(id);
  const cls = `sh-card ${k?.colour ?? 'white'}${k?.special ? ' special' : ''}`;
  // On a quest, a valued card is its value alone (the row says white or black; the name is in the title).
  if (compact && k && k.value > 0) {
    return (
      <span
        class={`${cls} compact`}
        title={`${cardName(id, lang)} — ${playerWords(k.text[lang])}`}
        data-card={kindOfInstance(id)}
        data-ref={id}
      >
        <b class="v">{k.effect === 'lancelot-dragon' ? `${k.value}/${k.value2}` : k.value}</b>
      </span>
    );
  }
  return (
    <span class={cls} title={title ?? playerWords(k?.text[lang])} data-card={kindOfInstance(id)} data-ref={id}>
      {k && k.value > 0 && <b class="v">{k.effect === 'lancelot-dragon' ? `${k.value}/${k.value2}` : k.value}</b>}
      <span class="n">
        {k && k.effect === 'fight' ? (lang === 'fr' ? 'Combat' : 'Fight') : cardName(id, lang).replace(/ \d+$/, '')}
      </span>
    </span>
  );
}

/** A row of slots, `filled` of them on (siege engines, war figures). */
export function Track({
  filled,
  total,
  kind,
  label,
  testid,
}: {
  filled: number;
  total: number;
  kind: string;
  label: string;
  testid?: string;
}) {
  return (
    <span
      class={`sh-track ${kind}`}
      role="img"
      aria-label={label}
      title={label}
      data-testid={testid}
      data-value={filled}
    >
      {Array.from({ length: total }, (_, i) => (
        <span key={i} class={i < filled ? 'on' : 'off'} />
      ))}
    </span>
  );
}

export const valueOf = (id: string, second = false): number => {
  const k = kindOfCard(id);
  return k ? (second ? k.value2 : k.value) : 0;
};

/** Black or white text, whichever reads better on `hex` (WCAG contrast). */
export function inkOn(hex: string): string {
  const c = hex.replace('#', '');
  const ch = [0, 2, 4].map((i) => {
    const x = parseInt(c.slice(i, i + 2), 16) / 255;
    return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4;
  });
  const l = 0.2126 * (ch[0] ?? 0) + 0.7152 * (ch[1] ?? 0) + 0.0722 * (ch[2] ?? 0);
  return (l + 0.05) / 0.05 >= 1.05 / (l + 0.05) ? '#000' : '#fff';
}
