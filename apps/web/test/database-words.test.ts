/** How the game database page names players: people as they are, bot seats in words, never an engine code. */
import { describe, expect, it } from 'vitest';
import { shownName } from '../src/database/words.ts';

describe('a player’s name on the database page', () => {
  it('a person keeps the name, whatever it looks like', () => {
    expect(shownName('Perceval', 'fr')).toBe('Perceval');
    expect(shownName('robot:strong', 'en')).toBe('robot:strong');
  });

  it('a bot seat is told by its level, in English and French', () => {
    expect(shownName('bot:random', 'en')).toBe('Bot (random)');
    expect(shownName('bot:random', 'fr')).toBe('Robot (hasard)');
    expect(shownName('bot:strong', 'fr')).toBe('Robot (fort)');
    expect(shownName('bot:book', 'fr')).toBe('Robot (livre)');
  });

  it('a self-play bot by its search budget; a level this build does not know, as it is', () => {
    expect(shownName('bot:800', 'en')).toBe('Bot (800 nodes)');
    expect(shownName('bot:800', 'fr')).toBe('Robot (800\u00a0nœuds)');
    expect(shownName('bot:grandmaster', 'en')).toBe('Bot (grandmaster)');
    expect(shownName('bot:', 'en')).toBe('Bot');
  });
});
