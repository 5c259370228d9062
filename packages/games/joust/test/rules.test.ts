import { describe, expect, it } from 'vitest';
import {
  CARD_COUNT,
  KINDS,
  joust,
  kindId,
  setupStacked,
  stackDeck,
  type JoustOptions,
  type JoustState,
} from '../src/index.ts';
import { accountFor, go, goAll, passAll, refuse, scenario } from './helpers.ts';

function options(players: number): JoustOptions {
  const o = joust.parseOptions({}, players);
  if (!o.ok) throw new Error('options');
  return o.value;
}

const legal = (s: JoustState, seat: number): string[] => joust.legalMoves(s, seat).map((m) => joust.formatMove(s, m));

function stacked(hands: string[][], options = {}, dealer = hands.length - 1, draws: string[] = []): JoustState {
  const s = setupStacked({
    players: hands.length,
    dealer,
    deck: stackDeck({ players: hands.length, dealer, hands, draws }),
    options,
  });
  if (!s.ok) throw new Error(JSON.stringify(s.error));
  return s.value;
}

describe('the cards', () => {
  it('are 110: 70 colour, 20 support, 20 action cards of 17 kinds', () => {
    const count = (type: string): number => KINDS.filter((k) => k.type === type).reduce((n, k) => n + k.count, 0);
    expect(CARD_COUNT).toBe(110);
    expect([count('colour'), count('support'), count('action')]).toEqual([70, 20, 20]);
    expect(KINDS.filter((k) => k.type === 'action')).toHaveLength(17);
    for (const colour of ['purple', 'red', 'blue', 'yellow', 'green']) {
      expect(KINDS.filter((k) => k.colour === colour).reduce((n, k) => n + k.count, 0)).toBe(14);
    }
    for (const k of KINDS) expect(k.fr.length * k.en.length * k.provenance.length).toBeGreaterThan(0);
  });
});

describe('setting up', () => {
  it('deals 8 cards to each player; the player left of the dealer starts', () => {
    const s = joust.setup({ players: 4, options: options(4), seed: 3 });
    expect(s.ok).toBe(true);
    if (!s.ok) return;
    expect(s.value.hands.map((h) => h.length)).toEqual([8, 8, 8, 8]);
    expect(s.value.deck.length).toBe(110 - 32);
    expect(joust.toMove(s.value)).toEqual([(s.value.dealer + 1) % 4]);
    expect(joust.setup({ players: 6, options: options(4), seed: 3 }).ok).toBe(false);
  });
  it('reads options with readOptions and refuses unknown ones', () => {
    expect(joust.parseOptions({ allowTies: true }, 3)).toEqual({
      ok: true,
      value: { noRepeatColour: false, shieldBlocksKnockDown: false, allowTies: true },
    });
    expect(joust.parseOptions({ ties: true }, 3).ok).toBe(false);
  });
});

