import { describe, expect, it } from 'vitest';
import { describeExplanation, explainSquare } from '../src/index.ts';
import { BLUE, RED, scene } from './helpers.ts';

describe('"Why not here?": explainSquare', () => {
  const s = scene({ players: 2, pieces: { D4: 'R', D5: 'R', E6: 'R', F6: 'R', H6: 'B', K11: 'B' }, toMove: 'R' });

  it('names every line the rule of chivalry forbids, with the advantage', () => {
    const e = explainSquare(s, RED, 'D6');
    expect(e).toEqual({
      square: 'D6',
      legal: false,
      reasons: [{ code: 'CHIVALRY', square: 'D6', line: 'column D', advantage: 3, seat: RED, piece: 'knight' }],
    });
    expect(describeExplanation(e, RED, 'en')).toBe(
      'Rule of chivalry: a knight on D6 would give Red +3 on column D (at most +2).',
    );
    expect(describeExplanation(e, RED, 'fr')).toBe(
      'Règle de chevalerie\u00a0: un chevalier en D6 donnerait +3 à Rouge sur la colonne D (au plus +2).',
    );
  });

  it('says what a legal square would capture', () => {
    const e = explainSquare(s, RED, 'G6');
    expect(e).toEqual({ square: 'G6', legal: true, captures: [{ line: 'row 6', squares: ['H6'] }] });
    expect(describeExplanation(e, RED, 'en')).toBe('G6 is legal for Red and captures H6 (row 6).');
    expect(describeExplanation(e, RED, 'fr')).toBe('G6 est permise à Rouge et capture H6 (rangée 6).');
    expect(describeExplanation(explainSquare(s, BLUE, 'J9'), BLUE, 'en')).toBe(
      'J9 is legal for Blue; it captures nothing.',
    );
  });

  it('explains occupied and off-field squares', () => {
    expect(explainSquare(s, BLUE, 'd4')).toEqual({
      square: 'D4',
      legal: false,
      reasons: [{ code: 'OCCUPIED', square: 'D4', by: RED }],
    });
    expect(explainSquare(s, BLUE, 'A1')).toMatchObject({
      legal: false,
      reasons: [{ code: 'OFF_FIELD', square: 'A1' }],
    });
    expect(explainSquare(s, BLUE, 'Q1')).toMatchObject({ legal: false, reasons: [{ code: 'BAD_SQUARE' }] });
  });
});
