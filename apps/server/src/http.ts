import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { GameError, Lang, Result } from '@roundtable/core';
import { BOT_LEVELS } from '@roundtable/ai';
import { games } from '@roundtable/catalog';
import {
  CreateMatchRequest,
  ImportRequest,
  JoinRequest,
  LeaveRequest,
  ListQuery,
  type CreateMatchAnswer,
  type GameInfo,
  type Health,
  type JoinAnswer,
  type MatchSummary,
} from '@roundtable/protocol';
import { errorBody, httpStatus } from './errors.ts';
import type { MatchService } from './match-service.ts';
import { creatorOf } from './address.ts';
import type { Parties } from './limits/parties.ts';
import type { Limits } from './config.ts';
import type { Store } from './storage/store.ts';
import { ACCOUNT_ROUTES } from './accounts/routes.ts';
import { SOCIAL_ROUTES } from './social/routes.ts';
import { REVIEW_ROUTES } from './review/routes.ts';
import { PUZZLE_ROUTES } from './puzzles/routes.ts';
import { DATABASE_ROUTES } from './database/routes.ts';
import { PUSH_ROUTES } from './push/routes.ts';
import { EMAIL_ROUTES } from './accounts/email-routes.ts';
import { BOT_ROUTES } from './bot-accounts/routes.ts';
import { EVENT_ROUTES } from './events/routes.ts';
import { SEASON_ROUTES } from './seasons/routes.ts';
import { CONDITIONAL_ROUTES } from './conditional/routes.ts';
import { MY_TURN_ROUTES } from './my-turn/routes.ts';
import { VACATION_ROUTES } from './vacation/routes.ts';
import { ABSENCE_ROUTES } from './absence/routes.ts';
import { CLUB_ROUTES } from './clubs/routes.ts';

/** Every route, for the API listing (the fallback page and `GET /api`). */
export const ROUTES: readonly { method: string; path: string; what: string }[] = [
  {
    method: 'GET',
    path: '/healthz',
    what: 'liveness: {ok, problems (what is wrong, in words), fencing (several processes: writes refused for matches lost), matches (in memory), uptime, inPlay, sockets, addresses, limits}; 503 with ok: false when moves can no longer be stored, Redis is down or the lease lapsed',
  },
  { method: 'GET', path: '/api', what: 'this list' },
  { method: 'GET', path: '/api/games', what: 'the games, their options and the bot levels' },
  {
    method: 'GET',
    path: '/api/matches?status=open|active|finished&game=&limit=',
    what: 'list matches (open ones are the lobby)',
  },
  {
    method: 'POST',
    path: '/api/matches',
    what: 'create a match: {game, options?, seed?, seats:[{kind:human|open|bot}], clock?, abandon?}',
  },
  { method: 'GET', path: '/api/matches/:id', what: 'one match' },
  { method: 'POST', path: '/api/matches/:id/join', what: 'take a free seat: {seat?, name?} → {seat, token}' },
  { method: 'POST', path: '/api/matches/:id/leave', what: 'leave: {token}' },
  {
    method: 'GET',
    path: '/api/matches/:id/record',
    what: 'export the record (finished matches, or games without secrets)',
  },
  { method: 'POST', path: '/api/records', what: 'import a record (replayed and checked; stored as archived)' },
  { method: 'GET', path: '/api/matches/:id/replay', what: 'replay info of a finished match' },
  {
    method: 'GET',
    path: '/api/matches/:id/replay-views?from=&to=',
    what: 'the views after plies from..to of a finished match (200 at most a request; Authorization: Bearer <token> for your own hand)',
  },
  {
    method: 'GET',
    path: '/api/matches/:id/replay/:ply',
    what: 'the view after ply moves (Authorization: Bearer <token> for your own hand)',
  },
  { method: 'GET', path: '/ws', what: 'WebSocket: see apps/server/PROTOCOL.md' },
  ...ACCOUNT_ROUTES,
  ...SOCIAL_ROUTES,
  ...CLUB_ROUTES,
  ...BOT_ROUTES,
  ...REVIEW_ROUTES,
  ...PUZZLE_ROUTES,
  ...DATABASE_ROUTES,
  ...PUSH_ROUTES,
  ...EMAIL_ROUTES,
  ...EVENT_ROUTES,
  ...SEASON_ROUTES,
  ...CONDITIONAL_ROUTES,
  ...MY_TURN_ROUTES,
  ...VACATION_ROUTES,
  ...ABSENCE_ROUTES,
];

