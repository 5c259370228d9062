import { useEffect, useState } from 'preact/hooks';
import type { Lang, Seat } from '@roundtable/core';
import type { HeldSpan } from '@roundtable/protocol';
import { BOT_LABELS } from '../i18n.ts';
import { heldAt } from './api.ts';
import { vw } from './words.ts';
import './vacation.css';

/** The spans bots played for players gone in a match (empty while asked, or for a match of this device). */
export function useHeldSpans(match: string | null, lang: Lang): readonly HeldSpan[] {
  const [spans, setSpans] = useState<readonly HeldSpan[]>([]);
  useEffect(() => {
    if (!match) return;
    void heldAt(match, null, lang).then(
      (a) => setSpans(a.spans),
      () => undefined,
    );
  }, [match, lang]);
  return spans;
}

/** Whether the move at `index` (0-based), played by `seat`, was a bot's for a player gone. */
export function heldMove(spans: readonly HeldSpan[], seat: Seat, index: number): boolean {
  return spans.some((s) => s.seat === seat && index >= s.from && (s.to === null || index < s.to));
}

/** In the end panel and the review: which seats a bot held, from which move to which, and the rating rule. */
export function HeldMarks({ match, name, lang }: { match: string | null; name: (s: Seat) => string; lang: Lang }) {
  const spans = useHeldSpans(match, lang);
  if (spans.length === 0) return null;
  return (
    <div class="held-marks" data-testid="held-marks">
      <strong>{vw(lang, 'heldMarks')}</strong>
      <ul>
        {spans.map((s) => (
          <li key={`${s.seat}-${s.from}`}>
            <span class="held-bot" aria-hidden="true">
              ⚙
            </span>{' '}
            {name(s.seat)} — {vw(lang, 'heldSpan')} {s.from + 1}–{s.to === null ? vw(lang, 'stillHeld') : s.to} (
            {BOT_LABELS[s.level]?.[lang] ?? s.level})
          </li>
        ))}
      </ul>
      <small class="muted">{vw(lang, 'heldRule')}</small>
    </div>
  );
}

/** The mark of a move a bot played for a player gone (the review's lists of moves). */
export function HeldSign({ lang }: { lang: Lang }) {
  return (
    <span class="held-bot" title={vw(lang, 'botMove')} data-testid="held-move">
      {' '}
      ⚙<span class="sr-only"> {vw(lang, 'botMove')}</span>
    </span>
  );
}
