import { createRng, nextInt, type RngState } from '@roundtable/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COLUMNS, fieldFor, lancelot, type LancelotMove, type LancelotState } from '../src/index.ts';
import { options, value } from './helpers.ts';

const VARIANTS = [{}, { diagonals: true }, { excalibur: true }, { diagonals: true, excalibur: true }];
const CONFIGS = [2, 3, 4, 5].flatMap((players) => VARIANTS.map((variant) => ({ players, variant })));

/** The lines through a square, worked out from coordinates (independently of the engine's tables). */
function naiveLines(state: LancelotState, cell: number): number[][] {
  const size = Math.sqrt(state.board.length);
  const r0 = Math.floor(cell / size);
  const c0 = cell % size;
  const walk = (dr: number, dc: number): number[] => {
    let r = r0;
    let c = c0;
    while (r - dr >= 0 && r - dr < size && c - dc >= 0 && c - dc < size) {
      r -= dr;
      c -= dc;
    }
    const cells: number[] = [];
    for (; r >= 0 && r < size && c >= 0 && c < size; r += dr, c += dc) cells.push(r * size + c);
    return cells;
  };
  const lines = [walk(0, 1), walk(1, 0)];
  if (state.options.diagonals) lines.push(...[walk(1, 1), walk(1, -1)].filter((l) => l.length > 4));
  return lines;
}

function cellOf(state: LancelotState, square: string): number {
  const size = Math.sqrt(state.board.length);
  const offset = (14 - size) / 2;
  return (Number(square.slice(1)) - 1 - offset) * size + COLUMNS.indexOf(square[0]!) - offset;
}

function naiveAdvantage(state: LancelotState, seat: number, line: number[]): { advantage: number; opponents: number } {
  let mine = 0;
  let opponents = 0;
  const sword = state.excalibur === null ? -1 : cellOf(state, state.excalibur);
  let others = 0;
  for (const x of line) {
    const v = state.board[x];
    if (v === seat) mine++;
    else if (v !== null && v !== undefined) opponents++;
    if (x === sword) {
      if (state.holder === seat) mine++;
      else others++;
    }
  }
  return { advantage: mine - opponents - others, opponents };
}

const knights = (s: LancelotState) => s.board.filter((v) => v !== null).length;
const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

interface Game {
  readonly states: LancelotState[];
  readonly moves: { seat: number; move: LancelotMove }[];
}

/** A uniformly random game through legalMoves/play, checking the rules after every step. */
function randomGame(players: number, variant: Record<string, unknown>, seed: number, deep: boolean): Game {
  const start = value(lancelot.setup({ players, options: options(players, variant), seed }));
  const rng = createRng(`game ${seed}`);
  const states = [start];
  const moves: Game['moves'] = [];
  let s = start;
  for (let ply = 0; lancelot.outcome(s) === null; ply++) {
    expect(ply).toBeLessThan(2000);
    const seat = lancelot.toMove(s)[0]!;
    const legal = lancelot.legalMoves(s, seat);
    expect(legal.length).toBeGreaterThan(0);
    const move = legal[nextInt(rng, legal.length)]!;
    const next = value(lancelot.play(s, seat, move));

    // Captures credited equal knights removed.
    const placed = move.kind === 'place' ? 1 : 0;
    expect(sum(next.captures) - sum(s.captures)).toBe(knights(s) + placed - knights(next));
    expect(sum(next.hand)).toBe(sum(s.hand) - placed);

    // No line through the placed piece is left above +2, or at +2 with opponents on it, except by a capture.
    if ((move.kind === 'place' || (move.kind === 'sword' && s.phase !== 'sword')) && next.phase !== 'over') {
      const cell = cellOf(s, move.square);
      for (const line of naiveLines(next, cell)) {
        const before = line.filter((x) => s.board[x] !== null && s.board[x] !== seat).length;
        const after = line.filter((x) => next.board[x] !== null && next.board[x] !== seat).length;
        if (after < before) {
          expect(after).toBe(0); // a capture takes every opponent knight on the line
          continue;
        }
        const { advantage, opponents } = naiveAdvantage(next, seat, line);
        expect(advantage).toBeLessThanOrEqual(2);
        if (opponents > 0) expect(advantage).toBeLessThan(2);
      }
    }

    if (deep) {
      // The position string and the saved state round-trip.
      const text = lancelot.position!.write(next);
      expect(value(lancelot.position!.read(text, { players, options: next.options }))).toEqual(next);
      expect(value(lancelot.deserialize(JSON.parse(JSON.stringify(lancelot.serialize(next)))))).toEqual(next);
      // The view is the whole state.
      expect(
        lancelot.determinize(JSON.parse(JSON.stringify(lancelot.view(next, 'spectator'))), 0, [1, 2, 3, 4]),
      ).toEqual(next);
      // A refused move leaves the state as it was.
      const copy = structuredClone(s);
      const taken = s.board.findIndex((v) => v !== null);
      if (taken >= 0)
        expect(lancelot.play(s, seat, { kind: 'place', square: fieldFor(players, false).names[taken]! }).ok).toBe(
          false,
        );
      expect(lancelot.play(s, (seat + 1) % players, move).ok).toBe(false);
      expect(s).toEqual(copy);
    }
    moves.push({ seat, move });
    states.push(next);
    s = next;
  }
  return { states, moves };
}