describe('starting a tournament', () => {
  it('the starter names the colour before drawing, and needs a card of it or a support card', () => {
    const s = stacked([['red-3', 'riposte', 'riposte', 'riposte', 'chute', 'chute', 'feinte', 'charge'], []]);
    expect(legal(s, 0)).toEqual(['start red']);
    refuse(s, 0, 'start blue', { code: 'CANNOT_OPEN', colour: 'blue' });
    const t = go(s, 0, 'start red');
    expect(t.hands[0]!.length).toBe(9);
    expect(t.colour).toBe('red');
  });
  it('a support card opens any colour', () => {
    const s = stacked([['squire-2', 'riposte', 'riposte', 'riposte', 'chute', 'chute', 'feinte', 'charge'], []]);
    expect(legal(s, 0)).toEqual(['start purple', 'start red', 'start blue', 'start yellow', 'start green']);
  });
  it('after a purple tournament, purple may not be named', () => {
    const s = { ...stacked([['purple-3', 'squire-2'], []]), previousColour: 'purple' as const };
    refuse(s, 0, 'start purple', { code: 'PURPLE_TWICE' });
    expect(legal(s, 0)).not.toContain('start purple');
  });
  it('option noRepeatColour: the previous final colour may not be named', () => {
    const s = { ...stacked([['red-3', 'squire-2'], []], { noRepeatColour: true }), previousColour: 'red' as const };
    refuse(s, 0, 'start red', { code: 'REPEAT_COLOUR', colour: 'red' });
    expect({ ...s, options: { ...s.options, noRepeatColour: false } }.options.noRepeatColour).toBe(false);
    expect(legal({ ...s, options: { ...s.options, noRepeatColour: false } }, 0)).toContain('start red');
  });
  it('a starter who cannot open shows their hand (to everyone), draws, and the next player starts', () => {
    const actions = ['riposte', 'riposte', 'riposte', 'chute', 'chute', 'feinte', 'charge', 'disgrace'];
    const s = stacked([actions, ['blue-3']]);
    expect(legal(s, 0)).toEqual(['show']);
    refuse(s, 0, 'start red', { code: 'CANNOT_OPEN' });
    const t = go(s, 0, 'show');
    expect(t.hands[0]!.length).toBe(9);
    expect(joust.toMove(t)).toEqual([1]);
    expect(
      joust
        .view(t, 1)
        .revealed!.cards.map((id) => id.split('.')[0])
        .sort(),
    ).toEqual([...actions].sort());
    refuse(go(s, 0, 'show'), 1, 'show', { code: 'CAN_OPEN' });
  });
  it('the starter must open with a colour or support card before anything else', () => {
    let s = go(stacked([['red-3', 'feinte'], []]), 0, 'start red');
    refuse(s, 0, 'end', { code: 'MUST_OPEN' });
    refuse(s, 0, 'withdraw', { code: 'MUST_OPEN' });
    refuse(s, 0, 'play feinte', { code: 'MUST_OPEN' });
    s = go(s, 0, 'play red-3');
    expect(legal(s, 0)).toContain('end');
  });
});

