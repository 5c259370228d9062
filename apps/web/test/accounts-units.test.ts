/**
 * The social pages' rules, without a browser: time controls within the server's bounds, My matches in the
 * order a player reads them (your turn first), bots slotted into the leaderboard at their ratings, and the
 * server's refusals phrased as sentences in both languages.
 */
import { describe, expect, it } from 'vitest';
import type { MatchSummary } from '@roundtable/protocol';
import {
  claimedSentence,
  clockWords,
  errorSentence,
  gamesCount,
  publishedRatings,
  strengthSuffix,
} from '../src/social/account-words.ts';
import { tableError } from '../src/social/table-words.ts';
import { clockOf } from '../src/social/clock-choice.ts';
import { boardLines, opponents, sortMatches, standing } from '../src/social/match-lists.ts';

function summary(
  id: string,
  status: MatchSummary['status'],
  createdAt: number,
  extra: Partial<MatchSummary> = {},
): MatchSummary {
  return {
    id,
    game: 'camelot',
    players: 2,
    options: {},
    status,
    createdAt,
    clock: null,
    abandon: null,
    outcome: null,
    seeded: false,
    commitment: '',
    seats: [
      { seat: 0, kind: 'human', name: 'Kay', connected: false },
      { seat: 1, kind: 'bot', level: 'strong', connected: true },
    ] as unknown as MatchSummary['seats'],
    ...extra,
  };
}

describe('time controls', () => {
  it('become the server’s clock, within its bounds', () => {
    expect(clockOf({ kind: 'none' }, 'en')).toEqual({ ok: true, clock: undefined });
    expect(clockOf({ kind: 'move', seconds: 45 }, 'en')).toEqual({ ok: true, clock: { moveSeconds: 45 } });
    expect(clockOf({ kind: 'fischer', minutes: 3, increment: 2 }, 'en')).toEqual({
      ok: true,
      clock: { baseSeconds: 180, incrementSeconds: 2 },
    });
    expect(clockOf({ kind: 'days', days: 30 }, 'en')).toEqual({ ok: true, clock: { days: 30 } });
  });
  it('refuse what the server would, in words', () => {
    expect(clockOf({ kind: 'days', days: 31 }, 'en')).toMatchObject({
      ok: false,
      reason: expect.stringContaining('1 to 30'),
    });
    expect(clockOf({ kind: 'days', days: 0 }, 'fr')).toMatchObject({
      ok: false,
      reason: expect.stringContaining('1 à 30'),
    });
    expect(clockOf({ kind: 'fischer', minutes: 1.5, increment: 2 }, 'en').ok).toBe(false);
    expect(clockOf({ kind: 'fischer', minutes: 5, increment: 3601 }, 'en').ok).toBe(false);
    expect(clockOf({ kind: 'move', seconds: Number.NaN }, 'en').ok).toBe(false);
  });
  it('read as words', () => {
    expect(clockWords('en', { moveSeconds: 180, baseSeconds: 180, incrementSeconds: 2 })).toBe('3 min + 2 s');
    expect(clockWords('en', { moveSeconds: 172_800, days: 2 })).toBe('2 days per move');
    expect(clockWords('fr', { moveSeconds: 86_400, days: 1 })).toBe('1 jour par coup');
    expect(clockWords('en', { moveSeconds: 45 })).toBe('45 s per move');
    expect(clockWords('fr', null)).toBe('Sans pendule');
  });
});

describe('my matches', () => {
  it('your turn first, then the matches in play, then the rest, newest first within each', () => {
    const list = [
      {
        match: summary('old-over', 'finished', 1, { outcome: { winners: [0], draw: false, reason: 'rules' } }),
        seat: 0,
        yourTurn: false,
      },
      { match: summary('waiting', 'active', 5), seat: 0, yourTurn: false },
      { match: summary('turn-old', 'active', 2), seat: 0, yourTurn: true },
      { match: summary('open', 'open', 9), seat: 0, yourTurn: false },
      { match: summary('turn-new', 'active', 3), seat: 0, yourTurn: true },
    ];
    expect(sortMatches(list).map((m) => m.match.id)).toEqual(['turn-new', 'turn-old', 'waiting', 'open', 'old-over']);
  });
  it('names the other seats and where the match stands for this seat', () => {
    const m = summary('a', 'finished', 1, { outcome: { winners: [1], draw: false, reason: 'rules' } });
    expect(opponents('en', m, 0)).toBe('Bot strong');
    expect(opponents('fr', m, 1)).toBe('Kay');
    expect(standing('en', m, 0, false)).toEqual({ text: 'Lost', tone: 'lost' });
    expect(standing('fr', m, 1, false)).toEqual({ text: 'Gagnée', tone: 'won' });
    expect(standing('en', summary('b', 'active', 1), 0, true).tone).toBe('turn');
    expect(
      standing(
        'en',
        summary('c', 'abandoned', 1, { outcome: { winners: [], draw: false, reason: 'cancelled' } }),
        0,
        false,
      ).text,
    ).toBe('Called off');
  });
});

