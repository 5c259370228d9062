import type { Lang } from '@roundtable/core';
import { BOT_LABELS, BOT_LEVELS } from '../i18n.ts';

const NB = '\u00a0';

const TEXT = {
  legend: { en: 'If a player goes away', fr: `Si un joueur s’en va` },
  bot: { en: 'a bot holds the seat until they are back', fr: `un robot tient la place jusqu’à son retour` },
  off: {
    en: 'nobody holds the seat (the match ends on time)',
    fr: `personne ne tient la place (la partie s’arrête au temps)`,
  },
  hint: {
    en: 'Past their clock (or 10 minutes away without a clock), a bot of this level plays for them so the others go on; back, the seat is theirs again.',
    fr: `Au-delà de sa pendule (ou après 10${NB}minutes d’absence sans pendule), un robot de ce niveau joue pour lui pour que les autres continuent${NB}; à son retour, la place est de nouveau à lui.`,
  },
} as const;

/** The bot level that holds a gone player's seat (`hold` of the match request), or 'off'. */
export function HoldField({ value, onChange, lang }: { value: string; onChange: (v: string) => void; lang: Lang }) {
  return (
    <fieldset data-testid="hold-field">
      <legend>{TEXT.legend[lang]}</legend>
      <select value={value} onChange={(e) => onChange((e.target as HTMLSelectElement).value)} data-testid="hold">
        {BOT_LEVELS.map((l) => (
          <option key={l} value={l}>
            {TEXT.bot[lang]} — {BOT_LABELS[l]?.[lang] ?? l}
          </option>
        ))}
        <option value="off">{TEXT.off[lang]}</option>
      </select>
      <p class="hint-muted">{TEXT.hint[lang]}</p>
    </fieldset>
  );
}
