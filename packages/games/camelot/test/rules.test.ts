import { describe, expect, it } from 'vitest';
import { CAMELOT, Geometry, camelot } from '../src/index.ts';
import { legal, load, play, position, refusal, start, write } from './build.ts';

// The rules of rules/camelot.md, each settled point a scenario; the seed's (003) statements are quoted.

describe('Board and start', () => {
  const geo = new Geometry(CAMELOT);

  it('has 160 squares, ranks as listed (F1 G1; C2–J2; B3–K3; A–L on 4–13; B14–K14; C15–J15; F16 G16)', () => {
    expect(geo.cells.length).toBe(160);
    const rank = (r: number) =>
      Array.from(geo.cells)
        .filter((c) => geo.rankOf(c) === r)
        .map((c) => geo.name(c));
    expect(rank(1)).toEqual(['F1', 'G1']);
    expect(rank(2)).toEqual(['C2', 'D2', 'E2', 'F2', 'G2', 'H2', 'I2', 'J2']);
    expect(rank(3)).toHaveLength(10);
    expect(rank(3)[0]).toBe('B3');
    for (let r = 4; r <= 13; r++) expect(rank(r)).toHaveLength(12);
    expect(rank(14)[9]).toBe('K14');
    expect(rank(15)).toHaveLength(8);
    expect(rank(16)).toEqual(['F16', 'G16']);
    expect(geo.parse('A3')).toBeUndefined();
    expect(geo.parse('L14')).toBeUndefined();
  });

  it('places White knights C6 D7 I7 J6, men D6–I6 E7–H7, Black mirrored, White to move', () => {
    expect(write(start())).toBe('2/8/10/12/12/2kmmmmmmk2/3kmmmmk3/12/12/3KMMMMK3/2KMMMMMMK2/12/12/10/8/2 w 0,0 0 1');
    expect(camelot.toMove(start())).toEqual([0]);
  });

  it('gives White 100 first moves: 52 plain moves and 48 canter destinations', () => {
    const moves = legal(start());
    expect(moves).toHaveLength(100);
    const plain = moves.filter(
      (m) =>
        m.split('-').length === 2 &&
        Math.abs(m.charCodeAt(0) - m.charCodeAt(3)) <= 1 &&
        Math.abs(Number(m.slice(1, m.indexOf('-'))) - Number(m.slice(m.indexOf('-') + 2))) <= 1,
    );
    expect(plain).toHaveLength(52);
  });
});

describe('Plain move', () => {
  it('seed: one square in any direction to an empty adjacent square', () => {
    const s = load(position('M:E6 M:A4 m:L13 m:K13'));
    const fromE6 = legal(s).filter((m) => m.startsWith('E6-'));
    expect(fromE6).toEqual(['E6-D5', 'E6-D6', 'E6-D7', 'E6-E5', 'E6-E7', 'E6-F5', 'E6-F6', 'E6-F7']);
    expect(refusal(s, 'E6-E8')).toMatchObject({ code: 'CANTER_OVER_FRIEND', over: 'E7' });
  });
});

describe('Canter', () => {
  const s = load(position('M:C4 M:C5 M:D5 M:D7 M:E7 m:L13 m:K13'));

  it('seed: leaps over an adjacent friendly piece, which stays on the board', () => {
    const after = play(s, 'C4-C6');
    expect(write(after).split(' ')[0]).toBe(position('M:C6 M:C5 M:D5 M:D7 M:E7 m:L13 m:K13', 'b').split(' ')[0]);
  });

  it('may be chained, changing direction, and stop at any landing', () => {
    const moves = legal(s);
    expect(moves).toContain('C4-C6');
    expect(moves).toContain('C4-E6');
    expect(moves.some((m) => m.startsWith('C4-') && m.endsWith('-E8'))).toBe(true);
  });

  it('seed: "cannot begin and end the canter move on the same square"', () => {
    const loop = load(position('M:E6 M:E7 M:F8 M:G7 M:F6 m:L13 m:K13'));
    expect(legal(loop).every((m) => !(m.startsWith('E6-') && m.endsWith('-E6')))).toBe(true);
    expect(refusal(loop, 'E6-E8-G8-G6-E6')).toMatchObject({ code: 'CANTER_RETURNS', square: 'E6' });
  });
});

