import { describe, expect, it } from 'vitest';
import { lancelot } from '../src/index.ts';
import { options, positionText, scene, value } from './helpers.ts';

const read = (text: string, players = 2, raw: Record<string, unknown> = {}) =>
  lancelot.position!.read(text, { players, options: options(players, raw) });

describe('Position string: every position can be written and read back', () => {
  it('the start of a two-player game', () => {
    const s = value(lancelot.setup({ players: 2, options: options(2), seed: 1 }));
    const letter = 'RB'[s.first]!;
    expect(lancelot.position!.write(s)).toBe(`8/8/8/8/8/8/8/8 ${letter} - - 30,30 0,0 ${letter} 0`);
  });

  it('the start with Excalibur: the seat to the right of the first player places it', () => {
    const s = value(lancelot.setup({ players: 3, options: options(3, { excalibur: true }), seed: 1 }));
    const text = lancelot.position!.write(s);
    expect(text).toMatch(/^10(\/10){9} [RBG]:E - RBG 30,30,30 0,0,0 [RBG] 0$/);
    expect(value(read(text, 3, { excalibur: true }))).toEqual(s);
  });

  it('reads pieces, Excalibur and its holder, shields, hands, captures, first player and passes', () => {
    const text = positionText({
      players: 4,
      pieces: { B2: 'R', M13: 'Y', G7: 'B' },
      toMove: 'G',
      sword: 'H8=B',
      shields: 'RGY',
      lost: [0, 2, 0, 0],
      captures: [2, 0, 0, 0],
      first: 'Y',
      passes: 2,
    });
    const s = value(read(text, 4, { excalibur: true }));
    expect(s).toMatchObject({
      excalibur: 'H8',
      holder: 1,
      shields: [true, false, true, true],
      hand: [29, 27, 30, 29],
      captures: [2, 0, 0, 0],
      first: 3,
      seat: 2,
      phase: 'turn',
      passes: 2,
    });
    expect(lancelot.position!.write(s)).toBe(text);
  });

  it('reads the two steps of an invocation (X:K after the sword, X:E after an announcing knight) and the end (X:-)', () => {
    const k = scene({
      players: 2,
      pieces: { D4: 'R' },
      toMove: 'R:K',
      sword: 'E5=R',
      shields: 'B',
      options: { excalibur: true },
    });
    expect(k.phase).toBe('knight');
    const e = scene({
      players: 2,
      pieces: { D4: 'R' },
      toMove: 'R:E',
      sword: 'E5',
      shields: 'RB',
      options: { excalibur: true },
    });
    expect(e.phase).toBe('swordAfter');
    const over = scene({ players: 2, pieces: { D4: 'R' }, toMove: 'B:-', passes: 2 });
    expect(lancelot.outcome(over)).toMatchObject({ reason: 'blocked' });
  });

  it.each([
    ['8/8/8/8/8/8/8/8 R - - 30,30 0,0 R', 2, {}, /8 fields/],
    ['8/8/8/8/8/8/8 R - - 30,30 0,0 R 0', 2, {}, /7 rows/],
    ['9/8/8/8/8/8/8/8 R - - 30,30 0,0 R 0', 2, {}, /row 11 has 9 squares/],
    ['7/8/8/8/8/8/8/8 R - - 30,30 0,0 R 0', 2, {}, /row 11 has 7 squares/],
    ['Y7/8/8/8/8/8/8/8 R - - 30,30 0,0 R 0', 2, {}, /"Y" is not a knight/],
    ['8/8/8/8/8/8/8/8 G - - 30,30 0,0 R 0', 2, {}, /to move/],
    ['8/8/8/8/8/8/8/8 R G7 - 30,30 0,0 R 0', 2, {}, /without it/],
    ['8/8/8/8/8/8/8/8 R A1 RB 30,30 0,0 R 0', 2, { excalibur: true }, /not on the field/],
    ['R7/8/8/8/8/8/8/8 R D11 RB 29,30 0,0 R 0', 2, { excalibur: true }, /share D11/],
    ['8/8/8/8/8/8/8/8 R G7=R RB 30,30 0,0 R 0', 2, { excalibur: true }, /still has a white shield/],
    ['8/8/8/8/8/8/8/8 R G7 RR 30,30 0,0 R 0', 2, { excalibur: true }, /repeated/],
    ['8/8/8/8/8/8/8/8 R - - 30 0,0 R 0', 2, {}, /hands/],
    ['8/8/8/8/8/8/8/8 R - - 31,30 0,0 R 0', 2, {}, /hands/],
    ['R7/8/8/8/8/8/8/8 R - - 30,30 0,0 R 0', 2, {}, /more than 30/],
    ['8/8/8/8/8/8/8/8 R - - 29,30 0,0 R 0', 2, {}, /0 captures are credited but 1 knights are missing/],
    ['8/8/8/8/8/8/8/8 R - - 29,30 1,0 R 0', 2, {}, /more knights than the other seats lost/],
    ['8/8/8/8/8/8/8/8 R - - 30,30 0,0 X 0', 2, {}, /first player/],
    ['8/8/8/8/8/8/8/8 R - - 30,30 0,0 R 3', 2, {}, /passes/],
    ['8/8/8/8/8/8/8/8 R:- - - 30,30 0,0 R 0', 2, {}, /marked over/],
    ['8/8/8/8/8/8/8/8 R - - 30,30 0,0 R 2', 2, {}, /the game is over/],
    ['8/8/8/8/8/8/8/8 R - - 23,23 7,7 R 0', 2, {}, /several seats/],
    ['8/8/8/8/8/8/8/8 R - RB 30,30 0,0 R 0', 2, { excalibur: true }, /before the first turn/],
    ['8/8/8/8/8/8/8/8 R:E - RB 30,30 0,0 R 0', 2, { excalibur: true }, /right of the first player/],
    ['8/8/8/8/8/8/8/8 R:K G7 RB 30,30 0,0 R 0', 2, { excalibur: true }, /place a knight after invoking/],
    ['8/8/8/8/8/8/8/8 R:E G7=R B 30,30 0,0 R 0', 2, { excalibur: true }, /place Excalibur after a knight/],
    ['0R7/8/8/8/8/8/8/8 R - - 30,30 0,0 R 0', 2, {}, /at least 1/],
  ])('"%s" is refused with a reason', (text, players, raw, reason) => {
    const r = read(text, players, raw);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe('BAD_POSITION');
      expect(String(r.error.reason)).toMatch(reason);
      expect(typeof r.error.reasonFr).toBe('string');
    }
  });
});

describe('Saved states: serialize and deserialize (validated)', () => {
  it('round-trips', () => {
    const s = scene({
      players: 3,
      pieces: { C3: 'R', L12: 'G' },
      toMove: 'B',
      sword: 'F6=G',
      shields: 'RB',
      options: { excalibur: true, diagonals: true },
    });
    const data = JSON.parse(JSON.stringify(lancelot.serialize(s)));
    expect(value(lancelot.deserialize(data))).toEqual(s);
  });

  it.each([
    [null, 'BAD_STATE'],
    [[], 'BAD_STATE'],
    [{ players: 7, options: {}, position: '' }, 'BAD_STATE'],
    [{ players: 2, options: { colour: 1 }, position: '' }, 'BAD_OPTION'],
    [{ players: 2, options: {}, position: 42 }, 'BAD_STATE'],
    [{ players: 2, options: {}, position: 'nonsense' }, 'BAD_POSITION'],
  ])('%j is refused', (data, code) => {
    const r = lancelot.deserialize(data);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe(code);
  });
});
