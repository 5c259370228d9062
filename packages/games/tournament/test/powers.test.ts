import { describe, expect, it } from 'vitest';
import type { Seat } from '@roundtable/core';
import {
  DIVINE_WILL_TOKENS,
  GODSENDS,
  GODSEND_INDEX,
  HEROES,
  LEGENDS,
  POWERS,
  tournament,
  type TournamentState,
} from '../src/index.ts';
import { accountFor, go, ids, legal, refuse, run, stacked } from './helpers.ts';

const NO_GODSENDS = { options: { godsends: false } } as const;

/** Gives `seat` a godsend taken from the pile, as the godsend phase would. */
function withGodsend(s: TournamentState, seat: Seat, id: string): TournamentState {
  const card = GODSEND_INDEX.get(id)!;
  const divine = GODSENDS[card]!.divineWill === true;
  const uses = divine ? DIVINE_WILL_TOKENS : 1;
  const t = {
    ...s,
    godsendDeck: s.godsendDeck.filter((g) => g !== card),
    godsends: s.godsends.map((g, i) => (i === seat ? [...g, { card, uses }] : g)),
    divineWill: divine ? s.divineWill - uses : s.divineWill,
  };
  accountFor(t);
  return t;
}

describe('the cards of power', () => {
  it('8 heroes, 8 legends, 24 godsends; unknown texts are house cards, known names kept', () => {
    expect([HEROES.length, LEGENDS.length, POWERS.filter((p) => p.type === 'godsend').length]).toEqual([8, 8, 24]);
    for (const p of POWERS) expect(p.house).toBe(true);
    expect(HEROES.map((h) => h.fr)).toEqual(
      expect.arrayContaining(['Roi Arthur', 'Guenièvre', 'Sire Gauvain', 'Mordred']),
    );
    expect(LEGENDS.find((l) => l.id === 'lancelot')!.threshold).toBe(150);
    expect(LEGENDS.find((l) => l.id === 'echarpe-verte')!.threshold).toBeNull();
    expect(LEGENDS.map((l) => l.id)).toContain('excalibur');
    expect(new Set(HEROES.map((h) => h.legend)).size).toBe(8);
    expect(GODSENDS.filter((g) => g.divineWill)).toHaveLength(2);
  });
  it('random heroes are dealt one per seat, each with its legend', () => {
    const s = tournament.setup({ players: 6, options: { heroes: 'random', godsends: true, life: 400 }, seed: 9 });
    if (!s.ok) throw new Error('setup');
    expect(new Set(s.value.heroes).size).toBe(6);
    expect(s.value.heroes.every((h) => h !== null)).toBe(true);
  });
  it('heroes chosen: each seat from the dealer’s left takes a free hero, then the cards are dealt', () => {
    const s = tournament.setup({ players: 3, options: { heroes: 'chosen', godsends: true, life: 400 }, seed: 2 });
    if (!s.ok) throw new Error('setup');
    const first = tournament.toMove(s.value)[0]!;
    expect(legal(s.value, first)).toHaveLength(8);
    const t = go(s.value, first, 'hero gauvain');
    const second = tournament.toMove(t)[0]!;
    expect(second).toBe((first + 1) % 3);
    refuse(t, second, 'hero gauvain', { code: 'HERO_TAKEN' });
    const u = go(go(t, second, 'hero arthur'), (first + 2) % 3, 'hero tristan');
    expect(u.phase.kind).toBe('combat');
    expect(u.hands.map((h) => h.length)).toEqual([12, 12, 12]);
    expect(u.legendFrom[first]).toBe(1); // L'Écharpe verte
  });
});