export function langOf(req: FastifyRequest): Lang {
  const q = (req.query as Record<string, unknown> | undefined)?.lang;
  if (q === 'fr' || q === 'en') return q;
  return /^fr\b/i.test(req.headers['accept-language'] ?? '') ? 'fr' : 'en';
}

function tokenOf(req: FastifyRequest): string | undefined {
  const auth = req.headers.authorization;
  if (auth?.startsWith('Bearer ')) return auth.slice(7).trim() || undefined;
  const q = (req.query as Record<string, unknown> | undefined)?.token;
  return typeof q === 'string' && q !== '' ? q : undefined;
}

function fail(reply: FastifyReply, req: FastifyRequest, error: GameError): FastifyReply {
  // A refusal that says how long to wait says it to HTTP clients too.
  if (typeof error.retrySeconds === 'number') reply.header('retry-after', String(error.retrySeconds));
  return reply.code(httpStatus(error.code)).send({ error: errorBody(error, langOf(req)) });
}

function parse<T extends z.ZodType>(schema: T, value: unknown): Result<z.infer<T>> {
  const r = schema.safeParse(value ?? {});
  if (r.success) return { ok: true, value: r.data };
  const issue = r.error.issues[0];
  const path = issue?.path.map(String).join('.');
  return {
    ok: false,
    error: { code: 'BAD_REQUEST', reason: `${path ? `${path}: ` : ''}${issue?.message ?? 'invalid'}` },
  };
}

const idParam = (req: FastifyRequest): string => String((req.params as { id?: unknown }).id ?? '');

/**
 * Accounts at the table (social/people.ts): what a signed-in creator or joiner changes in the request (names,
 * the rules of rated matches), and what becomes theirs once it succeeded.
 */
export interface SeatHooks {
  /** `parties`: whom the match is made for (the address and the signed-in account), for the caps (limits/). */
  create(
    req: FastifyRequest,
    body: CreateMatchRequest,
  ): Promise<
    Result<{
      body: CreateMatchRequest;
      parties: Parties;
      /** What the answer says beyond the match (a rated match: what a second seat from the address meets). */
      done(answer: CreateMatchAnswer): Promise<Partial<CreateMatchAnswer> | void>;
    }>
  >;
  /** After a leave: a signed-in account's freed seat is no longer its own. */
  left(req: FastifyRequest, id: string, after: MatchSummary): Promise<void>;
  /** `undo`: the join failed after all (the account's place at the match is given back). */
  join(
    req: FastifyRequest,
    id: string,
    body: JoinRequest,
  ): Promise<Result<{ body: JoinRequest; done(answer: JoinAnswer): Promise<void>; undo(): Promise<void> }>>;
}

/** What /healthz reports beyond the match service: the WebSocket counts and the caps in force. */
export interface HealthSources {
  sockets(): { sockets: number; addresses: number };
  readonly limits: Limits;
  /** What is wrong now (storage, Redis, the lease): /healthz answers 503 and names them. */
  problems(): string[];
  /** Writes this process did not make, or the database refused, for matches it no longer held. */
  fencing?(): { refused: number; notHeld: number; fenced: number };
}

