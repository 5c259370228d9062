import { useEffect, useState } from 'preact/hooks';

/**
 * Whether a game is being played on this page now (a table whose match is under way). A new version of the app is
 * only offered when none is: it never interrupts a game.
 */
const playing = new Set<symbol>();
const listeners = new Set<() => void>();

const notify = (): void => {
  for (const l of listeners) l();
};

/** Called by a table: while `active` is true, a game is in play here. */
export function useInPlay(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    const key = Symbol('table');
    playing.add(key);
    notify();
    return () => {
      playing.delete(key);
      notify();
    };
  }, [active]);
}

export function gameInPlay(): boolean {
  return playing.size > 0;
}

export function useGameInPlay(): boolean {
  const [now, setNow] = useState(gameInPlay);
  useEffect(() => {
    const on = (): void => setNow(gameInPlay());
    listeners.add(on);
    on();
    return () => {
      listeners.delete(on);
    };
  }, []);
  return now;
}
