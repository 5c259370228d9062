import { describe, expect, it } from 'vitest';
import { joust, kindId, LANCELOT_CARD, type JoustState } from '../src/index.ts';
import { accountFor, display, go, hand, refuse, scenario, totals, type Scenario } from './helpers.ts';

/** Plays an action card and closes the Lancelot window: everyone passes, or `lancelotBy` cancels it. */
function act(s: JoustState, seat: number, text: string, lancelotBy?: number): JoustState {
  let t = go(s, seat, text);
  expect(t.phase.kind).toBe('response');
  while (t.phase.kind === 'response') {
    const w = t.phase.waiting[0]!;
    t = go(t, w, w === lancelotBy ? 'lancelot' : 'pass');
  }
  accountFor(t);
  return t;
}

/** Lancelot cancels the card: nothing changes but the two cards going to the discard pile. */
function expectCancelled(sc: Scenario, text: string): void {
  const hands = sc.hands ?? [];
  const withLancelot = { ...sc, hands: [hands[0] ?? [], [...(hands[1] ?? []), 'lancelot'], ...hands.slice(2)] };
  const s = scenario(withLancelot);
  const t = act(s, 0, text, 1);
  expect(t.displays).toEqual(s.displays);
  expect(t.colour).toBe(s.colour);
  expect(t.shield).toBe(s.shield);
  expect(t.stunned).toBe(s.stunned);
  expect(t.hands[1]).not.toContain(LANCELOT_CARD);
  expect(t.discard.slice(-2).map(kindId)).toEqual([text.split(' ')[1], 'lancelot']);
  expect(t.hands[1]!.length).toBe(s.hands[1]!.length - 1);
  expect(t.hands[0]!.length).toBe(s.hands[0]!.length - 1);
}

describe('Désarçonné (Unhorse): purple becomes red, blue or yellow', () => {
  const base: Scenario = {
    colour: 'purple',
    displays: [['purple-3', 'purple-5'], ['purple-4']],
    hands: [['desarconne', 'red-4']],
  };
  it('changes the colour; cards already displayed stay and keep their value', () => {
    let s = act(scenario(base), 0, 'play desarconne red');
    expect(s.colour).toBe('red');
    expect(totals(s)).toEqual([8, 4, 0]);
    s = go(s, 0, 'play red-4');
    expect(totals(s)[0]).toBe(12);
  });
  it('is not blocked by a Bouclier (colour changes are not aimed at a display)', () => {
    expect(act(scenario({ ...base, shield: 1 }), 0, 'play desarconne blue').colour).toBe('blue');
  });
  it('is refused outside a purple tournament, and cannot choose green or purple', () => {
    refuse(scenario({ ...base, colour: 'red' }), 0, 'play desarconne blue', {
      code: 'CANNOT_CHANGE_COLOUR',
      card: 'desarconne',
      colour: 'red',
    });
    refuse(scenario({ ...base, colour: 'green' }), 0, 'play desarconne blue', { code: 'CANNOT_CHANGE_COLOUR' });
    refuse(scenario(base), 0, 'play desarconne green', { code: 'BAD_COLOUR_CHOICE', colour: 'green' });
    refuse(scenario(base), 0, 'play desarconne purple', { code: 'BAD_COLOUR_CHOICE' });
  });
  it('is cancelled by Lancelot', () => expectCancelled(base, 'play desarconne red'));
});

describe("Changement d'arme (Change Weapon): red, blue or yellow becomes another of the three", () => {
  const base: Scenario = { colour: 'red', displays: [['red-3', 'red-5'], ['red-4']], hands: [['changement-arme']] };
  it('changes the colour', () => {
    expect(act(scenario(base), 0, 'play changement-arme yellow').colour).toBe('yellow');
  });
  it('is refused when it would change nothing, from purple and from green', () => {
    refuse(scenario(base), 0, 'play changement-arme red', { code: 'BAD_COLOUR_CHOICE', colour: 'red' });
    refuse(scenario({ ...base, colour: 'purple' }), 0, 'play changement-arme red', { code: 'CANNOT_CHANGE_COLOUR' });
    refuse(scenario({ ...base, colour: 'green' }), 0, 'play changement-arme red', {
      code: 'CANNOT_CHANGE_COLOUR',
      colour: 'green',
    });
    refuse(scenario(base), 0, 'play changement-arme green', { code: 'BAD_COLOUR_CHOICE' });
  });
  it('is not blocked by a Bouclier', () => {
    expect(act(scenario({ ...base, shield: 1 }), 0, 'play changement-arme blue').colour).toBe('blue');
  });
  it('is cancelled by Lancelot', () => expectCancelled(base, 'play changement-arme blue'));
});

