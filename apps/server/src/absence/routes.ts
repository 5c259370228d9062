import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AccountService } from '../accounts/service.ts';
import { sessionToken } from '../accounts/routes.ts';
import { errorBody, httpStatus } from '../errors.ts';
import { requestLang } from '../social/lang.ts';
import type { Absence } from './service.ts';

export const ABSENCE_ROUTES: readonly { method: string; path: string; what: string }[] = [
  {
    method: 'GET',
    path: '/api/matches/:id/held',
    what: 'the plies bots played for players gone {spans: [{seat, from, to, level}]}; with Authorization: Bearer <seat token> (or signed in as its player), also {summary: {seat, from, to, lines: [{ply, text, bot}]}}: what that seat saw meanwhile',
  },
];

const MATCH_ID = /^[A-Za-z0-9_-]{1,64}$/;

function tokenOf(req: FastifyRequest): string | undefined {
  const auth = req.headers.authorization;
  return auth?.startsWith('Bearer ') ? auth.slice(7).trim() || undefined : undefined;
}

export function registerAbsenceRoutes(app: FastifyInstance, absence: Absence, accounts: AccountService): void {
  app.get('/api/matches/:id/held', async (req, reply) => {
    const id = (req.params as { id?: unknown }).id;
    const lang = requestLang(req);
    if (typeof id !== 'string' || !MATCH_ID.test(id))
      return reply.code(404).send({ error: errorBody({ code: 'NO_SUCH_MATCH', match: String(id) }, lang) });
    const token = tokenOf(req);
    const me = token === undefined ? await accounts.whoIs(sessionToken(req)) : null;
    const seats = me
      ? (await accounts.store.matchSeats(id)).filter((h) => h.accountId === me.id).map((h) => h.seat)
      : [];
    const held = await absence.held(id, token !== undefined ? { token } : me ? { seats } : null, lang);
    if (!held.ok) return reply.code(httpStatus(held.error.code)).send({ error: errorBody(held.error, lang) });
    return held.value;
  });
}
