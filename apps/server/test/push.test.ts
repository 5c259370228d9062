// Web Push with every tab closed, through a real push service on loopback (push-service.ts): subscriptions per
// account and device (checked, listed, removed), a push when a match an account was invited to starts, when its turn
// comes and it is connected nowhere, when an offer waits, when its clock runs low — each encrypted for the device
// (RFC 8291, decrypted here with node:crypto alone) and signed with the server's VAPID key (RFC 8292), in the
// device's language; none for a connected player; a kind turned off; a 410 removes the device; a push service down
// delays the push, which comes when it is back.
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PushPayload } from '@roundtable/protocol';
import { api, Client, testServer, type TestServer } from './helpers.ts';
import { checkVapid, Device, PushService } from './push-service.ts';

const cheap = { N: 1 << 10, r: 8, p: 1 };
let server: TestServer;
let push: PushService;

beforeAll(async () => {
  push = await PushService.start();
  server = await testServer({ passwordCost: cheap, noticeRetrySeconds: 1, lowClockMinMs: 1000 });
});
afterAll(async () => {
  await server?.stop();
  await push?.close();
});

const cookieOf = (res: Response): string => /^(rt_session=[^;]*)/.exec(res.headers.get('set-cookie') ?? '')![1]!;

async function signUp(name: string): Promise<string> {
  const res = await fetch(`${server.url}/api/accounts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, password: 'a long password' }),
  });
  expect(res.status).toBe(201);
  return cookieOf(res);
}

async function subscribe(cookie: string, device: Device, lang: 'en' | 'fr'): Promise<string> {
  const r = await api(server, 'POST', '/api/push/devices', device.subscription({ lang, device: `test ${lang}` }), {
    cookie,
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.device.id as string;
}

async function connect(cookie: string): Promise<Client> {
  const ws = new WebSocket(server.ws, { headers: { cookie } });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return new (Client as unknown as new (ws: WebSocket) => Client)(ws);
}

/** A Camelot match `a` made signed in (seat 0, White, to move first) and `b` joined signed in (seat 1). */
async function match(a: string, b: string, clock?: Record<string, number>): Promise<string> {
  const made = await api(
    server,
    'POST',
    '/api/matches',
    { game: 'camelot', seats: [{ kind: 'human' }, { kind: 'open' }], ...(clock ? { clock } : {}) },
    { cookie: a },
  );
  expect(made.status).toBe(201);
  const joined = await api(server, 'POST', `/api/matches/${made.body.match.id}/join`, {}, { cookie: b });
  expect(joined.status).toBe(200);
  return made.body.match.id as string;
}

const payloads = (d: Device): PushPayload[] => d.received().map((r) => JSON.parse(d.decrypt(r.body)) as PushPayload);

let alice: string;
let bob: string;
let aliceEn: Device;
let aliceFr: Device;
let bobPhone: Device;

describe('subscriptions', () => {
  it('refuses what cannot be used, with a reason, and stores nothing', async () => {
    alice = await signUp('Alys');
    bob = await signUp('Bedivere');
    aliceEn = new Device(push, '/alice-en');
    aliceFr = new Device(push, '/alice-fr');
    bobPhone = new Device(push, '/bob-phone');
    const ok = aliceEn.subscription();
    const bad: [unknown, number, string][] = [
      [{ ...ok, keys: { auth: (ok.keys as { auth: string }).auth } }, 400, 'BAD_SUBSCRIPTION'],
      [{ ...ok, endpoint: 'http://push.example.com/send/1' }, 400, 'PUSH_ENDPOINT_NOT_HTTPS'],
      [{ ...ok, endpoint: 'ftp://push.example.com/1' }, 400, 'PUSH_ENDPOINT_NOT_HTTPS'],
      [{ ...ok, endpoint: 'not a url' }, 400, 'BAD_SUBSCRIPTION'],
      // 65 bytes, but no point of the curve: nothing could ever be encrypted for it.
      [
        { ...ok, keys: { ...(ok.keys as object), p256dh: Buffer.alloc(65, 4).toString('base64url') } },
        400,
        'BAD_SUBSCRIPTION',
      ],
      [{ ...ok, keys: { ...(ok.keys as object), auth: 'c2hvcnQ' } }, 400, 'BAD_SUBSCRIPTION'],
      [{ ...ok, extra: 'field' }, 400, 'BAD_SUBSCRIPTION'],
      [{ ...ok, device: 'x'.repeat(5000) }, 413, 'BAD_REQUEST'],
    ];
    for (const [body, status, code] of bad) {
      const r = await api(server, 'POST', '/api/push/devices', body, { cookie: alice, 'accept-language': 'fr' });
      expect(r.status, JSON.stringify(r.body)).toBe(status);
      expect(r.body.error.code).toBe(code);
      expect(r.body.error.message.length).toBeGreaterThan(10);
    }
    expect((await api(server, 'POST', '/api/push/devices', ok)).status).toBe(401);
    expect((await api(server, 'GET', '/api/push/devices', undefined, { cookie: alice })).body.devices).toEqual([]);
  });

  it('keeps devices per account: listed without their keys, removable by their account only', async () => {
    const en = await subscribe(alice, aliceEn, 'en');
    await subscribe(alice, aliceFr, 'fr');
    await subscribe(bob, bobPhone, 'en');
    const list = await api(server, 'GET', '/api/push/devices', undefined, { cookie: alice });
    expect(list.body.devices.map((d: { device: string }) => d.device)).toEqual(['test en', 'test fr']);
    expect(list.body.devices[0]).toMatchObject({ id: en, service: new URL(push.url).host, lang: 'en' });
    expect(JSON.stringify(list.body)).not.toContain(aliceEn.auth.toString('base64url'));
    expect((await api(server, 'DELETE', `/api/push/devices/${en}`, undefined, { cookie: bob })).status).toBe(404);
    // Subscribing the same device again updates it: still two.
    await subscribe(alice, aliceEn, 'en');
    expect((await api(server, 'GET', '/api/push/devices', undefined, { cookie: alice })).body.devices).toHaveLength(2);
    const key = await api(server, 'GET', '/api/push/key');
    expect(Buffer.from(key.body.publicKey, 'base64url')).toHaveLength(65);
  });
});

describe('pushes with every tab closed', () => {
  it('a started match and a turn, encrypted for each device, signed, in its language, its link to the match', async () => {
    const id = await match(alice, bob);
    // Nobody is connected: both hear the start; Alice, White, hears her turn, on both her devices.
    await push.until(
      () => aliceEn.received().length >= 2 && aliceFr.received().length >= 2 && bobPhone.received().length >= 1,
    );
    const fr = payloads(aliceFr);
    expect(fr.map((p) => p.kind).sort()).toEqual(['started', 'turn']);
    const turn = fr.find((p) => p.kind === 'turn')!;
    expect(turn).toMatchObject({ v: 1, match: id, url: `./#/m/${id}`, tag: `match-${id}`, lang: 'fr' });
    expect(turn.title).toBe('Camelot\u00a0: à vous de jouer');
    expect(turn.body).toBe('Bedivere attend votre coup.');
    expect(payloads(aliceEn).find((p) => p.kind === 'turn')!.title).toBe('Camelot: your turn');
    expect(payloads(bobPhone)).toMatchObject([{ kind: 'started', body: 'Alys joined the match.' }]);
    const sent = aliceEn.received()[0]!;
    expect(sent.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(sent.headers.ttl)).toBeGreaterThan(0);
    expect(sent.headers.topic).toBe(id.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 32));
    const vapid = checkVapid(sent.headers.authorization as string, push.url);
    expect(vapid.key).toBe((await api(server, 'GET', '/api/push/key')).body.publicKey);
    expect(vapid.claims.sub).toMatch(/^(mailto:|https:)/);
  });

  it('no push to a connected player; an offer waiting; a kind turned off', async () => {
    const before = { en: aliceEn.received().length, bob: bobPhone.received().length };
    // Alice is at her table before Bob joins: she hears nothing of the start nor of her turn.
    const made = await api(
      server,
      'POST',
      '/api/matches',
      { game: 'camelot', seats: [{ kind: 'human' }, { kind: 'open' }] },
      { cookie: alice },
    );
    const id = made.body.match.id as string;
    const table = await connect(alice);
    expect(await table.request({ t: 'attach', match: id })).toMatchObject({ seat: 0 });
    await api(server, 'POST', `/api/matches/${id}/join`, {}, { cookie: bob });
    await push.until(() => bobPhone.received().length > before.bob);
    expect(payloads(bobPhone).at(-1)).toMatchObject({ kind: 'started', match: id });
    // She moves, then offers a draw: Bob, away, hears of the offer (his turn too: the turn within the push gap of
    // the start is his first turn of this match, so it comes).
    const moved = await table.request({ t: 'move', move: 'C6-C7' });
    expect(moved.t, JSON.stringify(moved)).toBe('update');
    await table.request({ t: 'offer', kind: 'draw' });
    await push.until(() => payloads(bobPhone).some((p) => p.kind === 'offer' && p.match === id));
    expect(payloads(bobPhone).find((p) => p.kind === 'offer' && p.match === id)!.body).toBe('Alys offers a draw.');
    await push.until(() => payloads(bobPhone).some((p) => p.kind === 'turn' && p.match === id));
    // Bob turns turn notices off; he comes, moves, leaves; Alice is connected: nobody hears anything.
    const prefs = { push: { turn: false, started: true, offer: true, clock: true }, digestHours: 24 };
    expect((await api(server, 'PUT', '/api/notices/prefs', { prefs }, { cookie: bob })).status).toBe(200);
    const bobs = await connect(bob);
    await bobs.request({ t: 'attach', match: id });
    await bobs.request({ t: 'answer', kind: 'draw', accept: false });
    expect((await bobs.request({ t: 'move', move: 'C11-C10' })).t).toBe('update');
    bobs.close();
    expect((await table.request({ t: 'move', move: 'C7-C8' })).t).toBe('update');
    await new Promise((r) => setTimeout(r, 1500));
    expect(aliceEn.received().length).toBe(before.en);
    expect(
      payloads(bobPhone)
        .filter((p) => p.match === id)
        .map((p) => p.kind)
        .sort(),
    ).toEqual(['offer', 'started', 'turn']);
    table.close();
    const bad = await api(
      server,
      'PUT',
      '/api/notices/prefs',
      { prefs: { ...prefs, digestHours: 5 } },
      { cookie: bob },
    );
    expect(bad.status).toBe(400);
    expect((await api(server, 'GET', '/api/notices/prefs', undefined, { cookie: bob })).body.prefs).toEqual(prefs);
    await api(
      server,
      'PUT',
      '/api/notices/prefs',
      { prefs: { ...prefs, push: { ...prefs.push, turn: true } } },
      { cookie: bob },
    );
  });

  it('a clock running low, told when a quarter of the time is left', async () => {
    const before = aliceEn.received().length;
    const started = Date.now();
    const id = await match(alice, bob, { moveSeconds: 8 });
    await push.until(
      () => [aliceEn, aliceFr].every((d) => payloads(d).some((p) => p.kind === 'clock' && p.match === id)),
      20_000,
    );
    const got = aliceEn.received().slice(before);
    const clock = got.find((r) => JSON.parse(aliceEn.decrypt(r.body)).kind === 'clock')!;
    // 8 s per move, a quarter left: about 6 s after the start.
    expect(clock.at - started).toBeGreaterThan(4500);
    expect(JSON.parse(aliceEn.decrypt(clock.body)).body).toMatch(/^1 minute left for your move\.$/);
    expect(payloads(aliceFr).find((p) => p.kind === 'clock' && p.match === id)!.body).toBe(
      'Il vous reste 1\u00a0minute pour jouer.',
    );
  });

  it('a push service down delays the push until it is back; a device gone (410) is removed', async () => {
    // Bob's phone's service fails twice (503), then takes it.
    push.answers.set('/bob-phone', [503, 503]);
    const before = bobPhone.received().length;
    const id = await match(bob, alice);
    await push.until(() => payloads(bobPhone).some((p) => p.match === id && p.kind === 'turn'), 20_000);
    expect(bobPhone.received().length).toBeGreaterThan(before);
    // Alice's English device is gone: its service answers 410, and the server forgets it.
    push.answers.set('/alice-en', 410);
    await match(alice, bob);
    const deadline = Date.now() + 15_000;
    let devices: { device: string }[] = [];
    while (Date.now() < deadline) {
      devices = (await api(server, 'GET', '/api/push/devices', undefined, { cookie: alice })).body.devices;
      if (devices.length === 1) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(devices.map((d) => d.device)).toEqual(['test fr']);
  });
});
