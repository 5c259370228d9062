import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { NoticePrefs, PUSH_LIMITS, type PushDevice } from '@roundtable/protocol';
import type { AccountService } from '../accounts/service.ts';
import { currentAccount } from '../accounts/routes.ts';
import type { NoticeStore, PushSubscriptionRow } from '../notices/store.ts';
import { fail, parseBody } from '../notices/http.ts';
import { checkSubscription } from './endpoint.ts';
import type { Notices } from './notices.ts';

export const PUSH_ROUTES: readonly { method: string; path: string; what: string }[] = [
  { method: 'GET', path: '/api/push/key', what: 'the server’s VAPID public key (applicationServerKey)' },
  { method: 'GET', path: '/api/push/devices', what: 'the devices subscribed for the signed-in account' },
  {
    method: 'POST',
    path: '/api/push/devices',
    what: 'subscribe this device: PushSubscription.toJSON() with {device?, lang?} → 201 {device}',
  },
  { method: 'DELETE', path: '/api/push/devices/:id', what: 'unsubscribe one of the account’s devices' },
  {
    method: 'GET',
    path: '/api/notices/prefs',
    what: 'which pushes the account gets, and how often its digest is mailed',
  },
  { method: 'PUT', path: '/api/notices/prefs', what: 'set them: {push: {turn, started, offer, clock}, digestHours}' },
];

const deviceOf = (s: PushSubscriptionRow): PushDevice => ({
  id: s.id,
  device: s.device,
  service: new URL(s.endpoint).host,
  lang: s.lang,
  createdAt: s.createdAt,
  lastPushAt: s.lastPushAt,
});

/** A device label from its User-Agent when the page gave none ("Chrome on Android"). */
function deviceFrom(userAgent: string | undefined): string {
  const ua = userAgent ?? '';
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /Firefox\//.test(ua)
      ? 'Firefox'
      : /Chrom(e|ium)\//.test(ua)
        ? 'Chrome'
        : /Safari\//.test(ua)
          ? 'Safari'
          : 'Browser';
  const os = /Android/.test(ua)
    ? 'Android'
    : /iPhone|iPad/.test(ua)
      ? 'iOS'
      : /Mac OS X/.test(ua)
        ? 'macOS'
        : /Windows/.test(ua)
          ? 'Windows'
          : /Linux/.test(ua)
            ? 'Linux'
            : '';
  return os ? `${browser} on ${os}` : browser;
}

/** Push subscriptions per account and device, and the account's notice preferences. */
export function registerPushRoutes(
  app: FastifyInstance,
  accounts: AccountService,
  store: NoticeStore,
  notices: Notices,
  publicKey: string,
): void {
  app.get('/api/push/key', async () => ({ publicKey }));

  app.get('/api/push/devices', async (req, reply) => {
    const me = await currentAccount(accounts, req);
    if (!me) return fail(reply, req, { code: 'NOT_SIGNED_IN' });
    return { devices: (await store.subscriptions(me.id)).map(deviceOf) };
  });

  app.post('/api/push/devices', { bodyLimit: PUSH_LIMITS.maxBodyBytes }, async (req, reply) => {
    const me = await currentAccount(accounts, req);
    if (!me) return fail(reply, req, { code: 'NOT_SIGNED_IN' });
    const checked = checkSubscription(req.body);
    if (!checked.ok) return fail(reply, req, checked.error);
    const s = checked.value;
    const mine = await store.subscriptions(me.id);
    // Past the cap, the device pushed to least recently makes room (it is likely gone).
    if (mine.length >= PUSH_LIMITS.maxPerAccount && !mine.some((m) => m.endpoint === s.endpoint)) {
      const oldest = [...mine].sort((a, b) => (a.lastPushAt ?? a.createdAt) - (b.lastPushAt ?? b.createdAt))[0]!;
      await store.removeSubscription(oldest.id, me.id);
    }
    const saved = await store.saveSubscription({
      id: randomBytes(9).toString('base64url'),
      accountId: me.id,
      endpoint: s.endpoint,
      p256dh: s.keys.p256dh,
      auth: s.keys.auth,
      device: s.device || deviceFrom(req.headers['user-agent']),
      lang: s.lang ?? (/^fr\b/i.test(req.headers['accept-language'] ?? '') ? 'fr' : 'en'),
      createdAt: Date.now(),
      lastPushAt: null,
    });
    return reply.code(201).send({ device: deviceOf(saved) });
  });

  app.delete<{ Params: { id: string } }>('/api/push/devices/:id', async (req, reply) => {
    const me = await currentAccount(accounts, req);
    if (!me) return fail(reply, req, { code: 'NOT_SIGNED_IN' });
    if (req.params.id.length > 40 || !(await store.removeSubscription(req.params.id, me.id)))
      return fail(reply, req, { code: 'NO_SUCH_DEVICE' });
    return reply.code(204).send();
  });

  app.get('/api/notices/prefs', async (req, reply) => {
    const me = await currentAccount(accounts, req);
    if (!me) return fail(reply, req, { code: 'NOT_SIGNED_IN' });
    return { prefs: await notices.prefs(me.id) };
  });

  app.put('/api/notices/prefs', { bodyLimit: 2048 }, async (req, reply) => {
    const me = await currentAccount(accounts, req);
    if (!me) return fail(reply, req, { code: 'NOT_SIGNED_IN' });
    const body = parseBody(NoticePrefs, (req.body as { prefs?: unknown } | null)?.prefs);
    if (!body.ok) return fail(reply, req, body.error);
    await store.setPrefs(me.id, body.value, Date.now());
    return { prefs: body.value };
  });
}
