import { describe, expect, it } from 'vitest';
import { kindId, shadows, type ScenarioInput, type ShadowsState } from '../src/index.ts';
import { at, go, goAll, legal, passAll, refuse } from './helpers.ts';

const heroic = (input: ScenarioInput): ShadowsState =>
  at({ phase: { kind: 'heroic' }, ...input, turn: { stage: 'heroic', ...input.turn } });
const lives = (s: ShadowsState): number[] => s.knights.map((k) => k.life);
const sizes = (s: ShadowsState): number[] => s.knights.map((k) => k.hand.length);

describe('Special black cards and the Merlin window (seed 004: "contrée par 3 cartes Merlin … collectivement")', () => {
  it('every hidden knight is asked, whether or not he holds a Merlin; three Merlins cancel the card', () => {
    const s = go(at({ hands: [['merlin'], ['merlin'], ['merlin']], blackTop: ['morgan-3'] }), 0, 'evil black');
    expect(s.phase.kind).toBe('merlin');
    expect(shadows.toMove(s)).toEqual([0, 1, 2]);
    const t = goAll(s, [
      [1, 'merlin'],
      [0, 'merlin'],
      [2, 'merlin'],
    ]);
    expect(t.siege).toBe(0);
    expect(t.blackDiscard.map(kindId)).toEqual(['morgan-3']);
    expect(t.whiteDiscard.length).toBe(3);
    expect(t.phase.kind).toBe('heroic');
  });
  it('fewer than three Merlins: the card applies and the Merlins stay in hand; a knight may give several', () => {
    const s = go(at({ hands: [['merlin', 'merlin'], [], []], blackTop: ['morgan-3'] }), 0, 'evil black');
    expect(legal(s, 0)).toEqual(['pass', 'merlin', 'merlin 2']);
    expect(legal(s, 1)).toEqual(['pass']);
    const t = goAll(s, [
      [0, 'merlin 2'],
      [1, 'pass'],
      [2, 'pass'],
    ]);
    expect(t.siege).toBe(2);
    expect(t.knights[0]!.hand.length).toBe(2);
  });
  it('answers stay secret until the window closes', () => {
    const s = go(go(at({ hands: [['merlin'], [], []], blackTop: ['morgan-4'] }), 0, 'evil black'), 0, 'merlin');
    expect(shadows.view(s, 1).me!.answer).toBeUndefined();
    expect(JSON.stringify(shadows.view(s, 1).phase)).not.toContain('merlins');
    expect(shadows.view(s, 0).me!.answer).toBe('merlin');
  });
  it('Vivien: no Merlin card may be played (no window, no Merlin action) until a quest is won', () => {
    const s = at({ hands: [['merlin'], ['merlin'], ['merlin']], effects: { vivien: true }, blackTop: ['morgan-3'] });
    expect(go(s, 0, 'evil black').siege).toBe(2);
    const h = heroic({ active: 1, hands: [[], ['merlin'], []], siege: 2, effects: { vivien: true } });
    expect(legal(h, 1).some((m) => m.startsWith('play merlin'))).toBe(false);
    refuse(h, 1, 'play merlin siege', { code: 'VIVIEN' });
  });
});

