/**
 * The guided first games against the engines alone (no browser): every step's situation is one the engine
 * accepts, the step asks for at least one legal move, the lesson plays through to its end with the step's own
 * moves and the scripted answers, and a lesson's wrong moves exist where the browser test shows a hint.
 */
import { describe, expect, it } from 'vitest';
import type { AnyGame, Seat } from '@roundtable/core';
import { games as GAMES } from '@roundtable/catalog';
import { LESSON_IDS, LESSONS } from '../src/learn/index.ts';

const legalOf = (game: AnyGame, state: unknown, seat: Seat): string[] =>
  game.legalMoves(state, seat).map((m: unknown) => game.formatMove(state, m) as string);

function play(game: AnyGame, state: unknown, seat: Seat, move: string): unknown {
  const parsed = game.parseMove(state, seat, move);
  if (!parsed.ok) throw new Error(`${move}: ${parsed.error.code}`);
  const next = game.play(state, seat, parsed.value);
  if (!next.ok) throw new Error(`${move}: ${next.error.code}`);
  return next.value;
}

describe('the guided first games, by the engines', () => {
  it('finds a lesson for each game of the catalog that has one, in the catalog’s order', () => {
    expect(Object.keys(LESSONS).sort()).toEqual([...LESSON_IDS].sort());
  });

  for (const id of LESSON_IDS) {
    it(`${id}: every step can be played, to the end`, async () => {
      const lesson = await LESSONS[id]!();
      const game = GAMES[id]!;
      expect(lesson.gameId).toBe(id);
      let state: unknown = null;
      for (const [i, step] of lesson.steps.entries()) {
        if (step.start) state = step.start(game);
        expect(game.deserialize(game.serialize(state)).ok, `step ${i + 1}: a valid state`).toBe(true);
        expect(game.toMove(state), `step ${i + 1}: the learner's turn`).toContain(lesson.seat);
        const legal = legalOf(game, state, lesson.seat);
        const right = legal.filter((m) => step.accept(m, state, game));
        expect(right.length, `step ${i + 1} (${step.title.en}): a legal move it accepts`).toBeGreaterThan(0);
        for (const lang of ['en', 'fr'] as const)
          for (const text of [step.title, step.say, step.hint, step.done]) expect(text[lang].length).toBeGreaterThan(0);
        state = play(game, state, lesson.seat, right[0]!);
        const following = lesson.steps[i + 1];
        if (following && (!following.start || step.reply)) {
          for (let guard = 0; guard < 200 && game.outcome(state) === null; guard++) {
            const seats = game.toMove(state) as Seat[];
            if (seats.length === 0 || seats.includes(lesson.seat)) break;
            const seat = seats[0]!;
            state = play(game, state, seat, step.reply?.(state, seat, game) ?? legalOf(game, state, seat)[0]!);
          }
        }
      }
    });
  }
});
