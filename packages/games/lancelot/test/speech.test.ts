import { describe, expect, it } from 'vitest';
import type { SpeechInput } from '@roundtable/core';
import { lancelot, type LancelotView } from '../src/index.ts';
import { scene } from './helpers.ts';

const speech = lancelot.speech!;
// Two players on the 8×8 field D4–K11; Excalibur on K7, invoked by Blue (Red keeps its shield).
const v: LancelotView = lancelot.view(
  scene({
    players: 2,
    pieces: { D7: 'R', E7: 'R', F7: 'B', K4: 'B' },
    toMove: 'R',
    sword: 'K7=B',
    shields: 'R',
    captures: [1, 2],
    lost: [2, 1],
    options: { excalibur: true },
  }),
  0,
);
const ask = (text: string, lang: 'en' | 'fr' = 'en', viewer: SpeechInput['viewer'] = 0) =>
  speech.ask(v, text, { viewer, lang, players: 2 });

describe('Lancelot squares in words', () => {
  it('names a square with the colour of its knight, or the sword and its holder', () => {
    expect(speech.name(v, 'D7', 'en')).toBe('D7, Red knight');
    expect(speech.name(v, 'f7', 'fr')).toBe('F7, chevalier Bleu');
    expect(speech.name(v, 'K7', 'en')).toBe('K7, Excalibur, held by Blue');
    expect(speech.name(v, 'H9', 'fr')).toBe('H9, vide');
    expect(speech.name(v, 'A1', 'en')).toBeNull(); // off the two-player field
    expect(speech.things(v)).toHaveLength(64);
  });
});

describe('Lancelot queries', () => {
  it('my knights and a colour’s knights', () => {
    expect(ask('mine')?.text).toBe('Red: 2 knights on D7 and E7.');
    expect(ask('mine', 'en', 1)?.text).toBe('Blue: 2 knights on K4 and F7.');
    expect(ask('où bleu', 'fr')?.text).toBe('Bleu\u00a0: 2 chevaliers en K4 et F7.');
    expect(ask('pieces')?.text).toBe(
      'Red: 2 knights on D7 and E7. Blue: 2 knights on K4 and F7. K7, Excalibur, held by Blue.',
    );
    expect(ask('pieces green')?.error).toBe(true);
  });

  it('a square, a row, a column', () => {
    expect(ask('square K4')).toEqual({ text: 'K4, Blue knight.', refs: ['K4'] });
    expect(ask('case C3', 'fr')).toEqual({
      text: 'C3 n’est pas une case du terrain (D4 à K11). Indiquez une case, par exemple case K11.',
      error: true,
    });
    expect(ask('row 7')?.text).toBe(
      'Row 7 (D7–K7): D7 Red knight, E7 Red knight, F7 Blue knight, K7 Excalibur, held by Blue; 4 empty squares.',
    );
    expect(ask('colonne K', 'fr')?.text).toBe(
      'Colonne K (K4–K11)\u00a0: K4 chevalier Bleu, K7 Excalibur, tenue par Bleu\u00a0; 6 cases vides.',
    );
    expect(ask('row 12')?.error).toBe(true);
  });

  it('the lines through a square, counted as the rule of chivalry counts them', () => {
    expect(ask('lines G7')?.text).toBe('G7, empty. Row 7: Red 2, Blue 1, Excalibur; Column G: empty.');
    expect(ask('lignes K4', 'fr')?.text).toBe(
      'K4, chevalier Bleu. Rangée 4\u00a0: Bleu 1\u00a0; Colonne K\u00a0: Bleu 1, Excalibur.',
    );
  });

  it('the captures and the sword', () => {
    expect(ask('scores')?.text).toBe('Captures: Red 1 (26 left to place), Blue 2 (27 left to place). 7 captures win.');
    expect(ask('prises', 'fr')?.text).toBe(
      'Prises\u00a0: Rouge 1 (26 à poser), Bleu 2 (27 à poser). 7 prises font gagner.',
    );
    expect(ask('sword')?.text).toBe('K7, Excalibur, held by Blue. May still invoke it: Red.');
    expect(ask('épée', 'fr')?.text).toBe('K7, Excalibur, tenue par Bleu. Peut encore l’invoquer\u00a0: Rouge.');
  });

  it('answers null to a move or an unknown word', () => {
    expect(ask('K4')).toBeNull();
    expect(ask('pass')).toBeNull();
    expect(ask('E:G6 G8')).toBeNull();
  });
});
