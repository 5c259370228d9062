import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { GameError } from '@roundtable/core';
import { errorBody, httpStatus } from '../errors.ts';
import { requestLang } from '../social/lang.ts';
import { learnMessages } from './messages.ts';
import type { ReviewService } from './service.ts';
import { describeError } from '@roundtable/core';

export const REVIEW_ROUTES: readonly { method: string; path: string; what: string }[] = [
  {
    method: 'GET',
    path: '/api/matches/:id/review',
    what: 'the computer review of a finished match: {status: "done", review} | "pending" | "failed" | {status: "none", canRequest}',
  },
  {
    method: 'POST',
    path: '/api/matches/:id/review',
    what: 'asks for the review of a finished match (rated matches are reviewed when they end): {status}',
  },
];

const MATCH_ID = /^[A-Za-z0-9_-]{1,64}$/;

export function failWith(reply: FastifyReply, req: FastifyRequest, error: GameError): FastifyReply {
  const lang = requestLang(req);
  const own = learnMessages[error.code];
  const status =
    error.code === 'REVIEW_NOT_FINISHED'
      ? 409
      : error.code === 'REVIEW_BUSY'
        ? 503
        : error.code === 'NO_SUCH_PUZZLE'
          ? 404
          : httpStatus(error.code);
  if (!own) return reply.code(status).send({ error: errorBody(error, lang) });
  const { code, ...details } = error;
  const message = describeError(error, lang, learnMessages);
  return reply
    .code(status)
    .send({ error: Object.keys(details).length > 0 ? { code, message, details } : { code, message } });
}

export function registerReviewRoutes(app: FastifyInstance, reviews: ReviewService): void {
  const matchId = (req: FastifyRequest): string | null => {
    const id = (req.params as { id?: unknown }).id;
    return typeof id === 'string' && MATCH_ID.test(id) ? id : null;
  };
  app.get('/api/matches/:id/review', async (req, reply) => {
    const id = matchId(req);
    if (!id) return failWith(reply, req, { code: 'NO_SUCH_MATCH', match: String((req.params as { id?: unknown }).id) });
    const state = await reviews.state(id);
    return state.ok ? state.value : failWith(reply, req, state.error);
  });
  app.post('/api/matches/:id/review', async (req, reply) => {
    const id = matchId(req);
    if (!id) return failWith(reply, req, { code: 'NO_SUCH_MATCH', match: String((req.params as { id?: unknown }).id) });
    const state = await reviews.request(id);
    return state.ok ? reply.code(202).send(state.value) : failWith(reply, req, state.error);
  });
}
