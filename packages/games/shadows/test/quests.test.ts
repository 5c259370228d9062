import { describe, expect, it } from 'vitest';
import { fitsPattern, kindId, shadows, type ScenarioInput, type ShadowsState } from '../src/index.ts';
import { at, go, hand, legal, passAll, refuse } from './helpers.ts';

const heroic = (input: ScenarioInput): ShadowsState =>
  at({ phase: { kind: 'heroic' }, ...input, turn: { stage: 'heroic', ...input.turn } });

describe('The Black Knight (seed 004: two pairs; 4th card ends it; the quest restarts)', () => {
  it('the 4th white card wins when the fight total beats the Black Knight: +1 white sword, +3 cards, +1 life', () => {
    const s = heroic({
      active: 2,
      locations: ['camelot', 'camelot', 'black-knight'],
      hands: [[], [], ['fight-4']],
      blackKnight: { white: ['fight-3', 'fight-3', 'fight-4'], black: ['bk-1', 'bk-3'] },
    });
    const t = go(s, 2, 'fight fight-4');
    expect(t.whiteSwords).toBe(1);
    expect(t.knights[2]!.life).toBe(5);
    expect(t.knights[2]!.hand.length).toBe(3);
    expect(t.knights[2]!.location).toBe('camelot');
    expect(t.board.blackKnight).toEqual({ white: [], black: [] });
  });
  it('only two pairs of different values may be built', () => {
    expect(fitsPattern('black-knight', [3, 3, 4])).toBe(true);
    expect(fitsPattern('black-knight', [3, 3, 3])).toBe(false);
    expect(fitsPattern('black-knight', [3, 4, 5])).toBe(false);
    const s = heroic({
      active: 2,
      locations: ['camelot', 'camelot', 'black-knight'],
      hands: [[], [], ['fight-3', 'fight-5']],
      blackKnight: { white: ['fight-3', 'fight-3'] },
    });
    expect(legal(s, 2).filter((m) => m.startsWith('fight'))).toEqual(['fight fight-5']);
    refuse(s, 2, 'fight fight-3', { code: 'BAD_PATTERN', card: 'fight-3' });
  });
  it('the 4th black card ends it; a tie goes to evil: +1 black sword, -1 life', () => {
    const s = at({
      locations: ['camelot', 'black-knight', 'camelot'],
      blackKnight: { white: ['fight-3', 'fight-3'], black: ['bk-1', 'bk-1', 'bk-3'] },
      blackTop: ['bk-1'],
    });
    let t = go(s, 0, 'evil black');
    expect(t.phase.kind).toBe('place');
    t = go(t, 0, 'place up');
    expect(t.blackSwords).toBe(1);
    expect(t.knights[1]!.life).toBe(3);
    expect(t.knights[1]!.location).toBe('camelot');
    expect(t.phase.kind).toBe('heroic');
  });
  it('a knight leaving the solo quest takes its white cards off; black cards stay', () => {
    const s = heroic({
      active: 2,
      locations: ['camelot', 'camelot', 'black-knight'],
      blackKnight: { white: ['fight-3'], black: ['bk-1'] },
    });
    const t = go(s, 2, 'move camelot');
    expect(t.board.blackKnight.white).toEqual([]);
    expect(t.board.blackKnight.black.length).toBe(1);
  });
  it('a solo quest takes one knight at a time', () => {
    const s = heroic({ active: 2, locations: ['camelot', 'black-knight', 'camelot'] });
    expect(legal(s, 2)).not.toContain('move black-knight');
    refuse(s, 2, 'move black-knight', { code: 'QUEST_OCCUPIED' });
  });
});