describe('Maladresse (Drop Weapon): red, blue or yellow becomes green', () => {
  const base: Scenario = {
    colour: 'blue',
    displays: [
      ['blue-3', 'blue-5'],
      ['blue-4', 'squire-3', 'maiden'],
    ],
    hands: [['maladresse', 'green-1', 'blue-2']],
  };
  it('turns the tournament green: every display card now counts 1', () => {
    let s = act(scenario(base), 0, 'play maladresse');
    expect(s.colour).toBe('green');
    expect(totals(s)).toEqual([2, 3, 0]);
    refuse(s, 0, 'play blue-2', { code: 'WRONG_COLOUR', card: 'blue-2', colour: 'green' });
    s = go(s, 0, 'play green-1');
    expect(totals(s)[0]).toBe(3);
  });
  it('is refused in purple and green tournaments', () => {
    refuse(scenario({ ...base, colour: 'purple', displays: [] }), 0, 'play maladresse', {
      code: 'CANNOT_CHANGE_COLOUR',
      colour: 'purple',
    });
    refuse(scenario({ ...base, colour: 'green', displays: [] }), 0, 'play maladresse', {
      code: 'CANNOT_CHANGE_COLOUR',
      colour: 'green',
    });
  });
  it('is not blocked by a Bouclier', () => {
    expect(act(scenario({ ...base, shield: 1 }), 0, 'play maladresse').colour).toBe('green');
  });
  it('is cancelled by Lancelot', () => expectCancelled(base, 'play maladresse'));
});

describe('Lance brisée (Break Lance): an opponent discards every purple card', () => {
  const base: Scenario = {
    colour: 'red',
    displays: [['red-5'], ['purple-3', 'red-4', 'purple-5']],
    hands: [['lance-brisee']],
  };
  it('discards the purple cards of the target only', () => {
    const s = act(scenario(base), 0, 'play lance-brisee @1');
    expect(display(s, 1)).toEqual(['red-4']);
    expect(s.discard.map(kindId)).toEqual(['lance-brisee', 'purple-3', 'purple-5']);
  });
  it('keeps the oldest card of an all-purple display', () => {
    const s = act(
      scenario({ ...base, colour: 'purple', displays: [['purple-7'], ['purple-3', 'purple-4', 'purple-5']] }),
      0,
      'play lance-brisee @1',
    );
    expect(display(s, 1)).toEqual(['purple-3']);
  });
  it('is refused on a lone card, on a display without purple, and on a shielded display', () => {
    refuse(scenario({ ...base, displays: [['red-5'], ['purple-3']] }), 0, 'play lance-brisee @1', {
      code: 'LONE_CARD',
      target: 1,
    });
    refuse(scenario({ ...base, displays: [['red-5'], ['red-3', 'red-4']] }), 0, 'play lance-brisee @1', {
      code: 'NO_EFFECT',
      card: 'lance-brisee',
    });
    refuse(scenario({ ...base, shield: 1 }), 0, 'play lance-brisee @1', { code: 'SHIELDED', target: 1 });
    refuse(scenario(base), 0, 'play lance-brisee @2', { code: 'TARGET_NOT_ENTERED', target: 2 });
    refuse(scenario(base), 0, 'play lance-brisee @0', { code: 'BAD_TARGET', target: 0 });
  });
  it('works in a green tournament: purple cards keep their printed colour', () => {
    const s = act(
      scenario({
        ...base,
        colour: 'green',
        displays: [
          ['green-1', 'green-1', 'green-1'],
          ['purple-3', 'green-1'],
        ],
      }),
      0,
      'play lance-brisee @1',
    );
    expect(display(s, 1)).toEqual(['green-1']);
  });
  it('is cancelled by Lancelot', () => expectCancelled(base, 'play lance-brisee @1'));
});