describe('King Arthur’s +3 token (seed 001) and other value changes', () => {
  const base = (): TournamentState =>
    go(
      stacked(
        [
          ['so10', 'de2'],
          ['so7', 'de3'],
          ['so12', 'de4'],
        ],
        { heroes: [null, 'arthur', null], ...NO_GODSENDS },
      ),
      0,
      'so10',
    );
  it('raises the next card by 3, once per round; the change can make a feint', () => {
    const s = base();
    expect(legal(s, 1)).toContain('use arthur +3');
    refuse(s, 1, 'use arthur +2', { code: 'BAD_ADJUST', allowed: [3] });
    const t = go(s, 1, 'use arthur +3');
    expect(t.adjust).toEqual({ seat: 1, by: 3, power: 'arthur' });
    refuse(t, 1, 'use arthur +3', { code: 'POWER_USED' });
    const u = go(t, 1, 'so7');
    expect(u.combat.plays[1]).toMatchObject({ value: 10, adjust: 3 });
    const v = go(u, 2, 'so12');
    expect(v.lastCombat!.loser).toBe(2); // so10 and so7+3 feint: so12 is the only card left
    expect(legal(v, 2)).not.toContain('use arthur +3');
  });
  it('others cannot use it', () => {
    refuse(base(), 1, 'use guenievre @0', { code: 'NOT_YOUR_POWER' });
    refuse(go(base(), 1, 'so7'), 2, 'use arthur +3', { code: 'NOT_YOUR_POWER' });
  });
});

describe('peek: a hand seen by one seat only', () => {
  // The Lady's Gaze (Guinevere's peek until the balance of BALANCE.md gave her a ward).
  it("the Lady's Gaze sees a hand; nobody else does; cards leave what its holder knows as they are played", () => {
    const s = withGodsend(
      stacked(
        [
          ['so10', 'de2'],
          ['so7', 'de3'],
          ['so12', 'de4'],
        ],
        NO_GODSENDS,
      ),
      0,
      'regard',
    );
    const t = go(s, 0, 'use regard @2');
    expect(tournament.view(t, 0).me!.seen).toEqual([{ owner: 2, cards: ['so12', 'de4'] }]);
    expect(JSON.stringify(tournament.view(t, 1))).not.toContain('de4');
    expect(JSON.stringify(tournament.view(t, 'spectator'))).not.toContain('de4');
    const u = run(t, ['so10', 'so7', 'so12']);
    expect(tournament.view(u, 0).me!.seen).toEqual([{ owner: 2, cards: ['de4'] }]);
    refuse(s, 0, 'use regard @0', { code: 'BAD_TARGET' });
  });

  it('Guinevere wards a suit of her own pile once a round (balance: a house card, BALANCE.md)', () => {
    const s = stacked(
      [
        ['so10', 'de2'],
        ['so7', 'de3'],
        ['so12', 'de4'],
      ],
      { heroes: ['guenievre', null, null], ...NO_GODSENDS },
    );
    expect(legal(s, 0)).toEqual(expect.arrayContaining(['use guenievre swords', 'use guenievre sorcery']));
    const t = go(s, 0, 'use guenievre sorcery');
    expect(t.effects).toEqual([{ kind: 'ward', by: 0, target: 0, suit: 'sorcery' }]);
    refuse(t, 0, 'use guenievre deception', { code: 'POWER_USED' });
  });
});

describe('exchange: every choice asked of the right seat', () => {
  it('Tristan names a seat; it gives a card of its choice, then Tristan gives one back, both face up', () => {
    const s = stacked(
      [
        ['so10', 'sw2'],
        ['so7', 'de3'],
        ['so12', 'de4'],
      ],
      { heroes: ['tristan', null, null], ...NO_GODSENDS },
    );
    const t = go(s, 0, 'use tristan @1');
    expect(tournament.toMove(t)).toEqual([1]);
    expect(legal(t, 1)).toEqual(['give so7', 'give de3']);
    refuse(t, 0, 'play so10', { code: 'NOT_YOUR_TURN' });
    const u = go(t, 1, 'give de3');
    expect(tournament.toMove(u)).toEqual([0]);
    expect(tournament.view(u, 2).seats[0]!.shown).toEqual(['de3']);
    refuse(u, 0, 'play so10', { code: 'WRONG_MOVE' });
    const v = go(u, 0, 'give sw2');
    expect(ids(v.hands[0]!).sort()).toEqual(['de3', 'so10']);
    expect(ids(v.hands[1]!).sort()).toEqual(['so7', 'sw2']);
    expect(tournament.view(v, 2).seats[1]!.shown).toEqual(['sw2']);
    expect(tournament.toMove(v)).toEqual([0]);
    const w = go(v, 0, 'so10');
    expect(tournament.view(w, 2).seats[0]!.shown).toEqual(['de3']);
  });
});

