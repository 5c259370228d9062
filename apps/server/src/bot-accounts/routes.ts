import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { GameError } from '@roundtable/core';
import { ChallengeRequest, DeclineRequest } from '@roundtable/protocol';
import { currentAccount } from '../accounts/routes.ts';
import type { AccountService, Me } from '../accounts/service.ts';
import { errorBody, httpStatus } from '../errors.ts';
import { requestLang as langOf } from '../social/lang.ts';
import type { BotAccounts } from './service.ts';

export const BOT_ROUTES: readonly { method: string; path: string; what: string }[] = [
  { method: 'GET', path: '/api/me/bot', what: 'is the signed-in account a bot account: {bot, since}' },
  {
    method: 'POST',
    path: '/api/me/bot',
    what: 'make the signed-in account a bot account, for ever (an account that never played): 201 {name, token}',
  },
  { method: 'POST', path: '/api/me/bot/token', what: 'a new bot token (the old one stops working): {name, token}' },
  { method: 'DELETE', path: '/api/me/bot', what: 'turning a bot account back: always refused (BOT_IS_FOREVER)' },
  {
    method: 'POST',
    path: '/api/challenges',
    what: 'challenge a bot account: {to, game, options?, clock?, rated?, seat?} → 201 {challenge}',
  },
  { method: 'GET', path: '/api/challenges', what: 'the challenges the signed-in person sent: {challenges}' },
  { method: 'GET', path: '/api/challenges/:id', what: 'one challenge, to either side: {challenge}' },
  { method: 'DELETE', path: '/api/challenges/:id', what: 'the challenger cancels a pending challenge: {challenge}' },
  { method: 'GET', path: '/api/bot/me', what: 'bot token (Authorization: Bearer): the bot account {me}' },
  { method: 'GET', path: '/api/bot/challenges', what: 'bot token: the challenges waiting for its answer' },
  {
    method: 'POST',
    path: '/api/bot/challenges/:id/accept',
    what: 'bot token: accept → {challenge, match} (attach to match with the bot token)',
  },
  { method: 'POST', path: '/api/bot/challenges/:id/decline', what: 'bot token: decline, {reason?} → {challenge}' },
  { method: 'GET', path: '/api/bot/matches', what: 'bot token: its matches in play {matches:[{match, seat}]}' },
];

function fail(reply: FastifyReply, req: FastifyRequest, error: GameError): FastifyReply {
  if (typeof error.retrySeconds === 'number') reply.header('retry-after', String(error.retrySeconds));
  return reply.code(httpStatus(error.code)).send({ error: errorBody(error, langOf(req)) });
}

function badRequest(issues: readonly { path: readonly PropertyKey[]; message: string }[]): GameError {
  const issue = issues[0];
  const path = issue?.path.map(String).join('.');
  return { code: 'BAD_REQUEST', reason: `${path ? `${path}: ` : ''}${issue?.message ?? 'invalid'}` };
}

/** The bot token of a request (`Authorization: Bearer …`), if any. */
export function bearerOf(req: FastifyRequest): string | undefined {
  return /^Bearer ([A-Za-z0-9_-]{20,100})$/.exec(req.headers.authorization ?? '')?.[1];
}

const idOf = (req: FastifyRequest): string => String((req.params as { id?: unknown }).id ?? '').slice(0, 40);

export function registerBotRoutes(app: FastifyInstance, accounts: AccountService, bots: BotAccounts): void {
  /** The signed-in person, or the refusal. */
  const session = async (req: FastifyRequest): Promise<Me | GameError> =>
    (await currentAccount(accounts, req)) ?? { code: 'NOT_SIGNED_IN' };
  /** The bot account of the request's bot token, or the refusal. */
  const botAuth = async (req: FastifyRequest): Promise<Me | GameError> =>
    (await bots.whoIs(bearerOf(req))) ?? { code: 'BAD_BOT_TOKEN' };
  const isError = (x: Me | GameError): x is GameError => 'code' in x;

  app.get('/api/me/bot', async (req, reply) => {
    const me = await session(req);
    if (isError(me)) return fail(reply, req, me);
    const bot = await bots.botOf(me.id);
    return { bot: bot !== null, since: bot?.since ?? null };
  });

  app.post('/api/me/bot', async (req, reply) => {
    const me = await session(req);
    if (isError(me)) return fail(reply, req, me);
    const made = await bots.become(me);
    return made.ok ? reply.code(201).send(made.value) : fail(reply, req, made.error);
  });

  app.post('/api/me/bot/token', async (req, reply) => {
    const me = await session(req);
    if (isError(me)) return fail(reply, req, me);
    const made = await bots.renewToken(me);
    return made.ok ? made.value : fail(reply, req, made.error);
  });

  app.delete('/api/me/bot', async (req, reply) => {
    const me = await session(req);
    if (isError(me)) return fail(reply, req, me);
    if (!(await bots.botOf(me.id))) return fail(reply, req, { code: 'NOT_A_BOT', name: me.name });
    return fail(reply, req, { code: 'BOT_IS_FOREVER' });
  });

  app.post('/api/challenges', async (req, reply) => {
    const body = ChallengeRequest.safeParse(req.body ?? {});
    if (!body.success) return fail(reply, req, badRequest(body.error.issues));
    const me = await session(req);
    if (isError(me)) return fail(reply, req, me);
    const made = await bots.challenge(me, body.data);
    return made.ok ? reply.code(201).send({ challenge: made.value }) : fail(reply, req, made.error);
  });

  app.get('/api/challenges', async (req, reply) => {
    const me = await session(req);
    if (isError(me)) return fail(reply, req, me);
    return { challenges: await bots.list(me, 'from') };
  });

  app.get('/api/challenges/:id', async (req, reply) => {
    const me = bearerOf(req) !== undefined ? await botAuth(req) : await session(req);
    if (isError(me)) return fail(reply, req, me);
    const got = await bots.get(idOf(req), me);
    return got.ok ? { challenge: got.value } : fail(reply, req, got.error);
  });

  app.delete('/api/challenges/:id', async (req, reply) => {
    const me = await session(req);
    if (isError(me)) return fail(reply, req, me);
    const done = await bots.cancel(idOf(req), me);
    return done.ok ? { challenge: done.value } : fail(reply, req, done.error);
  });

  app.get('/api/bot/me', async (req, reply) => {
    const me = await botAuth(req);
    return isError(me) ? fail(reply, req, me) : { me };
  });

  app.get('/api/bot/challenges', async (req, reply) => {
    const me = await botAuth(req);
    if (isError(me)) return fail(reply, req, me);
    return { challenges: await bots.list(me, 'to') };
  });

  app.post('/api/bot/challenges/:id/accept', async (req, reply) => {
    const me = await botAuth(req);
    if (isError(me)) return fail(reply, req, me);
    const done = await bots.accept(idOf(req), me);
    return done.ok ? done.value : fail(reply, req, done.error);
  });

  app.post('/api/bot/challenges/:id/decline', async (req, reply) => {
    const body = DeclineRequest.safeParse(req.body ?? {});
    if (!body.success) return fail(reply, req, badRequest(body.error.issues));
    const me = await botAuth(req);
    if (isError(me)) return fail(reply, req, me);
    const done = await bots.decline(idOf(req), me, body.data.reason);
    return done.ok ? { challenge: done.value } : fail(reply, req, done.error);
  });

  app.get('/api/bot/matches', async (req, reply) => {
    const me = await botAuth(req);
    if (isError(me)) return fail(reply, req, me);
    return { matches: await bots.matches(me.id) };
  });
}