describe("Riposte: take the last card of an opponent's display", () => {
  const base: Scenario = { colour: 'red', displays: [['red-3'], ['red-4', 'red-5']], hands: [['riposte']] };
  it('moves the top card onto your display', () => {
    const s = act(scenario(base), 0, 'play riposte @1');
    expect(display(s, 0)).toEqual(['red-3', 'red-5']);
    expect(display(s, 1)).toEqual(['red-4']);
    expect(s.added).toBe(1);
  });
  it('may take a card of another colour (it is not played from hand)', () => {
    const s = act(scenario({ ...base, displays: [['red-3'], ['red-4', 'purple-7']] }), 0, 'play riposte @1');
    expect(totals(s)[0]).toBe(10);
  });
  it('is refused on a lone card, on a shielded display, when stunned after adding a card, and for a second maiden', () => {
    refuse(scenario({ ...base, displays: [['red-3'], ['red-4']] }), 0, 'play riposte @1', {
      code: 'LONE_CARD',
      target: 1,
    });
    refuse(scenario({ ...base, shield: 1 }), 0, 'play riposte @1', { code: 'SHIELDED', target: 1 });
    const stunned = { ...scenario({ ...base, stunned: 0 }), added: 1 };
    refuse(stunned, 0, 'play riposte @1', { code: 'STUNNED' });
    refuse(scenario({ ...base, displays: [['maiden'], ['red-4', 'maiden']] }), 0, 'play riposte @1', {
      code: 'SECOND_MAIDEN',
    });
  });
  it('counts as the one card a stunned player may add', () => {
    let s = act(scenario({ ...base, stunned: 0, hands: [['riposte', 'red-4']] }), 0, 'play riposte @1');
    refuse(s, 0, 'play red-4', { code: 'STUNNED' });
    s = go(s, 0, 'end');
    expect(s.active).toBe(1);
  });
  it('in a green tournament, moves one point', () => {
    const s = act(scenario({ ...base, colour: 'green' }), 0, 'play riposte @1');
    expect(totals(s)).toEqual([2, 1, 0]);
  });
  it('is cancelled by Lancelot', () => expectCancelled(base, 'play riposte @1'));
});

describe("Esquive (Dodge): discard any one card of an opponent's display", () => {
  const base: Scenario = { colour: 'red', displays: [['red-5'], ['red-3', 'red-4', 'red-5']], hands: [['esquive']] };
  it('discards the chosen card, the oldest one included', () => {
    expect(display(act(scenario(base), 0, 'play esquive @1 2'), 1)).toEqual(['red-3', 'red-5']);
    expect(display(act(scenario(base), 0, 'play esquive @1 1'), 1)).toEqual(['red-4', 'red-5']);
  });
  it('is refused on a lone card, a shielded display, and a position that does not exist', () => {
    refuse(scenario({ ...base, displays: [['red-5'], ['red-3']] }), 0, 'play esquive @1 1', { code: 'LONE_CARD' });
    refuse(scenario({ ...base, shield: 1 }), 0, 'play esquive @1 1', { code: 'SHIELDED' });
    refuse(scenario(base), 0, 'play esquive @1 4', { code: 'NO_SUCH_CARD', target: 1, pos: 3 });
  });
  it('cannot touch a Bouclier or Assommé (they are not part of the display)', () => {
    refuse(scenario({ ...base, stunned: 1 }), 0, 'play esquive @1 assomme', { code: 'BAD_NOTATION' });
  });
  it('is cancelled by Lancelot', () => expectCancelled(base, 'play esquive @1 2'));
});

describe('Retraite (Retreat): take one card of your display back into your hand', () => {
  const base: Scenario = { colour: 'red', displays: [['red-3', 'red-5'], ['red-4']], hands: [['retraite']] };
  it('returns the card to hand, and it can be played again', () => {
    let s = act(scenario(base), 0, 'play retraite 1');
    expect(display(s, 0)).toEqual(['red-5']);
    expect(hand(s, 0)).toEqual(['red-3']);
    s = go(s, 0, 'play red-3');
    expect(display(s, 0)).toEqual(['red-5', 'red-3']);
  });
  it('is refused on a lone card', () => {
    refuse(scenario({ ...base, displays: [['red-5'], ['red-4']] }), 0, 'play retraite 1', {
      code: 'LONE_CARD',
      target: 0,
    });
  });
  it('works behind your own Bouclier', () => {
    expect(display(act(scenario({ ...base, shield: 0 }), 0, 'play retraite 2'), 0)).toEqual(['red-3']);
  });
  it('is cancelled by Lancelot', () => expectCancelled(base, 'play retraite 1'));
});