export function registerRoutes(
  app: FastifyInstance,
  service: MatchService,
  started: number,
  store: Store,
  health?: HealthSources,
  seats?: SeatHooks,
): void {
  app.get('/healthz', async (_req, reply) => {
    const stored = store.problem();
    const problems = health?.problems() ?? (stored ? [stored] : []);
    const ok = problems.length === 0;
    const inPlay = ok ? await service.inPlay().catch(() => -1) : -1;
    const body: Health = {
      ok,
      problems,
      ...(health?.fencing ? { fencing: health.fencing() } : {}),
      matches: service.activeCount,
      uptime: Math.round((Date.now() - started) / 1000),
      inPlay,
      ...(health?.sockets() ?? { sockets: 0, addresses: 0 }),
      limits: health?.limits ?? { matchesPerAddress: 0, liveMatches: 0, socketsPerAddress: 0 },
    };
    return reply.code(ok ? 200 : 503).send(body);
  });

  app.get('/api', async () => ({ routes: ROUTES }));

  app.get('/api/games', async (): Promise<GameInfo[]> =>
    Object.values(games).map((g) => ({
      id: g.id,
      name: g.name,
      minPlayers: g.minPlayers,
      maxPlayers: g.maxPlayers,
      perfectInformation: g.perfectInformation,
      // A default that depends on the number of players is shown for the smallest table.
      options: g.options.map((o) =>
        'default' in o && typeof o.default === 'function' ? { ...o, default: o.default(g.minPlayers) } : o,
      ),
      bots: BOT_LEVELS,
    })),
  );

  app.get('/api/matches', async (req, reply) => {
    const { lang: _lang, ...rest } = (req.query ?? {}) as Record<string, unknown>;
    const q = parse(ListQuery, rest);
    if (!q.ok) return fail(reply, req, q.error);
    return { matches: await service.list(q.value) };
  });

  app.post('/api/matches', async (req, reply) => {
    const body = parse(CreateMatchRequest, req.body);
    if (!body.ok) return fail(reply, req, body.error);
    const prepared = seats ? await seats.create(req, body.value) : null;
    if (prepared && !prepared.ok) return fail(reply, req, prepared.error);
    const created = await service.create(
      prepared?.value.body ?? body.value,
      prepared?.value.parties ?? { addresses: [creatorOf(req.socket.remoteAddress)], accounts: [] },
    );
    if (!created.ok) return fail(reply, req, created.error);
    const more = await prepared?.value.done(created.value);
    return reply.code(201).send(more ? { ...created.value, ...more } : created.value);
  });

  app.get('/api/matches/:id', async (req, reply) => {
    const summary = await service.summary(idParam(req));
    return summary ? { match: summary } : fail(reply, req, { code: 'NO_SUCH_MATCH', match: idParam(req) });
  });

  app.post('/api/matches/:id/join', async (req, reply) => {
    const body = parse(JoinRequest, req.body);
    if (!body.ok) return fail(reply, req, body.error);
    const prepared = seats ? await seats.join(req, idParam(req), body.value) : null;
    if (prepared && !prepared.ok) return fail(reply, req, prepared.error);
    const joined = await service.join(idParam(req), prepared?.value.body ?? body.value);
    if (!joined.ok) {
      await prepared?.value.undo();
      return fail(reply, req, joined.error);
    }
    await prepared?.value.done(joined.value);
    return joined.value;
  });

  app.post('/api/matches/:id/leave', async (req, reply) => {
    const body = parse(LeaveRequest, req.body);
    if (!body.ok) return fail(reply, req, body.error);
    const left = await service.leave(idParam(req), body.value.token);
    if (!left.ok) return fail(reply, req, left.error);
    await seats?.left(req, idParam(req), left.value);
    return { match: left.value };
  });

  app.get('/api/matches/:id/record', async (req, reply) => {
    const record = await service.record(idParam(req));
    if (!record.ok) return fail(reply, req, record.error);
    return reply
      .header('content-disposition', `attachment; filename="roundtable-${record.value.game}-${record.value.id}.json"`)
      .send(record.value);
  });

  app.post('/api/records', async (req, reply) => {
    const body = req.body as Record<string, unknown> | null;
    // An exported record carries its id and status; they are not part of what is imported.
    const { id: _id, status: _status, ...rest } = typeof body === 'object' && body !== null ? body : {};
    const record = parse(ImportRequest, rest);
    if (!record.ok) return fail(reply, req, record.error);
    const imported = await service.import(record.value, {
      addresses: [creatorOf(req.socket.remoteAddress)],
      accounts: [],
    });
    return imported.ok ? reply.code(201).send({ match: imported.value }) : fail(reply, req, imported.error);
  });

  app.get('/api/matches/:id/replay', async (req, reply) => {
    const info = await service.replayInfo(idParam(req));
    return info.ok ? info.value : fail(reply, req, info.error);
  });

  app.get('/api/matches/:id/replay-views', async (req, reply) => {
    const q = req.query as { from?: unknown; to?: unknown };
    for (const [name, v] of Object.entries(q)) {
      if ((name === 'from' || name === 'to') && !(typeof v === 'string' && /^\d{1,9}$/.test(v))) {
        return fail(reply, req, {
          code: 'BAD_REQUEST',
          reason: `${name} must be a position number (0, 1, 2…), not "${String(v)}"`,
        });
      }
    }
    const from = q.from === undefined ? 0 : Number(q.from);
    // Without `to`: as many as one request returns (cut at the end).
    const to = q.to === undefined ? Number.MAX_SAFE_INTEGER : Number(q.to);
    const views = await service.replayViews(idParam(req), from, to, tokenOf(req));
    return views.ok ? views.value : fail(reply, req, views.error);
  });

  app.get('/api/matches/:id/replay/:ply', async (req, reply) => {
    const ply = Number((req.params as { ply?: unknown }).ply);
    const at = await service.replayAt(idParam(req), ply, tokenOf(req));
    return at.ok ? at.value : fail(reply, req, at.error);
  });
}
