import { nextInt, type Game, type Outcome, type RngState, type Seat } from '@roundtable/core';
import { messages } from './messages.ts';
import { formatMove, parseMove } from './notation.ts';
import { DEFAULT_OPTIONS, optionSpecs, parseOptions } from './options.ts';
import { apply, legalMoves, play, toMove } from './rules.ts';
import { draft } from './state.ts';
import { tournamentRules } from './rules-text.ts';
import { deserialize, serialize } from './serialize.ts';
import { MAX_PLAYERS, MIN_PLAYERS, setup } from './setup.ts';
import type { Move, TournamentOptions, TournamentState } from './types.ts';
import { determinize, outcomeOf, view, type TournamentView } from './view.ts';
import { narrate } from './narrate.ts';
import { tournamentSpeech } from './speech.ts';

/** A safety cap for random playouts: no real game comes near it (tests assert it is never reached). */
export const PLAYOUT_CAP = 50_000;

/** Plays uniformly random legal moves to the end; `rng` picks the moves and is advanced. */
export function playout(state: TournamentState, rng: RngState): Outcome {
  // One private copy, changed in place by legal moves: the same moves `play` would accept, without the copies.
  const d = draft(state);
  const s = d as TournamentState;
  for (let ply = 0; ply < PLAYOUT_CAP; ply++) {
    const done = outcomeOf(s);
    if (done) return done;
    const seats = toMove(s);
    const seat = seats[nextInt(rng, seats.length)]!;
    const moves = legalMoves(s, seat);
    apply(d, seat, moves[nextInt(rng, moves.length)]!);
  }
  return { winners: [], draw: true, reason: 'cap' };
}

export const tournament: Game<TournamentState, Move, TournamentView, TournamentOptions> = {
  id: 'tournament',
  name: { fr: 'Le Tournoi de Camelot', en: 'Tournament at Camelot' },
  minPlayers: MIN_PLAYERS,
  maxPlayers: MAX_PLAYERS,
  perfectInformation: false,
  options: optionSpecs,
  messages,
  rules: tournamentRules,
  parseOptions,
  setup: ({ players, options, seed }) => setup(players, { ...DEFAULT_OPTIONS, ...options }, seed),
  players: (s) => s.players,
  toMove,
  legalMoves,
  play,
  outcome: outcomeOf,
  view,
  narrate,
  determinize,
  formatMove: (_s, move) => formatMove(move),
  parseMove: (_s, _seat: Seat, text) => parseMove(text),
  serialize,
  deserialize,
  playout,
  speech: tournamentSpeech,
  seatName: (seat, _players, lang) => (lang === 'fr' ? `Chevalier ${seat}` : `Knight ${seat}`),
};