describe('Morgan cards', () => {
  it('Morgan 1: a volunteer discards 3 white cards', () => {
    const s = passAll(
      go(
        at({ hands: [[], ['fight-1', 'fight-2', 'fight-3', 'grail'], ['fight-1']], blackTop: ['morgan-1'] }),
        0,
        'evil black',
      ),
    );
    expect(s.phase.kind).toBe('volunteer');
    expect(legal(s, 2)).toEqual(['pass']); // fewer than 3 cards
    let t = goAll(s, [
      [0, 'pass'],
      [1, 'volunteer'],
      [2, 'pass'],
    ]);
    expect(t.phase).toMatchObject({ kind: 'discard', waiting: [1] });
    t = go(t, 1, 'discard fight-1 fight-2 grail');
    expect(sizes(t)).toEqual([0, 1, 1]);
  });
  it('Morgan 1 without a volunteer: every knight discards one card of his choice', () => {
    const s = passAll(
      go(at({ hands: [['grail'], ['fight-1', 'fight-2'], []], blackTop: ['morgan-1'] }), 0, 'evil black'),
    );
    let t = passAll(s, 'volunteer');
    expect(t.phase).toMatchObject({ kind: 'discard', waiting: [0, 1] });
    t = goAll(t, [
      [1, 'discard fight-2'],
      [0, 'discard grail'],
    ]);
    expect(sizes(t)).toEqual([0, 1, 0]);
  });
  it('Morgan 2: the drawer resolves the next 3 black cards', () => {
    const t = passAll(go(at({ blackTop: ['morgan-2', 'picts', 'saxons', 'excalibur'] }), 0, 'evil black'));
    expect([t.board.picts.figures, t.board.saxons.figures, t.board.excalibur.pos]).toEqual([1, 1, -1]);
    expect(t.phase.kind).toBe('heroic');
  });
  it('Morgan 3: two siege engines; Morgan 4: every knight loses a life point', () => {
    expect(passAll(go(at({ blackTop: ['morgan-3'] }), 0, 'evil black')).siege).toBe(2);
    expect(lives(passAll(go(at({ blackTop: ['morgan-4'] }), 0, 'evil black')))).toEqual([3, 3, 3]);
  });
  it('Morgan 5: a volunteer loses 2 life points, else every knight discards one card', () => {
    const s = passAll(go(at({ hands: [['grail'], ['grail'], ['grail']], blackTop: ['morgan-5'] }), 0, 'evil black'));
    expect(
      lives(
        goAll(s, [
          [0, 'pass'],
          [1, 'pass'],
          [2, 'volunteer'],
        ]),
      ),
    ).toEqual([4, 4, 2]);
    const none = goAll(s, [
      [0, 'pass'],
      [1, 'pass'],
      [2, 'pass'],
    ]);
    expect(none.phase).toMatchObject({ kind: 'discard', waiting: [0, 1, 2] });
  });
});

describe('Other special black cards', () => {
  it('Guinevere: every knight returns to Camelot, solo-quest white cards are discarded, the turn ends', () => {
    const s = at({
      locations: ['camelot', 'black-knight', 'grail'],
      blackKnight: { white: ['fight-2'] },
      blackTop: ['guinevere'],
    });
    const t = passAll(go(s, 0, 'evil black'));
    expect(t.knights.map((k) => k.location)).toEqual(['camelot', 'camelot', 'camelot']);
    expect(t.board.blackKnight.white).toEqual([]);
    expect([t.active, t.phase.kind]).toEqual([1, 'evil']);
  });
  it('Mists of Avalon: every lost quest adds one more black sword', () => {
    const s = at({ effects: { mists: true }, saxons: { figures: 3 }, blackTop: ['saxons'] });
    expect(go(s, 0, 'evil black').blackSwords).toBe(2);
  });
  it('Mordred: a figure on the chosen war, which then needs a second Fight 5', () => {
    let t = go(passAll(go(at({ blackTop: ['mordred'] }), 0, 'evil black')), 0, 'war picts');
    expect(t.board.picts.figures).toBe(1);
    expect(t.effects.mordred?.war).toBe('picts');
    const s = heroic({
      active: 1,
      locations: ['camelot', 'picts', 'camelot'],
      hands: [[], ['fight-5', 'fight-5'], []],
      picts: { white: ['fight-1', 'fight-2', 'fight-3', 'fight-4'] },
      effects: { mordred: 'picts' },
    });
    t = go(s, 1, 'fight fight-5');
    expect(t.whiteSwords).toBe(0);
    t = go(
      heroic({
        ...{ active: 1, locations: ['camelot', 'picts', 'camelot'] as const, hands: [[], ['fight-5'], []] },
        picts: { white: ['fight-1', 'fight-2', 'fight-3', 'fight-4', 'fight-5'] },
        effects: { mordred: 'picts' },
      }),
      1,
      'fight fight-5',
    );
    expect(t.whiteSwords).toBe(1);
    expect(t.effects.mordred).toBeNull();
  });
});