describe("Chute (Knock Down): take a random card from an opponent's hand", () => {
  const base: Scenario = { colour: 'red', displays: [['red-5'], ['red-4']], hands: [['chute'], ['yellow-3']] };
  it('moves the card, seen only by the two players concerned', () => {
    const s = act(scenario(base), 0, 'play chute @1');
    expect(hand(s, 0)).toEqual(['yellow-3']);
    expect(s.hands[1]).toEqual([]);
    const taken = s.hands[0]![0]!;
    const id = joust.view(s, 0).me!.hand[0]!;
    expect(joust.view(s, 0).me!.knock).toEqual({ from: 1, to: 0, card: id });
    expect(joust.view(s, 1).me!.knock).toEqual({ from: 1, to: 0, card: id });
    expect(joust.view(s, 2).me!.knock).toBeUndefined();
    expect(JSON.stringify(joust.view(s, 2))).not.toContain(`"${id}"`);
    expect(JSON.stringify(joust.view(s, 'spectator'))).not.toContain(`"${id}"`);
    expect(taken).toBeGreaterThanOrEqual(0);
  });
  it('may target a player who has withdrawn', () => {
    const s = act(scenario({ ...base, withdrawn: [1] }), 0, 'play chute @1');
    expect(hand(s, 0)).toEqual(['yellow-3']);
  });
  it('is refused against an empty hand', () => {
    refuse(scenario({ ...base, hands: [['chute']] }), 0, 'play chute @1', { code: 'EMPTY_HAND', target: 1 });
  });
  it('is not blocked by a Bouclier by default, and is with shieldBlocksKnockDown', () => {
    expect(hand(act(scenario({ ...base, shield: 1 }), 0, 'play chute @1'), 0)).toEqual(['yellow-3']);
    refuse(scenario({ ...base, shield: 1, options: { shieldBlocksKnockDown: true } }), 0, 'play chute @1', {
      code: 'SHIELDED',
    });
  });
  it('is cancelled by Lancelot before the card is taken', () => {
    const s = scenario({ ...base, hands: [['chute'], ['yellow-3', 'lancelot']] });
    const t = act(s, 0, 'play chute @1', 1);
    expect(hand(t, 1)).toEqual(['yellow-3']);
    expect(t.knock).toBeNull();
  });
});

describe('Feinte (Outmaneuver): every opponent discards the last card of their display', () => {
  const base: Scenario = {
    players: 4,
    colour: 'red',
    displays: [['red-3', 'red-4'], ['red-3', 'red-5'], ['red-5'], ['squire-2', 'maiden']],
    hands: [['feinte']],
  };
  it('hits every opponent with two cards or more, never the player', () => {
    const s = act(scenario(base), 0, 'play feinte');
    expect(s.displays.map((_, i) => display(s, i))).toEqual([['red-3', 'red-4'], ['red-3'], ['red-5'], ['squire-2']]);
  });
  it('spares a shielded opponent', () => {
    const s = act(scenario({ ...base, shield: 1 }), 0, 'play feinte');
    expect(display(s, 1)).toEqual(['red-3', 'red-5']);
    expect(display(s, 3)).toEqual(['squire-2']);
  });
  it('is refused when every opponent has a lone card or a shield', () => {
    refuse(scenario({ ...base, displays: [['red-3', 'red-4'], ['red-5'], ['red-5'], ['maiden']] }), 0, 'play feinte', {
      code: 'NO_EFFECT',
    });
    refuse(
      scenario({
        players: 2,
        colour: 'red',
        displays: [['red-3'], ['red-3', 'red-4']],
        hands: [['feinte']],
        shield: 1,
      }),
      0,
      'play feinte',
      { code: 'NO_EFFECT' },
    );
  });
  it('is cancelled by Lancelot', () => expectCancelled(base, 'play feinte'));
});

