/**
 * Chevaliers bots, issue 16 fourth round (packages/games/shadows/BOTS.md): the belief reads what a knight does
 * with his heroic turn and in the answer windows (public facts only, one record for every seat), and a knight all
 * but sure of the traitor accuses him at 11 swords.
 */
import { describe, expect, it } from 'vitest';
import { createRng, type Seat } from '@roundtable/core';
import { scenario, shadows, type Move, type ShadowsState } from '@roundtable/shadows';
import { newBotMemory } from '../src/bot.ts';
import { ACCUSE_SURE, newWatch, shadowsPolicyBot, traitorBelief, watchIn, watchTable } from '../src/shadows.ts';
// The games and their bots, registered with packages/ai as every front door has them.
import '@roundtable/catalog';

const many = (n: number, card: string): string[] => Array.from({ length: n }, () => card);
const play = (s: ShadowsState, seat: Seat, m: Move): ShadowsState => {
  const next = shadows.play(s, seat, m);
  if (!next.ok) throw new Error(next.error.code);
  return next.value;
};
/** What a bot in `seat` sees and records: a state sampled from its own view (hidden cards and loyalties guessed). */
const seen = (s: ShadowsState, seat: Seat, seed: string): ShadowsState =>
  shadows.determinize(shadows.view(s, seat), seat, createRng(seed)) as ShadowsState;

/**
 * 4 players, seat 2 the traitor, seat `active` in his heroic stage; every knight holds 5 cards. `players` tells
 * the table apart from the other tests' (a record is kept per match: players, knights and options).
 */
const heroic = (
  active: Seat,
  turnNumber: number,
  locations: ('camelot' | 'excalibur' | 'grail' | 'picts' | 'saxons' | 'black-knight')[],
): ShadowsState =>
  scenario({
    players: 5,
    options: { loyaltyDeck: 'sure-traitor' },
    traitor: 2,
    hands: [many(5, 'fight-2'), many(5, 'fight-3'), many(5, 'fight-4'), many(5, 'fight-1'), many(5, 'fight-5')],
    locations,
    active,
    turnNumber,
    phase: { kind: 'heroic' },
    turn: { stage: 'heroic' },
  });

/** The next turn's Progression of Evil, not yet chosen (the board as the turn left it). */
const nextTurn = (s: ShadowsState): ShadowsState => ({
  ...s,
  active: ((s.active + 1) % s.players) as Seat,
  turnNumber: s.turnNumber + 1,
  phase: { kind: 'evil' },
  turn: { ...s.turn, used: [], stage: 'evil' },
});

describe('the heroic turn read by the belief', () => {
  it('a knight standing on Excalibur with cards who walks away without pushing it is suspected; one who pushes is cleared', () => {
    const where = ['excalibur', 'excalibur', 'excalibur', 'camelot', 'camelot'] as const;
    const w = newWatch();
    let turn = 1;
    // Seat 1 pushes Excalibur, seat 2 walks to Camelot, each on his own turn, three rounds.
    for (let round = 0; round < 3; round++) {
      for (const [seat, move] of [
        [1, { type: 'push', card: 'fight-3' }],
        [2, { type: 'move', to: 'camelot' }],
      ] as [Seat, Move][]) {
        const s = heroic(seat, turn++, [...where]);
        watchTable(seen(s, 0, `a${turn}`), w);
        const after = play(s, seat, move);
        watchTable(seen(after, 0, `b${turn}`), w);
        watchTable(seen(nextTurn(after), 3, `c${turn}`), w);
      }
    }
    const belief = traitorBelief(heroic(0, turn, [...where]), 0, w);
    expect(belief[2]).toBeGreaterThan(0.8);
    expect(belief[1]).toBeLessThan(belief[3]!);
    expect(belief[1]).toBeLessThan(0.05);
  });
});

describe('the answer windows read by the belief', () => {
  it('the knights whose Merlins cancelled a special card are cleared; the others are not', () => {
    // 3 players (a table of its own), seat 2 the traitor; seats 0 and 1 hold the Merlins.
    const s = scenario({
      players: 3,
      options: { loyaltyDeck: 'sure-traitor' },
      traitor: 2,
      seed: 7,
      phase: { kind: 'evil' },
      turn: { stage: 'evil' },
      active: 0,
      turnNumber: 1,
      blackTop: ['morgan-3'],
      hands: [
        ['merlin', 'merlin', 'fight-1'],
        ['merlin', 'fight-2'],
        ['fight-3', 'fight-4'],
      ],
    });
    const w = newWatch();
    const before = traitorBelief(s, 0, w);
    let t = play(s, 0, { type: 'evil', choice: 'black' });
    expect(t.phase.kind).toBe('merlin');
    t = play(t, 0, { type: 'merlin', count: 2 });
    t = play(t, 1, { type: 'merlin', count: 1 });
    // The last answer, seen by the traitor's bot before he passes, then the window closed (cancelled).
    watchTable(seen(t, 2, 'm1'), w);
    t = play(t, 2, { type: 'pass' });
    expect(t.phase.kind).not.toBe('merlin');
    watchTable(seen(t, 0, 'm2'), w);
    const after = traitorBelief(t, 0, w);
    expect(after[1]).toBeLessThan(before[1]! / 5);
    expect(after[2]).toBeGreaterThan(before[2]!);
  });
});

