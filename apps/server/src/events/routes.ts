import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { describeError, type GameError } from '@roundtable/core';
import { BerserkRequest, CreateEventRequest, EventsQuery, JoinEventRequest } from '@roundtable/protocol';
import type { AccountService } from '../accounts/service.ts';
import { currentAccount } from '../accounts/routes.ts';
import { errorBody, httpStatus } from '../errors.ts';
import { requestLang } from '../social/lang.ts';
import { eventMessages } from './messages.ts';
import type { EventService } from './service.ts';

export const EVENT_ROUTES: readonly { method: string; path: string; what: string }[] = [
  {
    method: 'GET',
    path: '/api/events?game=&status=&kind=&limit=',
    what: 'events, newest first: {events:[EventSummary]} (status upcoming|running|finished|cancelled; kind arena|swiss|roundrobin)',
  },
  {
    method: 'GET',
    path: '/api/events/:id',
    what: 'an event with its standings, rounds (pairings with their match ids and results) and crosstable: EventDetail',
  },
  {
    method: 'POST',
    path: '/api/events',
    what: 'a signed-in organiser creates an event: {name, kind, game, options?, players, clock, rated?, startsAt?, rounds?, minutes?, conditions?: {minRating?, maxRating?, minRatedGames?, inviteCode?}, bots?, maxEntrants?} → {event}',
  },
  {
    method: 'POST',
    path: '/api/events/:id/join',
    what: 'the signed-in account enters: {inviteCode?} → {event}',
  },
  {
    method: 'POST',
    path: '/api/events/:id/withdraw',
    what: 'the signed-in account withdraws (before the start its entry goes; after, it is not paired again) → {event}',
  },
  {
    method: 'POST',
    path: '/api/events/:id/start',
    what: 'the organiser starts the event now (else it starts at startsAt) → {event}',
  },
  {
    method: 'POST',
    path: '/api/events/:id/berserk',
    what: 'arena: the signed-in entrant berserks in their match before their first move (half their clock, no increment, +1 point for a win): {match} → {ok: true}',
  },
  {
    method: 'GET',
    path: '/api/matches/:id/event',
    what: "the event a match was paired in, for its table: {event, round, table, seat (the signed-in asker's, or null), canBerserk}",
  },
  {
    method: 'GET',
    path: '/api/events/:id/record',
    what: "the event's record: pairings, match ids, results, standings and tie-breaks, verifiable from the match records: EventRecord",
  },
];

const EVENT_ID = /^[A-Za-z0-9_-]{1,64}$/;

function status(code: string): number {
  switch (code) {
    case 'NO_SUCH_EVENT':
      return 404;
    case 'EVENT_NEEDS_ACCOUNT':
      return 401;
    case 'EVENT_NOT_ORGANISER':
    case 'EVENT_NO_BOTS':
    case 'EVENT_INVITATION':
    case 'EVENT_RATING':
    case 'EVENT_RATED_GAMES':
      return 403;
    case 'EVENT_FULL':
    case 'EVENT_ALREADY_ENTERED':
    case 'EVENT_NOT_ENTERED':
    case 'EVENT_CLOSED':
    case 'EVENT_TOO_FEW':
    case 'BERSERK_AFTER_MOVE':
    case 'BERSERK_ALREADY':
      return 409;
    case 'EVENT_NO_BERSERK':
    case 'EVENT_NOT_YOUR_MATCH':
    case 'BERSERK_NO_CLOCK':
      return 403;
    case 'EVENT_BERSERK_CLOCK':
      return 400;
    case 'EVENT_ORGANISER_CAP':
    case 'EVENT_ENTRANT_CAP':
      return 429;
    default:
      return httpStatus(code);
  }
}

function fail(reply: FastifyReply, req: FastifyRequest, error: GameError): FastifyReply {
  const lang = requestLang(req);
  if (!eventMessages[error.code]) return reply.code(status(error.code)).send({ error: errorBody(error, lang) });
  const { code, ...details } = error;
  const message = describeError(error, lang, eventMessages);
  return reply
    .code(status(code))
    .send({ error: Object.keys(details).length > 0 ? { code, message, details } : { code, message } });
}