describe('Jump', () => {
  it('seed: the jumped enemy piece is removed at once and the jumper must continue while it can', () => {
    const s = load(position('M:E6 M:A4 m:E7 m:E9 m:L13'));
    expect(legal(s)).toEqual(['E6xE8xE10']);
    expect(refusal(s, 'E6xE8')).toMatchObject({ code: 'MUST_CONTINUE', square: 'E8' });
    const after = play(s, 'E6xE8xE10');
    expect(write(after).split(' ')[0]).toBe(position('M:E10 M:A4 m:L13').split(' ')[0]);
  });

  it('may revisit a square during a chain (as in the published Chaxx games)', () => {
    // E6xE8xG8xG6xE6 goes round a square of four enemy pieces and ends where it started.
    const s = load(position('M:E6 M:A4 m:E7 m:F8 m:G7 m:F6 m:L13'));
    const after = play(s, 'E6xE8xG8xG6xE6');
    expect(write(after).split(' ')[0]).toBe(position('M:E6 M:A4 m:L13').split(' ')[0]);
  });
});

describe('Capture is compulsory but not maximal', () => {
  const s = load(position('M:E6 M:A4 m:E7 m:F9 m:D5 m:L13'));

  it('seed: jumping is mandatory: every legal move captures', () => {
    expect(legal(s)).toEqual(['E6xC4', 'E6xE8xG10']);
    expect(refusal(s, 'A4-A5')).toMatchObject({ code: 'CAPTURE_REQUIRED', squares: ['E6'] });
  });

  it('seed: "it is not mandatory to make the longest one of all possible jumps"', () => {
    expect(() => play(s, 'E6xC4')).not.toThrow();
    expect(() => play(s, 'E6xE8xG10')).not.toThrow();
  });
});

describe("Knight's charge", () => {
  it('seed: canter(s) first, then jump(s), by a knight only', () => {
    const s = load(position('K:C6 M:C7 m:C9 m:L13 m:K13'));
    expect(legal(s)).toContain('C6-C8xC10');
    const man = load(position('M:C6 M:C7 M:A4 m:C9 m:L13'));
    expect(legal(man)).not.toContain('C6-C8xC10');
    expect(refusal(man, 'C6-C8xC10')).toMatchObject({ code: 'ONLY_KNIGHTS_CHARGE', square: 'C6' });
  });

  it('never jumps then canters', () => {
    const s = load(position('K:C6 M:C9 m:C7 m:L13 m:K13'));
    expect(refusal(s, 'C6xC8-C10')).toMatchObject({ code: 'CHARGE_ORDER' });
  });

  it("seed: when a jump is due, a knight's charge may be played instead (legal set = jumps + charges)", () => {
    const s = load(position('K:C6 M:C7 M:H6 m:C9 m:H7 m:L13'));
    expect(legal(s)).toEqual(['C6-C8xC10', 'H6xH8']);
  });

  it('when only a charge could capture, capturing is optional', () => {
    const s = load(position('K:C6 M:C7 m:C9 m:L13 m:K13'));
    const moves = legal(s);
    expect(moves).toContain('C6-C8xC10');
    expect(moves).toContain('C6-B6');
    expect(moves).toContain('C7-D8');
  });

  it('a knight whose canter lands where it could jump must capture in that move; a pure canter may not touch such a square', () => {
    // From C8 the knight could jump D8. A man may canter C6-C8-C10; the knight may not, it must capture.
    // E7 and E9 block the men's own jumps over D8, so no capture is compulsory.
    const knight = load(position('K:C6 M:C7 M:C9 M:E7 M:E9 m:D8 m:L13'));
    const moves = legal(knight);
    expect(moves).toContain('C6-C8xE8');
    expect(moves).not.toContain('C6-C8');
    expect(moves).not.toContain('C6-C8-C10');
    expect(refusal(knight, 'C6-C8-C10')).toMatchObject({ code: 'KNIGHT_MUST_CAPTURE', square: 'C8' });
    const man = load(position('M:C6 M:C7 M:C9 M:E7 M:E9 m:D8 m:L13'));
    expect(legal(man)).toContain('C6-C8-C10');
  });

  it('may canter on past such a square and capture later in the same move (Nolan–Chaxx, J11-F11-D11xF9)', () => {
    const s = load(position('K:C6 M:C7 M:C9 M:E7 M:E9 m:D8 m:D11 m:L13'));
    expect(legal(s)).toContain('C6-C8-C10xE12');
  });
});

