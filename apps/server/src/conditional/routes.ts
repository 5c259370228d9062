import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { describeError, err, ok, type GameError, type Result, type Seat } from '@roundtable/core';
import { CONDITIONAL_LIMITS, ConditionalRequest } from '@roundtable/protocol';
import { currentAccount } from '../accounts/routes.ts';
import type { AccountService } from '../accounts/service.ts';
import { errorBody, httpStatus } from '../errors.ts';
import type { LiveMatch } from '../live-match.ts';
import type { MatchService } from '../match-service.ts';
import { requestLang } from '../social/lang.ts';
import { conditionalMessages } from './messages.ts';
import type { ConditionalMoves } from './service.ts';

export const CONDITIONAL_ROUTES: readonly { method: string; path: string; what: string }[] = [
  {
    method: 'GET',
    path: '/api/matches/:id/conditional',
    what: "your seat's conditional moves (Authorization: Bearer <token>, or the session of the seat's account): {offered, seat, ply, tree}",
  },
  {
    method: 'PUT',
    path: '/api/matches/:id/conditional',
    what: 'replaces them: {tree:[{if, then, next?}]}, every line checked from the position now (your opponent to move)',
  },
  { method: 'DELETE', path: '/api/matches/:id/conditional', what: 'drops them all' },
];

const MATCH_ID = /^[A-Za-z0-9_-]{1,64}$/;

function fail(reply: FastifyReply, req: FastifyRequest, error: GameError, live?: LiveMatch): FastifyReply {
  const lang = requestLang(req);
  if (!Object.hasOwn(conditionalMessages, error.code)) {
    const status = error.code.startsWith('CONDITIONAL_') ? 409 : httpStatus(error.code);
    return reply.code(status).send({ error: errorBody(error, lang, live?.game) });
  }
  const { code, ...details } = error;
  const message = describeError(error, lang, conditionalMessages);
  return reply.code(code === 'CONDITIONAL_NOT_OFFERED' ? 409 : 422).send({ error: { code, message, details } });
}

function bearer(req: FastifyRequest): string | undefined {
  const auth = req.headers.authorization;
  return auth?.startsWith('Bearer ') ? auth.slice(7).trim() || undefined : undefined;
}

/**
 * The seat a request speaks for: the seat of its token, else the seat the signed-in account holds (of two at one
 * screen, the one not to move: a tree is left while the opponent thinks).
 */
async function seatOf(
  req: FastifyRequest,
  service: MatchService,
  accounts: AccountService,
): Promise<Result<{ live: LiveMatch; seat: Seat }>> {
  const id = (req.params as { id?: unknown }).id;
  if (typeof id !== 'string' || !MATCH_ID.test(id)) return err({ code: 'NO_SUCH_MATCH', match: String(id) });
  const token = bearer(req);
  if (token) return service.resolveToken(token, id);
  const me = await currentAccount(accounts, req);
  if (!me) return err({ code: 'NOT_SIGNED_IN' });
  const opened = await service.open(id);
  if (!opened.ok) return opened;
  const live = opened.value;
  const mine = (await accounts.store.matchSeats(id)).filter((h) => h.accountId === me.id).map((h) => h.seat);
  if (mine.length === 0) return err({ code: 'BAD_TOKEN' });
  const toMove = live.toMove();
  return ok({ live, seat: mine.find((s) => !toMove.includes(s)) ?? mine[0]! });
}

/** Whether a request's tree nests deeper than a tree may (read before the schema, which would recurse that deep). */
function tooDeep(value: unknown, max: number): boolean {
  const stack: { v: unknown; d: number }[] = [{ v: value, d: 0 }];
  while (stack.length > 0) {
    const { v, d } = stack.pop()!;
    if (d > max) return true;
    if (Array.isArray(v)) for (const x of v) stack.push({ v: x, d: d + 1 });
    else if (typeof v === 'object' && v !== null) for (const x of Object.values(v)) stack.push({ v: x, d: d + 1 });
  }
  return false;
}

export function registerConditionalRoutes(
  app: FastifyInstance,
  moves: ConditionalMoves,
  service: MatchService,
  accounts: AccountService,
): void {
  app.get('/api/matches/:id/conditional', async (req, reply) => {
    const found = await seatOf(req, service, accounts);
    if (!found.ok) return fail(reply, req, found.error);
    return moves.read(found.value.live, found.value.seat);
  });
  app.put('/api/matches/:id/conditional', async (req, reply) => {
    const found = await seatOf(req, service, accounts);
    if (!found.ok) return fail(reply, req, found.error);
    // {tree: [{next: [{next: …}]}]}: two levels of nesting per answer, and the request's own two.
    if (tooDeep(req.body, 2 * CONDITIONAL_LIMITS.maxDepth + 4))
      return fail(reply, req, {
        code: 'CONDITIONAL_TOO_BIG',
        maxNodes: CONDITIONAL_LIMITS.maxNodes,
        maxDepth: CONDITIONAL_LIMITS.maxDepth,
      });
    const body = ConditionalRequest.safeParse(req.body ?? {});
    if (!body.success) {
      const issue = body.error.issues[0];
      const path = issue?.path.map(String).join('.');
      return fail(reply, req, {
        code: 'BAD_REQUEST',
        reason: `${path ? `${path}: ` : ''}${issue?.message ?? 'invalid'}`,
      });
    }
    const set = await moves.set(found.value.live, found.value.seat, body.data.tree);
    return set.ok ? set.value : fail(reply, req, set.error, found.value.live);
  });
  app.delete('/api/matches/:id/conditional', async (req, reply) => {
    const found = await seatOf(req, service, accounts);
    if (!found.ok) return fail(reply, req, found.error);
    const set = await moves.set(found.value.live, found.value.seat, []);
    return set.ok ? set.value : fail(reply, req, set.error, found.value.live);
  });
}
