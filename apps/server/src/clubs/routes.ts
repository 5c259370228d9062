import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { GameError } from '@roundtable/core';
import { LIMITS } from '@roundtable/protocol';
import { creatorOf } from '../address.ts';
import { currentAccount, setSession } from '../accounts/routes.ts';
import type { AccountService } from '../accounts/service.ts';
import { nameKey } from '../accounts/names.ts';
import { errorBody, httpStatus } from '../errors.ts';
import type { Guard } from '../limits/guard.ts';
import type { MatchService } from '../match-service.ts';
import { requestLang as langOf } from '../social/lang.ts';
import type { Clubs } from './service.ts';
import { playUnrated } from './unrated.ts';

export const CLUB_ROUTES: readonly { method: string; path: string; what: string }[] = [
  {
    method: 'GET',
    path: '/api/clubs/mine',
    what: "the signed-in account's clubs: {clubs:[{id, name, owner, members, code?, limits}]} (code: the owner's only)",
  },
  {
    method: 'POST',
    path: '/api/clubs',
    what: 'found a club (an established account: rated games and age): {name} → 201 {club}',
  },
  {
    method: 'GET',
    path: '/api/clubs/code/:code',
    what: 'the club an invitation code opens: {club:{id, name, owner, members, limits}}',
  },
  { method: 'POST', path: '/api/clubs/join', what: 'join a club by its code: {code} → {club}' },
  {
    method: 'POST',
    path: '/api/clubs/signup',
    what: "sign up into a club (counted against the club's new members of the day, not the address's): {code, name, password} → 201 {me, club} and the session cookie",
  },
  {
    method: 'POST',
    path: '/api/clubs/:id/code',
    what: "the owner changes the club's invitation code (the old one stops working) → {club}",
  },
  {
    method: 'POST',
    path: '/api/clubs/:id/leave',
    what: 'leave a club, or (its owner) remove a member: {name} → {club}',
  },
  {
    method: 'GET',
    path: '/api/clubs/rated-here',
    what: "what a second seat of your rated match from your address meets: {rule: 'refused'|'allowed', clubs}",
  },
  {
    method: 'GET',
    path: '/api/clubs/player/:name',
    what: "a player's clubs and the rated games from one address they vouched for: {clubs, vouched:[{match, game, club, opponent, at}]}",
  },
  {
    method: 'POST',
    path: '/api/matches/:id/unrated',
    what: 'refused a rated seat at your own address: play the same match unrated instead: {seat?} → {match, seat, token, from}',
  },
];

const Code = z.string().trim().min(4).max(40);
const Name = z.string().max(200);
const CreateBody = z.object({ name: Name }).strict();
const JoinBody = z.object({ code: Code }).strict();
const SignupBody = z.object({ code: Code, name: Name, password: z.string().max(1000) }).strict();
const LeaveBody = z.object({ name: Name }).strict();
const UnratedBody = z
  .object({
    seat: z
      .number()
      .int()
      .min(0)
      .max(LIMITS.maxSeats - 1)
      .optional(),
  })
  .strict();

function fail(reply: FastifyReply, req: FastifyRequest, error: GameError): FastifyReply {
  if (typeof error.retrySeconds === 'number') reply.header('retry-after', String(error.retrySeconds));
  return reply.code(httpStatus(error.code)).send({ error: errorBody(error, langOf(req)) });
}

function parse<T extends z.ZodType>(
  schema: T,
  value: unknown,
): { ok: true; value: z.infer<T> } | { ok: false; error: GameError } {
  const r = schema.safeParse(value ?? {});
  if (r.success) return { ok: true, value: r.data };
  const issue = r.error.issues[0];
  const path = issue?.path.map(String).join('.');
  return {
    ok: false,
    error: { code: 'BAD_REQUEST', reason: `${path ? `${path}: ` : ''}${issue?.message ?? 'invalid'}` },
  };
}

const param = (req: FastifyRequest, name: string): string =>
  String((req.params as Record<string, unknown>)[name] ?? '').slice(0, 200);

