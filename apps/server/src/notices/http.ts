import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ZodType } from 'zod';
import { describeError, type GameError } from '@roundtable/core';
import { httpStatus } from '../errors.ts';
import { serverMessages } from '../messages.ts';
import { accountMessages } from '../accounts/messages.ts';
import { requestLang } from '../social/lang.ts';
import { NOTICE_STATUS, noticeMessages } from './messages.ts';

/** Answers an error value: its code, a sentence in the client's language, its details, and the status that fits. */
export function fail(reply: FastifyReply, req: FastifyRequest, error: GameError): FastifyReply {
  const { code, ...details } = error;
  const message = describeError(error, requestLang(req), { ...serverMessages, ...accountMessages, ...noticeMessages });
  return reply
    .code(NOTICE_STATUS[code] ?? httpStatus(code))
    .send({ error: Object.keys(details).length > 0 ? { code, message, details } : { code, message } });
}

/** A request body read with a zod schema, or the error that says what is wrong with it. */
export function parseBody<T>(
  schema: ZodType<T>,
  body: unknown,
): { ok: true; value: T } | { ok: false; error: GameError } {
  const r = schema.safeParse(body ?? {});
  if (r.success) return { ok: true, value: r.data };
  const issue = r.error.issues[0];
  return {
    ok: false,
    error: {
      code: 'BAD_REQUEST',
      reason: `${issue?.path.map(String).join('.') || 'body'}: ${issue?.message ?? 'invalid'}`,
    },
  };
}
