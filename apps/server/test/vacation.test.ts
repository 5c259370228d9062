// Vacations through real HTTP and WebSocket clients: a vacation stops the clock of a correspondence match (the
// deadline moves past the vacation, and no timeout comes while it lasts), the table sees who is away and until when,
// the opponent is told by a push when the player is back, the clock runs again after, and the yearly allowance
// runs out. A "day" is 1 s here and every per-move clock counts as correspondence (slowPlay).
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PushPayload } from '@roundtable/protocol';
import { api, Client, testServer, type TestServer } from './helpers.ts';
import { Device, PushService } from './push-service.ts';
import { digestMail } from '../src/mail/templates.ts';

const cheap = { N: 1 << 10, r: 8, p: 1 };
const DAY = 1000;
let server: TestServer;
let push: PushService;

beforeAll(async () => {
  push = await PushService.start();
  server = await testServer({
    passwordCost: cheap,
    noticeRetrySeconds: 1,
    vacationDays: 3,
    slowPlay: { dayMs: DAY, minMoveSeconds: 1, checkMs: 100 },
  });
});
afterAll(async () => {
  await server?.stop();
  await push?.close();
});

async function signUp(name: string): Promise<string> {
  const res = await fetch(`${server.url}/api/accounts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, password: 'a long password' }),
  });
  expect(res.status).toBe(201);
  return /^(rt_session=[^;]*)/.exec(res.headers.get('set-cookie') ?? '')![1]!;
}

async function attach(token: string): Promise<Client> {
  const ws = new WebSocket(server.ws);
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const c = new (Client as unknown as new (ws: WebSocket) => Client)(ws);
  await c.request({ t: 'attach', token });
  return c;
}

const settle = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('vacation', () => {
  it('stops the clock of a correspondence match and refuses a timeout while it lasts; the opponent sees it and is told in each match when the player is back; the clock runs again after', async () => {
    const away = await signUp('Sir Ector');
    const there = await signUp('Sir Kay');
    const phone = new Device(push, '/kay-phone');
    const sub = await api(server, 'POST', '/api/push/devices', phone.subscription({ lang: 'fr', device: 'kay' }), {
      cookie: there,
    });
    expect(sub.status).toBe(201);
    const made = await api(
      server,
      'POST',
      '/api/matches',
      { game: 'camelot', clock: { moveSeconds: 2 }, seats: [{ kind: 'human' }, { kind: 'open' }] },
      { cookie: away },
    );
    expect(made.status).toBe(201);
    const id = made.body.match.id as string;
    const joined = await api(server, 'POST', `/api/matches/${id}/join`, {}, { cookie: there });
    expect(joined.status).toBe(200);
    // A second match, where Kay (White) moves first: Ector's turn comes during the vacation.
    const other = await api(
      server,
      'POST',
      '/api/matches',
      { game: 'camelot', clock: { moveSeconds: 1 }, seats: [{ kind: 'open' }, { kind: 'human' }] },
      { cookie: away },
    );
    const second = other.body.match.id as string;
    const kay = await attach(joined.body.token);
    const first = await kay.seen((m) => m.t === 'attached');
    // Ector (White, seat 0) is to move with 2 s on the clock, and goes on vacation for 2 days (2 s here).
    const started = await api(server, 'POST', '/api/vacation', { days: 2 }, { cookie: away });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const until = started.body.current.until as number;
    expect(started.body).toMatchObject({ allowanceDays: 3, leftDays: 1, usedDays: 2 });
    expect(until - started.body.current.since).toBe(2 * DAY);
    // The clock stopped: the deadline is the time left at the start, counted from the vacation's end.
    const moved = await kay.wait((m) => m.t === 'update' && m.deadline !== first.deadline);
    expect(moved.deadline).toBeGreaterThan(until);
    expect(moved.deadline).toBeLessThanOrEqual(until + 2000);
    expect((await api(server, 'GET', `/api/matches/${id}/away`)).body.away).toEqual([{ seat: 0, until }]);
    expect((await api(server, 'POST', '/api/vacation', {}, { cookie: away })).body.error.code).toBe('ON_VACATION');
    kay.close();
    const white = await api(server, 'POST', `/api/matches/${second}/join`, {}, { cookie: there });
    const kayWhite = await attach(white.body.token);
    const legal = await kayWhite.request({ t: 'legal' });
    await kayWhite.request({ t: 'move', move: legal.moves[0] });
    // Ector's 1 s runs out during the vacation: the keeper does not flag him, his clock waits for his return.
    const waits = await kayWhite.wait((m) => m.t === 'update' && m.deadline > until, 3000);
    expect(waits.status).toBe('active');
    expect(waits.deadline).toBeLessThanOrEqual(until + 1000);
    kayWhite.close();
    // Back (the allowance of this vacation used): Kay's phone is told, in French.
    const told = (): PushPayload[] =>
      phone
        .received()
        .map((r) => JSON.parse(phone.decrypt(r.body)) as PushPayload)
        .filter((p) => p.kind === 'back');
    await push.until(() => told().length >= 2, 8000);
    expect(
      told()
        .map((p) => p.match)
        .sort(),
    ).toEqual([id, second].sort());
    expect(told()[0]).toMatchObject({ title: 'Camelot\u00a0: Sir Ector est de retour' });
    expect(Date.now()).toBeGreaterThanOrEqual(until);
    // Past the time the moves had when the vacation began (at most its 2 days): no timeout.
    expect((await api(server, 'GET', `/api/matches/${id}`)).body.match.status).toBe('active');
    expect((await api(server, 'GET', `/api/matches/${second}`)).body.match.status).toBe('active');
    expect((await api(server, 'GET', `/api/matches/${id}/away`)).body.away).toEqual([]);
    // The clock runs again: Ector does not move, and loses on time once the time he had left runs out.
    let summary: any;
    for (let i = 0; i < 60; i++) {
      summary = (await api(server, 'GET', `/api/matches/${id}`)).body.match;
      if (summary.status !== 'active') break;
      await settle(100);
    }
    expect(summary).toMatchObject({ status: 'abandoned', outcome: { winners: [1], reason: 'timeout' } });
  });

  it('the yearly allowance runs out: a vacation longer than the days left is refused, an early end counts the days begun, then none is left', async () => {
    const who = await signUp('Sir Lucan');
    const info = await api(server, 'GET', '/api/vacation', undefined, { cookie: who });
    expect(info.body).toMatchObject({ allowanceDays: 3, usedDays: 0, leftDays: 3, current: null });
    expect(info.body.yearFrom).toBe(Date.UTC(new Date().getUTCFullYear(), 0, 1));
    const tooLong = await api(server, 'POST', '/api/vacation', { days: 4 }, { cookie: who });
    expect(tooLong.status).toBe(409);
    expect(tooLong.body.error).toMatchObject({ code: 'VACATION_TOO_LONG', details: { days: 4, left: 3 } });
    const bad = await api(server, 'POST', '/api/vacation', { days: 'ten' }, { cookie: who });
    expect(bad.status).toBe(400);
    expect((await api(server, 'POST', '/api/vacation', {})).status).toBe(401);
    // Two days asked, ended after a part of the first: one day used.
    expect((await api(server, 'POST', '/api/vacation', { days: 2 }, { cookie: who })).status).toBe(200);
    await settle(200);
    const ended = await api(server, 'POST', '/api/vacation/end', {}, { cookie: who });
    expect(ended.body).toMatchObject({ usedDays: 1, leftDays: 2, current: null });
    expect((await api(server, 'POST', '/api/vacation/end', {}, { cookie: who })).body.error.code).toBe(
      'NOT_ON_VACATION',
    );
    // Every day left, by default: it ends by itself when they are used.
    const rest = await api(server, 'POST', '/api/vacation', {}, { cookie: who });
    expect(rest.body.current.until - rest.body.current.since).toBe(2 * DAY);
    await settle(2 * DAY + 100);
    const after = await api(server, 'GET', '/api/vacation', undefined, { cookie: who });
    expect(after.body).toMatchObject({ usedDays: 3, leftDays: 0, current: null });
    const refused = await api(server, 'POST', '/api/vacation', {}, { cookie: who, 'accept-language': 'fr' });
    expect(refused.body.error).toMatchObject({ code: 'VACATION_USED_UP' });
    expect(refused.body.error.message).toBe('Vous avez pris les 3\u00a0jours de vacances de cette année.');
  });

  it('the digest names the opponents back from vacation, in the reader’s language', () => {
    const back = [{ name: 'Sir Ector', game: 'Camelot', link: 'https://rt.example/#/m/abc' }];
    const fr = digestMail('fr', 'kay@example.org', 'Sir Kay', [], 'https://rt.example/u', 24, back);
    expect(fr.text).toContain('De retour de vacances\u00a0:\n- Sir Ector (Camelot): https://rt.example/#/m/abc');
    expect(fr.html).toContain('<a href="https://rt.example/#/m/abc">Sir Ector</a> (Camelot)');
    const en = digestMail('en', 'kay@example.org', 'Sir Kay', [], 'https://rt.example/u', 24, back);
    expect(en.text).toContain('Back from vacation:\n- Sir Ector (Camelot)');
    expect(digestMail('en', 'k@example.org', 'Kay', [], 'u', 24).text).not.toContain('vacation');
  });
});
