import { describe, expect, it } from 'vitest';
import { explainSquare, fieldFor, lancelot } from '../src/index.ts';
import { BLUE, RED, at, errorOf, place, scene, value } from './helpers.ts';

describe('Variante: diagonals longer than 4 squares are lines too', () => {
  it('without the variant, diagonals are not lines', () => {
    const s = scene({ players: 2, pieces: { D4: 'R', E5: 'R' }, toMove: 'R' });
    expect(lancelot.play(s, RED, place('F6')).ok).toBe(true);
  });

  it('with the variant, the rule of chivalry applies on a long diagonal', () => {
    const s = scene({ players: 2, pieces: { D4: 'R', E5: 'R' }, toMove: 'R', options: { diagonals: true } });
    expect(errorOf(lancelot.play(s, RED, place('F6')))).toMatchObject({
      code: 'CHIVALRY',
      line: 'diagonal D4-K11',
      advantage: 3,
    });
  });

  it('a diagonal of 4 squares or fewer is not a line', () => {
    // Anti-diagonal A4-D1 of the 5-player field has 4 squares.
    const s = scene({ players: 5, pieces: { A4: 'R', B3: 'R' }, toMove: 'R', options: { diagonals: true } });
    expect(lancelot.play(s, RED, place('C2')).ok).toBe(true);
    // A5-E1 has 5 squares: it is a line.
    const t = scene({ players: 5, pieces: { A5: 'R', B4: 'R' }, toMove: 'R', options: { diagonals: true } });
    expect(errorOf(lancelot.play(t, RED, place('C3')))).toMatchObject({ code: 'CHIVALRY', line: 'diagonal E1-A5' });
    const names = fieldFor(2, true).lineNames.filter((n) => n.startsWith('diagonal'));
    // An 8×8 field has diagonals of 5 to 8 squares: 7 per direction.
    expect(names).toHaveLength(14);
  });

  // seed example 4 (5 players): Blue places on "case A" (C8) and captures C5 and C2 vertically and D7 diagonally;
  // Blue may not place on the diagonal from L1 to C10, where it already has +2.
  const example4 = () =>
    scene({
      players: 5,
      pieces: {
        C12: 'B',
        C13: 'B',
        C14: 'B',
        C5: 'R',
        C2: 'G', // column C
        G4: 'B',
        I2: 'B',
        D7: 'Y', // diagonal J1-A10 through C8
        J3: 'B',
        F7: 'B', // diagonal L1-A12: Blue +2 already
      },
      toMove: 'B',
      options: { diagonals: true },
    });

  it('seed example 4: a knight on C8 captures C5 and C2 vertically and D7 diagonally', () => {
    const before = example4();
    const after = value(lancelot.play(before, BLUE, place('C8')));
    expect([at(after, 'C5'), at(after, 'C2'), at(after, 'D7')]).toEqual([null, null, null]);
    expect(after.captures).toEqual([0, 3, 0, 0, 0]);
    for (const sq of ['C8', 'C12', 'G4', 'I2', 'J3', 'F7']) expect(at(after, sq)).toBe('B');
  });

  it('seed example 4: Blue may not place on the empty squares of the diagonal L1-C10', () => {
    const after = value(lancelot.play(example4(), BLUE, place('C8')));
    const next = { ...after, seat: BLUE };
    for (const sq of ['L1', 'K2', 'I4', 'H5', 'G6', 'E8', 'D9', 'C10', 'B11', 'A12']) {
      const e = explainSquare(next, BLUE, sq);
      expect(e.legal, sq).toBe(false);
      if (!e.legal)
        expect(e.reasons).toContainEqual(
          expect.objectContaining({ code: 'CHIVALRY', line: 'diagonal L1-A12', advantage: 3 }),
        );
    }
    // The other players may.
    expect(explainSquare(next, RED, 'H5').legal).toBe(true);
  });
});
