import {
  createRng,
  err,
  isSeed,
  nextInt,
  ok,
  type Game,
  type Lang,
  type Outcome,
  type Result,
  type RngState,
  type Seat,
  type Viewer,
} from '@roundtable/core';
import { messages } from './messages.ts';
import { parseMoveText } from './notation.ts';
import { optionSpecs, parseOptions } from './options.ts';
import { readPosition, writePosition } from './position.ts';
import { rulesText } from './rules-text.ts';
import { fieldOf, formatStep, legalMoves, outcome, outcomeOf, play, toKernel, toMove } from './rules.ts';
import { seatName } from './seats.ts';
import { narrate } from './narrate.ts';
import { lancelotSpeech } from './speech.ts';
import {
  KNIGHTS_PER_PLAYER,
  type LancelotMove,
  type LancelotOptions,
  type LancelotState,
  type LancelotView,
} from './state.ts';

function copyState(s: LancelotState): LancelotState {
  return {
    ...s,
    options: { ...s.options },
    board: [...s.board],
    shields: [...s.shields],
    hand: [...s.hand],
    captures: [...s.captures],
  };
}

export const lancelot: Game<LancelotState, LancelotMove, LancelotView, LancelotOptions> = {
  id: 'lancelot',
  name: { en: 'Lancelot', fr: 'Lancelot' },
  minPlayers: 2,
  maxPlayers: 5,
  perfectInformation: true,
  options: optionSpecs,
  rules: rulesText,
  messages,

  parseOptions,

  setup({ players, options, seed }): Result<LancelotState> {
    if (!Number.isInteger(players) || players < 2 || players > 5)
      return err({ code: 'BAD_PLAYERS', players, min: 2, max: 5 });
    if (!isSeed(seed)) return err({ code: 'BAD_SEED', seed });
    // seed 002, "Début du jeu": the first player is drawn at random; play goes clockwise (seat order).
    const first = nextInt(createRng(seed), players);
    const sword = options.excalibur;
    return ok({
      players,
      options: { ...options },
      board: new Array<Seat | null>((2 * players + 4) ** 2).fill(null),
      excalibur: null,
      holder: null,
      shields: new Array<boolean>(players).fill(sword),
      hand: new Array<number>(players).fill(KNIGHTS_PER_PLAYER),
      captures: new Array<number>(players).fill(0),
      first,
      // seed 002: before the first turn, the player to the first player's right places Excalibur.
      seat: sword ? (first + players - 1) % players : first,
      phase: sword ? 'sword' : 'turn',
      passes: 0,
    });
  },

  players: (state) => state.players,
  toMove,
  legalMoves,
  play,
  outcome,

  view(state: LancelotState, _viewer: Viewer): LancelotView {
    return copyState(state);
  },
  determinize(view: LancelotView): LancelotState {
    return copyState(view);
  },

  formatMove(_state, move) {
    return formatStep(move);
  },
  parseMove(state, _seat, text) {
    return parseMoveText(fieldOf(state), text);
  },

  serialize(state) {
    return { players: state.players, options: { ...state.options }, position: writePosition(state) };
  },
  deserialize(data: unknown): Result<LancelotState> {
    const bad = (
      reason: string,
      reasonFr: string,
    ): { ok: false; error: { code: string; reason: string; reasonFr: string } } =>
      err({ code: 'BAD_STATE', reason, reasonFr });
    if (typeof data !== 'object' || data === null || Array.isArray(data))
      return bad(
        'a saved state is an object {players, options, position}',
        'un état sauvegardé est un objet {players, options, position}',
      );
    const { players, options, position } = data as Record<string, unknown>;
    if (typeof players !== 'number' || !Number.isInteger(players) || players < 2 || players > 5)
      return bad('"players" must be 2 to 5', '« players » doit valoir de 2 à 5');
    const parsed = parseOptions(options, players);
    if (!parsed.ok) return parsed;
    if (typeof position !== 'string')
      return bad('"position" must be a position string', '« position » doit être une chaîne de position');
    return readPosition(position, players, parsed.value);
  },

  position: {
    write: writePosition,
    read: (text, { players, options }) => readPosition(text, players, options),
  },

  playout(state: LancelotState, rng: RngState): Outcome {
    const k = toKernel(state);
    k.playout(rng);
    return outcomeOf(k.captures, state.players, state.options.target);
  },

  seatName(seat: Seat, _players: number, lang: Lang): string {
    return seatName(seat, lang);
  },

  narrate,
  speech: lancelotSpeech,
};
