import type { Lang } from '@roundtable/core';
import type { MatchSummary } from '@roundtable/protocol';

/**
 * The social layer's HTTP calls (accounts, my matches, ratings, play now), same origin, the session in the
 * `rt_session` cookie. Like session/api.ts, the server's errors come back as `{ error: { code, message, details } }`;
 * here the code and details are kept too, so that a page can phrase them (a wait in seconds, a taken name).
 */
export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export async function call<T>(
  method: string,
  path: string,
  lang: Lang,
  body?: unknown,
  signal?: AbortSignal,
): Promise<T> {
  const res = await fetch(`${path}${path.includes('?') ? '&' : '?'}lang=${lang}`, {
    method,
    credentials: 'same-origin',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? null : JSON.stringify(body),
    ...(signal ? { signal } : {}),
  });
  if (res.status === 204) return undefined as T;
  const data = (await res.json().catch(() => null)) as {
    error?: { message?: string; code?: string; details?: Record<string, unknown> };
  } | null;
  if (!res.ok)
    throw new ApiError(
      data?.error?.code ?? `HTTP_${res.status}`,
      data?.error?.message ?? `${res.status} ${res.statusText}`,
      res.status,
      data?.error?.details ?? {},
    );
  return data as T;
}

export interface Me {
  readonly id: string;
  readonly name: string;
}

export interface MyMatch {
  readonly match: MatchSummary;
  readonly seat: number;
  readonly yourTurn: boolean;
  /** A finished rated match: this seat's rating before and after it (protocol's `MyMatch`). */
  readonly rating?: { readonly before: number; readonly after: number };
}

export interface RatingRow {
  readonly name: string;
  readonly game: string;
  readonly rating: number;
  readonly deviation: number;
  readonly games: number;
  /** Fewer rated games than the server's threshold: not on the leaderboard yet. */
  readonly provisional?: boolean;
  /** A bot account (an engine). */
  readonly bot?: boolean;
}

export interface RatingPoint {
  readonly match: string;
  readonly rating: number;
  readonly deviation: number;
  readonly at: number;
}

export interface PlayerPage {
  readonly name: string;
  /** A bot account (an engine): it can be challenged from its page. */
  readonly bot?: boolean;
  readonly ratings: readonly (RatingRow & { readonly history: readonly RatingPoint[] })[];
}

export type Clock = { moveSeconds: number } | { days: number } | { baseSeconds: number; incrementSeconds: number };

export interface PlayNowRequest {
  readonly game: string;
  readonly players: number;
  readonly clock?: Clock;
  readonly rated?: boolean;
  readonly name?: string;
  readonly botAfterSeconds?: number;
  readonly botLevel?: string;
  readonly waitSeconds?: number;
}

export interface PlayNowAnswer {
  readonly match: MatchSummary;
  readonly seat: number;
  readonly token: string;
  readonly against: 'people' | 'bots';
}

export const fetchMe = (lang: Lang): Promise<{ me: Me | null }> => call('GET', '/api/session', lang);
export const signUp = (name: string, password: string, lang: Lang): Promise<{ me: Me }> =>
  call('POST', '/api/accounts', lang, { name, password });
export const logIn = (name: string, password: string, lang: Lang): Promise<{ me: Me }> =>
  call('POST', '/api/session', lang, { name, password });
export const logOut = (lang: Lang): Promise<void> => call('DELETE', '/api/session', lang);
export const myMatches = (lang: Lang): Promise<{ matches: MyMatch[] }> =>
  call('GET', '/api/me/matches?limit=200', lang);
export const claimSeats = (
  tokens: readonly string[],
  lang: Lang,
): Promise<{ claimed: { match: string; seat: number }[]; unknown: number }> =>
  call('POST', '/api/me/claim', lang, { tokens });
export const ratingsOf = (
  game: string,
  lang: Lang,
  kind: 'all' | 'people' | 'engines' = 'all',
): Promise<{ ratings: RatingRow[]; provisionalGames?: number }> =>
  call('GET', `/api/ratings/${encodeURIComponent(game)}?limit=200&kind=${kind}`, lang);
export const playerOf = (name: string, lang: Lang): Promise<PlayerPage> =>
  call('GET', `/api/players/${encodeURIComponent(name)}`, lang);
export const matchSummary = (id: string, lang: Lang): Promise<{ match: MatchSummary }> =>
  call('GET', `/api/matches/${encodeURIComponent(id)}`, lang);
export const playNow = (req: PlayNowRequest, lang: Lang, signal: AbortSignal): Promise<PlayNowAnswer> =>
  call('POST', '/api/play-now', lang, req, signal);
