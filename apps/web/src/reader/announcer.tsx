import { useEffect, useRef, useState } from 'preact/hooks';
import type { Lang, LogEntry, Viewer } from '@roundtable/core';
import { rw } from './words.ts';

/** How many lines the live region keeps (a reader hears only additions; older lines are dropped from the tree). */
const KEPT = 60;

export interface Announcement {
  readonly id: number;
  readonly text: string;
}

/**
 * The announcer: one live region that says, once and in order, every new entry of the log in words as the table
 * shows it (so at the pace chosen: the shell shows the moves of others one at a time), and the answers to the
 * command field. "Hear again" says the last turn once more: every line since this screen's own last move.
 */
export function useAnnouncer(
  entries: readonly (LogEntry & { readonly step?: number })[],
  viewer: Viewer,
  /** What "hear again" says before anything happened. */
  nothing: string,
): {
  lines: readonly Announcement[];
  say: (text: string) => void;
  again: () => void;
} {
  const [lines, setLines] = useState<Announcement[]>([]);
  const next = useRef(0);
  const told = useRef<{ count: number; first: string } | null>(null);
  const turn = useRef<string[]>([]);
  // A page without a log of its own (an analysis board, a puzzle) hears again the last thing it said.
  const lastSaid = useRef<string | null>(null);

  const push = (texts: readonly string[]): void => {
    if (texts.length === 0) return;
    lastSaid.current = texts[texts.length - 1] ?? null;
    setLines((old) => [...old, ...texts.map((text) => ({ id: next.current++, text }))].slice(-KEPT));
  };

  useEffect(() => {
    const first = entries[0]?.text ?? '';
    const before = told.current;
    told.current = { count: entries.length, first };
    // The log told again (another language, a move taken back): nothing new to say.
    const firstTelling = before === null || before.count === 0;
    if (!firstTelling && (before.first !== first || entries.length < before.count)) return;
    // At the table's first telling, only its last step is said (the deal of a new match, the last move of one
    // resumed), not the whole history.
    const lastStep = entries[entries.length - 1]?.step;
    const fresh = firstTelling ? entries.filter((e) => e.step === lastStep) : entries.slice(before.count);
    const said: string[] = [];
    for (const e of fresh) {
      // This screen's own move starts a new turn to hear again.
      if (e.kind === 'move' && e.seat !== undefined && e.seat === viewer) turn.current = [];
      turn.current.push(e.text);
      said.push(e.text);
    }
    push(said);
  }, [entries, viewer]);

  return {
    lines,
    say: (text) => push([text]),
    again: () => {
      const recent = turn.current.length > 0 ? turn.current : entries.slice(-3).map((e) => e.text);
      push(recent.length > 0 ? recent : [lastSaid.current ?? nothing]);
    },
  };
}

/**
 * The live region itself: read by screen readers, kept out of sight. It starts empty and shows only the lines said
 * after it appeared: mounted again with the lines kept (the mode switched off and on), it made Orca read the whole
 * history at once.
 */
export function AnnouncerRegion({ lines, lang }: { lines: readonly Announcement[]; lang: Lang }) {
  const since = useRef<number | null>(null);
  if (since.current === null) since.current = (lines[lines.length - 1]?.id ?? -1) + 1;
  const from = since.current;
  return (
    <div class="sr-only" role="log" aria-live="polite" aria-label={rw(lang, 'announcements')} data-testid="announcer">
      {lines
        .filter((l) => l.id >= from)
        .map((l) => (
          <p key={l.id}>{l.text}</p>
        ))}
    </div>
  );
}
