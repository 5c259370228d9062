import { describe, expect, it } from 'vitest';
import { spokenWeapon, tournament, type TournamentView } from '../src/index.ts';
import { run, stacked } from './helpers.ts';

const speech = tournament.speech!;
// Three knights, seat 0 leads (dealer 2): combat 1 is played (seat 0 plays Merlin as 1 of Swords and loses), then
// seat 0 leads combat 2 with the 5 of Sorcery and seat 1 follows with the 12 of Sorcery.
const s = run(
  stacked(
    [
      ['merlin', 'so5', 'ar2'],
      ['sw9', 'so12', 'de3'],
      ['sw7', 'al4', 'so6'],
    ],
    { heroes: ['arthur', 'gauvain', null] },
  ),
  ['play merlin sw1', 'play sw9', 'play sw7', 'play so5', 'play so12'],
);
const v0: TournamentView = tournament.view(s, 0);
const ask = (text: string, lang: 'en' | 'fr' = 'en', v: TournamentView = v0) =>
  speech.ask(v, text, { viewer: v.viewer, lang, players: 3 });

describe('Tournament cards in words', () => {
  it('names value and suit, poison, Alchemy, Merlin', () => {
    expect(spokenWeapon('sw7', 'en')).toBe('7 of Swords (poisoned)');
    expect(spokenWeapon('sw7', 'fr')).toBe('7 d’Épées (empoisonné)');
    expect(spokenWeapon('so12', 'fr')).toBe('12 de Sorcellerie (empoisonné)');
    expect(spokenWeapon('al4', 'en')).toBe('Alchemy 4');
    expect(spokenWeapon('apprenti.1', 'en')).toBe('Apprentice');
  });

  it('names only what the view shows', () => {
    expect(speech.name(v0, 'ar2', 'en')).toBe('2 of Arrows');
    expect(speech.name(v0, 'de3', 'en')).toBeNull(); // in seat 1's hand
    expect(speech.name(v0, 'al4', 'en')).toBeNull(); // in seat 2's hand
    expect(speech.name(tournament.view(s, 'spectator'), 'ar2', 'en')).toBeNull();
    expect(speech.name(v0, 'merlin.1', 'en')).toBe('Merlin'); // on seat 0's wound pile
    expect(speech.name(v0, 'arthur', 'en')).toMatch(/^King Arthur \(hero\): /);
  });
});

describe('Tournament queries', () => {
  it('my hand, with the id to play each card', () => {
    expect(ask('hand')?.text).toBe('Your hand, 1 card: 2 of Arrows, ar2.');
    expect(ask('main', 'fr')?.text).toBe('Votre main, 1 carte\u00a0: 2 de Flèches, ar2.');
  });

  it('the combat on the table and the previous one', () => {
    expect(ask('combat')?.text).toBe(
      'Combat 2 of round 1. Suit led: Sorcery. Knight 0: 5 of Sorcery (poisoned); Knight 1: 12 of Sorcery (poisoned). Knight 2 to play.',
    );
    expect(ask('pli', 'fr')?.text).toBe(
      'Combat 2 de la manche 1. Couleur demandée\u00a0: Sorcellerie. Chevalier 0\u00a0: 5 de Sorcellerie (empoisonné)\u00a0; Chevalier 1\u00a0: 12 de Sorcellerie (empoisonné). Au tour de Chevalier 2.',
    );
    expect(ask('previous')?.text).toBe(
      'Combat 1 of round 1: Knight 0: Merlin as 1 of Swords; Knight 1: 9 of Swords (poisoned); Knight 2: 7 of Swords (poisoned). Knight 0 lost and took 3 cards.',
    );
  });

  it('wound piles, life, knights, deck', () => {
    expect(ask('wounds')?.text).toBe(
      'Wound piles this round. Knight 0: 45 wounds, from Merlin, 9 of Swords (poisoned) and 7 of Swords (poisoned). Knight 1: 0 wounds. Knight 2: 0 wounds.',
    );
    expect(ask('vie', 'fr')?.text).toBe(
      'Vie\u00a0: Chevalier 0 400, Chevalier 1 400, Chevalier 2 400. Manche 1\u00a0; la partie s’arrête quand un chevalier tombe à 0.',
    );
    expect(ask('players')?.text).toMatch(
      /^Knight 0: King Arthur, legend Excalibur asleep; Knight 1: Sir Gawain, legend .+; Knight 2: no hero yet\.$/,
    );
    expect(ask('paquet', 'fr')?.text).toMatch(
      // French puts 0 in the singular: « 0 carte défaussée », never « 0 cartes ».
      /^\d+ cartes au paquet, 0 carte défaussée, \d+ faveurs restantes, 3 jetons de volonté divine\.$/,
    );
  });

  it('a spectator has no hand; a move or an unknown word is no query', () => {
    expect(ask('hand', 'en', tournament.view(s, 'spectator'))?.error).toBe(true);
    expect(ask('play ar2')).toBeNull();
    expect(ask('pioche')).toBeNull(); // a move word (draw)
    expect(ask('xyzzy')).toBeNull();
  });
});
