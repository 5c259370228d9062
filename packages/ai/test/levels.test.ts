import { afterAll, describe, expect, it } from 'vitest';
import { camelot } from '@roundtable/camelot';
import { joust } from '@roundtable/joust';
import { lancelot, toKernel, type LancelotState } from '@roundtable/lancelot';
import { tournament, type TournamentState } from '@roundtable/tournament';
import { nextFloat, type AnyGame, type Seat } from '@roundtable/core';
import {
  BOT_LEVELS,
  type Bot,
  EASY_BLUNDER,
  EASY_EFFORT,
  MEDIUM_BLUNDER,
  MEDIUM_EFFORT,
  botFor,
  closeWorkers,
} from '../src/index.ts';
import { searchBot } from '../src/search-bot.ts';
import { LANCELOT_EASY_BLUNDER, LANCELOT_MEDIUM_EFFORT } from '../src/lancelot/profile.ts';
import {
  TOURNAMENT_EASY_BLUNDER,
  TOURNAMENT_MEDIUM_BLUNDER,
  TOURNAMENT_MEDIUM_EFFORT,
} from '../src/tournament/profile.ts';
import { games } from '@roundtable/catalog';
import { legalNotation, randomState, rng } from './fixtures.ts';

afterAll(() => closeWorkers());

