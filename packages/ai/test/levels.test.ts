import { afterAll, describe, expect, it } from 'vitest';
import { camelot } from '@roundtable/camelot';
import { joust } from '@roundtable/joust';
import { lancelot, toKernel, type LancelotState } from '@roundtable/lancelot';
import { shadows } from '@roundtable/shadows';
import { tournament } from '@roundtable/tournament';
import type { AnyGame, Seat } from '@roundtable/core';
import { BOT_LEVELS, type Bot, EASY_EFFORT, LANCELOT_MEDIUM_EFFORT, MEDIUM_BLUNDER, MEDIUM_EFFORT, botFor, closeWorkers } from '../src/index.ts';
import { searchBot } from '../src/search-bot.ts';
import { legalNotation, randomState, rng } from './fixtures.ts';

afterAll(() => closeWorkers());

const GAMES: { game: AnyGame; players: number }[] = [
  { game: camelot, players: 2 },
  { game: lancelot, players: 2 },
  { game: lancelot, players: 4 },
  { game: joust, players: 3 },
  { game: tournament, players: 4 },
  { game: shadows, players: 4 },
];

describe('every level plays every game', () => {
  it('offers random, greedy, easy, medium and strong', () => {
    expect(BOT_LEVELS).toEqual(expect.arrayContaining(['random', 'greedy', 'easy', 'medium', 'strong']));
  });

  for (const { game, players } of GAMES) {
    it(`returns a legal move at every level: ${game.id}, ${players} players`, () => {
      for (const plies of [0, 12]) {
        const state = randomState(game, players, 5, plies);
        const seat = game.toMove(state)[0] as Seat;
        const legal = legalNotation(game, state, seat);
        for (const level of BOT_LEVELS) {
          const move = botFor(level)!.choose({ game, view: game.view(state, seat), seat, rng: rng(level), budget: { iterations: 300 } });
          expect(legal, `${level} at ply ${plies}`).toContain(move);
        }
      }
    });

    it(`answers within its default budget at the easy level: ${game.id}, ${players} players`, () => {
      const state = randomState(game, players, 6, 8);
      const seat = game.toMove(state)[0] as Seat;
      const bot = botFor('easy')!;
      bot.choose({ game, view: game.view(state, seat), seat, rng: rng(0) }); // warm-up (JIT, tables)
      const t0 = performance.now();
      const move = bot.choose({ game, view: game.view(state, seat), seat, rng: rng(1) });
      const ms = performance.now() - t0;
      expect(legalNotation(game, state, seat)).toContain(move);
      // 100 ms is the contract; the margin absorbs a loaded CI machine.
      expect(ms).toBeLessThan(400);
    });
  }

  it('returns null when the seat has no move', () => {
    const state = randomState(camelot, 2, 1, 0) as Parameters<typeof camelot.view>[0];
    for (const level of BOT_LEVELS) expect(botFor(level)!.choose({ game: camelot, view: camelot.view(state, 1), seat: 1, rng: rng(1) })).toBeNull();
  });
});

