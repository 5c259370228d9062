import { describe, expect, it } from 'vitest';
import { BOT_LEVELS, BOT_RATINGS, RATED_LEVELS, ratingsLine, TEAM_WIN_RATES } from '../src/index.ts';
// The games and their bots, registered with packages/ai as every front door has them.
import { GAME_IDS } from '@roundtable/catalog';

describe('the published ratings', () => {
  it('rate every level a seat can be given, for games of the catalog only (a game not measured has none)', () => {
    expect([...RATED_LEVELS].sort()).toEqual([...BOT_LEVELS].sort());
    expect(Object.keys(BOT_RATINGS).length).toBeGreaterThan(0);
    expect(GAME_IDS).toEqual(expect.arrayContaining(Object.keys(BOT_RATINGS)));
    for (const [game, r] of Object.entries(BOT_RATINGS)) expect(r.greedy, game).toBe(1000);
  });

  it('read as one menu line: measured levels only, in level order', () => {
    expect(ratingsLine('joust')).toBe(
      `Bot ratings (arena Elo, greedy = 1000): ${RATED_LEVELS.map((l) => `${l} ${BOT_RATINGS.joust![l]}`).join(' · ')}`,
    );
    expect(ratingsLine('nim')).toBe('Bot ratings: not measured yet for this game.');
    expect(ratingsLine('nim', 'fr')).toMatch(/^Force des robots/);
  });

  it("put easy below medium below strong in every game; a team game says its side's wins", () => {
    for (const [game, r] of Object.entries(BOT_RATINGS)) {
      const team = TEAM_WIN_RATES[game];
      const [easy, medium, strong] = (['easy', 'medium', 'strong'] as const).map((l) => (team ? team[l]?.alone : r[l]));
      expect(easy! < medium! && medium! < strong!, game).toBe(true);
    }
    expect(ratingsLine('shadows')).toBe(
      "Bot strength (a team game: the loyal side's wins with the level in every seat, 4 players, without a traitor / with one): easy 0% / 0% · medium 13% / 3% · strong 78% / 48%",
    );
    expect(ratingsLine('shadows', 'fr')).toContain('strong 78\u00a0% / 48\u00a0%');
  });
});