describe('Black combat cards face down (seed 004: "pioche une carte blanche s\'il place la carte noire face cachée")', () => {
  it('the drawer draws a white card; the card is hidden from others until the quest ends', () => {
    const s = at({ blackTop: ['bk-7'], hands: [['grail'], [], []] });
    const t = go(go(s, 0, 'evil black'), 0, 'place down');
    expect(t.knights[0]!.hand.length).toBe(2);
    const seen = shadows.view(t, 1);
    expect(seen.board.blackKnight.black).toEqual([{ card: null, by: 0 }]);
    expect(JSON.stringify(seen)).not.toContain('bk-7');
    expect(shadows.view(t, 0).me!.faceDown).toEqual([{ quest: 'black-knight', index: 0, card: 'bk-7.1' }]);
  });
  it('face-down cards are turned up and counted when the quest ends', () => {
    const s = at({
      locations: ['camelot', 'black-knight', 'camelot'],
      blackKnight: { white: ['fight-5', 'fight-5'], black: ['bk-1', 'bk-1', 'bk-1'] },
      blackTop: ['bk-7'],
    });
    const t = go(go(s, 0, 'evil black'), 0, 'place down');
    expect(t.blackSwords).toBe(1); // 10 vs 1+1+1+7 = 10: a tie goes to evil
  });
});

describe('Lancelot, then the Dragon (seed 004)', () => {
  it('a full house of 5 wins Lancelot: +1 sword, +4 cards, +1 life, the Armor; the board flips to the Dragon', () => {
    const s = heroic({
      active: 2,
      locations: ['camelot', 'camelot', 'lancelot'],
      hands: [[], [], ['fight-5']],
      lancelot: { white: ['fight-2', 'fight-2', 'fight-2', 'fight-5'], black: ['ld-1'] },
    });
    const t = go(s, 2, 'fight fight-5');
    expect(t.whiteSwords).toBe(1);
    expect(t.knights[2]!.life).toBe(5);
    expect(t.knights[2]!.hand.length).toBe(4);
    expect(t.relics.armor).toBe(2);
    expect(t.board.lancelot.side).toBe('dragon');
  });
  it('the 5th Lancelot card loses it: +1 black sword, -1 life, the Armor is lost; the board flips', () => {
    const s = at({
      locations: ['camelot', 'lancelot', 'camelot'],
      lancelot: { white: ['fight-1'], black: ['ld-1', 'ld-1', 'ld-1', 'ld-3'] },
      blackTop: ['ld-1'],
    });
    const t = go(go(s, 0, 'evil black'), 0, 'place up');
    expect(t.blackSwords).toBe(1);
    expect(t.knights[1]!.life).toBe(3);
    expect(t.relics.armor).toBe('gone');
    expect(t.board.lancelot.side).toBe('dragon');
  });
  it('three threes of a kind win the Dragon (group): +2 swords, +2 life each, 7 cards shared', () => {
    const s = heroic({
      active: 2,
      locations: ['camelot', 'lancelot', 'lancelot'],
      hands: [[], [], ['fight-3']],
      lancelot: {
        side: 'dragon',
        white: ['fight-1', 'fight-1', 'fight-1', 'fight-2', 'fight-2', 'fight-2', 'fight-3', 'fight-3'],
        black: ['ld-1', 'ld-3'],
      },
    });
    const t = go(s, 2, 'fight fight-3'); // 18 against 5 + 7 (Dragon values)
    expect(t.whiteSwords).toBe(2);
    expect([t.knights[1]!.life, t.knights[2]!.life]).toEqual([6, 6]);
    expect([t.knights[1]!.hand.length, t.knights[2]!.hand.length]).toEqual([3, 4]);
    expect(t.board.lancelot.side).toBe('done');
  });
  it('Dragon values count on the Dragon side: 5 black cards lose it, -2 life each', () => {
    const s = at({
      locations: ['camelot', 'lancelot', 'lancelot'],
      lancelot: {
        side: 'dragon',
        white: ['fight-5', 'fight-5', 'fight-5', 'fight-4', 'fight-4', 'fight-4'],
        black: ['ld-1', 'ld-1', 'ld-1', 'ld-1'],
      },
      blackTop: ['ld-3'],
    });
    const t = go(go(s, 0, 'evil black'), 0, 'place up'); // 27 against 5×4 + 7 = 27
    expect(t.blackSwords).toBe(2);
    expect([t.knights[1]!.life, t.knights[2]!.life]).toEqual([2, 2]);
    expect(t.board.lancelot.side).toBe('done');
  });
  it('after the Dragon, every Lancelot/Dragon card adds a siege engine', () => {
    const s = at({ lancelot: { side: 'done' }, blackTop: ['ld-5'] });
    const t = go(s, 0, 'evil black');
    expect(t.siege).toBe(1);
    expect(t.phase.kind).toBe('heroic');
  });
});

