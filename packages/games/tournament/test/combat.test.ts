import { describe, expect, it } from 'vitest';
import { tournament } from '../src/index.ts';
import { go, ids, legal, refuse, run, stacked } from './helpers.ts';

const NO_GODSENDS = { options: { godsends: false } } as const;

describe('following (seed 001, MANCHE 1a)', () => {
  it('the seat left of the dealer leads; the others must follow the suit led', () => {
    const s = stacked([
      ['so13', 'sw2'],
      ['so4', 'de9'],
      ['so7', 'de3'],
    ]);
    expect(tournament.toMove(s)).toEqual([0]);
    const t = go(s, 0, 'play so13');
    expect(legal(t, 1)).toEqual(['play so4']);
    refuse(t, 1, 'play de9', { code: 'MUST_FOLLOW', card: 'de9', suit: 'sorcery' });
    refuse(t, 2, 'play so7', { code: 'NOT_YOUR_TURN', seat: 2 });
  });
  it('the lowest card loses, takes every card of the combat and leads the next one', () => {
    const s = run(
      stacked([
        ['so13', 'sw2'],
        ['so4', 'de9'],
        ['so7', 'de3'],
      ]),
      ['so13', 'so4', 'so7'],
    );
    expect(ids(s.piles[1]!)).toEqual(['so13', 'so4', 'so7']);
    expect(s.lastCombat!.loser).toBe(1);
    expect(tournament.toMove(s)).toEqual([1]);
    expect(s.combat.number).toBe(2);
  });
  it('Merlin and Apprentice may always be played, declared in the suit led', () => {
    const s = go(
      stacked([
        ['so13', 'sw2'],
        ['so4', 'merlin'],
        ['so7', 'de3'],
      ]),
      0,
      'so13',
    );
    expect(legal(s, 1)).toContain('play so4');
    expect(legal(s, 1)).toContain('play merlin so11');
    expect(legal(s, 1).filter((m) => m.startsWith('play merlin'))).toHaveLength(15);
    refuse(s, 1, 'play merlin sw11', { code: 'DECLARE_LED_SUIT', suit: 'sorcery' });
    refuse(s, 1, 'play merlin', { code: 'MUST_DECLARE' });
    refuse(s, 1, 'play merlin so16', { code: 'BAD_DECLARATION' });
    refuse(s, 1, 'play so4 so5', { code: 'BAD_NOTATION' });
    const t = go(s, 1, 'merlin so11');
    expect(t.combat.plays[1]).toMatchObject({ seat: 1, suit: 'sorcery', value: 11 });
  });
});

describe('Alchimie (seed 001, MANCHE 1b and 1d)', () => {
  it('may be played only when the seat cannot follow, and takes the suit led', () => {
    const s = go(
      stacked([
        ['so13', 'sw2'],
        ['so4', 'al5'],
        ['al9', 'de3'],
      ]),
      0,
      'so13',
    );
    expect(legal(s, 1)).toEqual(['play so4']);
    refuse(s, 1, 'play al5', { code: 'ALCHEMY_NOT_ALLOWED', suit: 'sorcery' });
    const t = go(s, 1, 'so4');
    expect(legal(t, 2)).toEqual(['play al9']);
    refuse(t, 2, 'play de3', { code: 'MUST_PLAY_ALCHEMY', suit: 'sorcery' });
    const u = go(t, 2, 'al9');
    expect(u.lastCombat!.plays[2]).toMatchObject({ seat: 2, suit: 'sorcery', value: 9 });
  });
  it('a seat without the suit led may play Merlin instead of Alchimie', () => {
    const s = go(
      stacked([
        ['so13', 'sw2'],
        ['al5', 'merlin'],
        ['so7', 'de3'],
      ]),
      0,
      'so13',
    );
    expect(legal(s, 1)).toContain('play al5');
    expect(legal(s, 1)).toContain('play merlin so1');
  });
  it('[decision] Alchimie leads only from a hand with nothing else', () => {
    const s = stacked([
      ['al3', 'sw5'],
      ['de9', 'so2'],
      ['sw7', 'de3'],
    ]);
    refuse(s, 0, 'play al3', { code: 'ALCHEMY_LEAD' });
    expect(legal(s, 0)).toEqual(['play sw5']);
  });
  it('after an Alchimie lead the others may play any card, and the leader can lose with it (course oracle: 35)', () => {
    const s = stacked([['al2'], ['de7'], ['sw6'], ['ar8']], { ...NO_GODSENDS, dealer: 3 });
    const t = go(s, 0, 'al2');
    expect(t.combat.plays[0]!.suit).toBeNull();
    expect(legal(t, 1)).toEqual(['play de7']);
    const u = run(t, ['de7', 'sw6', 'ar8']);
    expect(u.lastCombat!.loser).toBe(0);
    expect(u.lastRound!.wounds).toEqual([35, 0, 0, 0]); // al2 5 + de7 10 + sw6 10 + ar8 10
  });
});

