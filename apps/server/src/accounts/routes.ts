import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { parse as parseCookies, serialize as serializeCookie } from 'cookie';
import { z } from 'zod';
import { describeError, type GameError } from '@roundtable/core';
import { httpStatus } from '../errors.ts';
import { creatorOf } from '../address.ts';
import { requestLang as langOf } from '../social/lang.ts';
import { serverMessages } from '../messages.ts';
import { accountMessages } from './messages.ts';
import { SESSION_DAYS, type AccountService, type Me } from './service.ts';

export const SESSION_COOKIE = 'rt_session';

const Credentials = z.object({ name: z.string().max(200), password: z.string().max(1000) }).strict();

export const ACCOUNT_ROUTES: readonly { method: string; path: string; what: string }[] = [
  { method: 'POST', path: '/api/accounts', what: 'sign up: {name, password} → 201 {me} and the session cookie' },
  { method: 'POST', path: '/api/session', what: 'log in: {name, password} → {me} and the session cookie' },
  { method: 'DELETE', path: '/api/session', what: 'log out: the session ends (its cookie no longer works anywhere)' },
  { method: 'GET', path: '/api/me', what: 'the signed-in account {name, …}, or 401' },
  { method: 'GET', path: '/api/session', what: 'who this session is: {me} for an account, {me: null} for a guest' },
];

export function sessionToken(req: FastifyRequest): string | undefined {
  return sessionFromCookie(req.headers.cookie);
}

/** The session token of a `Cookie` header (an HTTP request's, or a WebSocket upgrade's). */
export function sessionFromCookie(header: string | undefined): string | undefined {
  if (!header || header.length > 8192) return undefined;
  const value = parseCookies(header)[SESSION_COOKIE];
  return value && /^[A-Za-z0-9_-]{20,100}$/.test(value) ? value : undefined;
}

function failWith(reply: FastifyReply, req: FastifyRequest, error: GameError): FastifyReply {
  const { code, ...details } = error;
  const message = describeError(error, langOf(req), { ...serverMessages, ...accountMessages });
  // A refusal that says how long to wait says it to HTTP clients too.
  if (typeof details.retrySeconds === 'number') reply.header('retry-after', String(details.retrySeconds));
  return reply
    .code(httpStatus(code))
    .send({ error: Object.keys(details).length > 0 ? { code, message, details } : { code, message } });
}

/** Sets (or, with null, clears) the session cookie; clubs/ signs up through a club's code with it too. */
export function setSession(reply: FastifyReply, req: FastifyRequest, token: string | null): void {
  // Secure when the client reached us over HTTPS (directly or through a proxy that says so).
  const secure = req.protocol === 'https' || req.headers['x-forwarded-proto'] === 'https';
  reply.header(
    'set-cookie',
    serializeCookie(SESSION_COOKIE, token ?? '', {
      httpOnly: true,
      sameSite: 'lax',
      path: '/',
      secure,
      maxAge: token ? SESSION_DAYS * 86_400 : 0,
    }),
  );
}

function credentials(req: FastifyRequest): { name: string; password: string } | GameError {
  const r = Credentials.safeParse(req.body ?? {});
  if (r.success) return r.data;
  const issue = r.error.issues[0];
  return {
    code: 'BAD_REQUEST',
    reason: `${issue?.path.map(String).join('.') || 'body'}: ${issue?.message ?? 'invalid'}`,
  };
}

/** The signed-in account of a request, if any (for other routes: matches created with a session belong to it). */
export async function currentAccount(accounts: AccountService, req: FastifyRequest): Promise<Me | null> {
  return accounts.whoIs(sessionToken(req));
}

export function registerAccountRoutes(app: FastifyInstance, accounts: AccountService): void {
  app.post('/api/accounts', async (req, reply) => {
    const c = credentials(req);
    if ('code' in c) return failWith(reply, req, c);
    const r = await accounts.signUp(c.name, c.password, creatorOf(req.socket.remoteAddress));
    if (!r.ok) return failWith(reply, req, r.error);
    setSession(reply, req, r.value.token);
    return reply.code(201).send({ me: r.value.me });
  });

  app.post('/api/session', async (req, reply) => {
    const c = credentials(req);
    if ('code' in c) return failWith(reply, req, c);
    const r = await accounts.logIn(c.name, c.password, creatorOf(req.socket.remoteAddress));
    if (!r.ok) return failWith(reply, req, r.error);
    setSession(reply, req, r.value.token);
    return { me: r.value.me };
  });

  app.delete('/api/session', async (req, reply) => {
    const token = sessionToken(req);
    if (token) await accounts.logOut(token);
    setSession(reply, req, null);
    return reply.code(204).send();
  });

  // A page asks who its visitor is on every load: a guest is an answer, not an error (no 401 in the console).
  app.get('/api/session', async (req) => ({ me: (await currentAccount(accounts, req)) ?? null }));

  app.get('/api/me', async (req, reply) => {
    const who = await currentAccount(accounts, req);
    if (!who) return failWith(reply, req, { code: 'NOT_SIGNED_IN' });
    return { me: who };
  });
}