describe('Charge: everyone discards the cards of the lowest printed value', () => {
  const base: Scenario = {
    colour: 'red',
    displays: [['red-4', 'red-3'], ['red-3', 'squire-3', 'red-5'], ['red-3']],
    hands: [['charge']],
  };
  it('finds the lowest value over all displays and hits every player, the player included', () => {
    const s = act(scenario(base), 0, 'play charge');
    expect(display(s, 0)).toEqual(['red-4']);
    expect(display(s, 1)).toEqual(['red-5']);
    expect(display(s, 2)).toEqual(['red-3']); // a lone card stays
  });
  it('keeps the oldest card when a whole display has that value', () => {
    const s = act(
      scenario({
        ...base,
        displays: [
          ['red-5', 'red-4'],
          ['red-3', 'squire-3'],
        ],
      }),
      0,
      'play charge',
    );
    expect(display(s, 1)).toEqual(['red-3']);
  });
  it('uses printed values in a green tournament: only the green 1s go', () => {
    const s = act(
      scenario({
        ...base,
        colour: 'green',
        displays: [
          ['red-4', 'green-1'],
          ['squire-2', 'green-1', 'green-1'],
        ],
      }),
      0,
      'play charge',
    );
    expect(display(s, 0)).toEqual(['red-4']);
    expect(display(s, 1)).toEqual(['squire-2']);
  });
  it('spares a shielded display (whose cards still count for the lowest value)', () => {
    const s = act(scenario({ ...base, shield: 1 }), 0, 'play charge');
    expect(display(s, 1)).toEqual(['red-3', 'squire-3', 'red-5']);
    expect(display(s, 0)).toEqual(['red-4']);
  });
  it('is refused when it would change nothing', () => {
    refuse(scenario({ ...base, displays: [['red-4'], ['red-3'], ['red-5']] }), 0, 'play charge', { code: 'NO_EFFECT' });
    refuse(
      scenario({
        ...base,
        displays: [
          ['red-4', 'red-5'],
          ['red-3', 'red-4'],
        ],
        shield: 1,
      }),
      0,
      'play charge',
      { code: 'NO_EFFECT' },
    );
  });
  it('is cancelled by Lancelot', () => expectCancelled(base, 'play charge'));
});

describe('Contre-charge (Countercharge): everyone discards the cards of the highest printed value', () => {
  const base: Scenario = {
    colour: 'red',
    displays: [['red-5', 'red-3'], ['red-4', 'red-5'], ['maiden']],
    hands: [['contre-charge']],
  };
  it('discards the highest value everywhere, but a lone card stays', () => {
    const s = act(
      scenario({ ...base, displays: [['red-5', 'red-3'], ['red-4', 'red-5'], ['red-3']] }),
      0,
      'play contre-charge',
    );
    expect(display(s, 0)).toEqual(['red-3']);
    expect(display(s, 1)).toEqual(['red-4']);
  });
  it('a maiden (6) is the highest value here; refused as it is a lone card', () => {
    refuse(scenario(base), 0, 'play contre-charge', { code: 'NO_EFFECT' });
  });
  it('uses printed values in a green tournament', () => {
    const s = act(
      scenario({
        ...base,
        colour: 'green',
        displays: [
          ['green-1', 'purple-7'],
          ['maiden', 'green-1'],
        ],
      }),
      0,
      'play contre-charge',
    );
    expect(display(s, 0)).toEqual(['green-1']);
    expect(display(s, 1)).toEqual(['maiden', 'green-1']);
  });
  it('spares a shielded display and keeps the oldest card', () => {
    const s = act(
      scenario({
        ...base,
        displays: [
          ['red-3', 'red-5'],
          ['red-5', 'blue-5'],
          ['blue-5', 'red-4'],
        ],
        shield: 2,
      }),
      0,
      'play contre-charge',
    );
    expect(display(s, 1)).toEqual(['red-5']);
    expect(display(s, 2)).toEqual(['blue-5', 'red-4']);
    expect(display(s, 0)).toEqual(['red-3']);
  });
  it('is cancelled by Lancelot', () =>
    expectCancelled(
      {
        ...base,
        displays: [
          ['red-5', 'red-3'],
          ['red-4', 'red-5'],
        ],
      },
      'play contre-charge',
    ));
});

