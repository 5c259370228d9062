import { describe, expect, it } from 'vitest';
import type { SpeechInput } from '@roundtable/core';
import { joust, spokenCard, type JoustView } from '../src/index.ts';
import { scenario } from './helpers.ts';

const speech = joust.speech!;
const s = scenario({
  colour: 'red',
  displays: [['red-3', 'maiden'], ['red-4', 'squire-2'], []],
  hands: [['riposte', 'yellow-2', 'squire-3'], ['blue-5', 'chute'], ['green-1']],
  tokens: [['blue'], [], ['purple', 'green']],
  withdrawn: [2],
  shield: 1,
  discard: ['green-1', 'yellow-3'],
});
const v0 = joust.view(s, 0);
const ask = (v: JoustView, text: string, lang: 'en' | 'fr' = 'en', viewer: SpeechInput['viewer'] = 0) =>
  speech.ask(v, text, { viewer, lang, players: 3 });

describe('joust cards in words', () => {
  it('names colour and value, or kind and value, never a colour alone', () => {
    expect(spokenCard('red-3.1', 'en')).toBe('red 3');
    expect(spokenCard('red-3.1', 'fr')).toBe('rouge 3');
    expect(spokenCard('maiden.2', 'en')).toBe('Maiden, support 6');
    expect(spokenCard('squire-2.1', 'fr')).toBe('Écuyer, soutien 2');
    expect(spokenCard('riposte.1', 'en')).toBe('Riposte (action)');
  });

  it('names only what the view shows: my hand, the displays, the discard; not another hand', () => {
    const mine = v0.me!.hand;
    expect(mine.map((id) => speech.name(v0, id, 'en'))).toEqual(['Riposte (action)', 'yellow 2', 'Squire, support 3']);
    const theirs = joust.view(s, 1).me!.hand;
    for (const id of theirs) expect(speech.name(v0, id, 'en')).toBeNull();
    expect(speech.name(joust.view(s, 'spectator'), mine[0]!, 'en')).toBeNull();
    expect(speech.name(v0, 'seat:1', 'en')).toBe(
      'Knight 1: red 4; Squire, support 2, total 6, shielded, 2 cards in hand',
    );
  });
});

describe('joust queries', () => {
  it('my hand, numbered as play reads it', () => {
    expect(ask(v0, 'hand')?.text).toBe('Your hand, 3 cards: 1, Riposte (action); 2, yellow 2; 3, Squire, support 3.');
    expect(ask(v0, 'ma main', 'fr')?.text).toBe(
      'Votre main, 3 cartes\u00a0: 1, Riposte (action)\u00a0; 2, jaune 2\u00a0; 3, Écuyer, soutien 3.',
    );
    expect(ask(joust.view(s, 'spectator'), 'hand', 'en', 'spectator')?.error).toBe(true);
  });

  it('the cards in front of each player', () => {
    expect(ask(v0, 'displays')?.text).toBe(
      'Knight 0 (you): red 3; Maiden, support 6, total 9, 3 cards in hand. Knight 1: red 4; Squire, support 2, total 6, shielded, 2 cards in hand. Knight 2: nothing in front, total 0, withdrawn, 1 card in hand.',
    );
    expect(ask(v0, 'devant', 'fr')?.text).toContain(
      'Chevalier 2\u00a0: rien devant soi, total 0, retiré, 1 carte en main.',
    );
  });

  it('the tournament, the tokens, the deck', () => {
    expect(ask(v0, 'tournament')?.text).toBe(
      'Tournament 1, red. Knight 0 leads with 9. Withdrawn: Knight 2. Knight 0 to play (1 card played this turn).',
    );
    expect(ask(v0, 'tournoi', 'fr')?.text).toBe(
      'Tournoi 1, rouge. Chevalier 0 mène avec 9. Retirés\u00a0: Chevalier 2. Au tour de Chevalier 0 (1 carte jouée ce tour).',
    );
    expect(ask(v0, 'jetons', 'fr')?.text).toBe(
      'Jetons. Chevalier 0\u00a0: bleu\u00a0; Chevalier 1\u00a0: aucun\u00a0; Chevalier 2\u00a0: violet et vert. On gagne avec des jetons de 5 couleurs différentes (violet, rouge, bleu, jaune et vert).',
    );
    expect(ask(v0, 'deck')?.text).toMatch(
      /^\d+ cards in the deck, 2 cards in the discard pile\. The last card discarded is yellow 3\.$/,
    );
    expect(ask(v0, 'pioche', 'fr')?.text).toContain('La dernière carte défaussée est jaune 3.');
  });

  it('answers null to a move or an unknown word', () => {
    expect(ask(v0, 'play red-4')).toBeNull();
    expect(ask(v0, 'colour red')).toBeNull();
    expect(ask(v0, 'xyzzy')).toBeNull();
  });
});