describe('Own castle', () => {
  it('seed: "A player may not make a plain move or a canter to his own castle"', () => {
    const s = load(position('M:F2 M:F3 M:A4 m:L13 m:K13'));
    expect(legal(s).filter((m) => /-(F1|G1)$/.test(m))).toEqual([]);
    expect(refusal(s, 'F2-F1')).toMatchObject({ code: 'OWN_CASTLE', square: 'F1' });
    expect(refusal(s, 'F3-F1')).toMatchObject({ code: 'OWN_CASTLE', square: 'F1' });
  });

  it('seed: a jump may enter it', () => {
    const s = load(position('M:F3 M:A4 m:F2 m:L13 m:K13'));
    expect(legal(s)).toEqual(['F3xF1']);
  });

  it('a piece that jumps in must jump on out if it can', () => {
    const s = load(position('M:F3 M:A4 m:F2 m:G2 m:L13'));
    expect(legal(s)).toEqual(['F3xF1xH3']);
    expect(refusal(s, 'F3xF1')).toMatchObject({ code: 'MUST_CONTINUE', square: 'F1' });
  });

  it('seed: a piece left in its own castle must leave on the next move, before any other obligation', () => {
    // K8 could jump K9 (compulsory), but the piece in the castle has priority.
    const s = play(load(position('M:F3 M:K8 M:K7 m:F2 m:K9 m:A13 m:L13')), 'F3xF1', 'A13-A12');
    expect(camelot.toMove(s)).toEqual([0]);
    expect(legal(s)).toEqual(['F1-E2', 'F1-F2', 'F1-G2']);
    expect(refusal(s, 'K8xK10')).toMatchObject({ code: 'MUST_LEAVE_CASTLE', square: 'F1' });
  });

  it('after a jump into its own castle, the position (opponent to move) can be written and read back', () => {
    const s = play(load(position('M:F3 M:A4 m:F2 m:L13 m:K13')), 'F3xF1');
    expect(write(load(write(s)))).toBe(write(s));
    expect(camelot.deserialize(camelot.serialize(s))).toEqual({ ok: true, value: s });
  });

  it('the piece that must leave must capture if it can (a knight may charge)', () => {
    const s = load(position('M:F1 M:K8 M:K7 m:F2 m:K9 m:L13'));
    expect(legal(s)).toEqual(['F1xF3']);
  });

  it('a piece that must leave but cannot move leaves its side without a move', () => {
    const stuck = 'm:F16 m:E15 m:F15 m:G15 m:F14 m:D14 m:H14';
    expect(camelot.outcome(load(position(`M:A4 M:B4 ${stuck}`, 'b')))).toEqual({
      winners: [0],
      draw: false,
      reason: 'no-moves',
    });
  });

  it('a piece in a castle can never be captured (no square beyond it)', () => {
    const s = load(position('M:F1 M:A4 m:F2 m:L13', 'w'));
    // White must leave F1 by jumping F2; Black's F2 had no jump over F1, and nobody ever can.
    expect(legal(s)).toEqual(['F1xF3']);
  });
});

describe('A move is its resulting position', () => {
  it('two pieces that each capture the same piece and come back to their own square are one move', () => {
    // I10-I12-K10xI10 and J11-H11-J9xJ11 both remove J10 and leave every other piece where it stood.
    const s = load(position('K:I10 M:I11 K:J11 m:J10 m:A13'));
    const returns = camelot.legalMoves(s, 0).filter((m) => m.from === m.to && m.captures.length === 1);
    expect(returns).toHaveLength(1);
    for (const path of ['I10-I12-K10xI10', 'J11-H11-J9xJ11']) {
      const parsed = camelot.parseMove(s, 0, path);
      expect(parsed.ok && parsed.value).toEqual(returns[0]);
    }
  });
});

