import type { Lang } from '@roundtable/core';
import type { JoinAnswer, MatchSummary, SameAddressRule } from '@roundtable/protocol';
import { call, type Me } from '../social/api.ts';

/** A club as the server shows it (clubs/service.ts `ClubView`); `code` for its owner only. */
export interface Club {
  readonly id: string;
  readonly name: string;
  readonly owner: string;
  readonly members: readonly { readonly name: string; readonly joinedAt: number }[];
  readonly code?: string;
  readonly limits: {
    readonly members: number;
    readonly joinsPerDay: number;
    readonly ratedPerPair: number;
    readonly ratedPerAccount: number;
    readonly ratedPerDay: number;
  };
}

export interface PlayerClubs {
  readonly clubs: readonly { readonly id: string; readonly name: string }[];
  readonly vouched: readonly { match: string; game: string; club: string; opponent: string; at: number }[];
}

export const myClubs = (lang: Lang): Promise<{ clubs: Club[] }> => call('GET', '/api/clubs/mine', lang);
export const foundClub = (name: string, lang: Lang): Promise<{ club: Club }> =>
  call('POST', '/api/clubs', lang, { name });
export const clubOfCode = (code: string, lang: Lang): Promise<{ club: Club }> =>
  call('GET', `/api/clubs/code/${encodeURIComponent(code)}`, lang);
export const joinClub = (code: string, lang: Lang): Promise<{ club: Club }> =>
  call('POST', '/api/clubs/join', lang, { code });
export const signUpIntoClub = (
  code: string,
  name: string,
  password: string,
  lang: Lang,
): Promise<{ me: Me; club: Club }> => call('POST', '/api/clubs/signup', lang, { code, name, password });
export const newClubCode = (id: string, lang: Lang): Promise<{ club: Club }> =>
  call('POST', `/api/clubs/${encodeURIComponent(id)}/code`, lang);
export const leaveClub = (id: string, name: string, lang: Lang): Promise<{ club: Club }> =>
  call('POST', `/api/clubs/${encodeURIComponent(id)}/leave`, lang, { name });
export const ratedHere = (lang: Lang): Promise<SameAddressRule> => call('GET', '/api/clubs/rated-here', lang);
export const playerClubs = (name: string, lang: Lang): Promise<PlayerClubs> =>
  call('GET', `/api/clubs/player/${encodeURIComponent(name)}`, lang);
/** The offer made with a refused rated seat: the same match unrated (`offer` is the path the refusal gave). */
export const playUnrated = (offer: string, lang: Lang): Promise<JoinAnswer & { from: string; match: MatchSummary }> =>
  call('POST', offer, lang, {});
