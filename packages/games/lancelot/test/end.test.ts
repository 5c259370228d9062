import { describe, expect, it } from 'vitest';
import { lancelot } from '../src/index.ts';
import { BLUE, RED, YELLOW, errorOf, options, place, playText, scene, value } from './helpers.ts';

/** Two Red knights on every row and every column of the 2-player field: no square is legal for Red. */
const redEverywhere: Record<string, string> = {};
for (let r = 0; r < 8; r++) {
  const row = r + 4;
  const a = (2 * r) % 8;
  redEverywhere[`${'DEFGHIJK'[a]}${row}`] = 'R';
  redEverywhere[`${'DEFGHIJK'[a + 1]}${row}`] = 'R';
}

describe('Le vainqueur du tournoi: the first to capture the target wins, and the game ends at once', () => {
  it('the target is 7, 8, 9, 10 captures for 2, 3, 4, 5 players', () => {
    expect([2, 3, 4, 5].map((p) => options(p).target)).toEqual([7, 8, 9, 10]);
  });

  it('the target is an option: lower for a quick game, higher for experts', () => {
    expect(options(2, { target: 3 }).target).toBe(3);
    expect(options(5, { target: 20 }).target).toBe(20);
    expect(lancelot.parseOptions({ target: 0 }, 2)).toMatchObject({
      ok: false,
      error: { code: 'BAD_OPTION', option: 'target' },
    });
    expect(lancelot.parseOptions({ target: 'many' }, 2)).toMatchObject({
      ok: false,
      error: { code: 'BAD_OPTION', option: 'target' },
    });
    expect(lancelot.parseOptions({ diagonal: true }, 2)).toMatchObject({
      ok: false,
      error: { code: 'BAD_OPTION', option: 'diagonal' },
    });
  });

  it('reaching the target ends the game at once; captures of any colour count', () => {
    const s = scene({
      players: 4,
      pieces: { K2: 'Y', K11: 'Y', K13: 'Y', K7: 'B', K9: 'R' },
      toMove: 'Y',
      captures: [0, 0, 0, 7],
      lost: [3, 4, 0, 0],
    });
    expect(lancelot.outcome(s)).toBeNull();
    const after = value(lancelot.play(s, YELLOW, place('K4')));
    expect(lancelot.outcome(after)).toEqual({ winners: [YELLOW], draw: false, reason: 'target', scores: [0, 0, 0, 9] });
    expect(lancelot.toMove(after)).toEqual([]);
    expect(lancelot.legalMoves(after, RED)).toEqual([]);
    expect(errorOf(lancelot.play(after, RED, place('B2')))).toEqual({ code: 'GAME_OVER' });
  });
});

describe('[decision] Passing: a player with no legal placement passes; everybody passing in a row ends the game', () => {
  it('the pass is the only legal move when no placement is legal', () => {
    const s = scene({ players: 2, pieces: redEverywhere, toMove: 'R' });
    expect(lancelot.legalMoves(s, RED)).toEqual([{ kind: 'pass' }]);
    const after = value(lancelot.play(s, RED, { kind: 'pass' }));
    expect(after.passes).toBe(1);
    expect(lancelot.toMove(after)).toEqual([BLUE]);
    // A placement starts the count again.
    const placed = playText(after, 'D5');
    expect(placed.passes).toBe(0);
  });

  it('a player with no knight left passes', () => {
    const s = scene({
      players: 2,
      pieces: { D4: 'R' },
      toMove: 'R',
      hands: [0, 30],
      lost: [29, 0],
      captures: [0, 29],
      options: { target: 30 },
    });
    expect(lancelot.legalMoves(s, RED)).toEqual([{ kind: 'pass' }]);
    expect(errorOf(lancelot.play(s, RED, place('E5')))).toEqual({ code: 'NO_KNIGHTS_LEFT', seat: RED });
  });

  it('a player who can place may not pass', () => {
    const s = value(lancelot.setup({ players: 2, options: options(2), seed: 1 }));
    const seat = lancelot.toMove(s)[0]!;
    expect(errorOf(lancelot.play(s, seat, { kind: 'pass' }))).toEqual({ code: 'CANNOT_PASS', seat, example: 'D4' });
  });

  it('when every player passes in a row, most captures wins', () => {
    const s = scene({
      players: 2,
      pieces: redEverywhere,
      toMove: 'R',
      hands: [0, 0],
      lost: [14, 30],
      captures: [30, 14],
      options: { target: 40 },
    });
    const end = playText(s, 'pass', 'pass');
    expect(lancelot.outcome(end)).toEqual({ winners: [RED], draw: false, reason: 'blocked', scores: [30, 14] });
    expect(lancelot.toMove(end)).toEqual([]);
  });

  it('equal counts share the win (a draw between the leaders)', () => {
    const pieces = { C3: 'R', D3: 'B', E3: 'G' };
    const tied = scene({
      players: 3,
      pieces,
      toMove: 'G',
      hands: [0, 0, 0],
      captures: [30, 30, 27],
      options: { target: 40 },
    });
    const end = playText(tied, 'pass', 'pass', 'pass');
    expect(lancelot.outcome(end)).toEqual({
      winners: [RED, BLUE],
      draw: true,
      reason: 'blocked',
      scores: [30, 30, 27],
    });
    const all = scene({
      players: 3,
      pieces,
      toMove: 'G',
      hands: [0, 0, 0],
      captures: [29, 29, 29],
      options: { target: 40 },
    });
    expect(lancelot.outcome(playText(all, 'pass', 'pass', 'pass'))).toEqual({
      winners: [],
      draw: true,
      reason: 'blocked',
      scores: [29, 29, 29],
    });
  });
});
