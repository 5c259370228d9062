import { describe, expect, it } from 'vitest';
import { BOT_LEVELS, profileOf, RATED_LEVELS, ratingsLine, strengthSuffix } from '../src/index.ts';
// The games and their bots, registered with packages/ai as every front door has them.
import { GAME_IDS, lineById } from '@roundtable/catalog';

/** The games whose bot profile publishes figures. */
const rated = () => GAME_IDS.filter((id) => profileOf(id).ratings);

describe('the published ratings', () => {
  it('rate every level a seat can be given, greedy at 1000, in each rated game’s own bot profile', () => {
    expect([...RATED_LEVELS].sort()).toEqual([...BOT_LEVELS].sort());
    expect(rated().length).toBeGreaterThan(0);
    for (const game of rated()) expect(profileOf(game).ratings!.greedy, game).toBe(1000);
  });

  it('are the same figures in the bot profile and in the catalog line a page reads', () => {
    for (const game of GAME_IDS) {
      expect(lineById(game)?.ratings?.ratings, game).toBe(profileOf(game).ratings);
      expect(lineById(game)?.ratings?.teamWinRates, game).toBe(profileOf(game).teamWinRates);
    }
  });

  it('read as one menu line: measured levels only, in level order', () => {
    const joust = profileOf('joust').ratings!;
    expect(ratingsLine('joust')).toBe(
      `Bot ratings (arena Elo, greedy = 1000): ${RATED_LEVELS.map((l) => `${l} ${joust[l]}`).join(' · ')}`,
    );
    expect(strengthSuffix('joust', 'strong')).toBe(` (≈${joust.strong})`);
    expect(ratingsLine('nim')).toBe('Bot ratings: not measured yet for this game.');
    expect(ratingsLine('nim', 'fr')).toBe('Force des robots\u00a0: pas encore mesurée pour ce jeu.');
    expect(ratingsLine('camelot', 'fr')).toMatch(
      /^Force des robots \(Elo mesuré dans l’arène, greedy = 1000\)\u00a0: random \d+ · /,
    );
    expect(strengthSuffix('nim', 'strong')).toBe('');
  });

  it("put easy below medium below strong in every game; a team game says its side's wins", () => {
    for (const game of rated()) {
      const { ratings, teamWinRates: team } = profileOf(game);
      const [easy, medium, strong] = (['easy', 'medium', 'strong'] as const).map((l) =>
        team ? team[l]?.alone : ratings![l],
      );
      expect(easy! < medium! && medium! < strong!, game).toBe(true);
    }
    expect(ratingsLine('shadows')).toBe(
      "Bot strength (a team game: the loyal side's wins with the level in every seat, 4 players, without a traitor / with one): easy 0% / 0% · medium 13% / 3% · strong 78% / 48%",
    );
    expect(ratingsLine('shadows', 'fr')).toContain('strong 78\u00a0% / 48\u00a0%');
    expect(strengthSuffix('shadows', 'strong', 'fr')).toBe(' (une équipe de ce niveau gagne 78\u00a0%)');
  });
});
