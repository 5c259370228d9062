/**
 * Excalibur cancels a standard black card just drawn (research §8, single source; §14 stand-in: once per turn,
 * Excalibur kept) [decision]: a window of the holder's, the cancelled card goes to the black discard pile.
 */
import { describe, expect, it } from 'vitest';
import { createRng } from '@roundtable/core';
import { determinize, kindId, shadows, view } from '../src/index.ts';
import { at, go, legal, passAll, refuse } from './helpers.ts';

const blackDiscard = (s: { blackDiscard: readonly number[] }): string[] => s.blackDiscard.map(kindId);

describe('Excalibur cancels a black card just drawn [decision]', () => {
  it('on another player\'s turn only the holder is asked; "excalibur" cancels the card, which is discarded', () => {
    const s = at({ relics: { excalibur: 1 }, blackTop: ['picts'] });
    const t = go(s, 0, 'evil black');
    expect(t.phase).toMatchObject({ kind: 'excalibur', seat: 1 });
    expect(shadows.toMove(t)).toEqual([1]);
    expect(legal(t, 1)).toEqual(['excalibur', 'pass']);
    expect(legal(t, 0)).toEqual([]);
    refuse(t, 2, 'excalibur', { code: 'NOT_YOUR_TURN' });
    // The card is public: every seat sees the same window.
    for (const seat of [0, 1, 2])
      expect(view(t, seat).phase).toEqual({
        kind: 'evil',
        excalibur: { seat: 1, card: expect.stringMatching(/^picts\./) },
      });
    const u = go(t, 1, 'annuler');
    expect(u.board.picts.figures).toBe(0);
    expect(blackDiscard(u)).toEqual(['picts']);
    expect(u.relics.excalibur).toBe(1); // kept
    expect(u.turn.excaliburUsed).toBe(true);
    expect(u.phase.kind).toBe('heroic');
    expect(u.active).toBe(0);
  });

  it('"pass" lets the card apply', () => {
    const s = at({ relics: { excalibur: 1 }, blackTop: ['picts'] });
    const u = go(go(s, 0, 'evil black'), 1, 'pass');
    expect(u.board.picts.figures).toBe(1);
    expect(u.turn.excaliburUsed).toBe(false);
  });

  it('the holder may cancel on his own turn; a card whose quest is over then adds no siege engine', () => {
    const s = at({ relics: { excalibur: 0 }, excalibur: { pos: 5, done: true }, blackTop: ['excalibur'] });
    const t = go(s, 0, 'evil black');
    expect(legal(t, 0)).toEqual(['excalibur', 'pass']);
    const u = go(t, 0, 'excalibur');
    expect(u.siege).toBe(0);
    expect(blackDiscard(u)).toEqual(['excalibur']);
    expect(go(t, 0, 'pass').siege).toBe(1);
  });

  it('a combat card stays hidden from the others; cancelled, it is never placed', () => {
    const s = at({ relics: { excalibur: 1 }, blackTop: ['bk-3'] });
    const t = go(s, 0, 'evil black');
    expect(view(t, 1).phase).toEqual({ kind: 'evil', excalibur: { seat: 1, quest: 'black-knight' } });
    expect(view(t, 2).me!.drawn).toBeUndefined();
    expect(view(t, 0).me!.drawn).toMatch(/^bk-3\./);
    for (const seat of [0, 1, 2]) {
      const d = determinize(view(t, seat), seat, createRng(`x${seat}`));
      expect(d.phase).toMatchObject({ kind: 'excalibur', seat: 1 });
    }
    const u = go(t, 1, 'excalibur');
    expect(u.board.blackKnight.black).toEqual([]);
    expect(blackDiscard(u)).toEqual(['bk-3']);
    expect(u.phase.kind).toBe('heroic');
  });

  it('is refused without Excalibur, with nothing to cancel, and for special black cards (3 Merlins only)', () => {
    const s = at({ relics: { excalibur: 1 }, blackTop: ['morgan-3'] });
    refuse(s, 0, 'excalibur', { code: 'NO_EXCALIBUR' });
    const own = at({ relics: { excalibur: 0 } });
    refuse(own, 0, 'excalibur', { code: 'NOTHING_TO_CANCEL' });
    const t = go(s, 0, 'evil black');
    expect(t.phase.kind).toBe('merlin');
    expect(legal(t, 1)).not.toContain('excalibur');
    expect(passAll(t).siege).toBe(2);
  });

  it('once per turn: a second standard card the same turn is not offered, and "excalibur" is refused', () => {
    // Morgan 2: three more black cards, drawn one at a time.
    const s = at({ relics: { excalibur: 0 }, blackTop: ['morgan-2', 'picts', 'saxons', 'despair'] });
    let t = passAll(go(s, 0, 'evil black'));
    expect(t.phase).toMatchObject({ kind: 'excalibur', seat: 0 });
    t = go(t, 0, 'excalibur'); // picts cancelled
    expect(t.board.picts.figures).toBe(0);
    expect(t.board.saxons.figures).toBe(1); // no window any more
    expect(t.board.grail.blacks.length).toBe(1);
    expect(t.phase.kind).toBe('heroic');
    refuse(t, 0, 'excalibur', { code: 'EXCALIBUR_USED' });
    // The next turn, Excalibur may cancel again.
    const next = go(go(t, 0, 'draw'), 0, 'end');
    expect(next.active).toBe(1);
    expect(next.turn.excaliburUsed).toBe(false);
  });

  it('options: "spent" loses Excalibur once used; "off" never asks', () => {
    const spent = at({ options: { excaliburCancel: 'spent' }, relics: { excalibur: 1 }, blackTop: ['picts'] });
    expect(go(go(spent, 0, 'evil black'), 1, 'excalibur').relics.excalibur).toBe('gone');
    const off = at({ options: { excaliburCancel: 'off' }, relics: { excalibur: 0 }, blackTop: ['picts'] });
    refuse(off, 0, 'excalibur', { code: 'EXCALIBUR_CANCEL_OFF' });
    expect(go(off, 0, 'evil black').board.picts.figures).toBe(1);
    expect(shadows.parseOptions({ excaliburCancel: 'sometimes' }, 3).ok).toBe(false);
    const parsed = shadows.parseOptions({}, 3);
    expect(parsed.ok && parsed.value.excaliburCancel).toBe('once-per-turn');
  });

  it('the refusals read in French and English', () => {
    for (const code of ['NO_EXCALIBUR', 'EXCALIBUR_USED', 'NOTHING_TO_CANCEL', 'EXCALIBUR_CANCEL_OFF']) {
      for (const lang of ['fr', 'en'] as const) expect(shadows.messages[code]![lang]({ code })).toMatch(/Excalibur/);
    }
  });
});