describe('seed 000: «\u00a0Lors du 1er tour …, chaque joueur souhaitant participer au tournoi doit poser au minimum une carte de combat ou de soutien\u00a0»', () => {
  // Seat 0 starts red and ends at 7 (red 3 + red 4); seat 1 enters next, then seat 2.
  const hands = [
    ['red-3', 'red-4', 'riposte'],
    ['riposte', 'red-5', 'red-3'],
    ['riposte', 'squire-3', 'red-5'],
  ];
  const draws = ['green-1', 'green-1', 'green-1', 'green-1', 'green-1', 'green-1'];
  const firstTurnOf1 = (): JoustState =>
    goAll(stacked(hands, {}, 2, draws), 0, ['start red', 'play red-3', 'play red-4', 'end']);
  const firstTurnOf2 = (): JoustState => goAll(firstTurnOf1(), 1, ['play red-5', 'play red-3', 'end']);

  it('another player may not enter with action cards only: `play riposte @0` then `end` is refused', () => {
    const s = passAll(go(firstTurnOf1(), 1, 'play riposte @0'));
    expect(s.displays[1]!.length).toBe(1); // seat 0's red 4, taken: 4 against 3, ahead but not entered
    refuse(s, 1, 'end', { code: 'MUST_ENTER' });
    expect(legal(s, 1)).not.toContain('end');
    expect(legal(s, 1)).toContain('withdraw');
    expect(legal(go(s, 1, 'play red-5'), 1)).toContain('end');
  });

  it('issue 38: the starter shows red 3 and red 5, seat 1 takes the red 5 with Riposte: `end` is refused, seat 1 lays a card or withdraws', () => {
    // The reported table was a 3-player game of seed 42; that seed deals seat 1 no Riposte, so the position is
    // stacked: seat 0 opens red with red 3 then red 5, seat 1 holds Riposte and cards it could lay.
    const start = stacked([['red-3', 'red-5'], ['riposte', 'red-4', 'squire-2'], ['green-1']], {}, 2, draws);
    const s = passAll(go(goAll(start, 0, ['start red', 'play red-3', 'play red-5', 'end']), 1, 'play riposte @0'));
    expect(s.displays[1]!.map(kindId)).toEqual(['red-5']); // 5 against 3: ahead, yet nothing laid from the hand
    refuse(s, 1, 'end', { code: 'MUST_ENTER' });
    expect(legal(s, 1)).not.toContain('end');
    expect(joust.messages!.MUST_ENTER!.fr({ code: 'MUST_ENTER' })).toContain('abandonnez');
    expect(legal(go(s, 1, 'play red-4'), 1)).toContain('end');
    expect(legal(go(s, 1, 'play squire-2'), 1)).toContain('end');
    const out = go(s, 1, 'withdraw');
    expect([out.inTournament[1], out.displays[1]]).toEqual([false, []]);
  });

  it('a card received by Finesse (for the Assommé in front of a seat that has not entered) is not laid either', () => {
    const start = stacked([['red-3', 'red-5', 'assomme'], ['finesse', 'red-4'], ['green-1']], {}, 2, draws);
    const opened = goAll(start, 0, ['start red', 'play red-3', 'play red-5', 'play assomme @1']);
    const s = passAll(go(goAll(passAll(opened), 0, ['end']), 1, 'play finesse assomme @0 2'));
    expect([s.displays[1]!.map(kindId), s.stunned]).toEqual([['red-5'], 0]);
    refuse(s, 1, 'end', { code: 'MUST_ENTER' });
    expect(legal(go(s, 1, 'play red-4'), 1)).toContain('end');
  });

  it('it enters by laying a colour or support card (before or after its actions: [decision]), or withdraws', () => {
    const s = firstTurnOf1();
    refuse(s, 1, 'end', { code: 'MUST_ENTER' });
    const laid = goAll(s, 1, ['play red-5', 'play red-3']);
    expect(laid.opening).toBe(false);
    expect(legal(laid, 1)).toContain('end');
    expect(joust.toMove(go(s, 1, 'withdraw'))).toEqual([2]);
  });

  it('every later entrant is held to it too; a support card counts', () => {
    const s = firstTurnOf2();
    expect([s.active, s.opening]).toEqual([2, true]);
    refuse(s, 2, 'end', { code: 'MUST_ENTER' });
    const riposte = passAll(go(s, 2, 'play riposte @1'));
    refuse(riposte, 2, 'end', { code: 'MUST_ENTER' });
    expect(legal(goAll(riposte, 2, ['play squire-3', 'play red-5']), 2)).toContain('end');
  });

  it('after the first turn, action cards alone keep a player in (FAQ)', () => {
    let s = go(firstTurnOf2(), 2, 'withdraw');
    expect([s.active, s.opening]).toEqual([0, false]);
    s = passAll(go(s, 0, 'play riposte @1')); // seat 1's red 3: 10 against 5
    expect(legal(s, 0)).toContain('end');
  });
});

describe('drawing', () => {
  it('every turn starts with a draw; when the last card is drawn the discard pile is shuffled into a new deck', () => {
    const s = scenario({ players: 2, colour: 'red', displays: [['red-5'], []], active: 0 });
    const few: JoustState = { ...s, deck: s.deck.slice(0, 1), discard: [...s.discard, ...s.deck.slice(1)] };
    accountFor(few);
    const t = go(few, 0, 'end');
    expect(t.hands[1]!.length).toBe(1);
    expect(t.discard).toEqual([]);
    expect(t.deck.length).toBe(few.discard.length);
    accountFor(t);
  });
});

