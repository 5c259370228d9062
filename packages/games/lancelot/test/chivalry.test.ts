import { describe, expect, it } from 'vitest';
import { explainSquare, fieldFor, lancelot, lookupSquare } from '../src/index.ts';
import { BLUE, RED, YELLOW, errorOf, place, playText, scene, value } from './helpers.ts';

describe('La règle de chevalerie: no placement may give more than +2 on its row or column', () => {
  it('nobody may put a third piece on a line that holds no other piece', () => {
    const s = scene({ players: 2, pieces: { D4: 'R', D5: 'R' }, toMove: 'R' });
    expect(errorOf(lancelot.play(s, RED, place('D9')))).toEqual({
      code: 'CHIVALRY',
      square: 'D9',
      line: 'column D',
      advantage: 3,
      seat: RED,
      piece: 'knight',
    });
    expect(lancelot.play(s, RED, place('E9')).ok).toBe(true);
  });

  it('every piece of every other colour counts against the player (+2 with opponents is allowed, +3 is not)', () => {
    const s = scene({ players: 3, pieces: { C4: 'R', D4: 'R', E4: 'R', F4: 'B', G4: 'G' }, toMove: 'R' });
    // 3 − 2 = +1 now; a fourth Red knight makes +2 (a capture), never +3.
    expect(lancelot.play(s, RED, place('H4')).ok).toBe(true);
    const t = scene({ players: 3, pieces: { C4: 'R', D4: 'R', E4: 'R', F4: 'B' }, toMove: 'R' });
    expect(errorOf(lancelot.play(t, RED, place('H4')))).toMatchObject({
      code: 'CHIVALRY',
      line: 'row 4',
      advantage: 3,
    });
  });

  it('seed example 1: Yellow may not place on row 7 or column E (it would be +3), the other players may', () => {
    const s = scene({ players: 4, pieces: { E7: 'Y', H7: 'Y', E10: 'Y' }, toMove: 'Y' });
    const field = fieldFor(4, false);
    for (const square of field.names) {
      if (s.board[(lookupSquare(field, square) as { cell: number }).cell] !== null) continue;
      const inRow7 = /^[A-N]7$/.test(square);
      const inColumnE = square.startsWith('E');
      const yellow = explainSquare(s, YELLOW, square);
      expect(yellow.legal, square).toBe(!(inRow7 || inColumnE));
      if (!yellow.legal) {
        expect(yellow.reasons[0]).toMatchObject({
          code: 'CHIVALRY',
          advantage: 3,
          line: inRow7 ? 'row 7' : 'column E',
        });
      }
      expect(explainSquare(s, BLUE, square).legal, square).toBe(true);
    }
  });

  it('the refusal names the line and the advantage, in English and French', () => {
    const s = scene({ players: 4, pieces: { K2: 'Y', K3: 'Y' }, toMove: 'Y' });
    const error = errorOf(lancelot.play(s, YELLOW, place('K4')));
    expect(error).toMatchObject({ code: 'CHIVALRY', square: 'K4', line: 'column K', advantage: 3 });
    expect(lancelot.messages.CHIVALRY!.en(error)).toBe(
      'Rule of chivalry: a knight on K4 would give Yellow +3 on column K (at most +2).',
    );
    expect(lancelot.messages.CHIVALRY!.fr(error)).toBe(
      'Règle de chevalerie\u00a0: un chevalier en K4 donnerait +3 à Jaune sur la colonne K (au plus +2).',
    );
  });

  it('[decision] a line left above +2 by a capture stays, but its owner may not place there while it is above +2', () => {
    // Blue captured on row 4 earlier: four Blue knights are left alone there.
    const s = scene({
      players: 4,
      pieces: { C4: 'B', E4: 'B', G4: 'B', J4: 'B' },
      toMove: 'B',
      lost: [2, 0, 0, 0],
      captures: [0, 2, 0, 0],
    });
    expect(errorOf(lancelot.play(s, BLUE, place('L4')))).toMatchObject({
      code: 'CHIVALRY',
      line: 'row 4',
      advantage: 5,
    });
    // The others place there safely, and bring it down: three Red knights make it +1 for Blue.
    const t = playText(s, 'L6', 'C13', 'D13', 'D4', 'M8', 'E13', 'F13', 'F4', 'L10', 'G13', 'H13', 'H4');
    expect([t.board.filter((v) => v === RED).length, t.captures]).toEqual([3, [0, 2, 0, 0]]);
    // Blue now has 4 − 3 = +1 on row 4; K4 makes +2 and takes the three Red knights.
    const u = value(lancelot.play(t, BLUE, place('K4')));
    expect(u.captures[BLUE]).toBe(5);
    expect(u.board.filter((v) => v === RED)).toHaveLength(0);
  });
});