describe('Excalibur (seed 004: discard any white card to move the sword towards the knights)', () => {
  it("reaching the knights' shore wins: +2 swords, +1 life, 7 cards, Excalibur", () => {
    const s = heroic({
      active: 1,
      locations: ['camelot', 'excalibur', 'camelot'],
      hands: [[], ['grail'], []],
      excalibur: { pos: 4 },
    });
    const t = go(s, 1, 'push grail');
    expect(t.whiteSwords).toBe(2);
    expect(t.knights[1]!.life).toBe(5);
    expect(t.knights[1]!.hand.length).toBe(7);
    expect(t.relics.excalibur).toBe(1);
    expect(t.board.excalibur.done).toBe(true);
  });
  it('reaching oblivion loses: +2 black swords (no life lost, per the sheet), Excalibur is lost', () => {
    const s = at({ locations: ['camelot', 'excalibur', 'camelot'], excalibur: { pos: -4 }, blackTop: ['excalibur'] });
    const t = go(s, 0, 'evil black');
    expect(t.blackSwords).toBe(2);
    expect(t.knights[1]!.life).toBe(4);
    expect(t.relics.excalibur).toBe('gone');
  });
  it('after the quest, every Excalibur card adds a siege engine', () => {
    const t = go(at({ excalibur: { done: true }, blackTop: ['excalibur'] }), 0, 'evil black');
    expect(t.siege).toBe(1);
  });
});

describe('The Holy Grail (seed 004)', () => {
  it('7 Grail cards win: +3 swords, +1 life, 7 cards, the Grail', () => {
    const s = heroic({
      active: 1,
      locations: ['camelot', 'grail', 'camelot'],
      hands: [[], ['grail'], []],
      grail: { grails: 6 },
    });
    const t = go(s, 1, 'grail');
    expect(t.whiteSwords).toBe(3);
    expect(t.relics.grail).toBe(1);
    expect(t.knights[1]!.life).toBe(5);
    expect(t.board.grail.done).toBe(true);
  });
  it('7 black cards lose: +3 black swords, -1 life', () => {
    const s = at({
      locations: ['camelot', 'grail', 'camelot'],
      grail: { blacks: ['despair', 'despair', 'despair', 'despair', 'despair', 'despair'] },
      blackTop: ['despair'],
    });
    const t = go(s, 0, 'evil black');
    expect(t.blackSwords).toBe(3);
    expect(t.knights[1]!.life).toBe(3);
    expect(t.relics.grail).toBe('gone');
  });
  it('on a full board a Grail card destroys a black card, and Despair destroys a Grail card', () => {
    const full = { grails: 4, blacks: ['despair', 'despair', 'despair'] };
    const s = heroic({
      active: 1,
      locations: ['camelot', 'grail', 'camelot'],
      hands: [[], ['grail'], []],
      grail: full,
    });
    const t = go(s, 1, 'grail');
    expect([t.board.grail.grails.length, t.board.grail.blacks.length]).toEqual([4, 2]);
    const u = go(at({ grail: full, blackTop: ['despair'] }), 0, 'evil black');
    expect([u.board.grail.grails.length, u.board.grail.blacks.length]).toEqual([3, 3]);
  });
  it('Desolation destroys a Grail card, then is placed like Despair', () => {
    const s = at({ grail: { grails: 3 }, blackTop: ['desolation'] });
    const t = passAll(go(s, 0, 'evil black'));
    expect([t.board.grail.grails.length, t.board.grail.blacks.map(kindId)]).toEqual([2, ['desolation']]);
  });
  it('Brocéliande forbids Grail cards until a quest is won', () => {
    const s = heroic({
      active: 1,
      locations: ['camelot', 'grail', 'camelot'],
      hands: [[], ['grail'], []],
      effects: { broceliande: true },
    });
    expect(legal(s, 1)).not.toContain('grail');
    refuse(s, 1, 'grail', { code: 'BROCELIANDE' });
    const t = passAll(go(at({ blackTop: ['broceliande'] }), 0, 'evil black'));
    expect(t.effects.broceliande).not.toBeNull();
  });
  it('after the quest, Despair, Desolation and Brocéliande add siege engines', () => {
    const t = go(at({ grail: { done: true }, blackTop: ['despair'] }), 0, 'evil black');
    expect(t.siege).toBe(1);
    const u = passAll(go(at({ grail: { done: true }, blackTop: ['broceliande'] }), 0, 'evil black'));
    expect(u.siege).toBe(1);
  });
});

