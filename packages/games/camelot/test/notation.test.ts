import { describe, expect, it } from 'vitest';
import { camelot } from '../src/index.ts';
import { legal, load, play, position, refusal, start, write } from './build.ts';

describe('WCF notation', () => {
  const s = load(position('M:C4 M:C5 M:D5 M:D7 M:E7 m:L13 m:K13'));

  it('writes plain moves and canters with "-", jumps with "x", the full path', () => {
    expect(legal(start())).toContain('F6-F5');
    expect(legal(start())).toContain('E6-E8');
    expect(legal(load(position('M:E6 M:A4 m:E7 m:E9 m:L13')))).toEqual(['E6xE8xE10']);
    expect(legal(load(position('K:C6 M:C7 m:C9 m:L13 m:K13')))).toContain('C6-C8xC10');
  });

  it('accepts any legal path to the same position and answers with the one canonical move', () => {
    const a = camelot.parseMove(s, 0, 'C4-C6-E8');
    const b = camelot.parseMove(s, 0, 'C4-E6-E8');
    expect(a.ok && b.ok).toBe(true);
    if (a.ok && b.ok) {
      expect(a.value).toEqual(b.value);
      expect(legal(s)).toContain(camelot.formatMove(s, a.value));
    }
  });

  it('reads an abbreviated straight run of canters (J11-F11 for J11-H11-F11)', () => {
    const straight = load(position('M:A4 M:A5 M:A7 m:L13 m:K13'));
    const parsed = camelot.parseMove(straight, 0, 'A4-A8');
    expect(parsed.ok && camelot.formatMove(straight, parsed.value)).toBe('A4-A6-A8');
  });

  it('is case-insensitive', () => {
    expect(write(play(s, 'c4-c6-e8'))).toBe(write(play(s, 'C4-C6-E8')));
    expect(camelot.parseMove(load(position('M:E6 M:A4 m:E7 m:E9 m:L13')), 0, 'e6Xe8Xe10').ok).toBe(true);
  });

  it('round-trips every legal move of random positions through format and parse', () => {
    let state = start();
    for (let ply = 0; ply < 60 && !camelot.outcome(state); ply++) {
      const moves = camelot.legalMoves(state, state.side);
      for (const m of moves) {
        const parsed = camelot.parseMove(state, state.side, camelot.formatMove(state, m));
        expect(parsed.ok && parsed.value).toEqual(m);
      }
      state = play(state, camelot.formatMove(state, moves[(ply * 7919) % moves.length]!));
    }
  });

  it.each([
    ['', 'BAD_NOTATION'],
    ['F6', 'BAD_NOTATION'],
    ['F6--F7', 'BAD_NOTATION'],
    ['hello', 'BAD_NOTATION'],
    ['Z9-Z10', 'BAD_NOTATION'],
    ['A1-A2', 'BAD_NOTATION'],
    ['F6-F7/', 'BAD_NOTATION'],
    ['E5-E4', 'NO_PIECE'],
    ['D11-D12', 'NO_PIECE'],
    ['F6-F7', 'OCCUPIED'],
    ['F6-F3', 'NOT_A_STEP'],
    ['F6-F5-F4', 'PLAIN_STEP_ALONE'],
    ['F6xF4', 'JUMP_OVER_ENEMY'],
  ])('refuses %j with %s', (text, code) => {
    expect(refusal(start(), text)).toMatchObject({ code });
  });

  it('every refusal has an English and a French message naming the square', () => {
    const error = refusal(start(), 'F6-F7');
    const message = camelot.messages[error.code as string]!;
    expect(message.en(error as never)).toContain('F7');
    expect(message.fr(error as never)).toContain('F7');
  });
});

describe('Position string', () => {
  it('round-trips the start and random positions', () => {
    let state = start();
    for (let ply = 0; ply < 200 && !camelot.outcome(state); ply++) {
      expect(write(load(write(state)))).toBe(write(state));
      const moves = camelot.legalMoves(state, state.side);
      state = play(state, camelot.formatMove(state, moves[(ply * 104729) % moves.length]!));
    }
  });

  it('encodes side, castle moves, quiet plies and move number', () => {
    const s = play(start(), 'F6-F5', 'F11-F12');
    expect(write(s)).toMatch(/ w 0,0 2 2$/);
  });

  it.each([
    ['', 'expected 5 fields'],
    ['2/8/10/12/12/2kmmmmmmk2/3kmmmmk3/12/12/3KMMMMK3/2KMMMMMMK2/12/12/10/8 w 0,0 0 1', '16 ranks'],
    ['2/8/10/12/12/2kmmmmmmk2/3kmmmmk3/12/12/3KMMMMK3/2KMMMMMMK2/12/12/10/8/3 w 0,0 0 1', 'rank 1'],
    ['2/8/10/12/12/2kmmmmmmk2/3kmmmmk3/12/12/3KMMMXK3/2KMMMMMMK2/12/12/10/8/2 w 0,0 0 1', '"X"'],
    ['2/8/10/12/12/2kmmmmmmk2/3kmmmmk3/12/12/3KMMMMK3/2KMMMMMMK2/12/12/10/8/2 x 0,0 0 1', 'side to move'],
    ['2/8/10/12/12/2kmmmmmmk2/3kmmmmk3/12/12/3KMMMMK3/2KMMMMMMK2/12/12/10/8/2 w 3,0 0 1', 'castle moves'],
    ['2/8/10/12/12/2kmmmmmmk2/3kmmmmk3/12/12/3KMMMMK3/2KMMMMMMK2/12/12/10/8/2 w 0,0 -1 1', 'quiet plies'],
    ['2/8/10/12/12/2kmmmmmmk2/3kmmmmk3/12/12/3KMMMMK3/2KMMMMMMK2/12/12/10/8/2 w 0,0 0 0', 'move number'],
    ['2/8/10/12/12/2kmmmmmmk2/3kmmmmk3/12/12/3KMMMMK3/2KMMMMMMK2/12/12/KKKK6/8/2 w 0,0 0 1', 'more pieces'],
    [position('M:F1 M:G1 M:A4 m:L13 m:K13', 'b'), 'two pieces in its own castle'],
  ])('refuses %j (%s)', (text, reason) => {
    const read = camelot.position!.read(text, { players: 2, options: { variant: 'camelot' } });
    expect(read.ok).toBe(false);
    if (!read.ok) {
      expect(read.error.code).toBe('BAD_POSITION');
      expect(String(read.error.reason)).toContain(reason);
      expect(String(read.error.reasonFr).length).toBeGreaterThan(10);
    }
  });
});
