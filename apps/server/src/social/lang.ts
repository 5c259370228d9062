import type { FastifyRequest } from 'fastify';
import type { Lang } from '@roundtable/core';

/**
 * The language of a request (`?lang=`, else Accept-Language), as http.ts reads it: kept apart so the account and
 * social routes need not import http.ts, which lists their routes (an import cycle).
 */
export function requestLang(req: FastifyRequest): Lang {
  const q = (req.query as Record<string, unknown> | undefined)?.lang;
  if (q === 'fr' || q === 'en') return q;
  return /^fr\b/i.test(req.headers['accept-language'] ?? '') ? 'fr' : 'en';
}