describe('Every random game ends, by the rules', () => {
  it.each(CONFIGS)('$players players, $variant', ({ players, variant }) => {
    for (let seed = 0; seed < 3; seed++) {
      const { states } = randomGame(players, variant, seed, seed === 0);
      const end = states[states.length - 1]!;
      const outcome = lancelot.outcome(end)!;
      expect(['target', 'blocked']).toContain(outcome.reason);
      if (outcome.reason === 'target')
        expect(end.captures[outcome.winners[0]!]).toBeGreaterThanOrEqual(end.options.target);
    }
  });
});

describe('Replays: the same seed and moves give the same states', () => {
  it.each([2, 3, 4, 5])('%i players', (players) => {
    const { states, moves } = randomGame(players, { excalibur: true, diagonals: players % 2 === 0 }, 11, false);
    let s = value(lancelot.setup({ players, options: states[0]!.options, seed: 11 }));
    expect(s).toEqual(states[0]);
    moves.forEach(({ seat, move }, i) => {
      const text = lancelot.formatMove(s, move);
      s = value(lancelot.play(s, seat, value(lancelot.parseMove(s, seat, text))));
      expect(s).toEqual(states[i + 1]);
    });
  });
});

describe('legalMoves lists exactly the placements play accepts', () => {
  it('on sampled positions of random games', () => {
    for (const players of [2, 3]) {
      const { states } = randomGame(players, { excalibur: true, diagonals: true }, 5, false);
      for (const s of states.filter((_, i) => i % 7 === 3)) {
        if (s.phase === 'over') continue;
        const legal = new Set(lancelot.legalMoves(s, s.seat).map((m) => lancelot.formatMove(s, m)));
        for (const square of fieldFor(players, false).names) {
          for (const move of [
            { kind: 'place', square },
            { kind: 'place', square, thenSword: true },
            { kind: 'sword', square },
          ] as LancelotMove[]) {
            expect(
              lancelot.play(s, s.seat, move).ok,
              `${lancelot.formatMove(s, move)} in ${lancelot.position!.write(s)}`,
            ).toBe(legal.has(lancelot.formatMove(s, move)));
          }
        }
      }
    }
  });
});

describe('playout agrees with random play through legalMoves/play', () => {
  it.each(CONFIGS)('$players players, $variant', ({ players, variant }) => {
    const { states } = randomGame(players, variant, 21, false);
    for (const start of [states[0]!, states[Math.floor(states.length / 2)]!]) {
      for (let k = 0; k < 2; k++) {
        const rngA: RngState = createRng(`playout ${k}`);
        const rngB: RngState = [...rngA];
        const before = structuredClone(start);
        const fast = lancelot.playout!(start, rngA);
        expect(start).toEqual(before);
        let s = start;
        while (lancelot.outcome(s) === null) {
          const legal = lancelot.legalMoves(s, s.seat);
          s = value(lancelot.play(s, s.seat, legal[nextInt(rngB, legal.length)]!));
        }
        expect(fast).toEqual(lancelot.outcome(s));
        expect(rngA).toEqual(rngB);
      }
    }
  });
});

describe('Position strings round-trip (fast-check)', () => {
  it('arbitrary boards, Excalibur, shields and counts', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 5 }),
        fc.array(fc.integer({ min: 0, max: 4 }), { minLength: 0, maxLength: 60 }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.boolean(),
        (players, seats, salt, excalibur) => {
          const field = fieldFor(players, false);
          const board: (number | null)[] = new Array<number | null>(field.cellCount).fill(null);
          const count = new Array<number>(players).fill(0);
          seats.forEach((seat, i) => {
            const s = seat % players;
            const cell = (salt + i * 37) % field.cellCount;
            if (board[cell] === null && count[s]! < 30) {
              board[cell] = s;
              count[s]! += 1;
            }
          });
          const empty = board.findIndex((v) => v === null);
          const sword = excalibur && empty >= 0 ? field.names[empty]! : null;
          const holder = sword !== null && salt % 3 === 0 ? salt % players : null;
          const state: LancelotState = {
            players,
            options: options(players, { excalibur: sword !== null, target: 100 }),
            board,
            excalibur: sword,
            holder,
            shields: new Array<boolean>(players)
              .fill(false)
              .map((_, s) => sword !== null && s !== holder && (salt >> s) % 2 === 0),
            hand: count.map((c) => 30 - c),
            captures: new Array<number>(players).fill(0),
            first: salt % players,
            seat: (salt >> 3) % players,
            phase: 'turn',
            passes: salt % players,
          };
          const text = lancelot.position!.write(state);
          const back = lancelot.position!.read(text, { players, options: state.options });
          expect(back.ok && back.value).toEqual(state);
        },
      ),
      { numRuns: 200 },
    );
  });
});