describe('Disgrâce (Disgrace): everyone discards their support cards', () => {
  const base: Scenario = {
    colour: 'blue',
    displays: [
      ['blue-3', 'squire-2'],
      ['squire-3', 'blue-4', 'maiden'],
      ['squire-2', 'squire-3'],
    ],
    hands: [['disgrace']],
  };
  it('removes every support card, keeping the oldest card of an all-support display', () => {
    const s = act(scenario(base), 0, 'play disgrace');
    expect(s.displays.map((_, i) => display(s, i))).toEqual([['blue-3'], ['blue-4'], ['squire-2']]);
  });
  it('spares a shielded display', () => {
    expect(display(act(scenario({ ...base, shield: 1 }), 0, 'play disgrace'), 1)).toEqual([
      'squire-3',
      'blue-4',
      'maiden',
    ]);
  });
  it('is refused when there is no support card to discard', () => {
    refuse(scenario({ ...base, displays: [['blue-3'], ['maiden'], ['blue-4']] }), 0, 'play disgrace', {
      code: 'NO_EFFECT',
    });
  });
  it('in a green tournament, supports still go', () => {
    const s = act(scenario({ ...base, colour: 'green' }), 0, 'play disgrace');
    expect(totals(s)).toEqual([1, 1, 1]);
  });
  it('is cancelled by Lancelot', () => expectCancelled(base, 'play disgrace'));
});

describe('Adaptation (Adapt): each player keeps one card of each value, of their choice', () => {
  const base: Scenario = {
    colour: 'red',
    displays: [['red-3', 'squire-3', 'red-4'], ['red-4', 'red-4', 'red-5'], ['red-5']],
    hands: [['adaptation']],
  };
  it('asks each player with duplicates, the player who played it included, and applies their choices', () => {
    let s = act(scenario(base), 0, 'play adaptation');
    expect(s.phase).toEqual({ kind: 'adapt', waiting: [0, 1] });
    expect(joust.toMove(s)).toEqual([0, 1]);
    expect(joust.legalMoves(s, 0).map((m) => joust.formatMove(s, m))).toEqual(['keep 1 3', 'keep 2 3']);
    refuse(s, 0, 'keep 1 2 3', { code: 'BAD_KEEP' });
    refuse(s, 1, 'keep 3', { code: 'BAD_KEEP' });
    s = go(s, 1, 'keep 2 3');
    s = go(s, 0, 'keep 2 3');
    expect(display(s, 0)).toEqual(['squire-3', 'red-4']);
    expect(display(s, 1)).toEqual(['red-4', 'red-5']);
    expect(s.phase.kind).toBe('turn');
    accountFor(s);
  });
  it('spares a shielded opponent', () => {
    const s = act(scenario({ ...base, shield: 1 }), 0, 'play adaptation');
    expect(s.phase).toEqual({ kind: 'adapt', waiting: [0] });
  });
  it('is refused when no display has two cards of one value', () => {
    refuse(scenario({ ...base, displays: [['red-3', 'red-4'], ['red-5']] }), 0, 'play adaptation', {
      code: 'NO_EFFECT',
    });
  });
  it('in a green tournament compares printed values', () => {
    const s = act(
      scenario({
        ...base,
        colour: 'green',
        displays: [
          ['green-1', 'blue-2'],
          ['green-1', 'green-1', 'squire-2'],
        ],
      }),
      0,
      'play adaptation',
    );
    expect(s.phase).toEqual({ kind: 'adapt', waiting: [1] });
  });
  it('is cancelled by Lancelot', () => expectCancelled(base, 'play adaptation'));
});