function invalid(issues: readonly { path: readonly PropertyKey[]; message: string }[]): GameError {
  const issue = issues[0];
  const path = issue?.path.map(String).join('.');
  return { code: 'EVENT_BAD_REQUEST', reason: `${path ? `${path}: ` : ''}${issue?.message ?? 'invalid'}` };
}

export function registerEventRoutes(app: FastifyInstance, accounts: AccountService, events: EventService): void {
  const eventId = (req: FastifyRequest): string | null => {
    const id = (req.params as { id?: unknown }).id;
    return typeof id === 'string' && EVENT_ID.test(id) ? id : null;
  };
  const noSuch = (req: FastifyRequest): GameError => ({
    code: 'NO_SUCH_EVENT',
    event: String((req.params as { id?: unknown }).id).slice(0, 64),
  });

  app.get('/api/events', async (req, reply) => {
    const { lang: _lang, ...rest } = (req.query ?? {}) as Record<string, unknown>;
    const q = EventsQuery.safeParse(rest);
    if (!q.success) return fail(reply, req, invalid(q.error.issues));
    return { events: await events.list(q.data) };
  });

  app.get('/api/events/:id', async (req, reply) => {
    const id = eventId(req);
    if (!id) return fail(reply, req, noSuch(req));
    const detail = await events.detail(id, await currentAccount(accounts, req));
    return detail.ok ? detail.value : fail(reply, req, detail.error);
  });

  app.get('/api/events/:id/record', async (req, reply) => {
    const id = eventId(req);
    if (!id) return fail(reply, req, noSuch(req));
    const record = await events.record(id);
    return record.ok ? record.value : fail(reply, req, record.error);
  });

  app.get('/api/matches/:id/event', async (req, reply) => {
    const id = eventId(req);
    if (!id) return fail(reply, req, noSuch(req));
    const found = await events.ofMatch(await currentAccount(accounts, req), id);
    return found.ok ? found.value : fail(reply, req, found.error);
  });

  app.post('/api/events', async (req, reply) => {
    const body = CreateEventRequest.safeParse(req.body ?? {});
    if (!body.success) return fail(reply, req, invalid(body.error.issues));
    const me = await currentAccount(accounts, req);
    if (!me) return fail(reply, req, { code: 'EVENT_NEEDS_ACCOUNT' });
    const created = await events.create(me, body.data, Date.now());
    return created.ok ? reply.code(201).send({ event: created.value }) : fail(reply, req, created.error);
  });

  const act = (path: string, run: (id: string, req: FastifyRequest) => Promise<GameError | object>): void => {
    app.post(`/api/events/:id/${path}`, async (req, reply) => {
      const id = eventId(req);
      if (!id) return fail(reply, req, noSuch(req));
      const out = await run(id, req);
      return 'code' in out ? fail(reply, req, out as GameError) : out;
    });
  };
  act('join', async (id, req) => {
    const body = JoinEventRequest.safeParse(req.body ?? {});
    if (!body.success) return invalid(body.error.issues);
    const me = await currentAccount(accounts, req);
    if (!me) return { code: 'EVENT_NEEDS_ACCOUNT' };
    const r = await events.join(me, id, body.data, Date.now());
    return r.ok ? { event: r.value } : r.error;
  });
  act('withdraw', async (id, req) => {
    const me = await currentAccount(accounts, req);
    if (!me) return { code: 'EVENT_NEEDS_ACCOUNT' };
    const r = await events.withdraw(me, id);
    return r.ok ? { event: r.value } : r.error;
  });
  act('berserk', async (id, req) => {
    const body = BerserkRequest.safeParse(req.body ?? {});
    if (!body.success) return invalid(body.error.issues);
    const me = await currentAccount(accounts, req);
    if (!me) return { code: 'EVENT_NEEDS_ACCOUNT' };
    const r = await events.berserk(me, id, body.data.match);
    return r.ok ? { ok: true } : r.error;
  });
  act('start', async (id, req) => {
    const me = await currentAccount(accounts, req);
    if (!me) return { code: 'EVENT_NEEDS_ACCOUNT' };
    const r = await events.start(me, id);
    return r.ok ? { event: r.value } : r.error;
  });
}
