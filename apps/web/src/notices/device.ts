import type { Lang } from '@roundtable/core';
import { addDevice, pushKey } from './api.ts';

export type PushSupport = 'yes' | 'no' | 'denied';

export function pushSupport(): PushSupport {
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || typeof Notification === 'undefined') return 'no';
  return Notification.permission === 'denied' ? 'denied' : 'yes';
}

/**
 * Subscribes this device (the app's service worker) with the server's VAPID key and gives the subscription to the
 * server for the signed-in account. Asks the browser's permission, only when the player pressed the button.
 */
export async function subscribeThisDevice(lang: Lang): Promise<void> {
  if ((await Notification.requestPermission()) !== 'granted') throw new Error('denied');
  const registration = await navigator.serviceWorker.ready;
  const { publicKey } = await pushKey(lang);
  const key = Uint8Array.from(atob(publicKey.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
  const sub =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }));
  await addDevice(sub.toJSON(), lang);
}
