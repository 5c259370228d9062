import { camelot, engineFor, positionFromPieces, type CamelotEnds, type CamelotState } from '@roundtable/camelot';
import { createRng, type AnyGame, type RngState, type Seat } from '@roundtable/core';

/** A Camelot position from pieces like "K:C6 M:D6 m:E7 k:F9" (as in the engine's own tests), seed 003's end rules unless told. */
export function camelotPosition(pieces: string, side: 'w' | 'b' = 'w', ends: CamelotEnds = 'seed'): CamelotState {
  const read = camelot.position!.read(positionFromPieces(engineFor('camelot'), pieces, side), {
    players: 2,
    options: { variant: 'camelot', ends },
  });
  if (!read.ok) throw new Error(`bad test position: ${JSON.stringify(read.error)}`);
  return read.value;
}

/** The state after `plies` moves chosen at random (from a fixed seed), stopping early if the game ends. */
export function randomState(
  game: AnyGame,
  players: number,
  seed: number,
  plies: number,
  options: unknown = {},
): unknown {
  const parsed = game.parseOptions(options, players);
  if (!parsed.ok) throw new Error('options');
  const set = game.setup({ players, options: parsed.value, seed });
  if (!set.ok) throw new Error('setup');
  let s = set.value;
  const rng = createRng(`walk/${seed}`);
  for (let i = 0; i < plies; i++) {
    if (game.outcome(s)) break;
    const seat = game.toMove(s)[0] as Seat;
    const moves = game.legalMoves(s, seat);
    const next = game.play(s, seat, moves[Math.floor((rng[0] / 0x100000000) * moves.length)]);
    createRng(i).forEach((v, k) => (rng[k] = (rng[k]! ^ v) >>> 0));
    if (!next.ok) throw new Error('walk');
    s = next.value;
  }
  return s;
}

export function legalNotation(game: AnyGame, state: unknown, seat: Seat): string[] {
  return game.legalMoves(state, seat).map((m) => game.formatMove(state, m));
}

export function rng(seed: number | string): RngState {
  return createRng(seed);
}
