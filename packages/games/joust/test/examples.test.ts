import { describe, expect, it } from 'vitest';
import { setupStacked, stackDeck, type JoustState } from '../src/index.ts';
import { display, go, goAll, passAll, totals } from './helpers.ts';

// seed 000, "EXEMPLES DE TOURNOIS": Sire Marcel, Sire Raymond, Sire Maurice and Lady Danielle, clockwise.
const MARCEL = 0;
const RAYMOND = 1;
const MAURICE = 2;
const DANIELLE = 3;

function table(): JoustState {
  const deck = stackDeck({
    players: 4,
    dealer: DANIELLE, // Marcel, on the dealer's left, starts the first tournament
    hands: [
      ['red-3', 'red-5', 'maiden', 'blue-5', 'riposte', 'adaptation', 'green-1', 'green-1'],
      ['red-5'],
      ['blue-2', 'finesse', 'blue-5'],
      ['red-4', 'red-3', 'red-3', 'squire-2', 'squire-3', 'blue-3', 'blue-4', 'blue-3'],
    ],
    // Draws in turn order: Marcel, Raymond, Maurice, Danielle (4th draw: Maladresse), Marcel, Raymond,
    // Danielle (7th: green 1), Marcel, Danielle (9th: green 1), then anything.
    draws: ['yellow-3', 'yellow-3', 'yellow-3', 'maladresse', 'yellow-3', 'yellow-3', 'green-1', 'yellow-3', 'green-1'],
  });
  const s = setupStacked({ players: 4, dealer: DANIELLE, deck });
  if (!s.ok) throw new Error(JSON.stringify(s.error));
  return s.value;
}

/** Plays the first example tournament and returns the state after it. */
function firstTournament(check: (s: JoustState, step: string) => void = () => {}): JoustState {
  let s = table();
  // Sire Marcel draws, plays a red 3 and announces a red tournament: "3".
  expect(s.active).toBe(MARCEL);
  s = go(s, MARCEL, 'start red');
  s = goAll(s, MARCEL, ['play red-3']);
  expect(totals(s)[MARCEL]).toBe(3);
  s = go(s, MARCEL, 'end');
  check(s, 'marcel 3');
  // Sire Raymond plays a red 5: "5".
  s = go(s, RAYMOND, 'play red-5');
  expect(totals(s)[RAYMOND]).toBe(5);
  s = go(s, RAYMOND, 'end');
  // Sire Maurice withdraws.
  s = go(s, MAURICE, 'withdraw');
  // Lady Danielle plays a red 4 and a red 3: "7".
  s = goAll(s, DANIELLE, ['play red-4', 'play red-3']);
  expect(totals(s)[DANIELLE]).toBe(7);
  s = go(s, DANIELLE, 'end');
  // Sire Marcel plays a red 5 on his 3: "8".
  s = go(s, MARCEL, 'play red-5');
  expect(totals(s)[MARCEL]).toBe(8);
  s = go(s, MARCEL, 'end');
  // Sire Raymond withdraws and discards his card; Maurice has withdrawn and is skipped.
  s = go(s, RAYMOND, 'withdraw');
  expect(s.displays[RAYMOND]).toEqual([]);
  expect(s.active).toBe(DANIELLE);
  // Lady Danielle plays a red 3 and a squire 2: "12".
  s = goAll(s, DANIELLE, ['play red-3', 'play squire-2']);
  expect(totals(s)[DANIELLE]).toBe(12);
  s = go(s, DANIELLE, 'end');
  // Sire Marcel plays a maiden: "14".
  s = go(s, MARCEL, 'play maiden');
  expect(totals(s)[MARCEL]).toBe(14);
  s = go(s, MARCEL, 'end');
  // Lady Danielle plays a squire 3: "15".
  s = go(s, DANIELLE, 'play squire-3');
  expect(totals(s)[DANIELLE]).toBe(15);
  s = go(s, DANIELLE, 'end');
  // Sire Marcel withdraws with a maiden but has no token to lose; Lady Danielle wins a red token.
  s = go(s, MARCEL, 'withdraw');
  return s;
}

describe('seed example 1: the first tournament', () => {
  it('is replayed card for card with the announced totals', () => {
    const s = firstTournament();
    expect(s.tokens).toEqual([[], [], [], ['red']]);
    expect(s.displays.every((d) => d.length === 0)).toBe(true);
    expect(s.phase.kind).toBe('start');
    expect(s.starter).toBe(DANIELLE);
    expect(s.previousColour).toBe('red');
  });

  it('has every player draw one card a turn, the winner included, and the withdrawing players too', () => {
    const s = firstTournament();
    // Marcel: 8 + 4 draws − 3 played; Raymond 8 + 2 − 1; Maurice 8 + 1; Danielle 8 + 3 − 5.
    expect(s.hands.map((h) => h.length)).toEqual([9, 9, 9, 6]);
  });
});

