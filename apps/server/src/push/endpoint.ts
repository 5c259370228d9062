import { ECDH } from 'node:crypto';
import { isIP } from 'node:net';
import { err, ok, type GameError, type Result } from '@roundtable/core';
import { PushSubscribeRequest } from '@roundtable/protocol';

/** Hosts on this machine: the only ones a subscription may reach over plain HTTP (a push service under test). */
export function isLoopback(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (h === 'localhost' || h.endsWith('.localhost')) return true;
  if (isIP(h) === 4) return h.startsWith('127.');
  return h === '::1';
}

/**
 * A subscription as a browser sends it, checked: its shape (protocol `PushSubscribeRequest`), an endpoint over
 * HTTPS (plain HTTP only on loopback), and a public key that is a point of the P-256 curve (else nothing could be
 * encrypted for it, and every push would fail).
 */
export function checkSubscription(body: unknown): Result<PushSubscribeRequest> {
  const r = PushSubscribeRequest.safeParse(body);
  if (!r.success) {
    const issue = r.error.issues[0];
    return err({
      code: 'BAD_SUBSCRIPTION',
      reason: `${issue?.path.map(String).join('.') || 'body'}: ${issue?.message ?? 'invalid'}`,
    });
  }
  const url = new URL(r.data.endpoint);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopback(url.hostname)))
    return err({ code: 'PUSH_ENDPOINT_NOT_HTTPS', endpoint: `${url.protocol}//${url.host}` } as GameError);
  if (url.username || url.password) return err({ code: 'BAD_SUBSCRIPTION', reason: 'endpoint: no credentials in it' });
  try {
    ECDH.convertKey(Buffer.from(r.data.keys.p256dh, 'base64url'), 'prime256v1', undefined, undefined, 'uncompressed');
  } catch {
    return err({ code: 'BAD_SUBSCRIPTION', reason: 'keys.p256dh: not a P-256 public key' });
  }
  return ok(r.data);
}
