import { err, ok, readOptions, type Game, type Lang, type OptionSpec, type Result, type Seat, type Viewer } from '@roundtable/core';
import { engineFor, type CamelotState } from './engine.ts';
import { perft, playout } from './fast.ts';
import { LAYOUTS } from './layout.ts';
import { camelotMessages } from './messages.ts';
import type { CamelotMove } from './move.ts';
import { formatMove, legalMoves, parseMove } from './notation.ts';
import { readPosition, writePosition } from './position.ts';
import { camelotRules } from './rules.ts';

export interface CamelotOptions {
  readonly variant: 'camelot' | 'cam';
}

/** What a seat (or a spectator) sees: everything, since Camelot has no secrets. */
export interface CamelotView {
  readonly variant: string;
  readonly position: string;
  /** Repetition keys since the last capture or castle entry (needed to resume the threefold-repetition count). */
  readonly history: readonly number[];
  readonly toMove: readonly Seat[];
  readonly outcome: CamelotState['outcome'];
}

const options: readonly OptionSpec[] = [
  {
    key: 'variant',
    kind: 'choice',
    default: 'camelot',
    label: { en: 'Board', fr: 'Plateau' },
    choices: [
      { value: 'camelot', label: { en: 'Camelot (160 squares, 14 pieces each)', fr: 'Camelot (160 cases, 14 pièces chacun)' } },
      { value: 'cam', label: { en: 'Cam (67 squares, 7 pieces each)', fr: 'Cam (67 cases, 7 pièces chacun)' } },
    ],
  },
];

function isKeyList(value: unknown): value is number[] {
  return Array.isArray(value) && value.length > 0 && value.every((k) => Number.isSafeInteger(k) && k >= 0);
}

export const camelot: Game<CamelotState, CamelotMove, CamelotView, CamelotOptions> = {
  id: 'camelot',
  name: { en: 'Camelot', fr: 'Camelot' },
  minPlayers: 2,
  maxPlayers: 2,
  perfectInformation: true,
  options,
  rules: camelotRules,
  messages: camelotMessages,

  parseOptions(raw, players) {
    const read = readOptions(options, raw, players);
    return read.ok ? ok(read.value as unknown as CamelotOptions) : read;
  },

  setup({ players, options: o }) {
    if (players !== 2) return err({ code: 'BAD_PLAYERS', players, min: 2, max: 2 });
    return ok(engineFor(o.variant).start());
  },

  players: () => 2,

  toMove: (state) => (state.outcome ? [] : [state.side]),

  legalMoves(state, seat) {
    if (state.outcome || seat !== state.side) return [];
    return legalMoves(engineFor(state.variant), state);
  },

  play(state, seat, move) {
    if (state.outcome) return err({ code: 'GAME_OVER' });
    if (seat !== state.side) return err({ code: 'NOT_YOUR_TURN', seat, toMove: [state.side] });
    const engine = engineFor(state.variant);
    const list = engine.legal(state);
    const i = list.indexOf(move.from, move.to, move.captures);
    if (i >= 0) return ok(engine.apply(state, list, i));
    return err({ code: 'ILLEGAL_MOVE', move: formatMove(engine, move) });
  },

  outcome: (state) => state.outcome,

  view(state, _viewer: Viewer) {
    const engine = engineFor(state.variant);
    return {
      variant: state.variant,
      position: writePosition(engine, state),
      history: [...state.history],
      toMove: state.outcome ? [] : [state.side],
      outcome: state.outcome,
    };
  },

  viewJson(state) {
    const engine = engineFor(state.variant);
    const toMove = state.outcome ? '[]' : `[${state.side}]`;
    return `{"variant":${JSON.stringify(state.variant)},"position":${JSON.stringify(writePosition(engine, state))},"history":[${engine.historyText(state.history)}],"toMove":${toMove},"outcome":${JSON.stringify(state.outcome)}}`;
  },

  determinize(view) {
    const state = camelot.deserialize(view);
    if (!state.ok) throw new Error(`camelot.determinize: ${state.error.code} ${String(state.error.reason ?? '')}`);
    return state.value;
  },

  formatMove: (state, move) => formatMove(engineFor(state.variant), move),

  parseMove(state, seat, text) {
    if (state.outcome) return err({ code: 'GAME_OVER' });
    if (seat !== state.side) return err({ code: 'NOT_YOUR_TURN', seat, toMove: [state.side] });
    return parseMove(engineFor(state.variant), state, text);
  },

  serialize(state) {
    const { position, history, variant } = camelot.view(state, 'spectator');
    return { variant, position, history };
  },

  deserialize(data): Result<CamelotState> {
    const bad = (reason: string) => err({ code: 'BAD_STATE', reason });
    if (typeof data !== 'object' || data === null) return bad('a Camelot state must be an object');
    const { variant, position, history } = data as Record<string, unknown>;
    if (typeof variant !== 'string' || !Object.hasOwn(LAYOUTS, variant)) return bad(`unknown variant ${String(variant)}`);
    if (typeof position !== 'string') return bad('"position" must be a string');
    const engine = engineFor(variant);
    const read = readPosition(engine, position);
    if (!read.ok) return read;
    const state = read.value;
    if (history === undefined) return read;
    if (!isKeyList(history) || history.length > state.quiet + 1 || history[history.length - 1] !== state.history[0]) {
      return bad('"history" must list the repetition keys since the last capture, ending with the current position');
    }
    return ok(engine.withOutcome({ ...state, history: [...history] }));
  },

  position: {
    write: (state) => writePosition(engineFor(state.variant), state),
    read: (text, { options: o }) => readPosition(engineFor(o.variant), text),
  },

  perft: (state, depth) => perft(engineFor(state.variant), state, depth),
  playout: (state, rng) => playout(engineFor(state.variant), state, rng),

  seatName(seat: Seat, _players: number, lang: Lang) {
    const names = lang === 'fr' ? ['Blanc', 'Noir'] : ['White', 'Black'];
    return names[seat] ?? `#${seat}`;
  },
};
