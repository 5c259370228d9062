/**
 * What a seat saw in a private step stays in its view afterwards, as "you saw…", while it can still be true
 * [decision] (see `Memory`): King Arthur's swap for the two knights in it, the black card Lancelot's Armor put
 * under the pile for the one who put it there, the top black cards as Clairvoyance left them. Nobody else
 * ever sees it.
 */
import { describe, expect, it } from 'vitest';
import { createRng } from '@roundtable/core';
import { determinize, kindId, shadows, view, type ScenarioInput, type ShadowsState } from '../src/index.ts';
import { at, go, goAll } from './helpers.ts';

const heroic = (input: ScenarioInput): ShadowsState =>
  at({ phase: { kind: 'heroic' }, ...input, turn: { stage: 'heroic', ...input.turn } });
const seen = (s: ShadowsState, seat: number) => view(s, seat).me!.seen;
const roundTrip = (s: ShadowsState): ShadowsState => {
  const back = shadows.deserialize(shadows.serialize(s));
  if (!back.ok) throw new Error(JSON.stringify(back.error));
  return back.value;
};

describe("King Arthur's swap is remembered by the two knights in it (research §4: face down)", () => {
  it('each sees what he gave and what he got, after the swap and into the next turns; no one else does', () => {
    const s = heroic({ active: 0, hands: [['grail'], ['fight-5'], []] });
    let t = go(s, 0, 'give grail @1');
    expect(seen(t, 0)).toEqual({ swap: { with: 1, gave: expect.stringMatching(/^grail\./), got: null } });
    expect(seen(t, 1)).toBeUndefined(); // he sees the card in his hand; his own answer is not given yet
    t = go(t, 1, 'return fight-5');
    t = goAll(t, [
      [0, 'draw'],
      [0, 'end'],
      [1, 'evil siege'],
    ]);
    expect(t.active).toBe(1);
    expect(seen(t, 0)).toEqual({
      swap: { with: 1, gave: expect.stringMatching(/^grail\./), got: expect.stringMatching(/^fight-5\./) },
    });
    expect(seen(t, 1)).toEqual({
      swap: { with: 0, gave: expect.stringMatching(/^fight-5\./), got: expect.stringMatching(/^grail\./) },
    });
    expect(seen(t, 2)).toBeUndefined();
    expect(view(t, 'spectator').me).toBeNull();
    expect(JSON.stringify(view(t, 2))).not.toContain('swap');
    expect(seen(roundTrip(t), 0)).toEqual(seen(t, 0));
  });

  it("Arthur's next swap replaces the memory", () => {
    let t = goAll(heroic({ active: 0, hands: [['grail', 'fight-1'], ['fight-5'], ['fight-2']] }), [
      [0, 'give grail @1'],
      [1, 'return fight-5'],
    ]);
    t = { ...t, turn: { ...t.turn, arthurSwapped: false } }; // as on his next turn
    t = goAll(t, [
      [0, 'give fight-1 @2'],
      [2, 'return fight-2'],
    ]);
    expect(seen(t, 0)?.swap?.with).toBe(2);
    expect(seen(t, 1)).toBeUndefined();
    expect(seen(t, 2)?.swap).toEqual({
      with: 0,
      gave: expect.stringMatching(/^fight-2\./),
      got: expect.stringMatching(/^fight-1\./),
    });
  });
});

