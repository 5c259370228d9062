import { useEffect, useRef } from 'preact/hooks';
import type { Lang, Seat } from '@roundtable/core';
import type { SocialState } from '../session/types.ts';
import { leftSentence, timeLeft } from '../social/table-words.ts';
import { rw } from './words.ts';

/** The times left at which this screen's running clock is announced (WCAG 2.2.1: warned well before the end). */
const MARKS_MS = [120_000, 60_000, 30_000, 10_000];

/**
 * The mark to warn of now, if any: the smallest mark `ms` has gone below that was not warned of yet this turn
 * (each mark once; a jump past several says only the lowest, and marks them all said). Null when nothing is due.
 */
export function dueWarning(ms: number, said: Set<number>): number | null {
  if (ms <= 0) return null;
  const passed = MARKS_MS.filter((m) => ms <= m && !said.has(m));
  if (passed.length === 0) return null;
  const mark = Math.min(...passed);
  MARKS_MS.filter((m) => m >= mark).forEach((m) => said.add(m));
  return mark;
}

/**
 * Says, through the announcer, when this screen's own clock runs down past two minutes, one minute, 30 and 10
 * seconds, once each per turn (the clock is the server's; a bank that grows again is warned again).
 */
export function useClockWarnings(
  table: SocialState | null,
  seat: Seat | null,
  on: boolean,
  lang: Lang,
  say: (text: string) => void,
): void {
  const said = useRef(new Set<number>());
  const sayRef = useRef(say);
  sayRef.current = say;
  useEffect(() => {
    if (!on || !table || seat === null) return;
    const tick = (): void => {
      const left = timeLeft(table.clock, seat, Date.now() - table.offset);
      if (!left || !left.running) {
        said.current.clear();
        return;
      }
      if (dueWarning(left.ms, said.current) !== null)
        sayRef.current(`${rw(lang, 'clockLow')} ${leftSentence(left.ms, lang)}.`);
    };
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [table, seat, on, lang]);
}
