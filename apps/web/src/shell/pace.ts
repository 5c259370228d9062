import { useEffect, useRef, useState } from 'preact/hooks';
import type { Session, Snapshot } from '../session/types.ts';

export type Speed = 'slow' | 'normal' | 'fast' | 'instant';
export const SPEEDS: readonly Speed[] = ['slow', 'normal', 'fast', 'instant'];

/** How long each move of a bot or of another person stays on screen before the next one is shown. */
export const SPEED_MS: Record<Speed, number> = { slow: 1600, normal: 850, fast: 380, instant: 0 };

/** When the newest move was put on screen (for the redraw timings), taken once by the shell. */
let shownAt: number | null = null;
export function takeShownAt(): number | null {
  const t = shownAt;
  shownAt = null;
  return t;
}

export function savedSpeed(): Speed {
  const s = localStorage.getItem('rt.speed');
  return (SPEEDS as readonly string[]).includes(s ?? '') ? (s as Speed) : 'normal';
}

export function saveSpeed(speed: Speed): void {
  localStorage.setItem('rt.speed', speed);
}

export function reducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * The snapshot on screen, one move at a time. The session (the game state, the server) never waits: every
 * snapshot it emits is queued, and the moves of bots and of other people are shown one after the other, each
 * for the chosen time; a move of this screen's own player shows at once. Changes that are not moves (a bot
 * starts thinking, a seat connects, the legal moves arrive) update the snapshot they belong to. `skip` shows
 * the newest at once.
 */
export function usePacedSnapshot(session: Session, speed: Speed): { snap: Snapshot; behind: number; skip: () => void } {
  const [shown, setShown] = useState(() => session.snapshot());
  const queue = useRef<Snapshot[]>([]);
  const shownRef = useRef(shown);
  const lastChange = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const speedRef = useRef(speed);
  const [behind, setBehind] = useState(0);
  speedRef.current = speed;

  const show = (s: Snapshot): void => {
    if (s.updates !== shownRef.current.updates) {
      lastChange.current = performance.now();
      shownAt ??= lastChange.current;
    }
    shownRef.current = s;
    setShown(s);
    setBehind(queue.current.length);
  };

  const pump = (): void => {
    timer.current = null;
    const next = queue.current.shift();
    if (!next) return;
    show(next);
    if (queue.current.length > 0) timer.current = setTimeout(pump, SPEED_MS[speedRef.current]);
  };

  const receive = (s: Snapshot): void => {
    const q = queue.current;
    const tail = q[q.length - 1] ?? shownRef.current;
    if (s.updates === tail.updates) {
      // Not a move: it belongs with the last snapshot (shown or waiting).
      if (q.length > 0) q[q.length - 1] = s;
      else show(s);
      return;
    }
    const delay = SPEED_MS[speedRef.current];
    // The person's own move, or nothing waiting and the last move shown long enough ago: at once.
    const ownMove = q.length === 0 && shownRef.current.active !== null;
    if (
      delay === 0 ||
      ownMove ||
      (q.length === 0 && performance.now() - lastChange.current >= delay && timer.current === null)
    ) {
      q.length = 0;
      show(s);
      return;
    }
    q.push(s);
    setBehind(q.length);
    if (timer.current === null)
      timer.current = setTimeout(pump, Math.max(0, delay - (performance.now() - lastChange.current)));
  };

  useEffect(() => {
    queue.current = [];
    show(session.snapshot());
    const off = session.subscribe(() => receive(session.snapshot()));
    return () => {
      off();
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one subscription per session; show and receive read refs
  }, [session]);

  useEffect(() => {
    if (speed === 'instant') skip();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a change of speed to instant skips; skip reads refs
  }, [speed]);

  const skip = (): void => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const last = queue.current[queue.current.length - 1];
    queue.current = [];
    if (last) show(last);
    else setBehind(0);
  };

  return { snap: shown, behind, skip };
}