describe('Special white cards (one per turn; a heroic action)', () => {
  it('Merlin removes a siege engine, the last standard black card of a quest, or a figure', () => {
    const s = heroic({
      active: 2,
      hands: [[], [], ['merlin']],
      siege: 2,
      blackKnight: { black: ['bk-1', 'bk-5'] },
      picts: { figures: 1 },
    });
    expect(legal(s, 2).filter((m) => m.startsWith('play'))).toEqual([
      'play merlin siege',
      'play merlin black-knight',
      'play merlin picts',
    ]);
    expect(go(s, 2, 'play merlin siege').siege).toBe(1);
    expect(go(s, 2, 'play merlin black-knight').board.blackKnight.black.map((p) => kindId(p.card))).toEqual(['bk-1']);
    expect(go(s, 2, 'play merlin picts').board.picts.figures).toBe(0);
  });
  it('only one special white card per turn, a second one costs the sacrifice of another type', () => {
    const s = go(heroic({ active: 2, hands: [[], [], ['piety', 'reinforcements']] }), 2, 'play piety self');
    expect(legal(s, 2).some((m) => m.startsWith('play'))).toBe(false);
    refuse(s, 2, 'play reinforcements self', { code: 'ACTION_USED', action: 'special' });
  });
  it('Fate: a loyal knight makes every knight draw one card', () => {
    expect(sizes(go(heroic({ active: 2, hands: [[], [], ['fate']] }), 2, 'play fate'))).toEqual([1, 1, 1]);
  });
  it('Fate played by the traitor unmasks him; every other knight discards 2 cards at random', () => {
    const t = go(
      heroic({ active: 2, traitor: 2, hands: [['grail', 'grail', 'grail'], ['grail'], ['fate', 'grail']] }),
      2,
      'play fate',
    );
    expect(t.knights[2]!.revealed).toBe(true);
    expect(sizes(t)).toEqual([1, 0, 0]);
  });
  it('Piety: +3 life, or +1 to every other knight (never above 6)', () => {
    const s = heroic({ active: 2, hands: [[], [], ['piety']], life: [6, 2, 4] });
    expect(lives(go(s, 2, 'play piety self'))).toEqual([6, 2, 6]);
    expect(lives(go(s, 2, 'play piety others'))).toEqual([6, 3, 4]);
  });
  it('Heroism: +1 white sword if its quest is won, +1 black sword if lost', () => {
    let t = go(heroic({ active: 2, hands: [[], [], ['heroism']] }), 2, 'play heroism saxons');
    expect(t.effects.heroism?.quest).toBe('saxons');
    const s = at({ saxons: { figures: 3 }, effects: { heroism: 'saxons' }, blackTop: ['saxons'] });
    t = go(s, 0, 'evil black');
    expect(t.blackSwords).toBe(2);
    expect(t.effects.heroism).toBeNull();
  });
  it('Reinforcements: draw 4, or every other knight draws 1', () => {
    const s = heroic({ active: 2, hands: [[], [], ['reinforcements']] });
    expect(sizes(go(s, 2, 'play reinforcements self'))).toEqual([0, 0, 4]);
    expect(sizes(go(s, 2, 'play reinforcements others'))).toEqual([1, 1, 0]);
  });
  it('Clairvoyance: the player sees the top 5 black cards and orders them', () => {
    const s = go(
      heroic({ active: 2, hands: [[], [], ['clairvoyance']], blackTop: ['picts', 'saxons', 'bk-1', 'bk-3', 'bk-5'] }),
      2,
      'play clairvoyance',
    );
    expect(shadows.view(s, 2).me!.top).toEqual(['picts.1', 'saxons.1', 'bk-1.1', 'bk-3.1', 'bk-5.1']);
    expect(shadows.view(s, 1).me!.top).toBeUndefined();
    expect(legal(s, 2).length).toBe(120);
    const t = go(s, 2, 'order 5 4 3 2 1');
    expect(t.blackDeck.slice(-5).map(kindId)).toEqual(['picts', 'saxons', 'bk-1', 'bk-3', 'bk-5']);
  });
  it('Messenger: give 1 to 3 white cards to a knight', () => {
    const s = heroic({ active: 2, hands: [[], [], ['messenger', 'grail', 'fight-2']] });
    const t = go(s, 2, 'play messenger @0 grail fight-2');
    expect(sizes(t)).toEqual([2, 0, 0]);
  });
  it('Lady of the Lake moves Excalibur from anywhere; the player who ends the quest takes Excalibur', () => {
    const s = heroic({
      active: 2,
      locations: ['excalibur', 'camelot', 'camelot'],
      hands: [[], [], ['lady']],
      excalibur: { pos: 4 },
    });
    const t = go(s, 2, 'play lady');
    expect(t.relics.excalibur).toBe(2);
    expect(t.knights[0]!.hand.length).toBe(7); // the knights on the quest share the spoils
    expect(t.knights[2]!.hand.length).toBe(0);
    const after = go(heroic({ active: 2, hands: [[], [], ['lady']], excalibur: { done: true } }), 2, 'play lady');
    expect(after.knights[2]!.life).toBe(6);
  });
  it('Convocation: every knight returns to Camelot and they share as many cards as there are knights', () => {
    const s = heroic({ active: 2, locations: ['grail', 'picts', 'camelot'], hands: [[], [], ['convocation']] });
    const t = go(s, 2, 'play convocation');
    expect(t.knights.map((k) => k.location)).toEqual(['camelot', 'camelot', 'camelot']);
    expect(sizes(t)).toEqual([1, 1, 1]);
  });
});

