import webpush from 'web-push';
import type { PushPayload } from '@roundtable/protocol';
import type { PushSubscriptionRow } from '../notices/store.ts';

export interface Vapid {
  readonly publicKey: string;
  readonly privateKey: string;
  /** Who runs this server, for the push services (an https: URL or a mailto: address). */
  readonly subject: string;
}

export type PushOutcome = 'sent' | 'gone' | 'refused';

/** A push service that could not take a push now (down, busy, slow): the job tries again later. */
export class PushUnavailable extends Error {}

const TIMEOUT_MS = 10_000;

/**
 * Encrypts `payload` for one device (RFC 8291, aes128gcm, by `web-push`) with this server's VAPID signature
 * (RFC 8292) and posts it to the device's push service. `topic` collapses pushes the service still holds for the
 * device (one per match); `ttlSeconds` is how long it holds one for a device that is off.
 * Answers `gone` when the service says the subscription no longer exists (404, 410: remove it), `refused` when it
 * refuses this push for good (400, 401, 403, 413), and throws `PushUnavailable` when trying later may work.
 */
export async function sendPush(
  sub: PushSubscriptionRow,
  payload: PushPayload,
  vapid: Vapid,
  options: { readonly topic: string; readonly ttlSeconds: number; readonly urgency: 'normal' | 'high' },
): Promise<PushOutcome> {
  const request = webpush.generateRequestDetails(
    { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
    JSON.stringify(payload),
    {
      vapidDetails: vapid,
      TTL: options.ttlSeconds,
      topic: options.topic,
      urgency: options.urgency,
      contentEncoding: 'aes128gcm',
    },
  );
  let status: number;
  try {
    // Our own request (web-push's speaks HTTPS only): a push service under test listens on loopback HTTP.
    const res = await fetch(request.endpoint, {
      method: 'POST',
      headers: request.headers as Record<string, string>,
      body: new Uint8Array(request.body as Buffer),
      redirect: 'error',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    status = res.status;
    await res.body?.cancel();
  } catch (e) {
    throw new PushUnavailable(`push service unreachable: ${(e as Error).message}`, { cause: e });
  }
  if (status >= 200 && status < 300) return 'sent';
  if (status === 404 || status === 410) return 'gone';
  if (status === 429 || status >= 500) throw new PushUnavailable(`push service answered ${status}`);
  return 'refused';
}

/** A Topic header (RFC 8030: at most 32 characters of the URL-safe base64 alphabet). */
export function topicOf(text: string): string {
  return text.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 32) || 'roundtable';
}