describe('Lancelot search', () => {
  /** A position (target: one capture) where the seat to move can capture, so a capture wins at once. */
  function captureInOne(players: number): LancelotState {
    for (let seed = 1; seed < 400; seed++) {
      for (let plies = 4; plies < 40; plies += 3) {
        const s = randomState(lancelot, players, seed, plies, { target: 1 }) as LancelotState;
        if (lancelot.outcome(s) || s.phase !== 'turn') continue;
        if (toKernel(s).bestCapture(s.seat, -1) > 0) return s;
      }
    }
    throw new Error('no position found');
  }

  it('a level that blunders plays random legal moves, but never throws away a win in one', () => {
    const always = searchBot({ level: 'blunders', ms: 0, blunder: 1 });
    const state = randomState(joust, 3, 3, 6) as Parameters<typeof joust.view>[0];
    const seat = joust.toMove(state)[0] as Seat;
    const legal = legalNotation(joust, state, seat);
    const seen = new Set<string>();
    for (let i = 0; i < 30; i++) {
      const move = always.choose({ game: joust, view: joust.view(state, seat), seat, rng: rng(`b${i}`), budget: { iterations: 1 } })!;
      expect(legal).toContain(move);
      seen.add(move);
    }
    expect(seen.size).toBeGreaterThan(1);
    const s = captureInOne(2);
    const move = always.choose({ game: lancelot, view: lancelot.view(s, s.seat), seat: s.seat, rng: rng(2), budget: { iterations: 400 } })!;
    const parsed = lancelot.parseMove(s, s.seat, move);
    const after = parsed.ok ? lancelot.play(s, s.seat, parsed.value) : parsed;
    expect(after.ok && lancelot.outcome(after.value)?.winners).toEqual([s.seat]);
  });

  for (const players of [2, 4]) {
    it(`takes a winning capture (${players} players: ${players === 2 ? 'alpha-beta' : 'MCTS'})`, () => {
      const s = captureInOne(players);
      for (const level of ['easy', 'medium', 'strong']) {
        const move = botFor(level)!.choose({ game: lancelot, view: lancelot.view(s, s.seat), seat: s.seat, rng: rng(2), budget: { iterations: 400 } })!;
        const parsed = lancelot.parseMove(s, s.seat, move);
        const after = parsed.ok ? lancelot.play(s, s.seat, parsed.value) : parsed;
        expect(after.ok && lancelot.outcome(after.value)?.winners, `${level} played ${move}`).toEqual([s.seat]);
      }
    });
  }
});

describe('level effort (a share of an iteration budget, per game)', () => {
  /** The game with `determinize` counted: the joust search samples one world per round. */
  function counted(game: AnyGame): { game: AnyGame; calls: () => number } {
    let n = 0;
    const determinize: AnyGame['determinize'] = (view, seat, r) => {
      n++;
      return game.determinize(view, seat, r);
    };
    return { game: { ...game, determinize }, calls: () => n };
  }

  it('a level searches its share of the given iterations in a listed game, all of them elsewhere', () => {
    const state = randomState(joust, 3, 5, 14) as Parameters<typeof joust.view>[0];
    const seat = joust.toMove(state)[0] as Seat;
    expect(joust.legalMoves(state, seat).length).toBeGreaterThan(1);
    const scaled = searchBot({ level: 'scaled', ms: 300, effort: { joust: 0.3 } });
    const plain = searchBot({ level: 'plain', ms: 300 });
    const worlds = (bot: typeof plain, iterations: number): number => {
      const c = counted(joust);
      bot.choose({ game: c.game, view: joust.view(state, seat), seat, rng: rng(9), budget: { iterations } });
      return c.calls();
    };
    // 0.3 of 400 is 120: the same search as a plain bot given 120, fewer worlds than a plain bot given 400.
    expect(worlds(scaled, 400)).toBe(worlds(plain, 120));
    expect(worlds(scaled, 400)).toBeLessThan(worlds(plain, 400));
    // Not listed for this game: unscaled.
    const other = searchBot({ level: 'other', ms: 300, effort: { lancelot: 0.3 } });
    expect(worlds(other, 400)).toBe(worlds(plain, 400));
    expect(EASY_EFFORT).toBeLessThan(MEDIUM_EFFORT);
    expect(MEDIUM_EFFORT).toBeLessThan(1);
  });

  it("Lancelot's medium searches its own, smaller share; other games keep the common one", () => {
    const state = randomState(lancelot, 5, 4, 20) as LancelotState;
    const seat = lancelot.toMove(state)[0] as Seat;
    /** Positions the search reached (each expansion plays one move). */
    const plays = (bot: Bot, iterations: number): number => {
      let n = 0;
      const game: AnyGame = { ...lancelot, play: (s, p, m) => (n++, lancelot.play(s as LancelotState, p, m as never)) } as AnyGame;
      bot.choose({ game, view: lancelot.view(state, seat), seat, rng: rng(3), budget: { iterations } });
      return n;
    };
    const plain = searchBot({ level: 'plain', ms: 300, blunder: MEDIUM_BLUNDER });
    const medium = botFor('medium')!;
    expect(LANCELOT_MEDIUM_EFFORT).toBeLessThan(MEDIUM_EFFORT);
    const mine = plays(medium, 400);
    expect(mine).toBe(plays(plain, Math.round(400 * LANCELOT_MEDIUM_EFFORT)));
    expect(mine).toBeLessThan(plays(plain, Math.round(400 * MEDIUM_EFFORT)));
  });
});
