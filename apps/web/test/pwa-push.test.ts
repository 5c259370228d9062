/**
 * End-to-end, in Debian's Chromium against the real server: a push the server really made (for a device whose
 * push service is a loopback stand-in, decrypted there) is delivered to the app's service worker through CDP
 * (`ServiceWorker.deliverPushMessage`); the worker shows it in the player's language, one per match, and a click on
 * it brings the open window to the match. The settings page lists the account's devices and removes one, turns a
 * kind of notice off, and says e-mail is off on a server without SMTP.
 */
import type { BrowserContext, Page, Worker } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PushPayload } from '@roundtable/protocol';
import { Device, PushService } from '../../server/test/push-service.ts';
import { useRealServer } from './real-server.ts';

const app = useRealServer({ passwordCost: { N: 1 << 10, r: 8, p: 1 }, noticeRetrySeconds: 1 });
let push: PushService;
beforeAll(async () => {
  push = await PushService.start();
});
afterAll(async () => {
  await push?.close();
});

async function post(path: string, body: unknown, cookie?: string): Promise<Response> {
  return fetch(`${app.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
}

async function signUp(name: string): Promise<string> {
  const res = await post('/api/accounts', { name, password: 'a long password' });
  expect(res.status).toBe(201);
  return /^(rt_session=[^;]*)/.exec(res.headers.get('set-cookie') ?? '')![1]!;
}

/** A page of the app, signed in as `cookie`, with its service worker controlling it. */
async function open(cookie: string, lang: 'en' | 'fr'): Promise<{ context: BrowserContext; page: Page; sw: Worker }> {
  const context = await app.browser.newContext({ locale: lang === 'fr' ? 'fr-FR' : 'en-GB' });
  await context.addCookies([{ name: 'rt_session', value: cookie.split('=')[1]!, url: app.url }]);
  await context.grantPermissions(['notifications'], { origin: app.url });
  const page = await context.newPage();
  await page.addInitScript((l) => localStorage.setItem('rt.lang', l), lang);
  await page.goto(`${app.url}/`);
  await page.waitForFunction(async () => (await navigator.serviceWorker.ready).active?.state === 'activated');
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  const sw = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  return { context, page, sw };
}

describe('a push, on the device', () => {
  it('is shown by the service worker in the player’s language, and a click opens the match', async () => {
    const alice = await signUp('Alys');
    const bob = await signUp('Bedivere');
    const device = new Device(push, '/alice-phone');
    expect((await post('/api/push/devices', device.subscription({ lang: 'fr' }), alice)).status).toBe(201);
    const made = await (
      await post('/api/matches', { game: 'camelot', seats: [{ kind: 'human' }, { kind: 'open' }] }, alice)
    ).json();
    const id = made.match.id as string;
    expect((await post(`/api/matches/${id}/join`, {}, bob)).status).toBe(200);
    await push.until(() =>
      device.received().some((r) => (JSON.parse(device.decrypt(r.body)) as PushPayload).kind === 'turn'),
    );
    const turn = device
      .received()
      .map((r) => device.decrypt(r.body))
      .find((text) => (JSON.parse(text) as PushPayload).kind === 'turn')!;

    const { context, page, sw } = await open(alice, 'fr');
    const cdp = await context.newCDPSession(page);
    const registration = new Promise<string>((resolve) =>
      cdp.on('ServiceWorker.workerRegistrationUpdated', (e: { registrations: { registrationId: string }[] }) => {
        if (e.registrations[0]) resolve(e.registrations[0].registrationId);
      }),
    );
    await cdp.send('ServiceWorker.enable');
    const registrationId = await registration;
    // The very bytes the server encrypted for the device, delivered to the service worker as its push service would.
    await cdp.send('ServiceWorker.deliverPushMessage', { origin: app.url, registrationId, data: turn });
    const shown = async (): Promise<{ title: string; body: string; tag: string; lang: string }[]> =>
      sw.evaluate(async () =>
        (await (self as unknown as ServiceWorkerGlobalScope).registration.getNotifications()).map((n) => ({
          title: n.title,
          body: n.body,
          tag: n.tag,
          lang: n.lang,
        })),
      );
    await expect.poll(shown, { timeout: 10_000 }).toHaveLength(1);
    expect((await shown())[0]).toEqual({
      title: 'Camelot\u00a0: à vous de jouer',
      body: 'Bedivere attend votre coup.',
      tag: `match-${id}`,
      lang: 'fr',
    });
    // A second push about the same match replaces the first: one notification per match.
    await cdp.send('ServiceWorker.deliverPushMessage', { origin: app.url, registrationId, data: turn });
    await new Promise((r) => setTimeout(r, 500));
    expect(await shown()).toHaveLength(1);
    // A push without readable words still shows something.
    await cdp.send('ServiceWorker.deliverPushMessage', { origin: app.url, registrationId, data: 'not json' });
    await expect.poll(async () => (await shown()).some((n) => n.title === 'Table Ronde')).toBe(true);

    // The click, as the browser dispatches it: the window of the app goes to the match.
    expect(await page.evaluate(() => location.hash)).not.toContain(id);
    await sw.evaluate(async (tag) => {
      const scope = self as unknown as ServiceWorkerGlobalScope;
      const [n] = await scope.registration.getNotifications({ tag });
      scope.dispatchEvent(new NotificationEvent('notificationclick', { notification: n! }));
    }, `match-${id}`);
    await page.waitForFunction((m) => location.hash === `#/m/${m}`, id);
    await page.waitForSelector('[data-testid=table]');
    await context.close();
  });
});

describe('the settings page', () => {
  it('lists the devices and removes one, turns a kind off, and says e-mail is off here', async () => {
    const gawain = await signUp('Gawain');
    for (const [path, lang] of [
      ['/gawain-phone', 'en'],
      ['/gawain-laptop', 'fr'],
    ] as const) {
      const res = await post(
        '/api/push/devices',
        new Device(push, path).subscription({ lang, device: path.slice(1) }),
        gawain,
      );
      expect(res.status).toBe(201);
    }
    const { context, page } = await open(gawain, 'en');
    await page.click('[data-testid=nav-settings]');
    await page.waitForSelector('[data-testid=devices] li');
    expect(await page.$$eval('[data-testid=devices] li', (li) => li.map((l) => l.textContent ?? ''))).toEqual([
      expect.stringContaining('gawain-phone'),
      expect.stringContaining('gawain-laptop'),
    ]);
    await page.click('[data-testid=devices] li:first-child [data-testid=remove-device]');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=devices] li').length === 1);
    await page.uncheck('[data-testid=kind-offer]');
    await page.waitForSelector('[data-testid=settings-note]');
    const prefs = await (await fetch(`${app.url}/api/notices/prefs`, { headers: { cookie: gawain } })).json();
    expect(prefs.prefs.push).toEqual({ turn: true, started: true, offer: false, clock: true });
    const devices = await (await fetch(`${app.url}/api/push/devices`, { headers: { cookie: gawain } })).json();
    expect(devices.devices.map((d: { device: string }) => d.device)).toEqual(['gawain-laptop']);
    expect(await page.textContent('[data-testid=email-off]')).toContain('E-mail is off on this server');
    expect(await page.isVisible('[data-testid=push-this-device]')).toBe(true);
    await page.click('[data-testid=lang]');
    await page.waitForSelector('text=L’e-mail est désactivé sur ce serveur');
    await context.close();
  });
});
