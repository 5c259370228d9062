/**
 * Tests of the reference generator itself, against facts stated in the rules (rules/camelot.md, seed 003) and
 * the research (§1 geometry, §3 rules). Positions are hand-built; each scenario is named after its rule.
 */
import { describe, expect, it } from 'vitest';
import {
  START,
  SQUARES,
  buildPosition,
  neighbours,
  parsePosition,
  rankSquares,
  referenceAllPaths,
  referenceMoves,
  referencePerft,
  writePosition,
} from './reference.ts';

/** The WCF paths of the legal moves (one per resulting position), sorted. */
function paths(position: string): string[] {
  return [...referenceMoves(position).values()].sort();
}

/** The resulting position string reached by a given path. */
function resultOf(position: string, path: string): string {
  const found = [...referenceAllPaths(position)].find(([, all]) => all.has(path));
  if (found === undefined) throw new Error(`no legal move ${path} in ${position}`);
  return found[0];
}

describe('board geometry (research §1)', () => {
  it('has 160 squares', () => {
    expect(SQUARES).toHaveLength(160);
    expect(new Set(SQUARES).size).toBe(160);
  });

  it('lists each rank as in the rules', () => {
    expect(rankSquares(1)).toEqual(['F1', 'G1']);
    expect(rankSquares(2)).toEqual(['C2', 'D2', 'E2', 'F2', 'G2', 'H2', 'I2', 'J2']);
    expect(rankSquares(3)).toEqual(['B3', 'C3', 'D3', 'E3', 'F3', 'G3', 'H3', 'I3', 'J3', 'K3']);
    for (let rank = 4; rank <= 13; rank++) expect(rankSquares(rank)).toHaveLength(12);
    expect(rankSquares(4)[0]).toBe('A4');
    expect(rankSquares(13)[11]).toBe('L13');
    expect(rankSquares(14)).toEqual(['B14', 'C14', 'D14', 'E14', 'F14', 'G14', 'H14', 'I14', 'J14', 'K14']);
    expect(rankSquares(15)).toEqual(['C15', 'D15', 'E15', 'F15', 'G15', 'H15', 'I15', 'J15']);
    expect(rankSquares(16)).toEqual(['F16', 'G16']);
  });

  it('gives the castle squares their few neighbours', () => {
    expect(neighbours('F1').sort()).toEqual(['E2', 'F2', 'G1', 'G2']);
    expect(neighbours('G1').sort()).toEqual(['F1', 'F2', 'G2', 'H2']);
    expect(neighbours('G16').sort()).toEqual(['F15', 'F16', 'G15', 'H15']);
  });

  it('has no corner squares A2, B2, A3', () => {
    for (const square of ['A2', 'B2', 'A3', 'L2', 'K2', 'L3', 'A14', 'A15', 'B15', 'E1', 'H16']) {
      expect(SQUARES).not.toContain(square);
    }
  });
});

describe('position strings (NOTATION.md)', () => {
  it('reads and writes the start position unchanged', () => {
    expect(writePosition(parsePosition(START))).toBe(START);
  });

  it('places the start pieces as in the rules', () => {
    const { board, side } = parsePosition(START);
    expect(side).toBe('white');
    const at = (colour: 'white' | 'black', knight: boolean) =>
      [...board]
        .filter(([, p]) => p.colour === colour && p.knight === knight)
        .map(([s]) => s)
        .sort();
    expect(at('white', true)).toEqual(['C6', 'D7', 'I7', 'J6']);
    expect(at('white', false)).toEqual(['D6', 'E6', 'E7', 'F6', 'F7', 'G6', 'G7', 'H6', 'H7', 'I6']);
    expect(at('black', true)).toEqual(['C11', 'D10', 'I10', 'J11']);
    expect(at('black', false)).toEqual(['D11', 'E10', 'E11', 'F10', 'F11', 'G10', 'G11', 'H10', 'H11', 'I11']);
  });
});

describe('perft (rules: Notation and counting)', () => {
  it('perft(1) from the start is 100: 52 plain moves and 48 canter destinations', () => {
    const moves = [...referenceMoves(START).values()];
    expect(moves).toHaveLength(100);
    const isPlain = (path: string) => {
      const [from, to] = path.split('-') as [string, string];
      return path.split('-').length === 2 && neighbours(from).includes(to);
    };
    expect(moves.filter(isPlain)).toHaveLength(52);
    expect(moves.filter((p) => !isPlain(p))).toHaveLength(48);
  });

  it('perft(2) from the start is 10026 (this generator’s own number; the crosscheck compares it)', () => {
    expect(referencePerft(START, 2)).toBe(10026);
  });
});

