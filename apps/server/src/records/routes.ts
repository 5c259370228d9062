import { createHash, timingSafeEqual } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AnyGame, GameError } from '@roundtable/core';
import { gameById, GAME_IDS } from '@roundtable/catalog';
import type { AccountService } from '../accounts/service.ts';
import { sessionToken } from '../accounts/routes.ts';
import { nameKey } from '../accounts/names.ts';
import { errorBody, httpStatus } from '../errors.ts';
import type { MatchService } from '../match-service.ts';
import { requestLang } from '../social/lang.ts';
import type { Store } from '../storage/store.ts';
import { hashToken } from '../tokens.ts';
import { DAY, dayStart, type DayExports } from './day-job.ts';
import { dayLines, exportChunks, exportLines, type ExportFilter, type ExportFormat } from './export.ts';
import { importFile } from './import/run.ts';
import type { RecordsStore } from './store.ts';

/** The records' routes, as the README and FORMAT.md list them. */
export const RECORD_ROUTES: readonly { method: string; path: string; what: string }[] = [
  {
    method: 'GET',
    path: '/api/records/export',
    what: 'every published match, streamed (game, rated, from, to, format)',
  },
  {
    method: 'GET',
    path: '/api/players/:name/records',
    what: "one player's published matches, streamed (same filters)",
  },
  { method: 'GET', path: '/api/records/days', what: 'the day files made: [{game, day, matches, jsonl, text}]' },
  { method: 'GET', path: '/api/records/days/:game/:day.jsonl', what: 'one game, one day, JSON lines (or .txt)' },
  { method: 'POST', path: '/api/matches/:id/consent', what: "{token}: the seat's player agrees to publish this match" },
  { method: 'PUT', path: '/api/me/records-consent', what: '{consent}: publish all my unrated matches (signed in)' },
  { method: 'POST', path: '/api/records/import?name=FILE', what: 'operator: a WCF, AbstractPlay or export file' },
];

const DAY_MS = 86_400_000;
const OWN_STATUS: Readonly<Record<string, number>> = { NOT_OPERATOR: 403, NO_OPERATOR_TOKEN: 403, NO_SUCH_EXPORT: 404 };
/** The largest file the operator's import takes in one request. */
const IMPORT_BODY_BYTES = 32 * 1024 * 1024;

const ExportQuery = z
  .object({
    game: z.string().max(40).optional(),
    rated: z.enum(['true', 'false']).optional(),
    from: z.string().regex(DAY, 'a day, YYYY-MM-DD').optional(),
    to: z.string().regex(DAY, 'a day, YYYY-MM-DD').optional(),
    format: z.enum(['jsonl', 'text']).optional(),
    lang: z.enum(['en', 'fr']).optional(),
  })
  .strict();

const ConsentBody = z.object({ token: z.string().min(1).max(200) }).strict();
const AccountConsentBody = z.object({ consent: z.boolean() }).strict();
const ImportQuery = z
  .object({ name: z.string().min(1).max(200).optional(), lang: z.enum(['en', 'fr']).optional() })
  .strict();

export interface RecordRoutesDeps {
  readonly records: RecordsStore;
  readonly days: DayExports;
  readonly store: Store;
  readonly service: MatchService;
  readonly accounts: AccountService;
  readonly operatorToken: string | null;
}

