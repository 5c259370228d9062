import { createRng, type AnyGame, type Seat } from '@roundtable/core';
import { shadows, type ShadowsState } from '@roundtable/shadows';
import { tournament } from '@roundtable/tournament';
import { newBotMemory, type Bot, type BotMemory } from '../../src/bot.ts';
import { fixedBudgetBot } from '../../src/search-bot.ts';
import { shadowsPolicyBot, traitorBelief, watchIn } from '../../src/shadows.ts';
// The games and their bots, registered with packages/ai as every front door has them.
import '@roundtable/catalog';

/** One match played by bots move by move, so that several can be interleaved in one process. */
export interface Stepper {
  /** Plays one decision; false once the match is over or `plies` decisions were made. */
  step(): boolean;
  /** Every decision so far: the move, and for the Chevaliers seat 0's belief after it (3 decimals). */
  readonly log: string[];
}

export const GAMES: Readonly<Record<string, AnyGame>> = { shadows, tournament };

/**
 * `game` with 4 players and its default options from `seed`, every seat the same bot: the Chevaliers' rule of
 * thumb (whose accusations follow the watch of the table) or a searching bot with a small fixed budget.
 */
export function stepper(gameId: string, seed: string, plies: number, searching: boolean): Stepper {
  const game = GAMES[gameId]!;
  const options = game.parseOptions({}, 4);
  if (!options.ok) throw new Error('options');
  const created = game.setup({ players: 4, options: options.value, seed });
  if (!created.ok) throw new Error('setup');
  let state: unknown = created.value;
  const bot: Bot = searching ? fixedBudgetBot(12) : shadowsPolicyBot;
  const memory: BotMemory = newBotMemory();
  const log: string[] = [];
  return {
    log,
    step(): boolean {
      if (log.length >= plies || game.outcome(state)) return false;
      const seat = game.toMove(state)[0] as Seat;
      const move = bot.choose({
        game,
        view: game.view(state, seat),
        seat,
        rng: createRng(`${seed}/${log.length}/${seat}`),
        memory,
      });
      if (move === null) return false;
      const parsed = game.parseMove(state, seat, move);
      if (!parsed.ok) throw new Error(`unreadable ${move}`);
      const next = game.play(state, seat, parsed.value);
      if (!next.ok) throw new Error(`illegal ${move}`);
      state = next.value;
      const belief =
        gameId === 'shadows'
          ? ' ' +
            traitorBelief(state as ShadowsState, 0, watchIn(memory))
              .map((p) => p.toFixed(3))
              .join('/')
          : '';
      log.push(`${seat}:${move}${belief}`);
      return true;
    },
  };
}

/** Plays a match to its end (or `plies` decisions) alone and returns its log. */
export function playAlone(gameId: string, seed: string, plies: number, searching: boolean): string[] {
  const s = stepper(gameId, seed, plies, searching);
  while (s.step());
  return s.log;
}
