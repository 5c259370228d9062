import { describe, expect, it } from 'vitest';
import { BOT_LEVELS, BOT_RATINGS, RATED_LEVELS, ratingsLine } from '../src/index.ts';

describe('the published ratings', () => {
  it('rate every level a seat can be given, in each of the five games', () => {
    expect([...RATED_LEVELS].sort()).toEqual([...BOT_LEVELS].sort());
    expect(Object.keys(BOT_RATINGS).sort()).toEqual(['camelot', 'joust', 'lancelot', 'shadows', 'tournament']);
    for (const [game, r] of Object.entries(BOT_RATINGS)) expect(r.greedy, game).toBe(1000);
  });

  it('read as one menu line: measured levels only, in level order', () => {
    expect(ratingsLine('joust')).toBe(`Bot ratings (arena Elo, greedy = 1000): ${RATED_LEVELS.map((l) => `${l} ${BOT_RATINGS.joust![l]}`).join(' · ')}`);
    expect(ratingsLine('nim')).toBe('Bot ratings: not measured yet for this game.');
    expect(ratingsLine('nim', 'fr')).toMatch(/^Force des robots/);
  });
});