describe('redraw', () => {
  it('Percival draws the top card, then discards one face up', () => {
    const s = stacked(
      [
        ['so10', 'sw2'],
        ['so7', 'de3'],
        ['so12', 'de4'],
      ],
      { heroes: ['perceval', null, null], ...NO_GODSENDS },
    );
    const top = s.deck[s.deck.length - 1]!;
    const t = go(s, 0, 'use perceval');
    expect(t.hands[0]).toContain(top);
    expect(t.phase).toEqual({ kind: 'redraw', user: 0, turn: 0 });
    expect(legal(t, 0)).toHaveLength(3);
    const u = go(t, 0, 'discard sw2');
    expect(ids(u.discard)).toEqual(['sw2']);
    expect(u.hands[0]).toHaveLength(2);
    expect(u.phase).toEqual({ kind: 'combat', turn: 0 });
    expect(u.life[0]).toBe(400); // not a déshonneur
    accountFor(u);
  });
});

describe('wound effects: ward, curse, transfer, poison-proof (at most doubled, seed 001)', () => {
  const hands = [['so13'], ['so11'], ['so12']]; // seat 1 loses: so13 5, so11 10, so12 10 = 25
  it('a ward halves a suit in one’s own pile (rounded up to 5)', () => {
    const s = withGodsend(stacked(hands, NO_GODSENDS), 1, 'armure');
    const t = run(s, ['so13', 'use armure sorcery', 'so11', 'so12']);
    expect(t.lastRound!.wounds).toEqual([0, 15, 0]);
  });
  it('a curse doubles a suit in an opponent’s pile; two curses still only double', () => {
    const s = withGodsend(stacked(hands, { heroes: ['mordred', null, null], ...NO_GODSENDS }), 2, 'malediction');
    const t = run(s, ['use mordred @1 sorcery', 'so13', 'so11']);
    expect(t.lastRound).toBeNull();
    const u = run(t, ['use malediction @1 sorcery', 'so12']);
    expect(u.lastRound!.wounds).toEqual([0, 50, 0]);
  });
  it('a ward and a curse on the same suit cancel out', () => {
    const s = withGodsend(stacked(hands, { heroes: ['mordred', null, null], ...NO_GODSENDS }), 1, 'armure');
    const t = run(s, ['use mordred @1 sorcery', 'so13', 'use armure sorcery', 'so11', 'so12']);
    expect(t.lastRound!.wounds).toEqual([0, 25, 0]);
  });
  it('a transfer sends a suit’s wounds to an opponent', () => {
    const s = withGodsend(stacked(hands, NO_GODSENDS), 1, 'bouc-emissaire');
    const t = run(s, ['so13', 'use bouc-emissaire @2 sorcery', 'so11', 'so12']);
    expect(t.lastRound!.wounds).toEqual([0, 0, 25]);
    expect(t.life).toEqual([400, 400, 375]);
  });
  it('Galahad: poisoned cards in his pile wound for 5', () => {
    const s = stacked(hands, { heroes: [null, 'galaad', null], ...NO_GODSENDS });
    expect(run(s, ['so13', 'so11', 'so12']).lastRound!.wounds).toEqual([0, 15, 0]);
  });
});

