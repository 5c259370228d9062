/**
 * The online table's clock arithmetic and words: a Fischer bank runs only for the seats to move (`banks[s] -
 * (now - since)`), a per-move clock shows the deadline's time left to the seats to move, correspondence time is
 * told in days and hours, and the server's refusals of table requests become sentences in both languages.
 */
import { describe, expect, it } from 'vitest';
import { clockSummary, formatLeft, leftSentence, resultText, tableError, timeLeft } from '../src/social/table-words.ts';

describe('Fischer banks', () => {
  const clock = {
    kind: 'fischer',
    baseSeconds: 300,
    incrementSeconds: 2,
    banks: [290_000, 300_000],
    running: [0],
    since: 1_000_000,
  } as const;
  it('the running seat loses the time since the clock was settled', () => {
    expect(timeLeft(clock, 0, 1_004_500)).toEqual({ ms: 285_500, running: true });
  });
  it('a seat not to move keeps its bank', () => {
    expect(timeLeft(clock, 1, 1_004_500)).toEqual({ ms: 300_000, running: false });
  });
  it('a bank never shows below zero, and the server alone flags', () => {
    expect(formatLeft(timeLeft(clock, 0, 2_000_000)?.ms ?? NaN, 'en')).toBe('0:00');
  });
  it('before the start nothing runs', () => {
    expect(timeLeft({ ...clock, running: [], since: null }, 0, 5)).toEqual({ ms: 290_000, running: false });
  });
});

describe('per-move and correspondence clocks', () => {
  const move = { kind: 'move', moveSeconds: 60, days: null, deadline: 10_000, running: [1] } as const;
  it('the seat to move sees the deadline come closer; the others have no clock to show', () => {
    expect(timeLeft(move, 1, 4_000)).toEqual({ ms: 6_000, running: true });
    expect(timeLeft(move, 0, 4_000)).toBeNull();
  });
  it('tells days and hours for a correspondence move', () => {
    const ms = (2 * 86_400 + 3 * 3600 + 20) * 1000;
    expect(leftSentence(ms, 'en')).toBe('2 days 3 h left');
    expect(leftSentence(ms, 'fr')).toBe('encore 2 j 3 h');
    expect(formatLeft(86_400_000 - 1, 'en')).toBe('1 day 0 h');
    expect(formatLeft(3_725_000, 'en')).toBe('1 h 02');
    expect(formatLeft(61_001, 'en')).toBe('1:02');
  });
  it('says how the clock was set', () => {
    expect(clockSummary({ kind: 'fischer', baseSeconds: 300, incrementSeconds: 2 }, 'en')).toBe('5 min + 2 s');
    expect(clockSummary({ kind: 'move', moveSeconds: 172_800, days: 2 }, 'en')).toBe('2 days per move');
    expect(clockSummary({ kind: 'move', moveSeconds: 172_800, days: 2 }, 'fr')).toBe('2 j par coup');
    expect(clockSummary({ kind: 'move', moveSeconds: 45, days: null }, 'fr')).toBe('45 s par coup');
  });
});

describe('refusals and answers in words', () => {
  it('the chat limit and the spectators rule are sentences, in English and French', () => {
    expect(tableError({ code: 'CHAT_RATE_LIMITED', details: { max: 5, seconds: 10 } }, 'en')).toBe(
      'Slow down: at most 5 lines every 10 seconds. Try again in a moment.',
    );
    expect(tableError({ code: 'CHAT_RATE_LIMITED', details: { max: 5, seconds: 10 } }, 'fr')).toMatch(
      /^Doucement\u00a0: 5 messages/,
    );
    expect(tableError({ code: 'CHAT_NEEDS_ACCOUNT' }, 'fr')).toMatch(/spectateurs doivent se connecter/);
  });
  it('other codes keep the server message', () => {
    expect(tableError({ code: 'ILLEGAL_MOVE' }, 'en')).toBeNull();
  });
  it('the result of an offer', () => {
    expect(resultText('draw', true, 'en')).toBe('Draw agreed');
    expect(resultText('takeback', false, 'en')).toBe('Take-back declined');
    expect(resultText('rematch', true, 'fr')).toBe('Revanche acceptée');
  });
});
