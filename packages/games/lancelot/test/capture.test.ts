import { describe, expect, it } from 'vitest';
import { explainSquare, lancelot } from '../src/index.ts';
import { BLUE, RED, YELLOW, at, errorOf, place, playText, scene, value } from './helpers.ts';

describe('Maintenir sa position: exactly +2 on a line through the placed knight captures every opponent knight there', () => {
  // seed example 2: Yellow places on K4 ("case A"), +2 on column K and on row 4 at once.
  const example2 = () =>
    scene({
      players: 4,
      pieces: { K2: 'Y', K11: 'Y', K13: 'Y', K7: 'B', K9: 'R', B4: 'Y', M4: 'Y', I4: 'G' },
      toMove: 'Y',
    });

  it('seed example 2: one knight on K4 gives exactly +2 on column K and row 4 and captures K9, K7 and I4', () => {
    const before = example2();
    expect(explainSquare(before, YELLOW, 'K4')).toEqual({
      square: 'K4',
      legal: true,
      captures: [
        { line: 'row 4', squares: ['I4'] },
        { line: 'column K', squares: ['K7', 'K9'] },
      ],
    });
    const after = value(lancelot.play(before, YELLOW, place('K4')));
    expect([at(after, 'K9'), at(after, 'K7'), at(after, 'I4')]).toEqual([null, null, null]);
    expect(after.captures).toEqual([0, 0, 0, 3]);
    // Yellow keeps its own knights on the board ("il maintient sa position").
    for (const sq of ['K2', 'K4', 'K11', 'K13', 'B4', 'M4']) expect(at(after, sq)).toBe('Y');
  });

  it('+1 captures nothing', () => {
    const s = scene({ players: 2, pieces: { D4: 'R', E4: 'B' }, toMove: 'R' });
    const after = value(lancelot.play(s, RED, place('F4')));
    expect(at(after, 'E4')).toBe('B');
    expect(after.captures).toEqual([0, 0]);
  });

  it('exactly +2 without any opponent knight on the line captures nothing', () => {
    const s = scene({ players: 2, pieces: { D4: 'R' }, toMove: 'R' });
    const after = value(lancelot.play(s, RED, place('F4')));
    expect(after.captures).toEqual([0, 0]);
  });

  it('the knights of every opponent colour on the line are captured together', () => {
    const s = scene({ players: 3, pieces: { C5: 'R', D5: 'R', E5: 'R', F5: 'B', L5: 'G' }, toMove: 'R' });
    const after = value(lancelot.play(s, RED, place('H5')));
    expect([at(after, 'F5'), at(after, 'L5')]).toEqual([null, null]);
    expect(after.captures).toEqual([2, 0, 0]);
  });

  it('only lines through the placed knight are looked at', () => {
    // Row 6 is already at +2 for Red with a Blue knight on it; a Red knight elsewhere does not touch it.
    const s = scene({ players: 2, pieces: { D6: 'R', E6: 'R', F6: 'R', G6: 'B' }, toMove: 'R' });
    const after = value(lancelot.play(s, RED, place('K10')));
    expect(at(after, 'G6')).toBe('B');
  });

  it('captured knights are credited to the capturer and leave the game', () => {
    const s = scene({ players: 3, pieces: { C5: 'R', D5: 'R', E5: 'R', F5: 'B', L5: 'G' }, toMove: 'R' });
    const after = value(lancelot.play(s, RED, place('H5')));
    expect(after.hand).toEqual([26, 29, 29]);
    expect(after.board.filter((v) => v !== null)).toHaveLength(4);
  });

  it('seed example 3: after a capture on row 4 and column C, the opponents place there safely', () => {
    const s = scene({
      players: 4,
      pieces: { E4: 'B', G4: 'B', J4: 'B', F4: 'R', H4: 'R', C7: 'B', C9: 'B', C11: 'B', C6: 'G', C10: 'G' },
      toMove: 'B',
    });
    const captured = value(lancelot.play(s, BLUE, place('C4')));
    expect(captured.captures[BLUE]).toBe(4);
    // Row 4 and column C are now Blue only (+4): allowed after a capture, and only then.
    const green = playText(captured, 'D4');
    expect(at(green, 'D4')).toBe('G');
    expect(green.captures).toEqual([0, 4, 0, 0]);
    const yellow = playText(green, 'C12');
    const red = playText(yellow, 'L4');
    expect([at(red, 'D4'), at(red, 'C12'), at(red, 'L4')]).toEqual(['G', 'Y', 'R']);
    // Only a player's own placement can capture: Blue, far above +2 there, cannot place on row 4 or column C.
    expect(errorOf(lancelot.play(red, BLUE, place('M4')))).toMatchObject({ code: 'CHIVALRY', line: 'row 4' });
    expect(errorOf(lancelot.play(red, BLUE, place('C2')))).toMatchObject({ code: 'CHIVALRY', line: 'column C' });
  });
});
