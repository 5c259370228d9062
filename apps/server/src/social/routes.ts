import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { GameError } from '@roundtable/core';
import { ClaimRequest, PlayNowRequest } from '@roundtable/protocol';
import { creatorOf } from '../address.ts';
import type { Matchmaker } from './matchmaking.ts';
import { errorBody, httpStatus } from '../errors.ts';
import { requestLang as langOf } from '../social/lang.ts';
import type { People } from './people.ts';

export const SOCIAL_ROUTES: readonly { method: string; path: string; what: string }[] = [
  {
    method: 'GET',
    path: '/api/me/matches?limit=',
    what: "the signed-in account's matches: {matches:[{match, seat, yourTurn}]}, newest first",
  },
  {
    method: 'POST',
    path: '/api/me/claim',
    what: "make guest seats the account's: {tokens:[token]} → {claimed:[{match, seat}], unknown}",
  },
  {
    method: 'GET',
    path: '/api/ratings/:game?limit=&kind=all|people|engines',
    what: 'the leaderboard of a game: {ratings:[{name, rating, deviation, games, bot?}], provisionalGames} (accounts with at least provisionalGames rated games; kind=engines: the ladder of bot accounts)',
  },
  {
    method: 'POST',
    path: '/api/play-now',
    what: 'wait for people asking for the same game: {game, players, clock?, rated?, name?, botAfterSeconds?, botLevel?, waitSeconds?} → {match, seat, token, against}',
  },
  {
    method: 'GET',
    path: '/api/players/:name',
    what: "a player's ratings with their history: {name, ratings:[{game, rating, deviation, games, provisional, history}]} (names are public)",
  },
];

const Limit = z
  .object({ limit: z.coerce.number().int().min(1).max(200).optional(), lang: z.string().optional() })
  .strict();
/** The leaderboard's query: `kind` lists people only, or the ladder of engines (bot accounts) only. */
const Board = Limit.extend({ kind: z.enum(['all', 'people', 'engines']).optional() }).strict();

function fail(reply: FastifyReply, req: FastifyRequest, error: GameError): FastifyReply {
  if (typeof error.retrySeconds === 'number') reply.header('retry-after', String(error.retrySeconds));
  return reply.code(httpStatus(error.code)).send({ error: errorBody(error, langOf(req)) });
}

function badRequest(issues: readonly { path: readonly PropertyKey[]; message: string }[]): GameError {
  const issue = issues[0];
  const path = issue?.path.map(String).join('.');
  return { code: 'BAD_REQUEST', reason: `${path ? `${path}: ` : ''}${issue?.message ?? 'invalid'}` };
}

export function registerSocialRoutes(app: FastifyInstance, people: People, matchmaker: Matchmaker): void {
  app.post('/api/play-now', async (req, reply) => {
    const body = PlayNowRequest.safeParse(req.body ?? {});
    if (!body.success) return fail(reply, req, badRequest(body.error.issues));
    const me = await people.me(req);
    if (!me) {
      const free = await people.nameFree(body.data.name, null);
      if (!free.ok) return fail(reply, req, free.error);
    } else if (await people.isBot(me)) return fail(reply, req, { code: 'PEOPLE_ONLY' });
    // A club's ward plays rated only with its club (clubs/): play-now's rated pairings are with strangers.
    if (me && people.clubs) {
      const ward = await people.clubs.playNow(me.id, body.data.rated ?? false);
      if (!ward.ok) return fail(reply, req, ward.error);
    }
    const address = creatorOf(req.socket.remoteAddress);
    const pre = await matchmaker.precheck(body.data, me, address);
    if (!pre.ok) return fail(reply, req, pre.error);
    const asked = matchmaker.request(body.data, me, address);
    // A client that goes away leaves the queue (its seat would be nobody's).
    reply.raw.on('close', () => {
      if (!reply.raw.writableFinished) asked.cancel();
    });
    const answer = await asked.answer;
    return answer.ok ? answer.value : fail(reply, req, answer.error);
  });

  app.get('/api/me/matches', async (req, reply) => {
    const q = Limit.safeParse(req.query ?? {});
    if (!q.success) return fail(reply, req, badRequest(q.error.issues));
    const me = await people.me(req);
    if (!me) return fail(reply, req, { code: 'NOT_SIGNED_IN' });
    return { matches: await people.matches(me, q.data.limit ?? 50) };
  });

  app.post('/api/me/claim', async (req, reply) => {
    const body = ClaimRequest.safeParse(req.body ?? {});
    if (!body.success) return fail(reply, req, badRequest(body.error.issues));
    const me = await people.me(req);
    if (!me) return fail(reply, req, { code: 'NOT_SIGNED_IN' });
    // A guest's seats were a person's: an engine's account does not take them over.
    if (await people.isBot(me)) return fail(reply, req, { code: 'PEOPLE_ONLY' });
    return people.claim(me, body.data.tokens);
  });

  app.get('/api/ratings/:game', async (req, reply) => {
    const q = Board.safeParse(req.query ?? {});
    if (!q.success) return fail(reply, req, badRequest(q.error.issues));
    const board = await people.leaderboard(
      String((req.params as { game?: unknown }).game ?? ''),
      q.data.limit ?? 100,
      q.data.kind,
    );
    return board.ok
      ? { ratings: board.value, provisionalGames: people.provisionalGames }
      : fail(reply, req, board.error);
  });

  app.get('/api/players/:name', async (req, reply) => {
    const name = String((req.params as { name?: unknown }).name ?? '');
    if (name.length > 200) return fail(reply, req, { code: 'NO_SUCH_PLAYER', name: name.slice(0, 40) });
    const player = await people.player(name);
    return player.ok ? player.value : fail(reply, req, player.error);
  });
}