describe('The Picts and Saxons wars (seed 004: the straight 1-2-3-4-5, the 4th figure loses)', () => {
  it('the straight in order wins: +1 sword, +4 cards, +1 life; the war restarts', () => {
    const s = heroic({
      active: 1,
      locations: ['camelot', 'picts', 'camelot'],
      hands: [[], ['fight-5'], []],
      picts: { figures: 2, white: ['fight-1', 'fight-2', 'fight-3', 'fight-4'] },
    });
    const t = go(s, 1, 'fight fight-5');
    expect(t.whiteSwords).toBe(1);
    expect(t.knights[1]!.hand.length).toBe(4);
    expect(t.board.picts).toEqual({ figures: 0, white: [] });
  });
  it('fight cards must come in order', () => {
    const s = heroic({
      active: 1,
      locations: ['camelot', 'saxons', 'camelot'],
      hands: [[], ['fight-3', 'fight-1'], []],
      saxons: { white: [] },
    });
    expect(legal(s, 1).filter((m) => m.startsWith('fight'))).toEqual(['fight fight-1']);
    refuse(s, 1, 'fight fight-3', { code: 'WAR_ORDER', need: 1 });
  });
  it('the 4th figure loses: +1 black sword, +2 siege engines, -1 life', () => {
    const s = at({ locations: ['camelot', 'saxons', 'camelot'], saxons: { figures: 3 }, blackTop: ['saxons'] });
    const t = go(s, 0, 'evil black');
    expect([t.blackSwords, t.siege, t.knights[1]!.life]).toEqual([1, 2, 3]);
    expect(t.board.saxons.figures).toBe(0);
  });
  it('Mercenaries: the drawer chooses the war', () => {
    const s = go(at({ blackTop: ['mercenaries'] }), 0, 'evil black');
    expect(legal(s, 0)).toEqual(['war picts', 'war saxons']);
    expect(go(s, 0, 'war saxons').board.saxons.figures).toBe(1);
  });
});

describe('Camelot (seed 004: draw 2 white cards; siege fights against 1d8)', () => {
  it('drawing takes 2 cards, not with 12 or more in hand', () => {
    const s = heroic({ active: 1, hands: [[], ['grail'], []] });
    expect(go(s, 1, 'draw').knights[1]!.hand.length).toBe(3);
    const full = heroic({ active: 1, hands: [[], Array.from({ length: 12 }, () => 'grail'), []] });
    refuse(full, 1, 'draw', { code: 'HAND_FULL', size: 12 });
  });
  it('a siege fight removes an engine if the fight total beats the die, else costs a life point', () => {
    const s = heroic({ active: 1, siege: 3, hands: [[], ['fight-5', 'fight-5', 'fight-1'], []] });
    const won = go(s, 1, 'siege fight-5 fight-5');
    expect(won.siege).toBe(2);
    expect(won.lastRoll).toMatchObject({ seat: 1, sum: 10, won: true });
    const lost = go(s, 1, 'siege fight-1');
    expect(lost.siege).toBe(3);
    expect(lost.knights[1]!.life).toBe(3);
    expect(lost.whiteDiscard.map(kindId)).toEqual(['fight-1']);
  });
  it('every quest but Camelot is left once over', () => {
    const s = heroic({ active: 1, lancelot: { side: 'done' }, excalibur: { done: true } });
    expect(legal(s, 1).filter((m) => m.startsWith('move'))).toEqual([
      'move black-knight',
      'move grail',
      'move picts',
      'move saxons',
    ]);
    refuse(s, 1, 'move excalibur', { code: 'QUEST_OVER' });
    expect(hand(s, 1)).toEqual([]);
  });
});
