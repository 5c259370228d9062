import { useEffect, useState } from 'preact/hooks';
import { fetchMe, type Me } from './api.ts';

/**
 * Who is signed in on this browser: `GET /api/me`, asked once per page load and shared by every component
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

/**
 * Whether this browser signed in (set at login or sign-up, cleared at logout or when the server no longer knows
 * the session): a guest's pages never ask `/api/me`, whose 401 the browser would log as an error on every visit.
 */
const SIGNED_IN = 'rt.signedIn';

/** Asks the server again (a 401 means nobody; a network failure keeps what we knew). */
export function refreshAccount(): Promise<void> {
  if (localStorage.getItem(SIGNED_IN) === null) {
    current = null;
    loaded = true;
    notify();
    return Promise.resolve();
  }
  pending ??= fetchMe('en')
    .then((r) => {
      current = { id: r.me.id, name: r.me.name };
    })
    .catch((e: { status?: number }) => {
      if (e.status !== 401) return;
      current = null;
      localStorage.removeItem(SIGNED_IN);
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
  if (me) localStorage.setItem(SIGNED_IN, '1');
  else localStorage.removeItem(SIGNED_IN);
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
