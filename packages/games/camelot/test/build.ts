import {
  camelot,
  engineFor,
  positionFromPieces,
  type CamelotEnds,
  type CamelotState,
  type CamelotMove,
} from '../src/index.ts';

/**
 * Builds a Camelot position string from a list like "K:C6 M:D6 m:E7 k:F9" (K/M White knight/man, k/m Black),
 * the side to move and the castle moves used, so scenarios read like the diagrams of a rule book.
 */
export function position(pieces: string, side: 'w' | 'b' = 'w', castleMoves = '0,0', quiet = 0, move = 10): string {
  return positionFromPieces(engineFor('camelot'), pieces, side, `${castleMoves} ${quiet} ${move}`);
}

/** Reads a position string, under the seed's end rules unless told (`ends: 'wcf'`: the option `ends=wcf`). */
export function load(text: string, ends: CamelotEnds = 'seed'): CamelotState {
  const read = camelot.position!.read(text, { players: 2, options: { variant: 'camelot', ends } });
  if (!read.ok) throw new Error(`bad test position ${text}: ${JSON.stringify(read.error)}`);
  return read.value;
}

export function start(): CamelotState {
  const s = camelot.setup({ players: 2, options: { variant: 'camelot' }, seed: 1 });
  if (!s.ok) throw new Error('setup failed');
  return s.value;
}

/** The legal moves of the side to move, in canonical notation, sorted. */
export function legal(state: CamelotState): string[] {
  return camelot
    .legalMoves(state, state.side)
    .map((m: CamelotMove) => camelot.formatMove(state, m))
    .sort();
}

/** Plays moves given in notation; throws with the error if one is refused. */
export function play(state: CamelotState, ...moves: string[]): CamelotState {
  let s = state;
  for (const text of moves) {
    const parsed = camelot.parseMove(s, s.side, text);
    if (!parsed.ok) throw new Error(`${text} refused: ${JSON.stringify(parsed.error)}`);
    const next = camelot.play(s, s.side, parsed.value);
    if (!next.ok) throw new Error(`${text} refused by play: ${JSON.stringify(next.error)}`);
    s = next.value;
  }
  return s;
}

/** The error code (and details) with which a move is refused. */
export function refusal(state: CamelotState, text: string): Record<string, unknown> {
  const parsed = camelot.parseMove(state, state.side, text);
  if (parsed.ok) throw new Error(`${text} was accepted`);
  return parsed.error as Record<string, unknown>;
}

export function write(state: CamelotState): string {
  return camelot.position!.write(state);
}