export function registerClubRoutes(
  app: FastifyInstance,
  clubs: Clubs,
  accounts: AccountService,
  service: MatchService,
  guard: Guard,
): void {
  const me = (req: FastifyRequest) => currentAccount(accounts, req);

  app.get('/api/clubs/mine', async (req, reply) => {
    const who = await me(req);
    if (!who) return fail(reply, req, { code: 'NOT_SIGNED_IN' });
    return { clubs: await clubs.mine(who) };
  });

  app.post('/api/clubs', async (req, reply) => {
    const body = parse(CreateBody, req.body);
    if (!body.ok) return fail(reply, req, body.error);
    const who = await me(req);
    if (!who) return fail(reply, req, { code: 'NOT_SIGNED_IN' });
    const made = await clubs.create(who, body.value.name);
    return made.ok ? reply.code(201).send({ club: made.value }) : fail(reply, req, made.error);
  });

  app.get('/api/clubs/code/:code', async (req, reply) => {
    const found = await clubs.byCode(param(req, 'code'));
    if (!found.ok) return fail(reply, req, found.error);
    const { code: _code, ...club } = await clubs.view(found.value, null);
    return { club };
  });

  app.post('/api/clubs/join', async (req, reply) => {
    const body = parse(JoinBody, req.body);
    if (!body.ok) return fail(reply, req, body.error);
    const who = await me(req);
    if (!who) return fail(reply, req, { code: 'NOT_SIGNED_IN' });
    const joined = await clubs.join(who, body.value.code);
    return joined.ok ? { club: joined.value } : fail(reply, req, joined.error);
  });

  app.post('/api/clubs/signup', async (req, reply) => {
    const body = parse(SignupBody, req.body);
    if (!body.ok) return fail(reply, req, body.error);
    const made = await clubs.signUp(
      body.value.name,
      body.value.password,
      creatorOf(req.socket.remoteAddress),
      body.value.code,
    );
    if (!made.ok) return fail(reply, req, made.error);
    setSession(reply, req, made.value.token);
    return reply.code(201).send({ me: made.value.me, club: made.value.club });
  });

  app.post('/api/clubs/:id/code', async (req, reply) => {
    const who = await me(req);
    if (!who) return fail(reply, req, { code: 'NOT_SIGNED_IN' });
    const changed = await clubs.newCode(who, param(req, 'id'));
    return changed.ok ? { club: changed.value } : fail(reply, req, changed.error);
  });

  app.post('/api/clubs/:id/leave', async (req, reply) => {
    const body = parse(LeaveBody, req.body);
    if (!body.ok) return fail(reply, req, body.error);
    const who = await me(req);
    if (!who) return fail(reply, req, { code: 'NOT_SIGNED_IN' });
    const left = await clubs.remove(who, param(req, 'id'), body.value.name);
    return left.ok ? { club: left.value } : fail(reply, req, left.error);
  });

  app.get('/api/clubs/rated-here', async (req) => {
    const who = await me(req);
    return who
      ? clubs.sameAddressRule(who.id)
      : { rule: guard.limits.pairSameAddress ? 'allowed' : 'refused', clubs: [] };
  });

  app.get('/api/clubs/player/:name', async (req, reply) => {
    const name = param(req, 'name');
    const account = await accounts.store.accountByKey(nameKey(name.normalize('NFKC').trim()));
    if (!account) return fail(reply, req, { code: 'NO_SUCH_PLAYER', name: name.slice(0, 40) });
    return clubs.player(account.id);
  });

  app.post('/api/matches/:id/unrated', async (req, reply) => {
    const body = parse(UnratedBody, req.body);
    if (!body.ok) return fail(reply, req, body.error);
    const who = await me(req);
    if (!who) return fail(reply, req, { code: 'NOT_SIGNED_IN' });
    const played = await playUnrated(
      { service, guard, accounts: accounts.store },
      who,
      creatorOf(req.socket.remoteAddress),
      param(req, 'id'),
      body.value.seat,
    );
    return played.ok ? played.value : fail(reply, req, played.error);
  });
}
