import { useEffect, useState } from 'preact/hooks';
import { fetchMe, type Me } from './api.ts';

/**
 * Who is signed in on this browser: `GET /api/session` (a guest is `me: null`, not a 401), asked once per page load and shared by every component
 * (the top bar, the forms, the tables). Login and logout call `setMe`, so everything follows at once.
 */
export interface Account {
  readonly me: Me | null;
  readonly loading: boolean;
  readonly refresh: () => Promise<void>;
}

let current: Me | null = null;
let loaded = false;
let pending: Promise<void> | null = null;
const listeners = new Set<() => void>();

function notify(): void {
  for (const l of listeners) l();
}

/** Asks the server again (`me: null` or a 401 means nobody; a network failure keeps what we knew). */
export function refreshAccount(): Promise<void> {
  pending ??= fetchMe('en')
    .then((r) => {
      current = r.me ? { id: r.me.id, name: r.me.name } : null;
    })
    .catch((e: { status?: number }) => {
      if (e.status === 401) current = null;
    })
    .finally(() => {
      loaded = true;
      pending = null;
      notify();
    });
  return pending;
}

/** After a sign-up, a login (the account) or a logout (null). */
export function setMe(me: Me | null): void {
  current = me ? { id: me.id, name: me.name } : null;
  loaded = true;
  notify();
}

export function currentMe(): Me | null {
  return current;
}

export function useAccount(): Account {
  const [, setTick] = useState(0);
  useEffect(() => {
    const on = (): void => setTick((n) => n + 1);
    listeners.add(on);
    if (!loaded && !pending) void refreshAccount();
    return () => {
      listeners.delete(on);
    };
  }, []);
  return { me: current, loading: !loaded, refresh: refreshAccount };
}
