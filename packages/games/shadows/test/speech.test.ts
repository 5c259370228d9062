import { describe, expect, it } from 'vitest';
import { shadows, spokenShadowsCard, type ShadowsView } from '../src/index.ts';
import { at } from './helpers.ts';

const speech = shadows.speech!;
// Four knights (Arthur, Galahad, Gawain, Kay), Gawain the traitor, nobody unmasked; Kay has accused already.
const s = at({
  players: 4,
  traitor: 2,
  hands: [['fight-3', 'grail', 'merlin'], ['fight-5'], ['fight-1', 'fight-1'], []],
  life: [4, 3, 5, 1],
  locations: ['camelot', 'grail', 'black-knight', 'picts'],
  accused: [3],
  blackKnight: { white: ['fight-2'], black: ['bk-3'] },
  excalibur: { pos: -2 },
  grail: { grails: 2, blacks: ['despair'] },
  picts: { figures: 1, white: ['fight-4'] },
  whiteSwords: 3,
  blackSwords: 2,
  siege: 6,
  relics: { excalibur: 1 },
  turnNumber: 7,
});
const v0: ShadowsView = shadows.view(s, 0);
const ask = (text: string, lang: 'en' | 'fr' = 'en', v: ShadowsView = v0) =>
  speech.ask(v, text, { viewer: v.viewer, lang, players: 4 });

describe('Shadows cards, quests and knights in words', () => {
  it('names a card with its colour in words', () => {
    expect(spokenShadowsCard('fight-3.1', 'en')).toBe('Fight 3, white card');
    expect(spokenShadowsCard('bk-3.1', 'fr')).toBe('Chevalier Noir 3, carte noire');
  });

  it('names only what the view shows: never another hand', () => {
    for (const id of v0.me!.hand) expect(speech.name(v0, id, 'en')).toMatch(/, white card$/);
    for (const id of shadows.view(s, 2).me!.hand) expect(speech.name(v0, id, 'en')).toBeNull();
    expect(speech.name(v0, 'grail', 'en')).toBe(
      'Holy Grail quest: 2 Grail cards and 1 Despair card on 7 spots; there: Sir Galahad',
    );
    expect(speech.name(v0, 'relic:excalibur', 'fr')).toBe('Excalibur, détenu par Sire Galahad');
    expect(speech.name(v0, 'seat:3', 'en')).toBe('Sir Kay: 1 life, on the Picts war, 0 cards');
  });
});

describe('Shadows queries', () => {
  it('my hand and my loyalty, to me alone', () => {
    expect(ask('hand')?.text).toBe('Your hand, 3 white cards: Fight 3; Grail; Merlin.');
    expect(ask('main', 'fr')?.text).toBe('Votre main, 3 cartes blanches\u00a0: Combat 3\u00a0; Graal\u00a0; Merlin.');
    expect(ask('loyalty')?.text).toBe('You are loyal to Arthur: win the quests with the other loyal knights.');
    expect(ask('loyauté', 'fr', shadows.view(s, 2))?.text).toBe(
      'Vous êtes le traître\u00a0: les chevaliers doivent perdre, et aucun ne sait que c’est vous.',
    );
    expect(ask('loyalty', 'en', shadows.view(s, 'spectator'))?.error).toBe(true);
  });

  it('the knights, the quest board and one quest', () => {
    expect(ask('players')?.text).toBe(
      'King Arthur (you): 4 life, at Camelot, 3 cards. Sir Galahad: 3 life, on the Holy Grail quest, 1 card, holds Excalibur. Sir Gawain: 5 life, on the Black Knight quest, 2 cards. Sir Kay: 1 life, on the Picts war, 0 cards.',
    );
    expect(ask('quests')?.text).toContain('Excalibur quest: the sword at −2, won at +5, lost at −5.');
    expect(ask('quête pictes', 'fr')?.text).toBe(
      'Guerre contre les Pictes\u00a0: 1 figurine sur 4 (perdue à 4)\u00a0; blanches Combat 4\u00a0; présents\u00a0: Sire Keu. Gagnée\u00a0: 1 épée blanche, 4 cartes blanches à partager, 1 point de vie chacun. Perdue\u00a0: 1 épée noire, 1 point de vie chacun, 2 engins de siège.',
    );
    expect(ask('quest black knight')?.text).toMatch(
      /^Black Knight: white Fight 2; black Black Knight 3; there: Sir Gawain\. Won: /,
    );
    expect(ask('quest moon')?.error).toBe(true);
  });

  it('swords and siege engines, the accusation state, relics, decks', () => {
    expect(ask('status')?.text).toBe(
      'Round Table: 3 white swords, 2 black swords (7 black lose, the game ends at 12). 6 siege engines around Camelot (12 lose). Turn 7, King Arthur is the active knight.',
    );
    expect(ask('traitor')?.text).toBe(
      'No traitor has been unmasked. Accusations are open. May still accuse, once each: King Arthur, Sir Galahad and Sir Gawain.',
    );
    expect(ask('reliques', 'fr')?.text).toBe(
      'Excalibur, détenu par Sire Galahad\u00a0; Saint Graal, encore à gagner\u00a0; Armure de Lancelot, encore à gagner.',
    );
    expect(ask('decks')?.text).toMatch(/^White deck \d+, white discard 0; black deck \d+, black discard 0\.$/);
  });

  it('a move or an unknown word is no query', () => {
    expect(ask('play fight-3')).toBeNull();
    expect(ask('accuse 2')).toBeNull();
    expect(ask('move grail')).toBeNull();
    expect(ask('xyzzy')).toBeNull();
  });
});