describe("Knights' powers (research §4)", () => {
  it('Arthur swaps one white card face down with a knight of his choice, once per turn, for free', () => {
    const s = heroic({ active: 0, hands: [['grail'], ['fight-5'], []] });
    let t = go(s, 0, 'give grail @1');
    expect(shadows.toMove(t)).toEqual([1]);
    expect(legal(t, 1)).toEqual(['return fight-5', 'return grail']);
    t = go(t, 1, 'return fight-5');
    expect([t.knights[0]!.hand.map(kindId), t.knights[1]!.hand.map(kindId)]).toEqual([['fight-5'], ['grail']]);
    expect(t.turn.used).toEqual([]);
    refuse(t, 0, 'give fight-5 @1', { code: 'ALREADY_SWAPPED' });
  });
  it('Galahad plays one special white card for free', () => {
    const s = heroic({ active: 1, hands: [[], ['piety', 'reinforcements'], []] });
    const t = go(go(s, 1, 'play piety self'), 1, 'play reinforcements self');
    expect(t.turn.used).toEqual(['special']);
    expect(t.knights[1]!.life).toBe(6); // +3, no sacrifice paid
  });
  it('Gawain draws 3 cards at the Round Table', () => {
    expect(go(heroic({ active: 2 }), 2, 'draw').knights[2]!.hand.length).toBe(3);
  });
  it('Kay may add one fight card after the black cards are revealed', () => {
    const s = at({
      players: 7,
      locations: ['camelot', 'camelot', 'camelot', 'black-knight'],
      hands: [[], [], [], ['fight-5']],
      blackKnight: { white: ['fight-5', 'fight-2'], black: ['bk-1', 'bk-1', 'bk-5'] },
      blackTop: ['bk-1'],
    });
    let t = go(go(s, 0, 'evil black'), 0, 'place down');
    expect(t.phase).toMatchObject({ kind: 'kay', seat: 3 });
    expect(legal(t, 3)).toEqual(['pass', 'kay fight-5']);
    t = go(t, 3, 'kay fight-5'); // 12 against 8
    expect(t.whiteSwords).toBe(1);
  });
  it('Kay may add a fight card to his lost siege fight', () => {
    const s = heroic({ players: 7, active: 3, siege: 1, hands: [[], [], [], ['fight-1', 'fight-5', 'fight-5']] });
    let t = go(s, 3, 'siege fight-1');
    expect(t.phase.kind).toBe('kay');
    const roll = t.phase.kind === 'kay' && t.phase.pending.quest === 'siege' ? t.phase.pending.roll : 0;
    t = go(t, 3, 'kay fight-5');
    expect(t.siege).toBe(roll < 6 ? 0 : 1);
  });
  it('Percival sees the top black card in his Progression of Evil', () => {
    const s = at({ players: 7, active: 4, blackTop: ['morgan-4'] });
    expect(shadows.view(s, 4).me!.peek).toBe('morgan-4.1');
    expect(shadows.view(s, 3).me!.peek).toBeUndefined();
  });
  it('Palamedes gains one more life point on a won quest', () => {
    const s = heroic({
      players: 7,
      active: 5,
      locations: ['camelot', 'camelot', 'camelot', 'camelot', 'camelot', 'picts'],
      hands: [[], [], [], [], [], ['fight-5']],
      picts: { white: ['fight-1', 'fight-2', 'fight-3', 'fight-4'] },
    });
    expect(go(s, 5, 'fight fight-5').knights[5]!.life).toBe(6);
  });
  it('Tristan leaves Camelot without using an action', () => {
    const s = heroic({ players: 7, active: 6 });
    const t = go(go(s, 6, 'move picts'), 6, 'move saxons');
    expect(t.turn.used).toEqual(['move']);
    expect(t.knights[6]!.life).toBe(4);
  });
});

