import { describe, expect, it } from 'vitest';
import { describeError, Match, type GameError } from '@roundtable/core';
import { lancelot, type LancelotMove, type LancelotState } from '../src/index.ts';
import { RED, YELLOW, errorOf, scene } from './helpers.ts';

/** Every refusal must leave the given state exactly as it was. */
function refuse(state: LancelotState, seat: number, move: LancelotMove): GameError {
  const copy = structuredClone(state);
  const error = errorOf(lancelot.play(state, seat, move));
  expect(state).toEqual(copy);
  // Translated in both languages, never the bare code.
  for (const lang of ['en', 'fr'] as const)
    expect(describeError(error, lang, lancelot.messages)).not.toMatch(/^[A-Z_]+( \{|$)/);
  return error;
}

describe('Bad input: a clear error, and nothing changes', () => {
  const s = scene({
    players: 4,
    pieces: { K2: 'Y', K3: 'Y', D5: 'R' },
    toMove: 'Y',
    sword: 'F9=R',
    shields: 'BGY',
    options: { excalibur: true },
  });

  it('a square off the field', () => {
    expect(refuse(s, YELLOW, { kind: 'place', square: 'A1' })).toEqual({
      code: 'OFF_FIELD',
      square: 'A1',
      field: 'B2-M13',
    });
    expect(refuse(s, YELLOW, { kind: 'place', square: 'Z99' })).toEqual({ code: 'BAD_SQUARE', square: 'Z99' });
  });

  it('an occupied square (a knight, or Excalibur)', () => {
    expect(refuse(s, YELLOW, { kind: 'place', square: 'D5' })).toEqual({ code: 'OCCUPIED', square: 'D5', by: RED });
    expect(refuse(s, YELLOW, { kind: 'place', square: 'F9' })).toEqual({
      code: 'OCCUPIED',
      square: 'F9',
      by: 'excalibur',
    });
  });

  it('a square the rule of chivalry forbids', () => {
    expect(refuse(s, YELLOW, { kind: 'place', square: 'K4' })).toMatchObject({
      code: 'CHIVALRY',
      square: 'K4',
      line: 'column K',
      advantage: 3,
    });
  });

  it('a second Excalibur invocation', () => {
    const t = scene({
      players: 4,
      pieces: {},
      toMove: 'R',
      sword: 'F9=R',
      shields: 'BGY',
      options: { excalibur: true },
    });
    expect(refuse(t, RED, { kind: 'sword', square: 'C3' })).toEqual({ code: 'SWORD_USED', seat: RED });
  });

  it('the wrong seat, a bad seat, a malformed move', () => {
    expect(refuse(s, RED, { kind: 'place', square: 'C3' })).toEqual({
      code: 'NOT_YOUR_TURN',
      seat: RED,
      toMove: [YELLOW],
    });
    expect(refuse(s, 9, { kind: 'place', square: 'C3' })).toMatchObject({ code: 'BAD_SEAT' });
    expect(refuse(s, YELLOW, { kind: 'jump' } as unknown as LancelotMove)).toMatchObject({ code: 'BAD_MOVE' });
    expect(
      refuse(s, YELLOW, {
        kind: 'turn',
        steps: [
          { kind: 'place', square: 'C3' },
          { kind: 'place', square: 'C4' },
        ],
      }),
    ).toMatchObject({ code: 'BAD_MOVE' });
    // The second step of a typed turn is refused: the first is not kept either.
    expect(
      refuse(s, YELLOW, {
        kind: 'turn',
        steps: [
          { kind: 'sword', square: 'C3' },
          { kind: 'place', square: 'D5' },
        ],
      }),
    ).toMatchObject({ code: 'OCCUPIED', square: 'D5' });
  });

  it('bad notation and bad positions through a match', () => {
    const m = Match.create(lancelot, { players: 2, seed: 5 });
    expect(m.ok).toBe(true);
    if (!m.ok) return;
    const seat = m.value.toMove()[0]!;
    expect(m.value.play(seat, 'Z9')).toMatchObject({ ok: false, error: { code: 'BAD_NOTATION' } });
    expect(m.value.play(seat, 'A1')).toMatchObject({ ok: false, error: { code: 'OFF_FIELD' } });
    expect(m.value.ply).toBe(0);
    expect(Match.create(lancelot, { players: 2, position: '8/8 R' })).toMatchObject({
      ok: false,
      error: { code: 'BAD_POSITION' },
    });
  });
});