describe('Finesse (Outwit): swap one of your face-up cards with one of an opponent', () => {
  const base: Scenario = {
    colour: 'red',
    displays: [
      ['red-3', 'red-4'],
      ['red-5', 'squire-3'],
    ],
    hands: [['finesse']],
  };
  it('swaps two display cards in place', () => {
    const s = act(scenario(base), 0, 'play finesse 2 @1 1');
    expect(display(s, 0)).toEqual(['red-3', 'red-5']);
    expect(display(s, 1)).toEqual(['red-4', 'squire-3']);
  });
  it('may swap a lone card (a swap never empties a display)', () => {
    const s = act(scenario({ ...base, displays: [['red-3'], ['red-5']] }), 0, 'play finesse 1 @1 1');
    expect(display(s, 0)).toEqual(['red-5']);
  });
  it('moves Assommé and Bouclier, which nothing else can move', () => {
    let s = act(scenario({ ...base, stunned: 0 }), 0, 'play finesse assomme @1 2');
    expect(s.stunned).toBe(1);
    expect(display(s, 0)).toEqual(['red-3', 'red-4', 'squire-3']);
    s = act(scenario({ ...base, shield: 0, stunned: 1 }), 0, 'play finesse bouclier @1 assomme');
    expect(s.shield).toBe(1);
    expect(s.stunned).toBe(0);
  });
  it('does not count as adding a card for a stunned player', () => {
    const s = { ...scenario({ ...base, stunned: 0 }), added: 1 };
    expect(display(act(s, 0, 'play finesse 1 @1 1'), 0)).toEqual(['red-5', 'red-4']);
  });
  it('is refused against a shielded opponent (so a Bouclier cannot be stolen) and when nothing changes', () => {
    refuse(scenario({ ...base, shield: 1 }), 0, 'play finesse 1 @1 bouclier', { code: 'SHIELDED' });
    refuse(scenario({ ...base, displays: [['red-3', 'red-4'], ['red-4']] }), 0, 'play finesse 2 @1 1', {
      code: 'NO_EFFECT',
    });
  });
  it('never empties a display nor gives a second maiden', () => {
    refuse(scenario({ ...base, displays: [['red-3'], ['red-5']], stunned: 1 }), 0, 'play finesse 1 @1 assomme', {
      code: 'LONE_CARD',
      target: 0,
    });
    refuse(
      scenario({
        ...base,
        displays: [
          ['maiden', 'red-3'],
          ['maiden', 'red-5'],
        ],
      }),
      0,
      'play finesse 2 @1 1',
      { code: 'SECOND_MAIDEN' },
    );
  });
  it('in a green tournament, a swap changes no total but is allowed between different cards', () => {
    const s = act(scenario({ ...base, colour: 'green' }), 0, 'play finesse 1 @1 1');
    expect(totals(s)).toEqual([2, 2, 0]);
  });
  it('is cancelled by Lancelot', () => expectCancelled(base, 'play finesse 2 @1 1'));
});

describe('Bouclier (Shield): beside your display, opponents’ action cards have no effect on it', () => {
  const base: Scenario = {
    colour: 'red',
    displays: [
      ['red-3', 'red-5'],
      ['red-4', 'red-3'],
    ],
    hands: [['bouclier'], ['esquive']],
  };
  it('is placed beside the display, not on it, and protects it', () => {
    let s = act(scenario(base), 0, 'play bouclier');
    expect(s.shield).toBe(0);
    expect(display(s, 0)).toEqual(['red-3', 'red-5']);
    expect(joust.view(s, 2).seats[0]!.shield).toBe(true);
    expect(totals(s)[0]).toBe(8);
    s = go(s, 0, 'end');
    refuse(s, 1, 'play esquive @0 1', { code: 'SHIELDED', target: 0 });
  });
  it('is discarded when its owner withdraws', () => {
    let s = act(scenario(base), 0, 'play bouclier');
    s = go(s, 0, 'withdraw');
    expect(s.shield).toBeNull();
    expect(s.discard.map(kindId)).toContain('bouclier');
    accountFor(s);
  });
  it('is cancelled by Lancelot when it is played', () => expectCancelled(base, 'play bouclier'));
});

describe('Assommé (Stunned): its target may add only one card per turn to their display', () => {
  const base: Scenario = {
    colour: 'red',
    displays: [['red-5'], ['red-4']],
    hands: [['assomme'], ['red-3', 'red-3']],
    shield: 1,
  };
  it('lies beside the target (even a shielded one) and limits it to one card', () => {
    let s = act(scenario(base), 0, 'play assomme @1');
    expect(s.stunned).toBe(1);
    s = go(s, 0, 'end');
    s = go(s, 1, 'play red-3');
    refuse(s, 1, 'play red-3', { code: 'STUNNED' });
  });
  it('may be put in front of a player who has not entered yet, but not one who withdrew', () => {
    expect(act(scenario(base), 0, 'play assomme @2').stunned).toBe(2);
    refuse(scenario({ ...base, withdrawn: [2] }), 0, 'play assomme @2', { code: 'TARGET_WITHDRAWN' });
  });
  it('is discarded when the stunned player withdraws', () => {
    let s = act(scenario({ ...base, players: 3 }), 0, 'play assomme @1');
    s = go(s, 0, 'end');
    s = go(s, 1, 'withdraw');
    expect(s.stunned).toBeNull();
    accountFor(s);
  });
  it('is cancelled by Lancelot', () => expectCancelled({ ...base, shield: undefined }, 'play assomme @1'));
});

