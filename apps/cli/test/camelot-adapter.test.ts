import { describe, expect, it } from 'vitest';
import { camelotAdapter, moveSquares, parseBoard, renderBoard } from '../src/games/camelot.ts';
import type { RenderOptions } from '../src/terminal/adapter.ts';
import { stripAnsi } from '../src/terminal/style.ts';

const START = '2/8/10/12/12/2kmmmmmmk2/3kmmmmk3/12/12/3KMMMMK3/2KMMMMMMK2/12/12/10/8/2 w 0,0 0 1';
const plain: RenderOptions = { color: false, lang: 'en', viewer: 0, humans: [0] };

/** The three characters drawn for a square, found through the rank's row and the file header. */
function cell(screen: string, square: string): string {
  const lines = stripAnsi(screen).split('\n');
  const header = lines[0] ?? '';
  const col = header.indexOf(` ${square[0]} `);
  const row = lines.find((l) => l.trimStart().startsWith(`${square.slice(1)} `));
  return (row ?? '').slice(col, col + 3);
}

describe('Camelot board: the 160 squares', () => {
  it('reads every square of the start position', () => {
    const board = parseBoard(START);
    expect(board?.squares.size).toBe(160);
    expect(board?.squares.get('F16')).toBe('');
    expect(board?.squares.get('C6')).toBe('K');
    expect(board?.squares.get('J11')).toBe('k');
    expect(board?.squares.has('A16')).toBe(false);
  });

  it('draws files A–L, rank 16 at the top, absent squares blank and castles bracketed', () => {
    const screen = renderBoard(START, plain);
    const lines = screen.split('\n');
    expect(lines[0]).toMatch(/A\s+B\s+C.*L/);
    expect(lines[1]?.trimStart().startsWith('16')).toBe(true);
    expect(cell(screen, 'A16')).toBe('   ');
    expect(cell(screen, 'F16')).toBe('[.]');
    expect(cell(screen, 'G1')).toBe('[.]');
    expect(cell(screen, 'C6')).toBe(' K ');
    expect(screen).toContain('White to move');
  });

  it('marks the last move without colour: its squares in parentheses', () => {
    const screen = renderBoard(START, { ...plain, lastMove: 'F6-F8' });
    expect(cell(screen, 'F6')).toBe('(M)');
    expect(cell(screen, 'F8')).toBe('(.)');
    expect(screen).toContain('last move: F6-F8');
  });

  it('marks hints: the piece in angle brackets, the squares it can reach with *', () => {
    const screen = renderBoard(START, { ...plain, hints: ['E7-E9', 'E7-C7'] });
    expect(cell(screen, 'E7')).toBe('<M>');
    expect(cell(screen, 'E9')).toBe(' * ');
    expect(cell(screen, 'C7')).toBe(' * ');
  });

  it('turns the board for Black when Black is the only human', () => {
    const screen = renderBoard(START, { ...plain, viewer: 1, humans: [1] });
    expect(screen.split('\n')[0]).toMatch(/L\s+K.*A/);
    expect(screen.split('\n')[1]?.trimStart().startsWith('1 ')).toBe(true);
  });

  it('colours pieces, last move and hints when colour is on, and nothing changes once stripped', () => {
    const coloured = renderBoard(START, { ...plain, color: true, lastMove: 'F6-F8' });
    expect(coloured).toContain('\u001b[');
    expect(stripAnsi(coloured)).toBe(renderBoard(START, { ...plain, lastMove: 'F6-F8' }));
  });

  it('reads move paths', () => {
    expect(moveSquares('E8xC10xC12')).toEqual(['E8', 'C10', 'C12']);
    expect(moveSquares('c6-e6-g6-g8xe10')).toEqual(['C6', 'E6', 'G6', 'G8', 'E10']);
  });
});

describe('Camelot commands: hints SQUARE', () => {
  const context = { view: { position: START }, seat: 0, legal: ['F6-F5', 'F6-F8', 'E7-E8'], options: plain };
  it("shows one piece's moves on the board and lists them", () => {
    const out = camelotAdapter.command?.('hints f6', context) ?? '';
    expect(out).toContain('Moves from F6: F6-F5 F6-F8');
    expect(cell(out, 'F8')).toBe(' * ');
  });
  it('says so when the piece has no move, or the square is not one', () => {
    expect(camelotAdapter.command?.('hints A5', context)).toBe('No legal move starts from A5.');
    expect(camelotAdapter.command?.('hints ZZ', context)).toContain('is not a square');
  });
  it('leaves other lines to the loop', () => {
    expect(camelotAdapter.command?.('hints', context)).toBeNull();
    expect(camelotAdapter.command?.('F6-F5', context)).toBeNull();
  });
});

describe('Camelot outcome words', () => {
  it('explains each end', () => {
    expect(camelotAdapter.describeReason?.('castle', 'en')).toBe('two pieces hold the enemy castle');
    expect(camelotAdapter.describeReason?.('fifty-moves', 'fr')).toContain('50 coups');
  });
});
