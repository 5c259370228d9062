import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { describeError, type GameError } from '@roundtable/core';
import type { AccountService } from '../accounts/service.ts';
import { sessionToken } from '../accounts/routes.ts';
import { errorBody, httpStatus } from '../errors.ts';
import { requestLang } from '../social/lang.ts';
import { vacationMessages } from './messages.ts';
import type { Vacations } from './service.ts';

export const VACATION_ROUTES: readonly { method: string; path: string; what: string }[] = [
  {
    method: 'GET',
    path: '/api/vacation',
    what: 'the signed-in account’s vacations: {allowanceDays, usedDays, leftDays, yearFrom, current: {since, until} | null}',
  },
  {
    method: 'POST',
    path: '/api/vacation',
    what: 'starts a vacation {days?} (default: every day left this year): its correspondence clocks stop',
  },
  { method: 'POST', path: '/api/vacation/end', what: 'ends the vacation now: the clocks run again' },
  {
    method: 'GET',
    path: '/api/matches/:id/away',
    what: 'the seats of a match whose player is on vacation: {away: [{seat, until}]}',
  },
];

const Start = z.object({ days: z.number().int().min(1).max(366).optional() }).strict();
const MATCH_ID = /^[A-Za-z0-9_-]{1,64}$/;

function fail(reply: FastifyReply, req: FastifyRequest, error: GameError): FastifyReply {
  const lang = requestLang(req);
  const status = vacationMessages[error.code] ? 409 : httpStatus(error.code);
  if (!vacationMessages[error.code]) return reply.code(status).send({ error: errorBody(error, lang) });
  const { code, ...details } = error;
  const message = describeError(error, lang, vacationMessages);
  return reply
    .code(status)
    .send({ error: Object.keys(details).length > 0 ? { code, message, details } : { code, message } });
}

export function registerVacationRoutes(app: FastifyInstance, accounts: AccountService, vacations: Vacations): void {
  app.get('/api/vacation', async (req, reply) => {
    const me = await accounts.whoIs(sessionToken(req));
    if (!me) return fail(reply, req, { code: 'NOT_SIGNED_IN' });
    return vacations.info(me.id);
  });
  app.post('/api/vacation', async (req, reply) => {
    const me = await accounts.whoIs(sessionToken(req));
    if (!me) return fail(reply, req, { code: 'NOT_SIGNED_IN' });
    const body = Start.safeParse(req.body ?? {});
    if (!body.success)
      return fail(reply, req, { code: 'BAD_REQUEST', reason: body.error.issues.map((i) => i.message).join('; ') });
    const started = await vacations.start(me.id, body.data.days);
    return started.ok ? started.value : fail(reply, req, started.error);
  });
  app.post('/api/vacation/end', async (req, reply) => {
    const me = await accounts.whoIs(sessionToken(req));
    if (!me) return fail(reply, req, { code: 'NOT_SIGNED_IN' });
    const ended = await vacations.end(me.id);
    return ended.ok ? ended.value : fail(reply, req, ended.error);
  });
  app.get('/api/matches/:id/away', async (req, reply) => {
    const id = (req.params as { id?: unknown }).id;
    if (typeof id !== 'string' || !MATCH_ID.test(id))
      return fail(reply, req, { code: 'NO_SUCH_MATCH', match: String(id) });
    return { away: await vacations.away(id) };
  });
}