describe("Lancelot's Armor: its holder remembers the card he put under the pile (research §8)", () => {
  it('while the card lies there; the other seats never learn it; samples put it at the bottom', () => {
    const t = go(go(at({ relics: { armor: 0 }, blackTop: ['morgan-4', 'picts'] }), 0, 'evil black'), 0, 'keep picts');
    expect(t.phase.kind).toBe('heroic');
    expect(seen(t, 0)).toEqual({ under: ['morgan-4.1'] });
    expect(seen(t, 1)).toBeUndefined();
    expect(seen(t, 2)).toBeUndefined();
    for (let i = 0; i < 5; i++)
      expect(kindId(determinize(view(t, 0), 0, createRng(`u${i}`)).blackDeck[0]!)).toBe('morgan-4');
    expect(seen(roundTrip(t), 0)).toEqual({ under: ['morgan-4.1'] });
  });

  it('is forgotten once the card is drawn', () => {
    const t = go(go(at({ relics: { armor: 0 }, blackTop: ['morgan-4', 'picts'] }), 0, 'evil black'), 0, 'keep picts');
    // The pile run down to its last card, the one under it; the Armor gone, the next Progression draws it.
    const low: ShadowsState = {
      ...t,
      blackDeck: t.blackDeck.slice(0, 1),
      blackDiscard: [...t.blackDiscard, ...t.blackDeck.slice(1)],
      relics: { ...t.relics, armor: 'gone' },
      phase: { kind: 'evil' },
      turn: { ...t.turn, stage: 'evil' },
    };
    expect(seen(low, 0)).toEqual({ under: ['morgan-4.1'] });
    const u = go(low, 0, 'evil black');
    expect(u.phase).toMatchObject({ kind: 'merlin' });
    expect(seen(u, 0)).toBeUndefined();
  });
});

describe('Clairvoyance: the seat remembers the order it left (seed 004 card list, research §5)', () => {
  const ordered = (): ShadowsState =>
    go(
      go(
        heroic({ active: 2, hands: [[], [], ['clairvoyance']], blackTop: ['picts', 'saxons', 'bk-1', 'bk-3', 'bk-5'] }),
        2,
        'play clairvoyance',
      ),
      2,
      'order 5 4 3 2 1',
    );

  it('after ordering, the top cards in that order, to that seat only', () => {
    const t = ordered();
    expect(t.phase.kind).toBe('heroic');
    expect(seen(t, 2)).toEqual({ top: ['bk-5.1', 'bk-3.1', 'bk-1.1', 'saxons.1', 'picts.1'] });
    expect(view(t, 2).me!.top).toBeUndefined(); // the ordering step itself is over
    expect(seen(t, 0)).toBeUndefined();
    expect(seen(t, 1)).toBeUndefined();
    const sample = determinize(view(t, 2), 2, createRng('c'));
    expect(sample.blackDeck.slice(-5).reverse().map(kindId)).toEqual(['bk-5', 'bk-3', 'bk-1', 'saxons', 'picts']);
    expect(seen(roundTrip(t), 2)).toEqual(seen(t, 2));
  });

  it('cards drawn since drop out; the rest stay, in order', () => {
    let t = go(ordered(), 2, 'end');
    expect(t.active).toBe(0);
    t = goAll(t, [
      [0, 'evil black'],
      [0, 'place up'],
    ]);
    expect(t.board.blackKnight.black.length).toBe(1);
    expect(seen(t, 2)).toEqual({ top: ['bk-3.1', 'bk-1.1', 'saxons.1', 'picts.1'] });
    expect(seen(t, 0)).toBeUndefined();
  });

  it("another seat's Clairvoyance replaces it (the order may have changed)", () => {
    let t = go(ordered(), 2, 'end');
    // Seat 0 gets a Clairvoyance of its own: the card seat 2 played is back in play for the test.
    const back = t.whiteDiscard.findIndex((c) => kindId(c) === 'clairvoyance');
    t = {
      ...t,
      whiteDiscard: t.whiteDiscard.filter((_, i) => i !== back),
      knights: t.knights.map((k, i) => (i === 0 ? { ...k, hand: [t.whiteDiscard[back]!] } : k)),
      phase: { kind: 'heroic' },
      turn: { ...t.turn, stage: 'heroic' },
    };
    t = goAll(t, [
      [0, 'play clairvoyance'],
      [0, 'order 1 2 3 4 5'],
    ]);
    expect(seen(t, 2)).toBeUndefined();
    expect(seen(t, 0)?.top).toEqual(['bk-5.1', 'bk-3.1', 'bk-1.1', 'saxons.1', 'picts.1']);
  });
});