describe('seed example 2: the second tournament', () => {
  it('is replayed with Finesse, Riposte, Maladresse and Adaptation', () => {
    let s = firstTournament();
    // Lady Danielle starts: a blue 3, "3".
    s = go(s, DANIELLE, 'start blue');
    s = go(s, DANIELLE, 'play blue-3');
    expect(totals(s)[DANIELLE]).toBe(3);
    s = go(s, DANIELLE, 'end');
    // Sire Marcel: a blue 5, "5".
    s = go(s, MARCEL, 'play blue-5');
    s = go(s, MARCEL, 'end');
    expect(totals(s)[MARCEL]).toBe(5);
    // Sire Raymond withdraws at once.
    s = go(s, RAYMOND, 'withdraw');
    // Sire Maurice plays a blue 2, then Finesse: his blue 2 for Marcel's blue 5. "5".
    s = go(s, MAURICE, 'play blue-2');
    s = go(s, MAURICE, 'play finesse 1 @0 1');
    expect(s.phase.kind).toBe('response');
    expect([...(s.phase.kind === 'response' ? s.phase.waiting : [])]).toEqual([MARCEL, DANIELLE]);
    s = passAll(s);
    expect(display(s, MAURICE)).toEqual(['blue-5']);
    expect(display(s, MARCEL)).toEqual(['blue-2']);
    expect(totals(s)[MAURICE]).toBe(5);
    s = go(s, MAURICE, 'end');
    // Lady Danielle: a blue 4, "7".
    s = go(s, DANIELLE, 'play blue-4');
    expect(totals(s)[DANIELLE]).toBe(7);
    s = go(s, DANIELLE, 'end');
    // Sire Marcel: Riposte takes Danielle's blue 4, "6".
    s = go(s, MARCEL, 'play riposte @3');
    s = passAll(s);
    expect(display(s, MARCEL)).toEqual(['blue-2', 'blue-4']);
    expect(totals(s)[MARCEL]).toBe(6);
    expect(totals(s)[DANIELLE]).toBe(3);
    s = go(s, MARCEL, 'end');
    // Sire Maurice: a blue 5, "10".
    s = go(s, MAURICE, 'play blue-5');
    expect(totals(s)[MAURICE]).toBe(10);
    s = go(s, MAURICE, 'end');
    // Lady Danielle: a blue 3, Maladresse (blue → green), two green 1s: "4" (four cards).
    s = go(s, DANIELLE, 'play blue-3');
    s = go(s, DANIELLE, 'play maladresse');
    s = passAll(s);
    expect(s.colour).toBe('green');
    s = goAll(s, DANIELLE, ['play green-1', 'play green-1']);
    expect(totals(s)).toEqual([2, 0, 2, 4]);
    s = go(s, DANIELLE, 'end');
    // Sire Marcel: Adaptation. He has a 2 and a 4 (no double); Maurice keeps one of his 5s; Danielle one 3, one 1.
    s = go(s, MARCEL, 'play adaptation');
    s = passAll(s);
    expect(s.phase).toEqual({ kind: 'adapt', waiting: [MAURICE, DANIELLE] });
    s = go(s, MAURICE, 'keep 1');
    s = go(s, DANIELLE, 'keep 1 3');
    expect(display(s, MARCEL)).toEqual(['blue-2', 'blue-4']);
    expect(display(s, MAURICE)).toEqual(['blue-5']);
    expect(display(s, DANIELLE)).toEqual(['blue-3', 'green-1']);
    expect(s.phase.kind).toBe('turn');
    // Marcel continues with two green 1s: "4".
    s = goAll(s, MARCEL, ['play green-1', 'play green-1']);
    expect(totals(s)[MARCEL]).toBe(4);
    s = go(s, MARCEL, 'end');
    // Maurice (one card) withdraws, then Danielle (two cards): Sire Marcel wins a green token and starts next.
    s = go(s, MAURICE, 'withdraw');
    s = go(s, DANIELLE, 'withdraw');
    expect(s.tokens).toEqual([['green'], [], [], ['red']]);
    expect(s.phase.kind).toBe('start');
    expect(s.starter).toBe(MARCEL);
    expect(s.previousColour).toBe('green');
  });
});
