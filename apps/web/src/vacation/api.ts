import type { Lang } from '@roundtable/core';
import type { HeldAnswer } from '@roundtable/protocol';
import { call } from '../social/api.ts';

/** The signed-in account's vacations (`GET /api/vacation`). */
export interface VacationInfo {
  readonly allowanceDays: number;
  readonly usedDays: number;
  readonly leftDays: number;
  readonly yearFrom: number;
  readonly current: { readonly since: number; readonly until: number } | null;
}

export const vacationInfo = (lang: Lang): Promise<VacationInfo> => call('GET', '/api/vacation', lang);

export const startVacation = (days: number, lang: Lang): Promise<VacationInfo> =>
  call('POST', '/api/vacation', lang, { days });

export const endVacation = (lang: Lang): Promise<VacationInfo> => call('POST', '/api/vacation/end', lang, {});

/** The seats of a match whose player is on vacation, and until when. */
export const awayAt = (match: string, lang: Lang): Promise<{ away: { seat: number; until: number }[] }> =>
  call('GET', `/api/matches/${encodeURIComponent(match)}/away`, lang);

/** Which plies bots played for players gone; with the seat's token (or the session), what that seat saw. */
export async function heldAt(match: string, token: string | null, lang: Lang): Promise<HeldAnswer> {
  const res = await fetch(`/api/matches/${encodeURIComponent(match)}/held?lang=${lang}`, {
    credentials: 'same-origin',
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (!res.ok) return { spans: [] };
  return (await res.json()) as HeldAnswer;
}