/** Every game of the catalog, at its fewest players and at four where it allows them. */
const GAMES: { game: AnyGame; players: number }[] = Object.values(games).flatMap((game) =>
  [...new Set([game.minPlayers, Math.min(game.maxPlayers, 4)])].map((players) => ({ game, players })),
);

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
          const move = botFor(level)!.choose({
            game,
            view: game.view(state, seat),
            seat,
            rng: rng(level),
            budget: { iterations: 300 },
          });
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
    for (const level of BOT_LEVELS)
      expect(botFor(level)!.choose({ game: camelot, view: camelot.view(state, 1), seat: 1, rng: rng(1) })).toBeNull();
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
      const move = always.choose({
        game: joust,
        view: joust.view(state, seat),
        seat,
        rng: rng(`b${i}`),
        budget: { iterations: 1 },
      })!;
      expect(legal).toContain(move);
      seen.add(move);
    }
    expect(seen.size).toBeGreaterThan(1);
    const s = captureInOne(2);
    const move = always.choose({
      game: lancelot,
      view: lancelot.view(s, s.seat),
      seat: s.seat,
      rng: rng(2),
      budget: { iterations: 400 },
    })!;
    const parsed = lancelot.parseMove(s, s.seat, move);
    const after = parsed.ok ? lancelot.play(s, s.seat, parsed.value) : parsed;
    expect(after.ok && lancelot.outcome(after.value)?.winners).toEqual([s.seat]);
  });

  for (const players of [2, 4]) {
    it(`takes a winning capture (${players} players: ${players === 2 ? 'alpha-beta' : 'MCTS'})`, () => {
      const s = captureInOne(players);
      for (const level of ['easy', 'medium', 'strong']) {
        const move = botFor(level)!.choose({
          game: lancelot,
          view: lancelot.view(s, s.seat),
          seat: s.seat,
          rng: rng(2),
          budget: { iterations: 400 },
        })!;
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

  it('a level searches its share of the given iterations, all of them without a share', () => {
    const state = randomState(joust, 3, 5, 14) as Parameters<typeof joust.view>[0];
    const seat = joust.toMove(state)[0] as Seat;
    expect(joust.legalMoves(state, seat).length).toBeGreaterThan(1);
    const scaled = searchBot({ level: 'scaled', ms: 300, effort: 0.3 });
    const plain = searchBot({ level: 'plain', ms: 300 });
    const worlds = (bot: typeof plain, iterations: number): number => {
      const c = counted(joust);
      bot.choose({ game: c.game, view: joust.view(state, seat), seat, rng: rng(9), budget: { iterations } });
      return c.calls();
    };
    // 0.3 of 400 is 120: the same search as a plain bot given 120, fewer worlds than a plain bot given 400.
    expect(worlds(scaled, 400)).toBe(worlds(plain, 120));
    expect(worlds(scaled, 400)).toBeLessThan(worlds(plain, 400));
    expect(EASY_EFFORT).toBeLessThan(MEDIUM_EFFORT);
    expect(MEDIUM_EFFORT).toBeLessThan(1);
  });

  it("Lancelot's medium searches its own, smaller share; other games keep the common one", () => {
    const state = randomState(lancelot, 5, 4, 20) as LancelotState;
    const seat = lancelot.toMove(state)[0] as Seat;
    /** Positions the search reached (each expansion plays one move). */
    const plays = (bot: Bot, iterations: number): number => {
      let n = 0;
      const game: AnyGame = {
        ...lancelot,
        play: (s, p, m) => (n++, lancelot.play(s as LancelotState, p, m as never)),
      } as AnyGame;
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

describe('level blunder rates, per game', () => {
  const cases = [
    { game: lancelot as AnyGame, level: 'easy', rate: LANCELOT_EASY_BLUNDER, common: EASY_BLUNDER },
    { game: tournament as AnyGame, level: 'easy', rate: TOURNAMENT_EASY_BLUNDER, common: EASY_BLUNDER },
    { game: tournament as AnyGame, level: 'medium', rate: TOURNAMENT_MEDIUM_BLUNDER, common: MEDIUM_BLUNDER },
  ];
  for (const { game, level, rate, common } of cases) {
    it(`${game.id}'s ${level} plays at random up to its own rate (${rate}), above the common one (${common})`, () => {
      expect(rate).toBeGreaterThan(common);
      const state = randomState(game, 5, 7, 24);
      const seat = game.toMove(state)[0] as Seat;
      expect(game.legalMoves(state, seat).length).toBeGreaterThan(1);
      const view = game.view(state, seat);
      // One iteration: the level's share of it is one too, so its search is `searching`'s.
      const budget = { iterations: 1 };
      const atRandom = searchBot({ level: 'always', ms: 0, blunder: 1 });
      const searching = searchBot({ level: 'never', ms: 0 });
      // Dice between the common rate and the game's own, where a random move is not the search's.
      let found = -1;
      for (let i = 0; i < 300 && found < 0; i++) {
        const dice = nextFloat([...rng(`dice${i}`)] as ReturnType<typeof rng>);
        if (dice < common || dice >= rate) continue;
        const r = atRandom.choose({ game, view, seat, rng: rng(`dice${i}`), budget });
        if (r !== searching.choose({ game, view, seat, rng: rng(`dice${i}`), budget })) found = i;
      }
      expect(found).toBeGreaterThanOrEqual(0);
      const move = botFor(level)!.choose({ game, view, seat, rng: rng(`dice${found}`), budget });
      expect(move).toBe(atRandom.choose({ game, view, seat, rng: rng(`dice${found}`), budget }));
    });
  }

  it("the Tournament's medium searches its own share of the budget when it does not play at random", () => {
    expect(TOURNAMENT_MEDIUM_EFFORT).toBeLessThan(MEDIUM_EFFORT);
    const plain = searchBot({ level: 'plain', ms: 0 });
    const share = Math.round(300 * TOURNAMENT_MEDIUM_EFFORT);
    // A position where the share chooses apart from the whole budget and from the common medium share (the search
    // mostly keeps the greedy card).
    let checked = false;
    for (let i = 0; !checked && i < 200; i++) {
      const r = rng(`share${i}`);
      if (nextFloat([...r] as typeof r) < TOURNAMENT_MEDIUM_BLUNDER) continue;
      const state = randomState(tournament, 5, i, 10 + (i % 40)) as TournamentState;
      const seat = tournament.toMove(state)[0] as Seat;
      if (tournament.outcome(state) || tournament.legalMoves(state, seat).length < 2) continue;
      const view = tournament.view(state, seat);
      const ask = (bot: Bot, iterations: number) =>
        bot.choose({ game: tournament, view, seat, rng: rng(`share${i}`), budget: { iterations } });
      const few = ask(plain, share);
      if (few === ask(plain, 300) || few === ask(plain, Math.round(300 * MEDIUM_EFFORT))) continue;
      expect(ask(botFor('medium')!, 300)).toBe(few);
      checked = true;
    }
    expect(checked).toBe(true);
  });
});