describe('playing cards', () => {
  const base = scenario({
    players: 3,
    colour: 'red',
    displays: [['red-3'], ['red-4']],
    hands: [['red-5', 'blue-4', 'squire-2', 'maiden', 'maiden', 'red-3']],
    active: 0,
  });
  it('colour cards must match the tournament colour; support cards fit any', () => {
    refuse(base, 0, 'play blue-4', { code: 'WRONG_COLOUR', card: 'blue-4', colour: 'red' });
    expect(legal(base, 0)).toEqual(expect.arrayContaining(['play red-5', 'play squire-2', 'play maiden']));
  });
  it('only one maiden at a time on a display', () => {
    refuse(go(base, 0, 'play maiden'), 0, 'play maiden', { code: 'SECOND_MAIDEN' });
  });
  it('a player ends the turn only with the strictly highest total', () => {
    const s = go(base, 0, 'play squire-2'); // 5 against 4
    expect(legal(s, 0)).toContain('end');
    const t = go(
      scenario({ players: 2, colour: 'red', displays: [['red-4'], ['red-4']], hands: [['red-3']] }),
      0,
      'play red-3',
    );
    expect(legal(t, 0)).toContain('end');
    const equal = scenario({
      players: 2,
      colour: 'red',
      displays: [
        ['red-3', 'red-4'],
        ['red-3', 'red-4'],
      ],
      hands: [['red-3']],
    });
    refuse(equal, 0, 'end', { code: 'NOT_HIGHEST', total: 7, best: 7 });
  });
  it('option allowTies: an equal total is enough', () => {
    const equal = scenario({
      players: 2,
      colour: 'red',
      displays: [
        ['red-3', 'red-4'],
        ['red-3', 'red-4'],
      ],
      options: { allowTies: true },
    });
    expect(legal(equal, 0)).toContain('end');
  });
  it('a player who plays no card must withdraw', () => {
    const s = {
      ...scenario({ players: 2, colour: 'red', displays: [['red-5'], ['red-3']], hands: [['red-3']] }),
      played: 0,
    };
    refuse(s, 0, 'end', { code: 'MUST_PLAY' });
  });
});

describe('withdrawing', () => {
  it('discards the display; with a maiden, the player chooses a token to return', () => {
    const s = scenario({
      players: 3,
      colour: 'green',
      displays: [
        ['green-1', 'maiden'],
        ['green-1', 'green-1', 'green-1'],
      ],
      tokens: [['red', 'blue'], []],
    });
    let t = go(s, 0, 'withdraw');
    expect(t.displays[0]).toEqual([]);
    expect(joust.toMove(t)).toEqual([0]);
    expect(legal(t, 0)).toEqual(['token red', 'token blue']);
    refuse(t, 0, 'token green', { code: 'TOKEN_NOT_HELD', colour: 'green' });
    refuse(t, 1, 'play green-1', { code: 'NOT_YOUR_TURN' });
    t = go(t, 0, 'token blue');
    expect(t.tokens[0]).toEqual(['red']);
    expect(t.active).toBe(1);
    accountFor(t);
  });
  it('without tokens, the maiden costs nothing', () => {
    const t = go(scenario({ players: 3, colour: 'red', displays: [['maiden'], ['red-3', 'red-4']] }), 0, 'withdraw');
    expect(t.phase.kind).toBe('turn');
  });
  it('a withdrawn player plays no more cards in this tournament and is skipped', () => {
    let s = scenario({
      players: 3,
      colour: 'red',
      displays: [['red-5', 'red-4'], ['red-3'], ['red-4']],
      hands: [[], ['red-5'], []],
      active: 1,
    });
    s = go(s, 1, 'withdraw');
    expect(s.active).toBe(2);
    refuse(s, 1, 'play red-5', { code: 'WITHDRAWN', seat: 1 });
    s = goAll(s, 2, ['withdraw']);
    expect(s.tokens[0]).toEqual(['red']);
  });
});