describe('déshonneur (seed 001, MANCHE 1c)', () => {
  it('a seat that can neither follow nor play Alchimie discards a card face up, takes 5 wounds at once, and is out of the combat', () => {
    const s = go(
      stacked(
        [
          ['so13', 'sw2'],
          ['de9', 'sw4'],
          ['so7', 'de3'],
        ],
        NO_GODSENDS,
      ),
      0,
      'so13',
    );
    expect(legal(s, 1).sort()).toEqual(['discard de9', 'discard sw4']);
    refuse(s, 1, 'play de9', { code: 'MUST_DISCARD', suit: 'sorcery' });
    const t = go(s, 1, 'discard de9');
    expect(t.life).toEqual([400, 395, 400]);
    expect(t.dishonour).toEqual([0, 5, 0]);
    expect(ids(t.discard)).toEqual(['de9']);
    const u = go(t, 2, 'so7');
    expect(u.lastCombat!.loser).toBe(2);
    expect(ids(u.piles[2]!)).toEqual(['so13', 'so7']); // the discarded card is not in the wound pile
  });
  it('a seat that can follow may not discard', () => {
    const s = go(
      stacked([
        ['so13', 'sw2'],
        ['so9', 'sw4'],
        ['so7', 'de3'],
      ]),
      0,
      'so13',
    );
    refuse(s, 1, 'discard sw4', { code: 'CANNOT_DISCARD' });
  });
});

describe('the seed example combat (5 knights)', () => {
  it('K1 leads so13, K2 is dishonoured, K3 plays al11, K4 so7, K5 Merlin as so11: the 11s feint, K4 loses 40 wounds', () => {
    const s = stacked([['so13'], ['de2'], ['al11'], ['so7'], ['merlin']], { ...NO_GODSENDS, dealer: 4 });
    const t = run(s, ['so13', 'discard de2', 'al11', 'so7', 'merlin so11']);
    expect(t.lastCombat!.loser).toBe(3);
    expect(ids(t.lastCombat!.feinted)).toEqual(['al11', 'merlin.1']);
    expect(ids(t.lastRound!.piles[3]!)).toEqual(['so13', 'al11', 'so7', 'merlin.1']);
    expect(t.lastRound!.wounds).toEqual([0, 5, 0, 40, 0]);
  });
});

