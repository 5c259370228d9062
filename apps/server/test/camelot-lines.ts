// Camelot positions for tests that write conditional-move trees: the game draws nothing at random, so the
// position after a line of moves is the server's too.
import { gameById } from '@roundtable/catalog';
import { playNotation } from '../src/rules.ts';

const camelot = gameById('camelot')!;

/** Camelot's position after `moves` from the start. */
export function camelotAfter(moves: readonly string[]): unknown {
  const options = camelot.parseOptions({}, 2);
  if (!options.ok) throw new Error('options');
  const start = camelot.setup({ players: 2, options: options.value, seed: 1 });
  if (!start.ok) throw new Error('setup');
  let state: unknown = start.value;
  for (const m of moves) {
    const played = playNotation(camelot, state, camelot.toMove(state)[0]!, m);
    if (!played.ok) throw new Error(`${m}: ${played.error.code}`);
    state = played.value.state;
  }
  return state;
}

/** The legal moves of the side to move after `moves`, in notation. */
export function camelotLegalAfter(moves: readonly string[]): string[] {
  const state = camelotAfter(moves);
  return camelot.legalMoves(state, camelot.toMove(state)[0]!).map((m) => camelot.formatMove(state, m));
}
