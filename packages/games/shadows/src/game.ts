import { err, nextInt, shuffle, type Game, type Outcome, type RngState, type Seat } from '@roundtable/core';
import { KNIGHTS, KNIGHT_DATA } from './cards.ts';
import { messages } from './messages.ts';
import { formatMove, parseMove } from './notation.ts';
import { DEFAULT_OPTIONS, optionSpecs, parseOptions } from './options.ts';
import { legalMoves, play, toMove } from './rules.ts';
import { applyMove } from './actions.ts';
import { draft, freeze } from './state.ts';
import { shadowsRules } from './rules-text.ts';
import { deserialize, serialize } from './serialize.ts';
import { MAX_PLAYERS, MIN_PLAYERS, setup } from './setup.ts';
import type { Move, ShadowsOptions, ShadowsState } from './types.ts';
import { determinize, outcomeOf, view, type ShadowsView } from './view.ts';
import { narrate } from './narrate.ts';
import { shadowsSpeech } from './speech.ts';

/** A safety cap for random playouts; the turn cap (TURN_CAP) ends every game long before. */
export const PLAYOUT_CAP = 100_000;

/**
 * Plays uniformly random legal moves to the end; `rng` picks the moves and is advanced. The state is copied once
 * and then changed in place (the same `applyMove` as `play`, without a copy per move).
 */
export function playout(state: ShadowsState, rng: RngState): Outcome {
  const d = draft(state);
  const s = freeze(d);
  for (let ply = 0; ply < PLAYOUT_CAP; ply++) {
    const done = outcomeOf(s);
    if (done) return done;
    const seats = toMove(s);
    const seat = seats[nextInt(rng, seats.length)]!;
    // The opening proposal has n! legal moves: draw one uniformly without listing them all.
    if (s.phase.kind === 'propose') {
      applyMove(d, seat, {
        type: 'propose',
        from: shuffle(
          rng,
          Array.from({ length: s.players }, (_, i) => i),
        ),
      });
      continue;
    }
    const moves = legalMoves(s, seat);
    applyMove(d, seat, moves[nextInt(rng, moves.length)]!);
  }
  return { winners: [], draw: true, reason: 'cap' };
}

export const shadows: Game<ShadowsState, Move, ShadowsView, ShadowsOptions> = {
  id: 'shadows',
  name: { fr: 'Les Chevaliers de la Table Ronde', en: 'Shadows over Camelot' },
  minPlayers: MIN_PLAYERS,
  maxPlayers: MAX_PLAYERS,
  perfectInformation: false,
  options: optionSpecs,
  messages,
  rules: shadowsRules,
  parseOptions,
  setup: ({ players, options, seed }) => setup(players, { ...DEFAULT_OPTIONS, ...options }, seed),
  players: (s) => s.players,
  toMove,
  legalMoves,
  play,
  outcome: outcomeOf,
  view,
  determinize,
  formatMove: (_s, move) => formatMove(move),
  parseMove: (_s, _seat: Seat, text) => {
    const parsed = parseMove(text);
    return parsed.ok ? parsed : err(parsed.error);
  },
  serialize,
  deserialize,
  playout,
  narrate,
  /** [decision] Seats take the knights in a fixed order, so a seat's name is its knight's. */
  speech: shadowsSpeech,
  seatName: (seat, _players, lang) => {
    const k = KNIGHTS[seat];
    return k ? KNIGHT_DATA[k][lang] : lang === 'fr' ? `Siège ${seat}` : `Seat ${seat}`;
  },
};