describe('Enemy castle', () => {
  it('a piece that enters it stops there', () => {
    const s = load(position('M:F14 M:A4 m:F15 m:G15 m:L13'));
    expect(legal(s)).toContain('F14xF16');
    expect(refusal(s, 'F14xF16xH14')).toMatchObject({ code: 'ENTERED_ENEMY_CASTLE', square: 'F16' });
    const canter = load(position('M:F14 M:F15 M:A4 m:L13 m:K13'));
    expect(legal(canter)).toContain('F14-F16');
  });

  it('it never leaves: only a castle move to the other castle square', () => {
    const s = load(position('M:F16 M:A4 m:L13 m:K13'));
    expect(legal(s).filter((m) => m.startsWith('F16'))).toEqual(['F16-G16']);
    expect(refusal(s, 'F16-F15')).toMatchObject({ code: 'CASTLE_PRISONER', square: 'F16' });
  });

  it('at most two castle moves per player per game', () => {
    const one = play(load(position('M:F16 M:A4 m:L13 m:K13', 'w', '1,0')), 'F16-G16');
    expect(write(one).split(' ')[2]).toBe('2,0');
    const done = load(position('M:F16 M:A4 m:L13 m:K13', 'w', '2,0'));
    expect(legal(done).filter((m) => m.startsWith('F16'))).toEqual([]);
    expect(refusal(done, 'F16-G16')).toMatchObject({ code: 'CASTLE_MOVES_USED', limit: 2 });
  });

  it('a castle move is not allowed when a capture is due', () => {
    const s = load(position('M:F16 M:C6 m:C7 m:L13'));
    expect(legal(s)).toEqual(['C6xC8']);
    expect(refusal(s, 'F16-G16')).toMatchObject({ code: 'CAPTURE_REQUIRED' });
  });
});

describe('End of the game', () => {
  it('seed: two pieces on both squares of the enemy castle win', () => {
    const s = play(load(position('M:F16 M:G15 M:A4 m:L13 m:K13')), 'G15-G16');
    expect(camelot.outcome(s)).toEqual({ winners: [0], draw: false, reason: 'castle' });
    expect(camelot.toMove(s)).toEqual([]);
    expect(camelot.legalMoves(s, 1)).toEqual([]);
  });

  it("seed: « A player captures all opponent's pieces. This player wins the game. »", () => {
    const s = play(load(position('M:E6 M:D6 m:E7')), 'E6xE8');
    expect(camelot.outcome(s)).toEqual({ winners: [0], draw: false, reason: 'annihilation' });
  });

  it("seed: « A player captures all opponent's pieces. This player wins the game. » — with a single piece left too", () => {
    const s = play(load(position('M:E6 m:E7 m:E9')), 'E6xE8xE10');
    expect(camelot.outcome(s)).toEqual({ winners: [0], draw: false, reason: 'annihilation' });
    expect(camelot.toMove(s)).toEqual([]);
  });

  it('[option ends=wcf] capturing everything wins only while keeping two or more pieces: with one it is a draw', () => {
    const one = play(load(position('M:E6 m:E7 m:E9'), 'wcf'), 'E6xE8xE10');
    expect(camelot.outcome(one)).toEqual({ winners: [], draw: true, reason: 'bare' });
    const two = play(load(position('M:E6 M:D6 m:E7'), 'wcf'), 'E6xE8');
    expect(camelot.outcome(two)).toEqual({ winners: [0], draw: false, reason: 'annihilation' });
  });

  it('seed: « Both players have only 1 piece left. The game is a draw. »', () => {
    const s = play(load(position('M:E6 M:A4 m:E7', 'b')), 'E7xE5');
    expect(camelot.outcome(s)).toEqual({ winners: [], draw: true, reason: 'bare' });
    const wcf = play(load(position('M:E6 M:A4 m:E7', 'b'), 'wcf'), 'E7xE5');
    expect(camelot.outcome(wcf)).toEqual({ winners: [], draw: true, reason: 'bare' });
  });

  it('seed: « A player cannot make a legal move. This player loses the game. »', () => {
    const s = play(load(position('M:B3 M:C3 M:D3 M:D2 M:A4 M:C4 M:E4 M:F2 m:C2')), 'F2-E2');
    expect(camelot.outcome(s)).toEqual({ winners: [0], draw: false, reason: 'no-moves' });
  });

  it('seed: « A player cannot make a legal move. This player loses the game. » — also when the opponent has a single piece', () => {
    const stuck = 'm:F16 m:E15 m:F15 m:G15 m:F14 m:D14 m:H14';
    expect(camelot.outcome(load(position(`M:A4 ${stuck}`, 'b')))).toEqual({
      winners: [0],
      draw: false,
      reason: 'no-moves',
    });
  });

  it('[option ends=wcf] a player who cannot move against a single enemy piece draws', () => {
    const stuck = 'm:F16 m:E15 m:F15 m:G15 m:F14 m:D14 m:H14';
    expect(camelot.outcome(load(position(`M:A4 ${stuck}`, 'b'), 'wcf'))).toEqual({
      winners: [],
      draw: true,
      reason: 'no-moves',
    });
    expect(camelot.outcome(load(position(`M:A4 M:B4 ${stuck}`, 'b'), 'wcf'))).toEqual({
      winners: [0],
      draw: false,
      reason: 'no-moves',
    });
  });

  it('[decision, WCF] the same position with the same side to move for the third time is a draw', () => {
    let s = load(position('M:A4 M:B4 m:L13 m:K13'));
    s = play(s, 'A4-A5', 'L13-L12', 'A5-A4', 'L12-L13');
    expect(camelot.outcome(s)).toBeNull();
    s = play(s, 'A4-A5', 'L13-L12', 'A5-A4');
    expect(camelot.outcome(s)).toBeNull();
    s = play(s, 'L12-L13');
    expect(camelot.outcome(s)).toEqual({ winners: [], draw: true, reason: 'repetition' });
  });

  it('[decision, WCF] 50 moves by each side without a capture or a castle entry is a draw', () => {
    const s = play(load(position('M:A4 M:B4 m:L13 m:K13', 'b', '0,0', 99)), 'L13-L12');
    expect(camelot.outcome(s)).toEqual({ winners: [], draw: true, reason: 'fifty-moves' });
    const capture = play(load(position('M:A4 M:B4 m:L13 m:K13 m:B5', 'w', '0,0', 99)), 'B4xB6');
    expect(camelot.outcome(capture)).toBeNull();
    expect(write(capture).split(' ')[3]).toBe('0');
  });

  it('entering an enemy castle square resets the 50-move count', () => {
    const s = play(load(position('M:F15 M:A4 m:L13 m:K13', 'w', '0,0', 60)), 'F15-F16');
    expect(write(s).split(' ')[3]).toBe('0');
  });

  it('a finished game refuses every move', () => {
    const s = play(load(position('M:F16 M:G15 M:A4 m:L13 m:K13')), 'G15-G16');
    expect(camelot.parseMove(s, 1, 'L13-L12')).toMatchObject({ ok: false, error: { code: 'GAME_OVER' } });
  });
});

