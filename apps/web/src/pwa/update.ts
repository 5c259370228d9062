/// <reference types="vite-plugin-pwa/client" />
import { useEffect, useState } from 'preact/hooks';
import { registerSW } from 'virtual:pwa-register';
import type { Lang } from '@roundtable/core';
import { gameInPlay } from './in-play.ts';
import { manifestFilename } from './manifest.ts';

/**
 * The service worker's registration, seen from the page. A new version is fetched in the background (when the app
 * starts, and every hour while it stays open); once it is on the device it waits, and the page offers it (see
 * `UpdateOffer`): accepting it makes it take over and reloads the page.
 */
let ready = false;
let accept: ((reload?: boolean) => Promise<void>) | null = null;
/** This page asked for the new version (it reloads as soon as it takes over). */
let asked = false;
/** The new version took over from another page while a game was played here: this page reloads when accepted. */
let tookOver = false;
const listeners = new Set<() => void>();

const HOUR = 3600_000;

export function startServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  accept = registerSW({
    onNeedRefresh() {
      ready = true;
      for (const l of listeners) l();
    },
    // The new version took over (accepted here, or in another page of the app). A page in the middle of a game
    // keeps running as it is: it offers the reload once the game is over.
    onNeedReload() {
      if (asked || !gameInPlay()) location.reload();
      else tookOver = true;
    },
    onRegisteredSW(_url, registration) {
      if (registration) setInterval(() => void registration.update().catch(() => undefined), HOUR);
    },
    onRegisterError(error: unknown) {
      console.warn('the app could not be installed for offline use:', error);
    },
  });
  // A click on a notification while the app is open: the service worker asks this window to show the match.
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent<{ type?: string; url?: string }>) => {
    const url = event.data?.url;
    if (event.data?.type === 'OPEN' && typeof url === 'string' && new URL(url).origin === location.origin)
      location.href = url;
  });
}

export function useUpdateReady(): boolean {
  const [now, setNow] = useState(ready);
  useEffect(() => {
    const on = (): void => setNow(ready);
    listeners.add(on);
    on();
    return () => {
      listeners.delete(on);
    };
  }, []);
  return now;
}

/** The new version takes over; the page reloads with it. */
export function applyUpdate(): Promise<void> {
  asked = true;
  if (tookOver) {
    location.reload();
    return Promise.resolve();
  }
  return accept ? accept(true) : Promise.resolve();
}

/** The page links the manifest of its language, so the app is installed under its name in that language. */
export function linkManifest(lang: Lang): void {
  const link = document.querySelector<HTMLLinkElement>('link[rel=manifest]');
  if (link) link.href = `./${manifestFilename(lang)}`;
}
