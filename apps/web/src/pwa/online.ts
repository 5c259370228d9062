import { useEffect, useState } from 'preact/hooks';

/** While the server cannot be reached, how often the page asks again (ms): a tiny request, only while away. */
const RETRY_MS = 3000;

/**
 * Whether the server can be reached: `navigator.onLine` and its events, and a request to `/healthz` when the page
 * starts, when the browser says it is online again, and every few seconds while it cannot be reached. The browser's
 * flag alone can say "online" behind a network that reaches nothing, or while the server is down; any answer from
 * the server (even a 503 while one of its services is away) counts as reachable.
 */
let reachable = true;
let probing = false;
let retry: ReturnType<typeof setTimeout> | null = null;
const listeners = new Set<() => void>();

function set(value: boolean): void {
  if (reachable === value) return;
  reachable = value;
  for (const l of listeners) l();
}

async function probe(): Promise<void> {
  if (probing || typeof fetch !== 'function') return;
  probing = true;
  if (retry) clearTimeout(retry);
  retry = null;
  try {
    await fetch('/healthz', { cache: 'no-store' });
    set(true);
  } catch {
    set(false);
    retry = setTimeout(() => void probe(), RETRY_MS);
  } finally {
    probing = false;
  }
}

export function useOnline(): boolean {
  const [online, setOnline] = useState(() => navigator.onLine && reachable);
  useEffect(() => {
    const update = (): void => setOnline(navigator.onLine && reachable);
    const on = (): void => {
      update();
      void probe();
    };
    listeners.add(update);
    addEventListener('online', on);
    addEventListener('offline', update);
    update();
    void probe();
    return () => {
      listeners.delete(update);
      removeEventListener('online', on);
      removeEventListener('offline', update);
    };
  }, []);
  return online;
}