describe('the feint (seed 001, MANCHE 2)', () => {
  it('two equal values are turned face down: the lowest remaining card loses (course oracle: sw10 sw1 sw2 Me1 → sw2, 40)', () => {
    const s = stacked([['sw10'], ['sw1'], ['sw2'], ['merlin']], { ...NO_GODSENDS, dealer: 3 });
    const t = run(s, ['sw10', 'sw1', 'sw2', 'merlin sw1']);
    expect(t.lastCombat!.loser).toBe(2);
    expect(t.lastRound!.wounds).toEqual([0, 0, 40, 0]);
  });
  it('three equal values are all turned down, however many (course oracle: de13 and three Merlins 14 → de13, 80)', () => {
    const s = stacked([['de13'], ['merlin'], ['merlin'], ['merlin']], { ...NO_GODSENDS, dealer: 3 });
    const t = run(s, ['de13', 'merlin de14', 'merlin de14', 'merlin de14']);
    expect(t.lastCombat!.loser).toBe(0);
    expect(t.lastRound!.wounds).toEqual([80, 0, 0, 0]);
  });
  it('a feint can leave the highest card alone: it loses', () => {
    const t = run(stacked([['sw5'], ['al5'], ['sw12']], NO_GODSENDS), ['sw5', 'al5', 'sw12']);
    expect(t.lastCombat!.loser).toBe(2);
    expect(t.lastRound!.wounds).toEqual([0, 0, 15]);
  });
  it('Merlins on different values both count (course oracle: Me de13, de7, Me 14, de10 → de7, 70)', () => {
    const s = stacked([['merlin'], ['de7'], ['merlin'], ['de10']], { ...NO_GODSENDS, dealer: 3 });
    const t = run(s, ['merlin de13', 'de7', 'merlin de14', 'de10']);
    expect(t.lastCombat!.loser).toBe(1);
    expect(t.lastRound!.wounds).toEqual([0, 70, 0, 0]);
  });
});

describe('an all-feinted combat (seed 001, MANCHE 3b)', () => {
  it('the cards stay aside and go to the loser of the next combat; [decision] the same leader leads again', () => {
    const s = stacked(
      [
        ['sw5', 'de2'],
        ['al5', 'de9'],
        ['sw9', 'de4'],
        ['merlin', 'de12'],
      ],
      { ...NO_GODSENDS, dealer: 3 },
    );
    const t = run(s, ['sw5', 'al5', 'sw9', 'merlin sw9']);
    expect(t.lastCombat!.loser).toBeNull();
    expect(ids(t.combat.pot)).toEqual(['sw5', 'al5', 'sw9', 'merlin.1']);
    expect(t.piles.flat()).toEqual([]);
    expect(tournament.toMove(t)).toEqual([0]);
    const u = run(t, ['de2', 'de9', 'de4', 'de12']);
    expect(u.lastCombat!.loser).toBe(0);
    expect(ids(u.lastRound!.piles[0]!)).toEqual(['sw5', 'al5', 'sw9', 'merlin.1', 'de2', 'de9', 'de4', 'de12']);
    expect(u.lastRound!.wounds[0]).toBe(5 + 5 + 10 + 25 + 5 + 10 + 5 + 5); // sw9 and de9 are poisoned
  });
  it('after the round’s last combat they are discarded', () => {
    const s = stacked([['sw5'], ['al5'], ['sw9'], ['merlin']], { ...NO_GODSENDS, dealer: 3 });
    const t = run(s, ['sw5', 'al5', 'sw9', 'merlin sw9']);
    expect(t.lastRound!.wounds).toEqual([0, 0, 0, 0]);
    expect(t.lastRound!.piles.flat()).toEqual([]);
    expect(t.life).toEqual([400, 400, 400, 400]);
  });
});

describe('the 2-player variant', () => {
  it('has no arrows: 65 cards, 24 dealt', () => {
    const s = tournament.setup({ players: 2, options: { heroes: 'none', godsends: true, life: 400 }, seed: 5 });
    if (!s.ok) throw new Error('setup');
    expect(s.value.removed).toHaveLength(15);
    expect(s.value.hands.map((h) => h.length)).toEqual([12, 12]);
    expect(s.value.deck).toHaveLength(41);
    expect(ids(s.value.hands.flat()).some((id) => id.startsWith('ar'))).toBe(false);
  });
  it('Merlin cannot be declared an arrow', () => {
    const s = stacked([
      ['merlin', 'sw3'],
      ['de9', 'so2'],
    ]);
    refuse(s, 0, 'play merlin ar5', { code: 'BAD_DECLARATION', suit: 'arrows' });
    expect(legal(s, 0).filter((m) => m.startsWith('play merlin'))).toHaveLength(45);
  });
});
