import { afterAll, describe, expect, it } from 'vitest';
import { joust, type JoustState } from '@roundtable/joust';
import type { AnyGame, Seat } from '@roundtable/core';
import { shadows } from '@roundtable/shadows';
import { tournament } from '@roundtable/tournament';
import { botFor, closeWorkers } from '../src/index.ts';
import { legalNotation, randomState, rng } from './fixtures.ts';
// The games and their bots, registered with packages/ai as every front door has them.
import '@roundtable/catalog';

afterAll(() => closeWorkers());

/** Mid-game states of a 3-player joust where the seat to move has a real choice. */
function positions(): { state: JoustState; seat: Seat }[] {
  const out: { state: JoustState; seat: Seat }[] = [];
  for (let seed = 1; out.length < 3 && seed < 60; seed++) {
    const state = randomState(joust, 3, seed, 10 + seed * 3) as JoustState;
    if (joust.outcome(state)) continue;
    const seat = joust.toMove(state)[0] as Seat;
    if (joust.legalMoves(state, seat).length >= 3) out.push({ state, seat });
  }
  return out;
}

describe('information-set MCTS never reads hidden state', () => {
  it('decides the same when the hidden cards of the true state are reshuffled', () => {
    for (const { state, seat } of positions()) {
      const view = joust.view(state, seat);
      // Another true state the seat cannot tell apart from this one: the others' hands and the deck redrawn.
      const other = joust.determinize(view, seat, rng('reshuffle'));
      expect(joust.view(other, seat)).toEqual(view);
      const hiddenDiffers =
        other.hands.some((h, s) => s !== seat && JSON.stringify(h) !== JSON.stringify(state.hands[s])) ||
        JSON.stringify(other.deck) !== JSON.stringify(state.deck);
      expect(hiddenDiffers).toBe(true);
      for (const level of ['random', 'greedy', 'easy', 'medium', 'strong']) {
        const bot = botFor(level)!;
        const a = bot.choose({
          game: joust,
          view: joust.view(state, seat),
          seat,
          rng: rng(7),
          budget: { iterations: 100 },
        });
        const b = bot.choose({
          game: joust,
          view: joust.view(other, seat),
          seat,
          rng: rng(7),
          budget: { iterations: 100 },
        });
        expect(b, level).toBe(a);
        expect(legalNotation(joust, state, seat), level).toContain(a);
      }
    }
  });

  it('holds for the trick-taking and the cooperative game too', () => {
    for (const game of [tournament, shadows] as AnyGame[]) {
      const state = randomState(game, 4, 3, 9);
      const seat = game.toMove(state)[0] as Seat;
      const view = game.view(state, seat);
      const other = game.determinize(view, seat, rng('reshuffle'));
      expect(game.view(other, seat)).toEqual(view);
      for (const level of ['easy', 'strong']) {
        const bot = botFor(level)!;
        const a = bot.choose({ game, view: game.view(state, seat), seat, rng: rng(7), budget: { iterations: 60 } });
        const b = bot.choose({ game, view: game.view(other, seat), seat, rng: rng(7), budget: { iterations: 60 } });
        expect(b, `${game.id} ${level}`).toBe(a);
      }
    }
  });

  it('is deterministic under a seed and an iteration budget', () => {
    const [{ state, seat }] = positions() as [{ state: JoustState; seat: Seat }];
    for (const level of ['easy', 'strong']) {
      const run = (): string | null =>
        botFor(level)!.choose({
          game: joust,
          view: joust.view(state, seat),
          seat,
          rng: rng(3),
          budget: { iterations: 200 },
        });
      expect(run()).toBe(run());
    }
  });
});
