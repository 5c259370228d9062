import { err, nextInt, type Game, type Outcome, type RngState, type Seat } from '@roundtable/core';
import { messages } from './messages.ts';
import { formatMove, parseMove } from './notation.ts';
import { optionSpecs, parseOptions } from './options.ts';
import { legalMoves, play, toMove } from './rules.ts';
import { deserialize, serialize } from './serialize.ts';
import { DEFAULT_OPTIONS, MAX_PLAYERS, MIN_PLAYERS, setup } from './setup.ts';
import type { JoustOptions, JoustState, Move } from './types.ts';
import { determinize, outcomeOf, view, type JoustView } from './view.ts';
import { joustRules } from './rules-text.ts';
import { narrate } from './narrate.ts';
import { joustSpeech } from './speech.ts';

/** A safety cap for random playouts: no real game comes near it (tests assert it is never reached). */
export const PLAYOUT_CAP = 20_000;

/** Plays uniformly random legal moves to the end; `rng` picks the moves and is advanced. */
export function playout(state: JoustState, rng: RngState): Outcome {
  let s = state;
  for (let ply = 0; ply < PLAYOUT_CAP; ply++) {
    const done = outcomeOf(s);
    if (done) return done;
    const seats = toMove(s);
    const seat = seats[nextInt(rng, seats.length)]!;
    const moves = legalMoves(s, seat);
    const next = play(s, seat, moves[nextInt(rng, moves.length)]!);
    if (!next.ok) throw new Error(`playout: a legal move was refused (${next.error.code})`);
    s = next.value;
  }
  return { winners: [], draw: true, reason: 'cap' };
}

export const joust: Game<JoustState, Move, JoustView, JoustOptions> = {
  id: 'joust',
  name: { fr: 'Camelot, le jeu de cartes', en: 'Camelot, the card game (Ivanhoe)' },
  minPlayers: MIN_PLAYERS,
  maxPlayers: MAX_PLAYERS,
  perfectInformation: false,
  options: optionSpecs,
  messages,
  rules: joustRules,
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
  parseMove: (_s, _seat: Seat, text) => {
    const parsed = parseMove(text);
    return parsed.ok ? parsed : err(parsed.error);
  },
  serialize,
  deserialize,
  playout,
  speech: joustSpeech,
  seatName: (seat, _players, lang) => (lang === 'fr' ? `Chevalier ${seat}` : `Knight ${seat}`),
};