describe('winning a tournament', () => {
  it('the last player in wins a token of the final colour, discards the display and starts the next', () => {
    const s = scenario({
      players: 2,
      colour: 'yellow',
      displays: [['yellow-3', 'yellow-4'], ['yellow-2']],
      active: 1,
      shield: 0,
    });
    const t = go(s, 1, 'withdraw');
    expect(t.tokens[0]).toEqual(['yellow']);
    expect(t.displays).toEqual([[], []]);
    expect(t.shield).toBeNull();
    expect(t.phase.kind).toBe('start');
    expect(joust.toMove(t)).toEqual([0]);
    expect(t.previousColour).toBe('yellow');
    accountFor(t);
  });
  it('a colour already held gives nothing', () => {
    const s = scenario({
      players: 2,
      colour: 'yellow',
      displays: [['yellow-3'], ['yellow-2']],
      active: 1,
      tokens: [['yellow'], []],
    });
    expect(go(s, 1, 'withdraw').tokens[0]).toEqual(['yellow']);
  });
  it('after a purple tournament, the winner takes a colour they lack', () => {
    const s = scenario({
      players: 2,
      colour: 'purple',
      displays: [['purple-3'], ['purple-4']],
      active: 1,
      tokens: [['red'], []],
    });
    let t = go(s, 1, 'withdraw');
    expect(t.phase).toEqual({ kind: 'purple', seat: 0 });
    expect(legal(t, 0)).toEqual(['token purple', 'token blue', 'token yellow', 'token green']);
    refuse(t, 0, 'token red', { code: 'TOKEN_ALREADY_HELD', colour: 'red' });
    t = go(t, 0, 'token green');
    expect(t.tokens[0]).toEqual(['red', 'green']);
    expect(t.previousColour).toBe('purple');
    refuse(t, 0, 'start purple', { code: 'PURPLE_TWICE' });
  });
  it('the final colour counts: purple turned red by Désarçonné allows a purple tournament next', () => {
    const s = scenario({
      players: 2,
      colour: 'red',
      previousColour: 'purple',
      displays: [['purple-3'], ['purple-4']],
      active: 1,
    });
    const t = go(s, 1, 'withdraw');
    expect(t.previousColour).toBe('red');
    expect(t.tokens[0]).toEqual(['red']);
  });
});

describe('winning the game', () => {
  it('with 2–3 players, five different colours', () => {
    const s = scenario({
      players: 3,
      colour: 'green',
      displays: [['green-1'], ['green-1']],
      withdrawn: [2],
      active: 1,
      tokens: [['purple', 'red', 'blue', 'yellow'], []],
    });
    const t = go(s, 1, 'withdraw');
    expect(joust.outcome(t)).toEqual({ winners: [0], draw: false, reason: 'tokens', scores: [5, 0, 0] });
    expect(joust.toMove(t)).toEqual([]);
    refuse(t, 0, 'start red', { code: 'GAME_OVER' });
  });
  it('with 3 players, four colours are not enough', () => {
    const s = scenario({
      players: 3,
      colour: 'green',
      displays: [['green-1'], ['green-1']],
      withdrawn: [2],
      active: 1,
      tokens: [['purple', 'red', 'blue'], []],
    });
    expect(joust.outcome(go(s, 1, 'withdraw'))).toBeNull();
  });
  it('with 4–5 players, four different colours', () => {
    const s = scenario({
      players: 4,
      colour: 'green',
      displays: [['green-1'], ['green-1']],
      withdrawn: [2, 3],
      active: 1,
      tokens: [['purple', 'red', 'blue'], []],
    });
    expect(joust.outcome(go(s, 1, 'withdraw'))!.winners).toEqual([0]);
  });
  it('a purple win completes a set once the colour is chosen', () => {
    const s = scenario({
      players: 5,
      colour: 'purple',
      displays: [['purple-3'], ['purple-4']],
      withdrawn: [2, 3, 4],
      active: 1,
      tokens: [['red', 'blue', 'yellow'], []],
    });
    const t = go(go(s, 1, 'withdraw'), 0, 'token green');
    expect(joust.outcome(t)!.winners).toEqual([0]);
  });
});

