import type { Lang } from '@roundtable/core';
import type { CreateMatchAnswer, CreateMatchRequest, JoinAnswer, MatchSummary } from '@roundtable/protocol';

/** The server's HTTP API (same origin). Errors come back as `{ error: { code, message } }`, already translated. */
export async function api<T>(method: string, path: string, lang: Lang, body?: unknown): Promise<T> {
  const res = await fetch(`${path}${path.includes('?') ? '&' : '?'}lang=${lang}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? null : JSON.stringify(body),
  });
  const data = (await res.json().catch(() => null)) as {
    error?: { message?: string; code?: string; details?: Record<string, unknown> };
  } | null;
  // The code and details ride along, so that a page can act on them (a refused rated seat's unrated offer).
  if (!res.ok)
    throw Object.assign(new Error(data?.error?.message ?? `${res.status} ${res.statusText}`), {
      code: data?.error?.code,
      details: data?.error?.details ?? {},
    });
  return data as T;
}

export const createMatch = (req: CreateMatchRequest, lang: Lang): Promise<CreateMatchAnswer> =>
  api('POST', '/api/matches', lang, req);
export const joinMatch = (id: string, name: string | undefined, lang: Lang): Promise<JoinAnswer> =>
  api('POST', `/api/matches/${encodeURIComponent(id)}/join`, lang, name ? { name } : {});
export const listMatches = (status: 'open' | 'active' | 'finished', lang: Lang): Promise<{ matches: MatchSummary[] }> =>
  api('GET', `/api/matches?status=${status}&limit=50`, lang);
export const getMatch = (id: string, lang: Lang): Promise<{ match: MatchSummary }> =>
  api('GET', `/api/matches/${encodeURIComponent(id)}`, lang);
