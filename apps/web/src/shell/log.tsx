import { useEffect, useLayoutEffect, useRef } from 'preact/hooks';
import type { LogEntry, Seat } from '@roundtable/core';

interface Group {
  readonly title: string;
  readonly items: { readonly entry: LogEntry; readonly index: number }[];
}

/** Consecutive entries under the same heading form one group (a turn, a trick, a combat, a tournament). */
export function groupEntries(entries: readonly LogEntry[]): Group[] {
  const groups: Group[] = [];
  entries.forEach((entry, index) => {
    const last = groups[groups.length - 1];
    if (last && last.title === entry.group) last.items.push({ entry, index });
    else groups.push({ title: entry.group, items: [{ entry, index }] });
  });
  return groups;
}

/**
 * The selectors of the table's elements an entry refers to: squares (`F6`), cards (their ids), seats
 * (`seat:2`) and anything a table marks with `data-ref`.
 */
function selectorsOf(ref: string): string[] {
  const q = (s: string): string => JSON.stringify(s);
  const seat = /^seat:(\d+)$/.exec(ref);
  if (seat) return [`[data-seat=${q(seat[1] as string)}]`, `[data-ref~=${q(ref)}]`];
  const place = ref.replace(/^quest:/, '');
  return [`[data-square=${q(ref)}]`, `[data-ref~=${q(ref)}]`, `[data-quest=${q(place)}]`];
}

/** Marks (or unmarks, with null) what a log entry refers to on the table inside `root`. */
export function markRefs(root: Element | null, refs: readonly string[] | null): void {
  if (!root) return;
  for (const el of root.querySelectorAll('.ref-mark')) el.classList.remove('ref-mark');
  if (!refs) return;
  for (const ref of refs) {
    for (const sel of selectorsOf(ref)) {
      try {
        for (const el of root.querySelectorAll(sel)) el.classList.add('ref-mark');
      } catch {
        // a ref that makes no selector marks nothing
      }
    }
  }
}

/**
 * The log in words (ARIA role `log`): grouped under their headings, the newest entry kept in sight unless the
 * reader scrolled up to read older ones. Hovering or focusing an entry marks what it refers to on the table.
 * In a replay, `current` is the entry the table shows, highlighted and scrolled to.
 */
export function GameLog({
  entries,
  label,
  onlyYou,
  colour,
  onRefs,
  current,
  onPick,
  live = true,
}: {
  /** False in the screen-reader mode, where the announcer says each entry once (a role=log region is live). */
  live?: boolean;
  entries: readonly LogEntry[];
  label: string;
  /** "Only you see this" (entries of the viewer's own secrets). */
  onlyYou: string;
  colour: (seat: Seat) => string;
  onRefs: (refs: readonly string[] | null) => void;
  current?: number | null;
  onPick?: (index: number) => void;
}) {
  const box = useRef<HTMLDivElement>(null);
  const stuck = useRef(true);
  const replaying = useRef(false);
  const userAt = useRef(-Infinity);
  const touched = (): void => {
    userAt.current = performance.now();
  };

  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    if (current !== null && current !== undefined) {
      replaying.current = true;
      const entry = el.querySelector<HTMLElement>(`[data-index="${current}"]`);
      if (entry) el.scrollTop = entry.offsetTop - el.clientHeight / 2;
      return;
    }
    // Back from a replay: the newest entry again.
    if (replaying.current) stuck.current = true;
    replaying.current = false;
    if (stuck.current) el.scrollTop = el.scrollHeight;
  }, [entries, current]);

  // The log's box changes size with the window (a phone turned, the page laid out again in another language):
  // the newest entry stays in sight unless the reader scrolled away from it.
  useEffect(() => {
    const el = box.current;
    if (!el || typeof ResizeObserver !== 'function') return;
    const watch = new ResizeObserver(() => {
      if (stuck.current && !replaying.current) el.scrollTop = el.scrollHeight;
    });
    watch.observe(el);
    return () => watch.disconnect();
  }, []);

  return (
    <div
      class="log"
      role="log"
      aria-live={live ? undefined : 'off'}
      aria-label={label}
      tabIndex={0}
      ref={box}
      data-testid="log"
      // Only the reader's own scrolling (wheel, touch, keys, the scroll bar) unsticks the log from its newest
      // entry; the scrolls this component makes, and the browser's, leave it as it is.
      onWheel={touched}
      onTouchStart={touched}
      onKeyDown={touched}
      onPointerDown={touched}
      onScroll={(e) => {
        const el = e.currentTarget as HTMLDivElement;
        const atEnd = el.scrollTop + el.clientHeight >= el.scrollHeight - 12;
        if (performance.now() - userAt.current <= 1500) stuck.current = atEnd;
        // A scroll the reader did not make (the page closing a dialog, the browser keeping something in view)
        // does not take the newest entry out of sight.
        else if (stuck.current && !replaying.current && !atEnd) el.scrollTop = el.scrollHeight;
      }}
      onMouseLeave={() => onRefs(null)}
    >
      {groupEntries(entries).map((g, gi) => (
        <section key={gi} class="log-group">
          {g.title && <h3>{g.title}</h3>}
          <ul>
            {g.items.map(({ entry, index }) => (
              <li
                key={index}
                data-index={index}
                data-refs={entry.refs?.join(' ')}
                class={`log-entry ${entry.kind}${entry.private ? ' private' : ''}${current === index ? ' current' : ''}`}
                onMouseEnter={() => onRefs(entry.refs ?? null)}
                onFocus={() => onRefs(entry.refs ?? null)}
                onBlur={() => onRefs(null)}
                onClick={onPick ? () => onPick(index) : undefined}
                tabIndex={entry.refs && entry.refs.length > 0 ? 0 : undefined}
              >
                {entry.seat !== undefined && (
                  <span class="dot" style={{ background: colour(entry.seat) }} aria-hidden="true" />
                )}
                {entry.text}
                {entry.private && (
                  <span class="only-you" title={onlyYou}>
                    {' '}
                    ◆<span class="sr-only">{onlyYou}</span>
                  </span>
                )}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
