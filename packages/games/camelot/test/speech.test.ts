import { describe, expect, it } from 'vitest';
import type { SpeechInput } from '@roundtable/core';
import { camelot, engineFor, positionFromPieces, type CamelotView } from '../src/index.ts';

function viewOf(pieces: string, side: 'w' | 'b' = 'w', rest = '1,0 6 20'): CamelotView {
  const text = positionFromPieces(engineFor('camelot'), pieces, side, rest);
  const r = camelot.position!.read(text, { players: 2, options: { variant: 'camelot' } });
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return camelot.view(r.value, 0);
}
const speech = camelot.speech!;
const ask = (v: CamelotView, text: string, lang: 'en' | 'fr' = 'en', viewer: SpeechInput['viewer'] = 0) =>
  speech.ask(v, text, { viewer, lang, players: 2 });

// White: knight C6, man F1 (in its own castle); Black: knight F15, men E7 and F16 (Black's castle).
const v = viewOf('K:C6 M:F1 k:F15 m:E7 m:F16');

describe('Camelot squares in words', () => {
  it('names a square with its piece, side and castle', () => {
    expect(speech.name(v, 'C6', 'en')).toBe('C6, white knight');
    expect(speech.name(v, 'c6', 'fr')).toBe('C6, cavalier blanc');
    expect(speech.name(v, 'D9', 'en')).toBe('D9, empty');
    expect(speech.name(v, 'F16', 'en')).toBe("F16, Black's castle, black man");
    expect(speech.name(v, 'G1', 'fr')).toBe('G1, château de Blanc, vide');
    expect(speech.name(v, 'A1', 'en')).toBeNull(); // not on the board
    expect(speech.things(v)).toHaveLength(160);
  });
});

describe('Camelot queries', () => {
  it('mine and theirs from the viewer', () => {
    expect(ask(v, 'mine')?.text).toBe('White: 1 knight on C6; 1 man on F1.');
    expect(ask(v, 'adverses', 'fr')?.text).toBe('Noir\u00a0: 1 cavalier en F15\u00a0; 2 pions en E7 et F16.');
    expect(ask(v, 'mine', 'en', 1)?.text).toBe('Black: 1 knight on F15; 2 men on E7 and F16.');
    expect(ask(v, 'mine', 'en', 'spectator')?.error).toBe(true);
  });

  it('pieces of a side named by its colour, or both', () => {
    expect(ask(v, 'pieces black')?.refs).toEqual(['F15', 'E7', 'F16']);
    expect(ask(v, 'où blanc', 'fr')?.text).toBe('Blanc\u00a0: 1 cavalier en C6\u00a0; 1 pion en F1.');
    expect(ask(v, 'where')?.text).toContain('White: 1 knight on C6; 1 man on F1. Black:');
    expect(ask(v, 'pieces purple')?.error).toBe(true);
  });

  it('a square, a row, a file', () => {
    expect(ask(v, 'square e7')).toEqual({ text: 'E7, black man.', refs: ['E7'] });
    expect(ask(v, 'case E7', 'fr')?.text).toBe('E7, pion noir.');
    expect(ask(v, 'square Z9')).toEqual({
      text: 'There is no square Z9 on this board. Say a square, e.g. square F6.',
      error: true,
    });
    expect(ask(v, 'row 6')?.text).toBe('Row 6 (A6–L6): C6 white knight; 11 empty squares.');
    expect(ask(v, 'rangée 9', 'fr')?.text).toBe('Rangée 9 (A9–L9)\u00a0: vide.');
    expect(ask(v, 'file f')?.text).toBe(
      'File F (F1–F16): F1 white man, F15 black knight, F16 black man; 13 empty squares.',
    );
    expect(ask(v, 'colonne Q', 'fr')?.error).toBe(true);
    expect(ask(v, 'row 17')?.error).toBe(true);
  });

  it('castles and the count', () => {
    expect(ask(v, 'castles')?.text).toBe(
      "White's castle: F1 white man, G1 empty. Black's castle: F16 black man, G16 empty. Castle moves used: White 1 of 2, Black 0 of 2.",
    );
    expect(ask(v, 'compte', 'fr')?.text).toBe(
      'Blanc\u00a0: 1 cavalier et 1 pion\u00a0; Noir\u00a0: 1 cavalier et 2 pions. 3 coups chacun sans prise ni entrée dans un château (nulle à 50).',
    );
  });

  it('threats: the pieces the opponent could capture if it were to move, and from where', () => {
    const w = viewOf('K:C6 M:F5 M:G6 k:F15 m:E6 m:H7 m:I8');
    expect(ask(w, 'threats')).toEqual({
      text: 'Black could capture 1 piece of White: F5 white man (from E6).',
      refs: ['F5'],
    });
    expect(ask(w, 'menaces', 'fr', 1)?.text).toBe(
      'Blanc pourrait prendre 1 pièce de Noir\u00a0: E6 pion noir (depuis F5).',
    );
    expect(ask(v, 'threats')?.text).toBe('No piece of White can be captured on the next move.');
  });

  it('answers null to a move or an unknown word', () => {
    expect(ask(v, 'F6-F5')).toBeNull();
    expect(ask(v, 'xyzzy')).toBeNull();
  });
});