export function registerRecordRoutes(app: FastifyInstance, deps: RecordRoutesDeps): void {
  const { records, days, accounts } = deps;
  const fail = (reply: FastifyReply, req: FastifyRequest, error: GameError): FastifyReply =>
    reply.code(OWN_STATUS[error.code] ?? httpStatus(error.code)).send({ error: errorBody(error, requestLang(req)) });
  const bad = (reply: FastifyReply, req: FastifyRequest, e: z.ZodError): FastifyReply => {
    const i = e.issues[0]!;
    return fail(reply, req, { code: 'BAD_REQUEST', reason: `${i.path.join('.') || 'request'}: ${i.message}` });
  };

  /** Reads the filters; null when it already answered the error. */
  const filterOf = (
    req: FastifyRequest,
    reply: FastifyReply,
  ): { filter: ExportFilter; format: ExportFormat } | null => {
    const q = ExportQuery.safeParse(req.query ?? {});
    if (!q.success) return (void bad(reply, req, q.error), null);
    if (q.data.game !== undefined && !gameById(q.data.game))
      return (void fail(reply, req, { code: 'UNKNOWN_GAME', game: q.data.game, known: GAME_IDS }), null);
    return {
      filter: {
        ...(q.data.game !== undefined ? { game: q.data.game } : {}),
        ...(q.data.rated !== undefined ? { rated: q.data.rated === 'true' } : {}),
        ...(q.data.from !== undefined ? { from: dayStart(q.data.from) } : {}),
        // `to` is a whole day, included.
        ...(q.data.to !== undefined ? { to: dayStart(q.data.to) + DAY_MS } : {}),
      },
      format: q.data.format ?? 'jsonl',
    };
  };

  const stream = (reply: FastifyReply, format: ExportFormat, name: string, chunks: AsyncGenerator<string>) =>
    reply
      .type(format === 'jsonl' ? 'application/x-ndjson; charset=utf-8' : 'text/plain; charset=utf-8')
      .header('content-disposition', `attachment; filename="${name}.${format === 'jsonl' ? 'jsonl' : 'txt'}"`)
      .header('x-licence', 'CC0-1.0')
      .send(Readable.from(chunks));

  app.get('/api/records/export', async (req, reply) => {
    const f = filterOf(req, reply);
    if (!f) return reply;
    return stream(
      reply,
      f.format,
      'roundtable-records',
      exportChunks(exportLines(records, f.filter), f.format, gameById),
    );
  });

  app.get('/api/players/:name/records', async (req, reply) => {
    const name = String((req.params as { name?: unknown }).name ?? '');
    const f = filterOf(req, reply);
    if (!f) return reply;
    const account =
      name.length <= 100 ? await accounts.store.accountByKey(nameKey(name.normalize('NFKC').trim())) : null;
    if (!account) return fail(reply, req, { code: 'NO_SUCH_PLAYER', name });
    return stream(
      reply,
      f.format,
      `roundtable-${account.name}`,
      exportChunks(exportLines(records, { ...f.filter, account: account.id }), f.format, gameById),
    );
  });

  app.get('/api/records/days', async (req, reply) => {
    const game = (req.query as { game?: unknown }).game;
    if (game !== undefined && (typeof game !== 'string' || !gameById(game)))
      return fail(reply, req, { code: 'UNKNOWN_GAME', game: String(game), known: GAME_IDS });
    return {
      licence: 'CC0-1.0',
      days: (await records.days(game)).map((d) => ({
        ...d,
        jsonl: `/api/records/days/${d.game}/${d.day}.jsonl`,
        text: `/api/records/days/${d.game}/${d.day}.txt`,
      })),
    };
  });

  app.get('/api/records/days/:game/:file', async (req, reply) => {
    const { game, file } = req.params as { game: string; file: string };
    const m = /^(\d{4}-\d{2}-\d{2})\.(jsonl|txt)$/.exec(file);
    if (!gameById(game)) return fail(reply, req, { code: 'UNKNOWN_GAME', game, known: GAME_IDS });
    if (!m) return fail(reply, req, { code: 'BAD_REQUEST', reason: 'the file is YYYY-MM-DD.jsonl or YYYY-MM-DD.txt' });
    const day = m[1]!;
    const format: ExportFormat = m[2] === 'jsonl' ? 'jsonl' : 'text';
    if (!(await records.dayMade(game, day))) return fail(reply, req, { code: 'NO_SUCH_EXPORT', game, day });
    const local = await days.localFile(game, day, format);
    const chunks = local
      ? (createReadStream(local) as unknown as AsyncGenerator<string>)
      : // Another process made it (several processes, data folders apart): the same lines, read again.
        exportChunks(dayLines(records, game, dayStart(day), dayStart(day) + DAY_MS), format, gameById);
    return stream(reply, format, `roundtable-${game}-${day}`, chunks);
  });

  app.post('/api/matches/:id/consent', async (req, reply) => {
    const id = String((req.params as { id?: unknown }).id ?? '');
    const body = ConsentBody.safeParse(req.body ?? {});
    if (!body.success) return bad(reply, req, body.error);
    const held = await deps.store.findToken(hashToken(body.data.token));
    if (!held || held.matchId !== id) return fail(reply, req, { code: 'BAD_TOKEN' });
    await records.addSeatConsent(id, held.seat, Date.now());
    return { match: id, seat: held.seat, consent: true };
  });

  app.get('/api/me/records-consent', async (req, reply) => {
    const me = await accounts.whoIs(sessionToken(req));
    if (!me) return fail(reply, req, { code: 'NOT_SIGNED_IN' });
    return { consent: await records.accountConsent(me.id) };
  });

  app.put('/api/me/records-consent', async (req, reply) => {
    const me = await accounts.whoIs(sessionToken(req));
    if (!me) return fail(reply, req, { code: 'NOT_SIGNED_IN' });
    const body = AccountConsentBody.safeParse(req.body ?? {});
    if (!body.success) return bad(reply, req, body.error);
    await records.setAccountConsent(me.id, body.data.consent, Date.now());
    return { consent: body.data.consent };
  });

  app.post('/api/records/import', { bodyLimit: IMPORT_BODY_BYTES }, async (req, reply) => {
    const denied = operatorRefusal(req, deps.operatorToken);
    if (denied) return fail(reply, req, denied);
    const q = ImportQuery.safeParse(req.query ?? {});
    if (!q.success) return bad(reply, req, q.error);
    if (typeof req.body !== 'string')
      return fail(reply, req, { code: 'BAD_REQUEST', reason: 'send the file as text (content-type: text/plain)' });
    const done = await importFile(
      req.body,
      q.data.name ?? 'file',
      deps.service,
      gameById as (id: string) => AnyGame | undefined,
    );
    if (!done.ok) return fail(reply, req, done.error);
    return reply.code(201).send(done.value);
  });
}

/** Null when the request carries the operator's token; else why not (constant time against the token's hash). */
export function operatorRefusal(req: FastifyRequest, token: string | null): GameError | null {
  if (token === null) return { code: 'NO_OPERATOR_TOKEN' };
  const given = /^Bearer (.{1,500})$/.exec(req.headers.authorization ?? '')?.[1];
  if (given === undefined) return { code: 'NOT_OPERATOR' };
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(token).digest();
  return timingSafeEqual(a, b) ? null : { code: 'NOT_OPERATOR' };
}
