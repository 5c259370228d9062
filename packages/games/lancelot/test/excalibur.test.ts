import { describe, expect, it } from 'vitest';
import { explainSquare, lancelot } from '../src/index.ts';
import { BLUE, RED, YELLOW, at, errorOf, options, place, playText, scene, sword, value } from './helpers.ts';

describe("Le pouvoir de l'épée: Excalibur", () => {
  it('before the first turn, the player to the right of the first player (last in turn order) places Excalibur', () => {
    for (const players of [2, 3, 4, 5]) {
      for (let seed = 0; seed < 10; seed++) {
        const s = value(lancelot.setup({ players, options: options(players, { excalibur: true }), seed }));
        expect(s.phase).toBe('sword');
        const placer = (s.first + players - 1) % players;
        expect(lancelot.toMove(s)).toEqual([placer]);
        expect(lancelot.legalMoves(s, placer).every((m) => m.kind === 'sword')).toBe(true);
        const after = value(lancelot.play(s, placer, sword('G7')));
        expect(after.excalibur).toBe('G7');
        expect(after.holder).toBeNull();
        expect(lancelot.toMove(after)).toEqual([s.first]);
        expect(after.shields).toEqual(new Array(players).fill(true));
      }
    }
  });

  it('Excalibur counts as an opponent piece for everybody before it is invoked', () => {
    // Row 7: Red 2, Blue 1, neutral Excalibur: a third Red knight makes 3 − 2 = +1, no capture.
    const s = scene({
      players: 2,
      pieces: { D7: 'R', E7: 'R', F7: 'B' },
      toMove: 'R',
      sword: 'K7',
      shields: 'RB',
      options: { excalibur: true },
    });
    const after = value(lancelot.play(s, RED, place('G7')));
    expect(at(after, 'F7')).toBe('B');
    const again = value(lancelot.play({ ...after, seat: RED }, RED, place('H7')));
    expect(at(again, 'F7')).toBeNull();
    expect(again.excalibur).toBe('K7');
  });

  it('seed example 5: Yellow on a starred square of row 7 captures F7 and M7; Excalibur on H7 stays', () => {
    const s = scene({
      players: 4,
      pieces: { B7: 'Y', C7: 'Y', J7: 'Y', K7: 'Y', F7: 'R', M7: 'B' },
      toMove: 'Y',
      sword: 'H7',
      shields: 'RBGY',
      options: { excalibur: true },
    });
    for (const star of ['D7', 'E7', 'G7', 'I7', 'L7']) {
      const after = value(lancelot.play(s, YELLOW, place(star)));
      expect([at(after, 'F7'), at(after, 'M7')], star).toEqual([null, null]);
      expect(after.excalibur).toBe('H7');
      expect(after.captures).toEqual([0, 0, 0, 2]);
    }
  });

  // seed example 6: Yellow puts Excalibur on G6 ("case A") and a knight on G8 ("case B").
  const example6 = () =>
    scene({
      players: 4,
      pieces: { J6: 'Y', L6: 'Y', E6: 'R', G2: 'Y', G11: 'Y', G12: 'Y', G3: 'B', G4: 'G', G9: 'R' },
      toMove: 'Y',
      sword: 'M13',
      shields: 'RBGY',
      options: { excalibur: true },
    });

  it('seed example 6: Excalibur to G6 then a knight to G8 capture E6 (row 6) and G3, G4, G9 (column G)', () => {
    const after = playText(example6(), 'E:G6 G8');
    expect(['E6', 'G3', 'G4', 'G9'].map((sq) => at(after, sq))).toEqual([null, null, null, null]);
    expect(after.captures).toEqual([0, 0, 0, 4]);
    expect(after.excalibur).toBe('G6');
    expect(after.holder).toBe(YELLOW);
    expect(after.shields).toEqual([true, true, true, false]);
    expect(lancelot.toMove(after)).toEqual([RED]);
  });

  it('the invocation is played in two steps: after E:G6 the same seat must place its knight', () => {
    const mid = playText(example6(), 'E:G6');
    // The sword placement is resolved at once: row 6 is +2 for Yellow and E6 is captured.
    expect(at(mid, 'E6')).toBeNull();
    expect(mid.phase).toBe('knight');
    expect(lancelot.toMove(mid)).toEqual([YELLOW]);
    expect(lancelot.legalMoves(mid, YELLOW).every((m) => m.kind === 'place' && m.thenSword !== true)).toBe(true);
    expect(errorOf(lancelot.play(mid, YELLOW, { kind: 'pass' }))).toMatchObject({ code: 'MUST_PLACE_KNIGHT' });
    expect(errorOf(lancelot.play(mid, YELLOW, sword('A1')))).toMatchObject({ code: 'OFF_FIELD' });
    expect(errorOf(lancelot.play(mid, YELLOW, sword('B2')))).toMatchObject({ code: 'SWORD_USED', seat: YELLOW });
    const after = playText(mid, 'G8');
    expect(after.captures).toEqual([0, 0, 0, 4]);
  });

  it('or after the knight: G8 E:G6 (the knight announces the invocation, then the sword is placed)', () => {
    const mid = playText(example6(), 'G8 E:?');
    expect(mid.phase).toBe('swordAfter');
    expect(lancelot.toMove(mid)).toEqual([YELLOW]);
    expect(lancelot.legalMoves(mid, YELLOW).every((m) => m.kind === 'sword')).toBe(true);
    const after = playText(mid, 'E:G6');
    expect(['E6', 'G3', 'G4', 'G9'].map((sq) => at(after, sq))).toEqual([null, null, null, null]);
    expect(playText(example6(), 'G8 E:G6')).toEqual(after);
    expect(lancelot.formatMove(example6(), value(lancelot.parseMove(example6(), YELLOW, 'g8 e:g6')))).toBe('G8 E:G6');
  });

  it('each player invokes Excalibur only once per game', () => {
    const s = scene({
      players: 2,
      pieces: { D4: 'R' },
      toMove: 'R',
      sword: 'K11=R',
      shields: 'B',
      options: { excalibur: true },
    });
    expect(errorOf(lancelot.play(s, RED, sword('E5')))).toEqual({ code: 'SWORD_USED', seat: RED });
    expect(errorOf(lancelot.play(s, RED, { kind: 'place', square: 'E5', thenSword: true }))).toEqual({
      code: 'SWORD_USED',
      seat: RED,
    });
    expect(lancelot.legalMoves(s, RED).every((m) => m.kind === 'place' && m.thenSword !== true)).toBe(true);
  });

  it('Excalibur must be moved: it may not stay on its square', () => {
    const s = scene({ players: 2, pieces: {}, toMove: 'R', sword: 'G7', shields: 'RB', options: { excalibur: true } });
    expect(errorOf(lancelot.play(s, RED, sword('G7')))).toEqual({ code: 'SWORD_NOT_MOVED', square: 'G7' });
  });

  it("once invoked, Excalibur counts as the holder's piece, and against every other player", () => {
    const s = scene({
      players: 2,
      pieces: { D5: 'R' },
      toMove: 'R',
      sword: 'E5=R',
      shields: 'B',
      options: { excalibur: true },
    });
    // Row 5 for Red: D5 + Excalibur = +2; a third piece is +3.
    expect(errorOf(lancelot.play(s, RED, place('H5')))).toMatchObject({
      code: 'CHIVALRY',
      line: 'row 5',
      advantage: 3,
    });
    // For Blue it is an opponent piece: Blue on row 5 has 1 − 2 = −1.
    expect(explainSquare(s, BLUE, 'H5').legal).toBe(true);
  });

  it('the sword placement itself obeys the rule of chivalry', () => {
    const s = scene({
      players: 2,
      pieces: { D5: 'R', F5: 'R' },
      toMove: 'R',
      sword: 'K11',
      shields: 'RB',
      options: { excalibur: true },
    });
    expect(errorOf(lancelot.play(s, RED, sword('H5')))).toEqual({
      code: 'CHIVALRY',
      square: 'H5',
      line: 'row 5',
      advantage: 3,
      seat: RED,
      piece: 'excalibur',
    });
  });

  it('Excalibur is never captured', () => {
    const s = scene({
      players: 2,
      pieces: { D5: 'R', F5: 'R', G5: 'B' },
      toMove: 'R',
      sword: 'E5=B',
      shields: 'R',
      options: { excalibur: true },
    });
    // Red: 3 − (Blue knight + Blue's Excalibur) = +1 after H5: no capture. I5 would make +2.
    const after = playText(s, 'H5', 'K11', 'I5');
    expect(at(after, 'G5')).toBeNull();
    expect(after.excalibur).toBe('E5');
    expect(after.holder).toBe(BLUE);
  });

  it('the invocation goes with a knight: a player with no knight left cannot invoke', () => {
    const s = scene({
      players: 2,
      pieces: {},
      toMove: 'R',
      sword: 'G7',
      shields: 'RB',
      hands: [0, 30],
      lost: [30, 0],
      captures: [0, 30],
      options: { excalibur: true, target: 40 },
    });
    expect(errorOf(lancelot.play(s, RED, sword('D4')))).toEqual({ code: 'NO_KNIGHTS_LEFT', seat: RED });
    expect(lancelot.legalMoves(s, RED)).toEqual([{ kind: 'pass' }]);
  });

  it('[decision] lifting Excalibur off a line captures nothing there, even when it leaves a player above +2', () => {
    // Row 5: Red D5, F5, Blue H5 and the neutral sword on E5: Red is at 0. Blue moves the sword away.
    const s = scene({
      players: 2,
      pieces: { D5: 'R', F5: 'R', G5: 'R', H5: 'B' },
      toMove: 'B',
      sword: 'E5',
      shields: 'RB',
      options: { excalibur: true },
    });
    const after = playText(s, 'E:K11 J9');
    expect(at(after, 'H5')).toBe('B');
    expect(after.captures).toEqual([0, 0]);
    // Red is now at +2 on row 5 with a Blue knight there, but only Red's own placement could capture, and any
    // Red knight on row 5 would make +3.
    expect(explainSquare(after, RED, 'I5')).toMatchObject({
      legal: false,
      reasons: [{ code: 'CHIVALRY', line: 'row 5', advantage: 3 }],
    });
  });

  it('without the variant there is no Excalibur', () => {
    const s = scene({ players: 2, pieces: {}, toMove: 'R' });
    expect(errorOf(lancelot.play(s, RED, sword('D4')))).toEqual({ code: 'NO_EXCALIBUR' });
  });
});