describe('Lancelot (Ivanhoe): cancels the action card just played, out of turn', () => {
  const base: Scenario = {
    players: 4,
    colour: 'red',
    displays: [['red-3', 'red-4'], ['red-5', 'red-3'], ['red-4']],
    hands: [['esquive', 'lancelot'], ['lancelot'], ['yellow-3']],
    withdrawn: [3],
  };
  it('opens a window for every other player still in the tournament; each must answer', () => {
    const s = go(scenario({ ...base, hands: [['esquive'], ['lancelot'], ['yellow-3']] }), 0, 'play esquive @1 1');
    expect(joust.toMove(s)).toEqual([1, 2]);
    expect(joust.legalMoves(s, 2).map((m) => joust.formatMove(s, m))).toEqual(['pass']);
    expect(joust.legalMoves(s, 1).map((m) => joust.formatMove(s, m))).toEqual(['pass', 'lancelot']);
    refuse(s, 0, 'end', { code: 'NOT_YOUR_TURN' });
    refuse(s, 3, 'pass', { code: 'WITHDRAWN', seat: 3 });
    refuse(s, 2, 'lancelot', { code: 'NOT_IN_HAND', card: 'lancelot' });
    // The answer stays secret until everyone has answered: the hand size does not move.
    const t = go(s, 1, 'lancelot');
    expect(joust.view(t, 2).seats[1]!.handSize).toBe(1);
    expect(joust.toMove(t)).toEqual([2]);
    const u = go(t, 2, 'pass');
    expect(display(u, 1)).toEqual(['red-5', 'red-3']);
    expect(u.hands[1]).toEqual([]);
  });
  it('cannot be played in your own turn nor outside a window', () => {
    const s = scenario({ ...base, hands: [['lancelot'], ['lancelot'.replace('lancelot', 'red-3')]] });
    refuse(s, 0, 'lancelot', { code: 'NOTHING_TO_CANCEL' });
    refuse(s, 0, 'play lancelot', { code: 'NOTHING_TO_CANCEL' });
    refuse(s, 1, 'lancelot', { code: 'NOTHING_TO_CANCEL' });
  });
  it('leaves the active player to play on or withdraw when the cancel leaves them behind', () => {
    // Blue 5 leads; the active player has two blue 2s and plays Maladresse to lead 2 to 1; Lancelot cancels it.
    const s = scenario({
      players: 2,
      colour: 'blue',
      displays: [['blue-2', 'blue-2'], ['blue-5']],
      hands: [['maladresse'], ['lancelot']],
    });
    const t = act(s, 0, 'play maladresse', 1);
    expect(t.colour).toBe('blue');
    refuse(t, 0, 'end', { code: 'NOT_HIGHEST', total: 4, best: 5 });
    expect(joust.legalMoves(t, 0).map((m) => joust.formatMove(t, m))).toEqual(['withdraw']);
  });
});

describe('Overriding rules', () => {
  it('an action card leaves Bouclier and Assommé alone (they are not part of the display)', () => {
    const s = act(
      scenario({
        colour: 'red',
        displays: [
          ['red-3', 'red-4'],
          ['red-5', 'red-3'],
        ],
        hands: [['feinte']],
        stunned: 1,
      }),
      0,
      'play feinte',
    );
    expect(s.stunned).toBe(1);
    expect(display(s, 1)).toEqual(['red-5']);
  });
  it('a starter cannot open with an action card', () => {
    const s = {
      ...scenario({ colour: 'red', displays: [[], ['red-3', 'red-4']], hands: [['feinte', 'red-3']] }),
      opening: true,
      played: 0,
    };
    refuse(s, 0, 'play feinte', { code: 'MUST_OPEN' });
  });
});