describe('passive powers', () => {
  it('Gawain: no wounds for a déshonneur; the Green Sash heals 10 at the end of each round', () => {
    const s = {
      ...stacked(
        [
          ['so13', 'so2'],
          ['de4', 'de2'],
          ['so7', 'so3'],
        ],
        { heroes: [null, 'gauvain', null], ...NO_GODSENDS },
      ),
      life: [400, 300, 400],
    };
    const t = run(s, ['so13', 'discard de4']);
    expect(t.life[1]).toBe(300);
    const u = run(t, ['so7', 'so3', 'so2', 'discard de2']);
    expect(u.lastRound!.healed).toEqual([0, 10, 0]);
    expect(u.life[1]).toBe(310);
  });
  it('Yvain may play Alchimie while holding the suit led, and lead it', () => {
    const s = stacked(
      [
        ['so13', 'sw2'],
        ['so4', 'al5'],
        ['al9', 'de3'],
      ],
      { heroes: [null, 'yvain', null], ...NO_GODSENDS },
    );
    const t = go(s, 0, 'so13');
    expect(legal(t, 1)).toEqual(['play so4', 'play al5']);
    const u = run(t, ['al5', 'al9']);
    expect(legal(u, 1)).toEqual(['play so4']); // seat 1 lost (al5 lowest) and leads: so4 is all that is left
  });
  it('a passive power is not “used”', () => {
    const s = stacked([['so13'], ['so4'], ['so7']], { heroes: ['yvain', null, null], ...NO_GODSENDS });
    refuse(s, 0, 'use yvain', { code: 'PASSIVE_POWER' });
  });
});

describe('godsends in use, and the Volonté divine tokens', () => {
  it('a heal is refused at full life and used once', () => {
    const s = withGodsend(
      stacked(
        [
          ['so13', 'so1'],
          ['so4', 'so2'],
          ['so7', 'so3'],
        ],
        NO_GODSENDS,
      ),
      0,
      'onction',
    );
    refuse(s, 0, 'use onction', { code: 'NO_EFFECT' });
    const t = go({ ...s, life: [350, 400, 400] }, 0, 'use onction');
    expect(t.life[0]).toBe(370);
    refuse(t, 0, 'use onction', { code: 'POWER_USED' });
  });
  it('Volonté divine: three uses, one token each back to the supply', () => {
    const s = {
      ...withGodsend(
        stacked(
          [
            ['so13', 'so1'],
            ['so4', 'so2'],
            ['so7', 'so3'],
          ],
          NO_GODSENDS,
        ),
        0,
        'volonte-soin',
      ),
      life: [300, 400, 400],
    };
    expect(s.divineWill).toBe(0);
    const t = run(s, ['use volonte-soin', 'use volonte-soin', 'use volonte-soin']);
    expect(t.life[0]).toBe(330);
    expect(t.divineWill).toBe(3);
    refuse(t, 0, 'use volonte-soin', { code: 'POWER_USED' });
    expect(tournament.deserialize(tournament.serialize(t)).ok).toBe(true);
  });
});

describe('bad input changes nothing', () => {
  const s = stacked(
    [
      ['so13', 'sw2'],
      ['so4', 'de9'],
      ['so7', 'de3'],
    ],
    { heroes: ['arthur', 'guenievre', 'gauvain'] },
  );
  it.each([
    ['play xx9', 'BAD_NOTATION'],
    ['play so99', 'BAD_NOTATION'],
    ['frobnicate', 'BAD_NOTATION'],
    ['use nobody', 'BAD_NOTATION'],
    ['play sw9', 'NOT_IN_HAND'],
    ['use arthur', 'MISSING_ARGUMENT'],
    ['use arthur +3 @1', 'BAD_ARGUMENT'],
    ['use excalibur +1', 'LEGEND_ASLEEP'],
    ['give sw2', 'WRONG_MOVE'],
    ['take onction', 'WRONG_MOVE'],
    ['draw', 'WRONG_MOVE'],
    ['discard sw2', 'CANNOT_DISCARD'],
  ])('%s → %s', (text, code) => {
    refuse(s, 0, text, { code });
  });
  it('every error has a French and an English message', () => {
    for (const [code, m] of Object.entries(tournament.messages)) {
      expect(m.fr({ code }).length).toBeGreaterThan(5);
      expect(m.en({ code }).length).toBeGreaterThan(5);
    }
  });
});