describe('one record for every seat', () => {
  it('the record does not depend on which seat sampled the table: every loyal seat reads the same weights', () => {
    const where = ['excalibur', 'excalibur', 'excalibur', 'camelot', 'camelot'] as const;
    // Two tables with other knights' hands (players 6 and 7: records of their own), fed by different seats' samples.
    const table = (players: number, seat: Seat, turnNumber: number): ShadowsState =>
      scenario({
        players,
        options: { loyaltyDeck: 'sure-traitor' },
        traitor: 2,
        locations: [...where, ...Array.from({ length: players - 5 }, () => 'camelot' as const)],
        hands: Array.from({ length: players }, () => ['fight-1', 'fight-2', 'fight-3', 'fight-4', 'fight-5']),
        active: seat,
        turnNumber,
        phase: { kind: 'heroic' },
        turn: { stage: 'heroic' },
      });
    const run = (players: number, watcher: (turn: number) => Seat): number[] => {
      const w = newWatch();
      let turn = 1;
      for (let round = 0; round < 2; round++) {
        for (const seat of [1, 2] as Seat[]) {
          const s = table(players, seat, turn++);
          watchTable(seen(s, watcher(turn), `x${turn}`), w);
          const after = play(s, seat, seat === 1 ? { type: 'push', card: 'fight-2' } : { type: 'move', to: 'camelot' });
          watchTable(seen(after, watcher(turn + 1), `y${turn}`), w);
          watchTable(seen(nextTurn(after), watcher(turn + 2), `z${turn}`), w);
        }
      }
      return traitorBelief(table(players, 0, turn), 0, w);
    };
    const a = run(6, () => 0);
    // The same table watched through the traitor's and another knight's samples, in turn.
    const b = run(7, (t) => ([2, 3, 4] as Seat[])[t % 3]!);
    // Normalised over one more seat at 7 players: compare the ratios, not the values.
    expect(b[2]! / b[1]!).toBeCloseTo(a[2]! / a[1]!, 6);
    expect(b[2]! / b[3]!).toBeCloseTo(a[2]! / a[3]!, 6);
  });
});

describe('accusing when all but sure', () => {
  it('at 11 swords a knight believed the traitor at 0.9 or more is accused, even with the swords won anyway; not at 9', () => {
    const where = ['excalibur', 'excalibur', 'excalibur', 'camelot', 'camelot'] as const;
    // A fresh table of 5 (turns from 1): seat 2 walks away from Excalibur four times.
    const at = (turnNumber: number, white: number, black: number): ShadowsState =>
      scenario({
        players: 5,
        options: { loyaltyDeck: 'sure-traitor' },
        traitor: 2,
        hands: [many(5, 'fight-2'), many(5, 'fight-3'), many(5, 'fight-4'), many(5, 'fight-1'), many(5, 'fight-5')],
        locations: [...where],
        active: 2,
        turnNumber,
        whiteSwords: white,
        blackSwords: black,
        phase: { kind: 'heroic' },
        turn: { stage: 'heroic' },
      });
    const memory = newBotMemory();
    const w = watchIn(memory);
    for (let t = 1; t <= 8; t += 2) {
      const s = at(t, 0, 0);
      watchTable(seen(s, 0, `s${t}`), w);
      const after = play(s, 2, { type: 'move', to: 'camelot' });
      watchTable(seen(nextTurn(after), 0, `n${t}`), w);
    }
    const mine = (white: number, black: number): ShadowsState => ({ ...at(10, white, black), active: 0 });
    expect(traitorBelief(mine(10, 1), 0, w)[2]).toBeGreaterThanOrEqual(ACCUSE_SURE);
    // The knight's action after his (free) declaration, if he makes one first.
    const choose = (s: ShadowsState): string | null => {
      const first = shadowsPolicyBot.choose({
        game: shadows,
        view: shadows.view(s, 0),
        seat: 0,
        rng: createRng('sure'),
        memory,
      });
      if (!first?.startsWith('declare')) return first;
      const m = shadows.parseMove(s, 0, first);
      if (!m.ok) throw new Error('unreadable');
      const t = play(s, 0, m.value);
      return shadowsPolicyBot.choose({
        game: shadows,
        view: shadows.view(t, 0),
        seat: 0,
        rng: createRng('sure'),
        memory,
      });
    };
    // 10 white against 1: the swords win anyway, but the accusation costs nothing and unmasks him.
    expect(choose(mine(10, 1))).toBe('accuse @2');
    // 9 swords: too early (an unmasked traitor adds engines or black cards every turn).
    expect(choose(mine(8, 1))).not.toMatch(/^accuse/);
  });
});