describe('plain move and canter', () => {
  it('a canter may be chained and stopped anywhere, but never ends where it began', () => {
    // D4 over D5 to D6, then over D7 to D8; D6 over D5 leads back to D4, which is not a destination.
    const position = buildPosition({ D4: 'M', D5: 'M', D7: 'M', A13: 'm' });
    const fromD4 = paths(position).filter((p) => p.startsWith('D4'));
    expect(fromD4).toContain('D4-D6');
    expect(fromD4).toContain('D4-D6-D8');
    expect(fromD4.filter((p) => p.endsWith('-D4'))).toEqual([]);
  });

  it('no plain move or canter into one’s own castle', () => {
    // F2 could step to F1/G1 and F3 could canter over F2 to F1: both refused.
    const moves = paths(buildPosition({ F2: 'M', F3: 'M', E2: 'M', A13: 'm' }));
    expect(moves.filter((p) => p.endsWith('F1') || p.endsWith('G1'))).toEqual([]);
  });

  it('a plain move or a canter may enter the enemy castle, and a canter ends there', () => {
    // E14 over F15 lands on G16; it may not canter on over G15 to G14.
    const moves = paths(buildPosition({ E14: 'M', F15: 'M', G15: 'M', A13: 'm' }));
    expect(moves).toContain('E14-G16');
    expect(moves).toContain('F15-F16');
    expect(moves.filter((p) => p.startsWith('E14') && p.endsWith('G14'))).toEqual([]);
  });
});

describe('compulsory capture (seed 003; rules: Settled points)', () => {
  it('when a jump is available, only capturing moves are legal', () => {
    expect(paths(buildPosition({ E5: 'M', E6: 'm', A4: 'M', L13: 'm' }))).toEqual(['E5xE7']);
  });

  it('a jump must continue while the same piece can jump, but need not be the longest', () => {
    // E5xE7 must go on over E8 to E9; D4 may instead take just C5.
    const moves = paths(buildPosition({ E5: 'M', E6: 'm', E8: 'm', D4: 'M', C5: 'm', L13: 'm' }));
    expect(moves).toEqual(['D4xB6', 'E5xE7xE9']);
  });

  it('a knight’s charge satisfies compulsory capture', () => {
    // D4xD6 is a plain jump, so capture is due; the knight may answer it with H4-H6xH8 instead.
    const moves = paths(buildPosition({ D4: 'M', D5: 'm', H4: 'K', H5: 'M', H7: 'm' }));
    expect(moves).toEqual(['D4xD6', 'H4-H6xH8']);
  });

  it('when only a charge could capture, capturing is optional', () => {
    const moves = paths(buildPosition({ H4: 'K', H5: 'M', H7: 'm', A13: 'm' }));
    expect(moves).toContain('H4-H6xH8');
    expect(moves).toContain('H4-G4');
    expect(moves).toContain('H5-G5');
  });

  it('a piece on the enemy castle never jumps, so it makes no capture compulsory', () => {
    // F16 stands next to F15 with F14 empty, yet A4 may move quietly and F16 may make its castle move.
    const moves = paths(buildPosition({ F16: 'M', F15: 'm', A4: 'M', A13: 'm' }, 'w', [1, 0]));
    expect(moves).toEqual(['A4-A5', 'A4-B3', 'A4-B4', 'A4-B5', 'F16-G16']);
  });
});

describe('knight’s charge (research §3.4, WCF reading)', () => {
  // D6 is a jump square (over C6 to B6); D8 is reachable only through D6. B5 and B7 stop D5 and D7 jumping.
  const pieces = { D5: 'M', D7: 'M', C6: 'm', B5: 'm', B7: 'm' } as const;

  it('a knight’s pure canter may not land on, nor pass through, a square from which it could jump', () => {
    const fromD4 = paths(buildPosition({ ...pieces, D4: 'K' })).filter((p) => p.startsWith('D4'));
    expect(fromD4.filter((p) => !p.includes('x'))).toEqual([
      'D4-C3',
      'D4-C4',
      'D4-C5',
      'D4-D3',
      'D4-E3',
      'D4-E4',
      'D4-E5',
    ]);
  });

  it('a charge may canter onto that square and capture from it, continuing the jumps', () => {
    const fromD4 = paths(buildPosition({ ...pieces, D4: 'K' })).filter((p) => p.includes('x'));
    expect(fromD4).toEqual(['D4-D6xB6xB4', 'D4-D6xB6xB8']);
  });

  it('a man has no such restriction: it canters to D6 and on to D8', () => {
    const fromD4 = paths(buildPosition({ ...pieces, D4: 'M' })).filter((p) => p.startsWith('D4-D6'));
    expect(fromD4).toEqual(['D4-D6', 'D4-D6-D8']);
  });

  it('a charge may canter past a jump square and start its jumps further on', () => {
    // The knight on B4 canters B4-D4 (over C4); D4 has a jump (over E5 to F6), yet it may canter on over D5 to D6
    // and capture E7 from there, as in Chaxx–Nolan J11-F11-D11xF9. F5 blocks D5xF5, so no capture is due.
    const moves = paths(buildPosition({ B4: 'K', C4: 'M', D5: 'M', F5: 'M', E5: 'm', E7: 'm', L13: 'm' }));
    expect(moves.filter((p) => p.includes('x'))).toEqual(['B4-D4-D6xF4', 'B4-D4-D6xF8', 'B4-D4xF6xD8']);
    // …while the pure canters to D4 and beyond stay forbidden.
    expect(moves.filter((p) => p.startsWith('B4-D4') && !p.includes('x'))).toEqual([]);
  });
});