describe('leaderboard', () => {
  it('slots the measured bots in at their ratings, players keeping their order', () => {
    const rows = [1700, 1500, 1200].map((rating, i) => ({
      name: `P${i}`,
      game: 'camelot',
      rating,
      deviation: 100,
      games: 3,
    }));
    const lines = boardLines('camelot', rows).map((l) => (l.kind === 'bot' ? `bot:${l.level}` : l.row.name));
    expect(lines).toEqual(['bot:strong', 'P0', 'P1', 'bot:medium', 'P2', 'bot:easy', 'bot:greedy', 'bot:random']);
  });
  it('leaves out the levels not measured, and a game where only the greedy anchor is', () => {
    expect(boardLines('lancelot', []).map((l) => (l.kind === 'bot' ? l.level : ''))).toEqual([
      'strong',
      'medium',
      'greedy',
      'easy',
      'random',
    ]);
    expect(boardLines('shadows', [])).toEqual([]);
  });
  it("follows a level's name with its rating, or in a team game with its side's wins", () => {
    expect(strengthSuffix('camelot', 'strong')).toBe(` (≈${publishedRatings('camelot')!.ratings!.strong})`);
    expect(strengthSuffix('nim', 'strong')).toBe('');
    expect(strengthSuffix('shadows', 'greedy')).toBe('');
    expect(strengthSuffix('shadows', 'strong')).toBe(
      ` (a team of these wins ${publishedRatings('shadows')!.teamWinRates!.strong!.alone}%)`,
    );
    expect(strengthSuffix('shadows', 'strong', 'fr')).toBe(
      ` (une équipe de ce niveau gagne ${publishedRatings('shadows')!.teamWinRates!.strong!.alone}\u00a0%)`,
    );
  });
});

describe('refusals as sentences', () => {
  it('says the wait of a rate-limited login', () => {
    expect(errorSentence('en', 'LOGIN_RATE_LIMITED', { retrySeconds: 600 }, '')).toBe(
      'Too many failed attempts for this name. Try again in 10 minutes.',
    );
    expect(errorSentence('fr', 'LOGIN_RATE_LIMITED', { retrySeconds: 30 }, '')).toBe(
      'Trop d’essais manqués pour ce nom. Réessayez dans 30 secondes.',
    );
  });
  it('phrases play now’s refusals, and keeps the server’s message for other codes', () => {
    expect(errorSentence('en', 'NO_OPPONENT', {}, 'x')).toContain('Nobody came');
    expect(errorSentence('fr', 'PLAY_NOW_REPLACED', {}, 'x')).toContain('remplacée');
    expect(errorSentence('en', 'SOMETHING_ELSE', {}, 'The server said so.')).toBe('The server said so.');
  });
  it('phrases the limits’ refusals with their wait (issue 25)', () => {
    expect(errorSentence('en', 'SIGNUP_RATE_LIMITED', { max: 5, retrySeconds: 86_000 }, '')).toBe(
      'Too many accounts were made from your address today (at most 5). Try again in 24 hours.',
    );
    expect(errorSentence('fr', 'LOGIN_BUSY', { retrySeconds: 1 }, '')).toBe(
      'Trop de connexions sont vérifiées en ce moment. Réessayez dans 1 seconde.',
    );
    expect(errorSentence('en', 'TOO_MANY_MATCHES', { count: 1, max: 1, of: 'account' }, '')).toBe(
      'Your account already has 1 match in play (at most 1). Finish one first.',
    );
    expect(errorSentence('fr', 'TOO_MANY_MATCHES', { count: 20, max: 20, of: 'address' }, '')).toBe(
      'Votre adresse a déjà 20\u00a0parties en cours (au plus 20). Terminez-en une d’abord.',
    );
    expect(errorSentence('en', 'ALREADY_WAITING', { by: 'address' }, '')).toContain(
      '“Play now” never pairs an address with itself',
    );
    expect(errorSentence('fr', 'RATED_NEEDS_CLOCK', {}, '')).toContain('Une partie classée a une pendule');
  });
  it('phrases the table’s limits with their wait', () => {
    expect(tableError({ code: 'CHAT_RATE_LIMITED', details: { max: 1, seconds: 10, retrySeconds: 7 } }, 'en')).toBe(
      'Slow down: at most 1 line every 10 seconds, over all your tabs and devices. Try again in 7 s.',
    );
    expect(tableError({ code: 'OFFER_RATE_LIMITED', details: { max: 6, seconds: 60, retrySeconds: 41 } }, 'fr')).toBe(
      'Trop de propositions\u00a0: 6 au plus par minute. Réessayez dans 41\u00a0s.',
    );
    expect(tableError({ code: 'RATED_PAIR_LIMIT', details: { max: 1, retrySeconds: 3600 } }, 'en')).toBe(
      'You have played 1 rated match against each other today: the next can be rated in 1 h.',
    );
    expect(tableError({ code: 'REMATCH_DONE' }, 'fr')).toBe('Cette partie a déjà eu sa revanche.');
  });
  it('counts the claimed matches', () => {
    expect(claimedSentence('en', 2)).toBe('2 matches played as a guest on this browser are now yours.');
    expect(claimedSentence('fr', 1)).toBe('1 partie jouée en invité sur ce navigateur est maintenant à vous.');
  });
  it('counts in French with 0 and 1 in the singular, as the narration does (core pluralFor)', () => {
    expect([0, 1, 2].map((n) => gamesCount('fr', n))).toEqual([
      '0 partie classée',
      '1 partie classée',
      '2 parties classées',
    ]);
    expect([0, 1, 2].map((n) => gamesCount('en', n))).toEqual(['0 rated games', '1 rated game', '2 rated games']);
  });
});
