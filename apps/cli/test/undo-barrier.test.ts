/**
 * Undo never goes back past a move that revealed what was hidden (issue 13): a card drawn, a die rolled, a card
 * turned up. Otherwise a player could draw, look, take it back and choose again. The rule lives in
 * `Match.undo` (packages/core), generic for every game; here it is checked on each card game's real moves.
 */
import { describe, expect, it } from 'vitest';
import { Match, createRng, describeError, nextInt, type AnyGame } from '@roundtable/core';
import { camelot } from '@roundtable/camelot';
import { joust } from '@roundtable/joust';
import { shadows } from '@roundtable/shadows';
import { tournament } from '@roundtable/tournament';
import { EngineProcess } from './fixtures/engine-process.ts';

/** Plays seeded random moves until one whose notation matches `wanted` has just been played. */
function playUntil(game: AnyGame, players: number, wanted: RegExp, seed = 1): Match {
  for (let attempt = 0; attempt < 20; attempt++) {
    const created = Match.create(game, { players, seed: seed + attempt });
    if (!created.ok) throw new Error(created.error.code);
    const m = created.value;
    const rng = createRng(`undo-test/${seed + attempt}`);
    while (!m.outcome() && m.ply < 600) {
      const seat = m.toMove()[0] as number;
      const legal = m.legalMoves(seat);
      m.playMove(seat, legal[nextInt(rng, legal.length)]);
      if (wanted.test(m.history[m.ply - 1]?.move ?? '')) return m;
    }
  }
  throw new Error(`no move matching ${String(wanted)} in 20 games of ${game.id}`);
}

/** The last move is a barrier: undo refuses with UNDO_BARRIER, in words, and changes nothing. */
function expectBarrier(m: Match): void {
  const ply = m.ply;
  const state = JSON.stringify(m.game.serialize(m.state));
  const last = m.history[ply - 1]!;
  expect(m.isUndoBarrier(ply - 1)).toBe(true);
  expect(m.undoable()).toBe(0);
  const r = m.undo(1);
  expect(r).toMatchObject({ ok: false, error: { code: 'UNDO_BARRIER', move: last.move, ply } });
  expect(m.ply).toBe(ply);
  expect(JSON.stringify(m.game.serialize(m.state))).toBe(state);
  if (!r.ok) {
    expect(describeError(r.error, 'en')).toContain(`Move ${ply} ("${last.move}") cannot be taken back`);
    expect(describeError(r.error, 'fr')).toContain(
      `Le coup ${ply} («\u00a0${last.move}\u00a0») ne peut pas être repris`,
    );
  }
}

/** The last move revealed nothing: it can be taken back, and the match is as it was before it. */
function expectUndoable(m: Match): void {
  const ply = m.ply;
  const before = JSON.stringify(m.game.serialize(m.stateAt(ply - 1)));
  expect(m.isUndoBarrier(ply - 1)).toBe(false);
  expect(m.undo(1)).toEqual({ ok: true, value: 1 });
  expect(m.ply).toBe(ply - 1);
  expect(JSON.stringify(m.game.serialize(m.state))).toBe(before);
}

describe('undo barrier: Camelot le jeu de cartes (joust)', () => {
  it('naming the colour draws the starter a card: it cannot be taken back', () =>
    expectBarrier(playUntil(joust, 3, /^start /)));
  it("playing a card from one's hand onto the display can be taken back", () => {
    const m = playUntil(joust, 3, /^play (purple|red|blue|yellow|green|squire|maiden)-\d$/);
    expectUndoable(m);
  });
  it('several moves back: refused as a whole when one of them drew, and nothing changes', () => {
    const m = playUntil(joust, 3, /^start /);
    const ply = m.ply;
    const seat = m.toMove()[0] as number;
    const plays = m.legalNotation(seat).filter((x) => /^play /.test(x));
    expect(m.play(seat, plays[0] as string).ok).toBe(true);
    expect(m.undoable()).toBe(m.isUndoBarrier(m.ply - 1) ? 0 : 1);
    expect(m.undo(2)).toMatchObject({ ok: false, error: { code: 'UNDO_BARRIER' } });
    expect(m.ply).toBe(ply + 1);
  });
});

describe('undo barrier: Le Tournoi de Camelot', () => {
  it('drawing a godsend from the pile cannot be taken back', () => expectBarrier(playUntil(tournament, 3, /^draw$/)));
  it("playing a weapon card from one's hand can be taken back", () => {
    const m = playUntil(tournament, 3, /^play (sw|ar|so|de)\d+$/);
    expectUndoable(m);
  });
});

describe('undo barrier: Les Chevaliers de la Table Ronde', () => {
  it('drawing a black card (Progression of Evil) cannot be taken back', () =>
    expectBarrier(playUntil(shadows, 4, /^evil black$/)));
  it('fighting the siege engines rolls the die: it cannot be taken back', () =>
    expectBarrier(playUntil(shadows, 4, /^siege /)));
  it('a declaration reveals nothing and can be taken back', () => expectUndoable(playUntil(shadows, 4, /^declare /)));
  it('adding a siege engine (Progression of Evil) reveals nothing and can be taken back', () =>
    expectUndoable(playUntil(shadows, 4, /^evil siege$/)));
});

describe('undo barrier: games of perfect information never have one', () => {
  it('Camelot: every move of a game can be taken back, to the start', () => {
    const m = playUntil(camelot, 2, /x/);
    expect(m.undoable()).toBe(m.ply);
    expect(m.undo(m.ply)).toMatchObject({ ok: true });
    expect(m.ply).toBe(0);
  });
});

describe('undo barrier: the engine protocol', () => {
  it('answers UNDO_BARRIER in English and French, and takes nothing back', async () => {
    const engine = new EngineProcess();
    try {
      expect(await engine.send({ cmd: 'new', game: 'shadows', players: 4, seed: 3 })).toMatchObject({ ok: true });
      // Everyone plays their first legal move until King Arthur draws a black card.
      for (let i = 0; i < 40; i++) {
        const status = await engine.send({ cmd: 'status' });
        const seat = (status.toMove as number[])[0] as number;
        const legal = (await engine.send({ cmd: 'legal', seat })).moves as string[];
        const move = legal.includes('evil black') ? 'evil black' : (legal[0] as string);
        expect(await engine.send({ cmd: 'play', seat, move })).toMatchObject({ ok: true });
        if (move === 'evil black') break;
      }
      const before = await engine.send({ cmd: 'record' });
      const refused = await engine.send({ cmd: 'undo' });
      expect(refused).toMatchObject({ ok: false, error: { code: 'UNDO_BARRIER', move: 'evil black' } });
      expect(refused.error.message).toContain('cannot be taken back');
      expect(refused.error.messageFr).toContain('ne peut pas être repris');
      expect(await engine.send({ cmd: 'record' })).toEqual(before);
    } finally {
      engine.kill();
    }
  });
});
