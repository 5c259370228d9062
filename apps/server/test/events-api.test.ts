// The events' HTTP API through the real server: what is refused (with its code, in English and French) and
// changes nothing; entry conditions (invitation code, rating range, bots); the caps; listing by filters; each
// entrant told of their new round's match by a push to their devices (a real push service on loopback).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PushPayload } from '@roundtable/protocol';
import { testServer, type TestServer } from './helpers.ts';
import { as, cheap, eventLimits, signUp } from './events-clients.ts';
import { Device, PushService } from './push-service.ts';

let server: TestServer;
beforeAll(async () => {
  server = await testServer({
    passwordCost: cheap,
    eventPollMs: 50,
    limits: eventLimits({ eventsPerOrganiser: 2, eventsPerEntrant: 1, entrantsPerEvent: 3 }),
  });
});
afterAll(async () => {
  await server?.stop();
});

const swiss = { name: 'Quintaine', kind: 'swiss', game: 'camelot', players: 2, clock: { moveSeconds: 60 }, rounds: 3 };

describe('events API', () => {
  it('refuses what is not valid, naming it, in English and French, and creates nothing', async () => {
    const org = await signUp(server, 'Viviane');
    const post = as(server, org);
    expect((await as(server, null)('POST', '/api/events', swiss)).body.error.code).toBe('EVENT_NEEDS_ACCOUNT');
    const noRounds = await post('POST', '/api/events', { ...swiss, rounds: undefined });
    expect(noRounds.status).toBe(400);
    expect(noRounds.body.error).toMatchObject({ code: 'EVENT_BAD_REQUEST' });
    expect(noRounds.body.error.message).toContain('rounds');
    const fr = await post('POST', '/api/events?lang=fr', { ...swiss, kind: 'ladder' });
    expect(fr.body.error.message).toMatch(/^Cette demande d’événement n’est pas valable\u00a0: kind/);
    const players = await post('POST', '/api/events', { ...swiss, players: 3 });
    expect(players.body.error).toMatchObject({ code: 'EVENT_PLAYERS', details: { min: 2, max: 2 } });
    expect((await post('POST', '/api/events', { ...swiss, game: 'chess' })).body.error.code).toBe('UNKNOWN_GAME');
    expect((await as(server, null)('GET', '/api/events?status=over')).status).toBe(400);
    expect((await as(server, null)('GET', '/api/events/nope')).body.error.code).toBe('NO_SUCH_EVENT');
    expect((await as(server, null)('GET', '/api/events?game=camelot')).body.events).toEqual([]);
  });

  it('checks entry: invitation code, rating range, bots, full, already entered; withdraw; start', async () => {
    const org = await signUp(server, 'Morgane');
    const [p1, p2, p3, p4] = await Promise.all(['Elaine', 'Enide', 'Lunete', 'Laudine'].map((n) => signUp(server, n)));
    const made = await as(server, org)('POST', '/api/events', {
      ...swiss,
      conditions: { inviteCode: 'graal-1234', maxRating: 1400 },
    });
    expect(made.status).toBe(201);
    const id = made.body.event.id;
    // The code is never shown, only that there is one.
    expect(made.body.event.conditions).toEqual({ maxRating: 1400, invitation: true });
    expect(JSON.stringify(made.body)).not.toContain('graal');
    const join = (who: typeof p1, body: object = { inviteCode: 'graal-1234' }) =>
      as(server, who!)('POST', `/api/events/${id}/join`, body);
    expect((await join(p1, {})).body.error.code).toBe('EVENT_INVITATION');
    // A new account is rated 1500: above this event's range.
    const rated = await join(p1);
    expect(rated.body.error).toMatchObject({ code: 'EVENT_RATING', details: { rating: 1500, max: 1400 } });
    const open = await as(server, org)('POST', '/api/events', { ...swiss, name: 'Ouverte' });
    const oid = open.body.event.id;
    // A bot account may not enter where the organiser did not allow bots.
    expect((await as(server, p4!)('POST', '/api/me/bot')).status).toBe(201);
    expect((await as(server, p4!)('POST', `/api/events/${oid}/join`)).body.error.code).toBe('EVENT_NO_BOTS');
    for (const p of [p1, p2, p3]) expect((await as(server, p!)('POST', `/api/events/${oid}/join`)).status).toBe(200);
    expect((await as(server, p1!)('POST', `/api/events/${oid}/join`)).body.error.code).toBe('EVENT_ALREADY_ENTERED');
    // A third organised event is past the organiser's cap.
    expect((await as(server, org)('POST', '/api/events', swiss)).body.error.code).toBe('EVENT_ORGANISER_CAP');
    // An entrant's own cap: one event at once here.
    const other = await signUp(server, 'Guinevere');
    const third = await as(server, other)('POST', '/api/events', { ...swiss, name: 'Autre' });
    expect((await as(server, p1!)('POST', `/api/events/${third.body.event.id}/join`)).body.error.code).toBe(
      'EVENT_ENTRANT_CAP',
    );
    // Three entrants is this server's cap per event.
    expect((await as(server, other)('POST', `/api/events/${oid}/join`)).body.error).toMatchObject({
      code: 'EVENT_FULL',
      details: { max: 3 },
    });
    // Withdrawing before the start frees the place; only the organiser starts.
    expect((await as(server, p3!)('POST', `/api/events/${oid}/withdraw`)).body.event.entrants).toBe(2);
    expect((await as(server, p1!)('POST', `/api/events/${oid}/start`)).body.error.code).toBe('EVENT_NOT_ORGANISER');
    const started = await as(server, org)('POST', `/api/events/${oid}/start`);
    expect(started.body.event).toMatchObject({ status: 'running', round: 1, entrants: 2 });
    // Running: a Swiss takes no more entrants.
    expect((await as(server, p3!)('POST', `/api/events/${oid}/join`)).body.error.code).toBe('EVENT_CLOSED');
    const listed = (await as(server, null)('GET', '/api/events?status=running&kind=swiss')).body.events;
    expect(listed.map((e: any) => e.id)).toEqual([oid]);
    const detail = (await as(server, p1!)('GET', `/api/events/${oid}`)).body;
    expect(detail.entered).toBe(true);
    expect(detail.rounds[0].pairings[0].seats.map((s: any) => s.name).sort()).toEqual(['Elaine', 'Enide']);
  });

  it('starts by itself at its start time, or is called off then with too few entrants', async () => {
    const org = await signUp(server, 'Nimue');
    const [a, b] = await Promise.all(['Ector', 'Lionel'].map((n) => signUp(server, n)));
    const at = Date.now() + 300;
    const empty = (await as(server, org)('POST', '/api/events', { ...swiss, name: 'Vide', startsAt: at })).body.event;
    const full = (await as(server, org)('POST', '/api/events', { ...swiss, name: 'Pleine', startsAt: at })).body.event;
    for (const p of [a, b]) expect((await as(server, p!)('POST', `/api/events/${full.id}/join`)).status).toBe(200);
    const status = async (id: string): Promise<string> =>
      (await as(server, null)('GET', `/api/events/${id}`)).body.event.status;
    for (let i = 0; i < 60 && ((await status(empty.id)) === 'upcoming' || (await status(full.id)) === 'upcoming'); i++)
      await new Promise((r) => setTimeout(r, 50));
    expect(await status(empty.id)).toBe('cancelled');
    expect(await status(full.id)).toBe('running');
  });

  it('tells each entrant of their match when their round is paired, by a push to their device, in its language', async () => {
    const push = await PushService.start();
    try {
      const org = await signUp(server, 'Arthur');
      const [p1, p2] = await Promise.all(['Galehaut', 'Sagremor'].map((n) => signUp(server, n)));
      const devices = [new Device(push, '/galehaut'), new Device(push, '/sagremor')] as const;
      for (const [who, device, lang] of [
        [p1!, devices[0], 'en'],
        [p2!, devices[1], 'fr'],
      ] as const)
        expect((await as(server, who)('POST', '/api/push/devices', device.subscription({ lang }))).status).toBe(201);
      const made = await as(server, org)('POST', '/api/events', { ...swiss, name: 'Tables rondes', rounds: 1 });
      const id = made.body.event.id;
      for (const p of [p1, p2]) expect((await as(server, p!)('POST', `/api/events/${id}/join`)).status).toBe(200);
      expect((await as(server, org)('POST', `/api/events/${id}/start`)).status).toBe(200);
      const match = (await as(server, null)('GET', `/api/events/${id}`)).body.rounds[0].pairings[0].match as string;
      // Neither is connected to the new match: both are told it began, with the link to it (the first to move is
      // also told their turn).
      const started = (d: Device): PushPayload | undefined =>
        d
          .received()
          .map((r) => JSON.parse(d.decrypt(r.body)) as PushPayload)
          .find((p) => p.kind === 'started');
      await push.until(() => devices.every((d) => started(d) !== undefined), 3000);
      const [en, fr] = devices.map(started);
      expect(en).toMatchObject({ kind: 'started', match, url: `./#/m/${match}`, lang: 'en' });
      expect(en!.body).toBe('Sagremor joined the match.');
      expect(fr).toMatchObject({ kind: 'started', match, lang: 'fr', title: 'Camelot\u00a0: votre partie a commencé' });
    } finally {
      await push.close();
    }
  });
});