describe('Turns', () => {
  it('a move by the seat not to move is refused with NOT_YOUR_TURN', () => {
    const s = start();
    expect(camelot.parseMove(s, 1, 'D11-D12')).toMatchObject({ ok: false, error: { code: 'NOT_YOUR_TURN', seat: 1 } });
    const move = camelot.legalMoves(s, 0)[0]!;
    expect(camelot.play(s, 1, move)).toMatchObject({ ok: false, error: { code: 'NOT_YOUR_TURN' } });
  });
});

describe('The end rules are an option (ends): seed 003 by default, the WCF reading on request', () => {
  it('the option is listed with its two readings, the seed first and by default', () => {
    const spec = camelot.options.find((o) => o.key === 'ends');
    expect(spec).toMatchObject({ kind: 'choice', default: 'seed' });
    expect(spec?.kind === 'choice' && spec.choices.map((c) => c.value)).toEqual(['seed', 'wcf']);
    expect(camelot.parseOptions({}, 2)).toEqual({ ok: true, value: { variant: 'camelot', ends: 'seed' } });
    expect(camelot.parseOptions({ ends: 'wcf' }, 2)).toEqual({ ok: true, value: { variant: 'camelot', ends: 'wcf' } });
    expect(camelot.parseOptions({ ends: 'brainking' }, 2)).toMatchObject({
      ok: false,
      error: { code: 'BAD_OPTION', option: 'ends' },
    });
  });

  it('a position string reads the same under both; only the verdicts differ', () => {
    const text = position('M:E6 m:E7 m:E9');
    expect(write(load(text, 'wcf'))).toBe(write(load(text)));
    expect(load(text, 'wcf').ends).toBe('wcf');
  });

  it('on the Cam board a single piece wins under both (decision: one piece can still take the castle)', () => {
    for (const ends of ['seed', 'wcf'] as const) {
      const read = camelot.position!.read('1/3/5/7/7/7/2m4/2M4/7/7/5/3/1 w 0,0 0 10', {
        players: 2,
        options: { variant: 'cam', ends },
      });
      if (!read.ok) throw new Error(JSON.stringify(read.error));
      const moves = camelot.legalMoves(read.value, 0).filter((m) => m.captures.length === 1);
      const after = camelot.play(read.value, 0, moves[0]!);
      expect(after.ok && after.value.outcome, ends).toEqual({ winners: [0], draw: false, reason: 'annihilation' });
    }
  });
});
