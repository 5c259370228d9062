// The running clock's warnings in the screen-reader mode (WCAG 2.2.1): said at 2 min, 1 min, 30 s and 10 s, once each.
import { describe, expect, it } from 'vitest';
import { dueWarning } from '../src/reader/clock-warnings.ts';

/** The marks warned of while a clock runs down second by second from `fromMs`. */
function runDown(fromMs: number, stepMs = 1000): number[] {
  const said = new Set<number>();
  const warned: number[] = [];
  for (let ms = fromMs; ms > 0; ms -= stepMs) {
    const mark = dueWarning(ms, said);
    if (mark !== null) warned.push(mark);
  }
  return warned;
}

describe('the clock warnings', () => {
  it('are said at 2 minutes, 1 minute, 30 and 10 seconds, once each, as a clock runs down', () => {
    expect(runDown(180_000)).toEqual([120_000, 60_000, 30_000, 10_000]);
    // Ticks at odd times (the browser's timer drifts): still each mark once.
    expect(runDown(150_750, 970)).toEqual([120_000, 60_000, 30_000, 10_000]);
  });

  it('say nothing while more than two minutes are left, nor once the clock is out', () => {
    const said = new Set<number>();
    expect(dueWarning(120_001, said)).toBeNull();
    expect(dueWarning(0, said)).toBeNull();
    expect(said.size).toBe(0);
  });

  it('say one warning when a turn starts below several marks (45 s left: not one for 2 minutes, then one for 1 minute)', () => {
    const said = new Set<number>();
    expect(dueWarning(45_000, said)).toBe(60_000);
    expect(dueWarning(44_000, said)).toBeNull();
    expect(dueWarning(29_000, said)).toBe(30_000);
  });
});
