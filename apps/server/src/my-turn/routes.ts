import type { FastifyInstance } from 'fastify';
import { currentAccount } from '../accounts/routes.ts';
import type { AccountService } from '../accounts/service.ts';
import { errorBody, httpStatus } from '../errors.ts';
import type { MatchService } from '../match-service.ts';
import { requestLang } from '../social/lang.ts';
import { myTurn } from './service.ts';

export const MY_TURN_ROUTES: readonly { method: string; path: string; what: string }[] = [
  {
    method: 'GET',
    path: '/api/my-turn',
    what: "the signed-in account's correspondence matches waiting for its move, across games, least time left first: {matches:[{match, seat, deadline}], now}",
  },
];

export function registerMyTurnRoutes(app: FastifyInstance, accounts: AccountService, service: MatchService): void {
  app.get('/api/my-turn', async (req, reply) => {
    const me = await currentAccount(accounts, req);
    if (!me)
      return reply
        .code(httpStatus('NOT_SIGNED_IN'))
        .send({ error: errorBody({ code: 'NOT_SIGNED_IN' }, requestLang(req)) });
    return myTurn(accounts.store, service, me.id);
  });
}