describe('Relics (research §8)', () => {
  it("Excalibur adds 1 to its holder's combat", () => {
    const s = at({
      locations: ['camelot', 'black-knight', 'camelot'],
      blackKnight: { white: ['fight-3', 'fight-3'], black: ['bk-1', 'bk-1', 'bk-3'] },
      blackTop: ['bk-1'],
      relics: { excalibur: 1 },
    });
    // The holder is first asked whether Excalibur cancels the card just drawn (research §14): he lets it be.
    expect(go(go(go(s, 0, 'evil black'), 1, 'pass'), 0, 'place up').whiteSwords).toBe(1); // 6 + 1 against 6
  });
  it("Lancelot's Armor: draw two black cards, resolve one, the other goes under the pile", () => {
    const s = at({ relics: { armor: 0 }, blackTop: ['morgan-4', 'picts'] });
    let t = go(s, 0, 'evil black');
    expect(shadows.view(t, 0).me!.armor).toEqual(['morgan-4.1', 'picts.1']);
    expect(legal(t, 0)).toEqual(['keep morgan-4', 'keep picts']);
    t = go(t, 0, 'keep picts');
    expect(t.board.picts.figures).toBe(1);
    expect(kindId(t.blackDeck[0]!)).toBe('morgan-4');
  });
  it("the Grail's holder may save a dying knight: back to 4 life, the Grail leaves the game", () => {
    const s = at({ life: [1, 4, 4], relics: { grail: 2 } });
    let t = go(s, 0, 'evil life');
    expect(t.phase).toMatchObject({ kind: 'grail-save', seat: 2, dying: 0 });
    t = go(t, 2, 'save');
    expect([t.knights[0]!.alive, t.knights[0]!.life, t.relics.grail]).toEqual([true, 4, 'gone']);
  });
});

describe('Heroic actions (seed 004)', () => {
  it('heal: discard 3 identical white cards for 1 life point, never above 6', () => {
    const s = heroic({ active: 2, hands: [[], [], ['grail', 'grail', 'grail', 'fight-1']], life: [4, 4, 3] });
    expect(go(s, 2, 'heal grail').knights[2]!.life).toBe(4);
    refuse(s, 2, 'heal fight-1', { code: 'HEAL_THREE' });
    refuse(heroic({ active: 2, hands: [[], [], ['grail', 'grail', 'grail']], life: [4, 4, 6] }), 2, 'heal grail', {
      code: 'MAX_LIFE',
    });
  });
  it('a second heroic action of another type costs one life point; a third is refused', () => {
    let t = go(heroic({ active: 2, hands: [[], [], ['grail']] }), 2, 'move grail');
    t = go(t, 2, 'grail');
    expect(t.knights[2]!.life).toBe(3);
    refuse(t, 2, 'move camelot', { code: 'ACTION_USED', action: 'move' });
    expect(legal(t, 2)).toContain('end');
  });
  it('a knight must act before ending his turn; declarations are free and public', () => {
    const s = heroic({ active: 2 });
    refuse(s, 2, 'end', { code: 'NO_ACTION_YET' });
    const t = go(s, 2, 'declare help grail');
    expect(shadows.view(t, 0).knights[2]!.declaration).toEqual({ what: 'help', quest: 'grail' });
    refuse(t, 2, 'declare strong', { code: 'ALREADY_DECLARED' });
  });
  it('a knight who sacrifices his last life point finishes the action, then dies', () => {
    let t = go(heroic({ active: 2, life: [4, 4, 1], hands: [[], [], ['grail']] }), 2, 'move grail');
    t = go(t, 2, 'grail');
    expect(t.board.grail.grails.length).toBe(1);
    expect(t.knights[2]!.alive).toBe(false);
    expect([t.active, t.phase.kind]).toEqual([0, 'evil']);
  });
});
