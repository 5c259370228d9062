import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { describeError, ok, type GameError } from '@roundtable/core';
import { canonicalOptions } from '@roundtable/ai';
import { errorBody, httpStatus } from '../errors.ts';
import { requestLang } from '../social/lang.ts';
import { EngineViews } from '../explorer/engine.ts';
import { resolvePosition } from '../explorer/position.ts';
import { databaseMessages } from './messages.ts';
import { ExplorerParams, gameQueryOf, queryError, SearchParams } from './query.ts';
import type { GameDatabaseStore } from './store.ts';

export const DATABASE_ROUTES: readonly { method: string; path: string; what: string }[] = [
  {
    method: 'GET',
    path: '/api/database/games',
    what: 'finished games, newest first: ?player&game&options&result=win0|win1|draw&from&to&opening&position|moves&event&source&limit&before → {games, next}',
  },
  {
    method: 'GET',
    path: '/api/explorer',
    what: 'the moves played from a position (Camelot, Lancelot at two): ?game&options&position|moves&source=rated|master|selfplay&engine=1 → {key, position, toMove, total, moves, engine}',
  },
];

function fail(reply: FastifyReply, req: FastifyRequest, error: GameError): FastifyReply {
  const lang = requestLang(req);
  if (!databaseMessages[error.code]) return reply.code(httpStatus(error.code)).send({ error: errorBody(error, lang) });
  const { code, ...details } = error;
  return reply.code(400).send({ error: { code, message: describeError(error, lang, databaseMessages), details } });
}

/** The game database's search and the opening explorer (read only: the index job writes). */
export function registerDatabaseRoutes(app: FastifyInstance, db: GameDatabaseStore): void {
  const engine = new EngineViews();
  app.get('/api/database/games', async (req, reply) => {
    const params = SearchParams.safeParse(req.query ?? {});
    if (!params.success) return fail(reply, req, queryError(params.error));
    const query = gameQueryOf(params.data, (p) => {
      const r = resolvePosition(p);
      return r.ok ? ok(r.value.key) : r;
    });
    if (!query.ok) return fail(reply, req, query.error);
    const games = await db.search(query.value);
    const last = games.length === query.value.limit ? games[games.length - 1] : undefined;
    return { games, next: last ? `${last.playedAt}:${last.id}` : null };
  });
  app.get('/api/explorer', async (req, reply) => {
    const params = ExplorerParams.safeParse(req.query ?? {});
    if (!params.success) return fail(reply, req, queryError(params.error));
    const p = params.data;
    const at = resolvePosition({
      game: p.game,
      ...(p.options ? { options: p.options } : {}),
      ...(p.position !== undefined ? { position: p.position } : {}),
      ...(p.moves !== undefined ? { moves: p.moves } : {}),
    });
    if (!at.ok) return fail(reply, req, at.error);
    const source = p.source ?? 'rated';
    const moves = await db.explore(source, at.value.key);
    // Nothing here: the options this source's games were played with, if others (WCF scores end by the WCF rules).
    const here = canonicalOptions(at.value.options);
    const otherOptions =
      moves.length === 0
        ? (await db.optionSets(source, p.game, 5)).filter((o) => o !== here).map((o) => JSON.parse(o) as unknown)
        : [];
    return {
      game: p.game,
      source,
      key: at.value.key,
      position: at.value.position,
      options: at.value.options,
      toMove: at.value.toMove,
      total: moves.reduce((n, m) => n + m.games, 0),
      moves,
      engine:
        p.engine === '1'
          ? engine.view(
              at.value,
              moves.map((m) => m.move),
            )
          : null,
      otherOptions,
    };
  });
}
