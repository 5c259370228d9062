import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { describeError, type GameError } from '@roundtable/core';
import { errorBody, httpStatus } from '../errors.ts';
import { requestLang } from '../social/lang.ts';
import { seasonMessages } from './messages.ts';
import type { EventHistory } from './player-events.ts';
import type { SeasonService } from './service.ts';

export const SEASON_ROUTES: readonly { method: string; path: string; what: string }[] = [
  {
    method: 'GET',
    path: '/api/seasons/:game',
    what: "the month's ladder of a game (UTC month): {game, month, ends, over, winner, lines:[{rank, name, bot, gained, rating, games, eventPoints, events}], past:[{month, winner}]} (the twelve months before)",
  },
  {
    method: 'GET',
    path: '/api/seasons/:game/:month',
    what: 'the ladder of a month (YYYY-MM) with its winner once it is over: {game, month, ends, over, winner, lines}',
  },
  {
    method: 'GET',
    path: '/api/players/:name/events',
    what: 'the events a player entered, newest first: {name, events:[{event: EventSummary, rank, points, played, entrants, withdrawn, botReplaced}]}',
  },
];

function fail(reply: FastifyReply, req: FastifyRequest, error: GameError): FastifyReply {
  const lang = requestLang(req);
  if (!seasonMessages[error.code]) return reply.code(httpStatus(error.code)).send({ error: errorBody(error, lang) });
  const { code, ...details } = error;
  return reply.code(code === 'BAD_MONTH' ? 400 : 404).send({
    error: { code, message: describeError(error, lang, seasonMessages), details },
  });
}

export function registerSeasonRoutes(app: FastifyInstance, seasons: SeasonService, history?: EventHistory): void {
  app.get('/api/seasons/:game', async (req, reply) => {
    const r = await seasons.current(String((req.params as { game?: unknown }).game ?? ''));
    return r.ok ? r.value : fail(reply, req, r.error);
  });
  app.get('/api/seasons/:game/:month', async (req, reply) => {
    const p = req.params as { game?: unknown; month?: unknown };
    const r = await seasons.month(String(p.game ?? ''), String(p.month ?? ''));
    return r.ok ? r.value : fail(reply, req, r.error);
  });
  if (!history) return;
  app.get('/api/players/:name/events', async (req, reply) => {
    const name = String((req.params as { name?: unknown }).name ?? '');
    if (name.length > 200) return fail(reply, req, { code: 'NO_SUCH_PLAYER', name: name.slice(0, 40) });
    const r = await history.ofPlayer(name);
    return r.ok ? r.value : fail(reply, req, r.error);
  });
}