describe('jumps and revisits (research §3.3)', () => {
  it('a jump chain may pass the same square twice', () => {
    // B4xD4, round D6 F6 F4 back to D4, then on over D3 to D2: every black piece but K13 is taken.
    const position = buildPosition({ B4: 'M', C4: 'm', D5: 'm', E6: 'm', F5: 'm', E4: 'm', D3: 'm', K13: 'm' });
    expect(paths(position)).toEqual(['B4xD4xD2', 'B4xD4xD6xF6xF4xD4xD2']);
    expect(referenceAllPaths(position).get(resultOf(position, 'B4xD4xD6xF6xF4xD4xD2'))).toEqual(
      new Set(['B4xD4xD6xF6xF4xD4xD2', 'B4xD4xF4xF6xD6xD4xD2']),
    );
  });

  it('a jump that lands on the enemy castle ends the move', () => {
    // After F14xF16 the piece could geometrically jump G15 to H14; it may not.
    expect(paths(buildPosition({ F14: 'M', F15: 'm', G15: 'm', A4: 'M' }))).toEqual(['F14xF16']);
  });
});

describe('own castle (rules: Settled points; research §3.5)', () => {
  it('a jump may land in one’s own castle and must continue out if it can', () => {
    expect(paths(buildPosition({ F3: 'M', F2: 'm', G2: 'm', A13: 'm' }))).toEqual(['F3xF1xH3']);
  });

  it('a jump may end in one’s own castle when no jump follows', () => {
    expect(paths(buildPosition({ F3: 'M', F2: 'm', A13: 'm' }))).toEqual(['F3xF1']);
  });

  it('a piece in its own castle must move next, before a capture elsewhere', () => {
    // E8xE10 would be compulsory, but F1 must leave first; it may not step to G1 (own castle).
    expect(paths(buildPosition({ F1: 'M', E8: 'M', E9: 'm', A13: 'm' }))).toEqual(['F1-E2', 'F1-F2', 'F1-G2']);
  });

  it('a piece in its own castle that can jump must leave by capturing: a jump or a charge', () => {
    // F1xD3 takes E2; the knight may instead canter over F2 to F3 and take F4.
    const moves = paths(buildPosition({ F1: 'K', E2: 'm', F2: 'M', F4: 'm', A13: 'm' }));
    expect(moves).toEqual(['F1-F3xF5', 'F1xD3']);
  });

  it('a piece stuck in its own castle leaves its side without a legal move', () => {
    const position = buildPosition({ F1: 'M', E2: 'm', F2: 'm', G2: 'm', D3: 'm', F3: 'm', H3: 'm', A4: 'M' });
    expect(paths(position)).toEqual([]);
  });
});

describe('enemy castle and castle moves (rules: Settled points; research §3.5)', () => {
  it('a piece on the enemy castle only makes a castle move, which counts for the mover and resets the quiet count', () => {
    const position = buildPosition({ F16: 'M', A4: 'M', A13: 'm' }, 'w', [1, 0], 7, 12);
    expect(paths(position).filter((p) => p.startsWith('F16'))).toEqual(['F16-G16']);
    expect(resultOf(position, 'F16-G16')).toBe(buildPosition({ G16: 'M', A4: 'M', A13: 'm' }, 'b', [2, 0], 0, 12));
  });

  it('at most two castle moves per player per game', () => {
    const white = paths(buildPosition({ F16: 'M', A4: 'M', A13: 'm' }, 'w', [2, 0]));
    expect(white.filter((p) => p.startsWith('F16'))).toEqual([]);
    // Black's count is its own: White's two do not stop Black.
    const black = paths(buildPosition({ G1: 'm', A4: 'M', A13: 'm' }, 'b', [2, 1]));
    expect(black).toContain('G1-F1');
  });

  it('no castle move when a capture is due', () => {
    expect(paths(buildPosition({ F16: 'M', E5: 'M', E6: 'm', A13: 'm' }))).toEqual(['E5xE7']);
  });
});

describe('counters (NOTATION.md)', () => {
  it('a quiet move adds a ply; Black’s move advances the move number; a capture resets the count', () => {
    const quiet = buildPosition({ A4: 'M', A13: 'm' }, 'b', [0, 0], 5, 9);
    expect(resultOf(quiet, 'A13-A12')).toBe(buildPosition({ A4: 'M', A12: 'm' }, 'w', [0, 0], 6, 10));
    const capture = buildPosition({ E5: 'M', E6: 'm', A13: 'm' }, 'w', [0, 0], 5, 9);
    expect(resultOf(capture, 'E5xE7')).toBe(buildPosition({ E7: 'M', A13: 'm' }, 'b', [0, 0], 0, 9));
  });

  it('entering the enemy castle by a plain move resets the quiet count', () => {
    const position = buildPosition({ F15: 'M', A13: 'm' }, 'w', [0, 0], 30, 40);
    expect(resultOf(position, 'F15-F16')).toBe(buildPosition({ F16: 'M', A13: 'm' }, 'b', [0, 0], 0, 40));
  });
});