describe('bad input is refused and changes nothing', () => {
  const s = scenario({
    players: 3,
    colour: 'red',
    displays: [['red-3', 'maiden'], ['red-4']],
    hands: [
      ['red-5', 'blue-3', 'maiden'],
      ['red-3', 'lancelot'],
    ],
    withdrawn: [2],
    active: 0,
  });
  it('a card not in hand', () => refuse(s, 0, 'play red-4', { code: 'NOT_IN_HAND', card: 'red-4' }));
  it('a card of the wrong colour', () =>
    refuse(s, 0, 'play blue-3', { code: 'WRONG_COLOUR', card: 'blue-3', colour: 'red' }));
  it('a second maiden', () => refuse(s, 0, 'play maiden', { code: 'SECOND_MAIDEN' }));
  it('a card played out of turn (Lancelot excepted)', () =>
    refuse(s, 1, 'play red-3', { code: 'NOT_YOUR_TURN', seat: 1, toMove: [0] }));
  it('Lancelot out of turn with no action to cancel', () => refuse(s, 1, 'lancelot', { code: 'NOTHING_TO_CANCEL' }));
  it('a card played after withdrawing', () => refuse(s, 2, 'play red-3', { code: 'WITHDRAWN', seat: 2 }));
  it('unreadable notation and unknown cards', () => {
    refuse(s, 0, 'play dragon', { code: 'BAD_NOTATION' });
    refuse(s, 0, 'jump', { code: 'BAD_NOTATION' });
    refuse(s, 0, 'play riposte', { code: 'BAD_NOTATION' });
  });
  it('moves of another phase', () => {
    refuse(s, 0, 'pass', { code: 'WRONG_MOVE', move: 'pass', phase: 'turn' });
    refuse(s, 0, 'start red', { code: 'WRONG_MOVE' });
    refuse(s, 0, 'token red', { code: 'WRONG_MOVE' });
  });
  it('every error has a French and an English message', () => {
    const codes = [
      'NOT_IN_HAND',
      'WRONG_COLOUR',
      'SECOND_MAIDEN',
      'WITHDRAWN',
      'NO_EFFECT',
      'LONE_CARD',
      'SHIELDED',
      'NOT_HIGHEST',
    ];
    for (const code of codes) {
      const m = joust.messages[code]!;
      expect(m.fr({ code, card: 'red-4', colour: 'blue', target: 1, seat: 2, total: 3, best: 4 })).toMatch(/\w/);
      expect(m.en({ code, card: 'red-4', colour: 'blue', target: 1, seat: 2, total: 3, best: 4 })).toMatch(/\w/);
    }
    expect(joust.messages.WRONG_COLOUR!.fr({ code: 'WRONG_COLOUR', card: 'red-4', colour: 'blue' })).toBe(
      'Rouge 4 n’est pas de la couleur du tournoi (bleu).',
    );
  });
  it('a corrupted saved state is refused', () => {
    const data = joust.serialize(s) as { deck: number[] };
    data.deck.push(data.deck[0]!);
    expect(joust.deserialize(data)).toMatchObject({ ok: false, error: { code: 'BAD_STATE' } });
    expect(joust.deserialize({ players: 9 })).toMatchObject({ ok: false });
  });
});

describe('notation', () => {
  it('is case-insensitive and accepts French names', () => {
    const s = scenario({
      players: 3,
      colour: 'red',
      displays: [['red-3'], ['red-4', 'red-5']],
      hands: [['riposte', 'changement-arme']],
    });
    for (const [text, canonical] of [
      ['PLAY Riposte @1', 'play riposte @1'],
      ['jouer riposte @1', 'play riposte @1'],
      ['play changement-d’arme bleu', 'play changement-arme blue'],
      ['play Change-Weapon YELLOW', 'play changement-arme yellow'],
      ['abandon', 'withdraw'],
      ['jeton violet', 'token purple'],
      ['garder 1, 3', 'keep 1 3'],
      ['play dame', 'play maiden'],
      ['play écuyer-2', 'play squire-2'],
      ['rouge-4', 'play red-4'],
    ] as const) {
      const m = joust.parseMove(s, 0, text);
      expect(m.ok && joust.formatMove(s, m.value)).toBe(canonical);
    }
    expect(kindId(0)).toBe('purple-3');
  });
});
