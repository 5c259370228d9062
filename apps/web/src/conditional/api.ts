import type { Lang } from '@roundtable/core';
import type { ConditionalAnswer, ConditionalLine } from '@roundtable/protocol';
import { seatFor } from '../session/tokens.ts';

/**
 * The seat's conditional moves on the server: with this browser's seat token when it holds one, else the session
 * of the account that holds the seat. Errors come back translated (`{ error: { message } }`).
 */
async function call(matchId: string, method: string, lang: Lang, body?: unknown): Promise<ConditionalAnswer> {
  const token = seatFor(matchId)?.token;
  const res = await fetch(`/api/matches/${encodeURIComponent(matchId)}/conditional?lang=${lang}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? null : JSON.stringify(body),
  });
  const data = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
  if (!res.ok) throw new Error(data?.error?.message ?? `${res.status} ${res.statusText}`);
  return data as ConditionalAnswer;
}

export const readConditional = (matchId: string, lang: Lang): Promise<ConditionalAnswer> => call(matchId, 'GET', lang);

export const setConditional = (
  matchId: string,
  tree: readonly ConditionalLine[],
  lang: Lang,
): Promise<ConditionalAnswer> => call(matchId, 'PUT', lang, { tree });
