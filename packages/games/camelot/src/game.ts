import {
  err,
  ok,
  readOptions,
  type Game,
  type Lang,
  type OptionSpec,
  type Result,
  type Seat,
  type Viewer,
} from '@roundtable/core';
import { ENDS, engineFor, engineOf, type CamelotEnds, type CamelotState } from './engine.ts';
import { perft, playout } from './fast.ts';
import { LAYOUTS } from './layout.ts';
import { camelotMessages } from './messages.ts';
import type { CamelotMove } from './move.ts';
import { formatMove, legalMoves, parseMove } from './notation.ts';
import { readPosition, writePosition } from './position.ts';
import { camelotRules } from './rules.ts';
import { narrate } from './narrate.ts';
import { camelotSpeech } from './speech.ts';
import type { CamelotView } from './view.ts';

export type { CamelotView };

export interface CamelotOptions {
  readonly variant: 'camelot' | 'cam';
  /** The end rules: seed 003's (the default, also when absent) or the World Camelot Federation's. */
  readonly ends?: CamelotEnds;
}

const options: readonly OptionSpec[] = [
  {
    key: 'variant',
    kind: 'choice',
    default: 'camelot',
    label: { en: 'Board', fr: 'Plateau' },
    choices: [
      {
        value: 'camelot',
        label: { en: 'Camelot (160 squares, 14 pieces each)', fr: 'Camelot (160 cases, 14 pièces chacun)' },
      },
      { value: 'cam', label: { en: 'Cam (67 squares, 7 pieces each)', fr: 'Cam (67 cases, 7 pièces chacun)' } },
    ],
  },
  {
    key: 'ends',
    kind: 'choice',
    default: 'seed',
    label: { en: 'End of the game', fr: 'Fin de partie' },
    choices: [
      {
        value: 'seed',
        label: {
          en: 'Capturing every enemy piece, or leaving the opponent without a move, wins',
          fr: 'Prendre toutes les pièces adverses, ou laisser l’adversaire sans coup, fait gagner',
        },
      },
      {
        value: 'wcf',
        label: {
          en: 'World Camelot Federation: those wins need two pieces or more left, else a draw',
          fr: 'World Camelot Federation\u00a0: ces victoires demandent de garder deux pièces ou plus, sinon nulle',
        },
      },
    ],
    help: {
      en: "The original rules: capturing every enemy piece wins, and a player who cannot move loses. The World Camelot Federation's rules give those wins only to a player keeping two or more pieces; with one it is a draw. The same on the Cam board, where a single piece always suffices.",
      fr: 'Les règles d’origine\u00a0: prendre toutes les pièces adverses fait gagner, et qui ne peut plus jouer perd. Celles de la World Camelot Federation n’accordent ces victoires qu’au joueur qui garde au moins deux pièces\u00a0; avec une seule, la partie est nulle. Pareil sur le plateau de Cam, où une seule pièce suffit toujours.',
    },
  },
];

function isEnds(value: unknown): value is CamelotEnds {
  return typeof value === 'string' && (ENDS as readonly string[]).includes(value);
}

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
    return ok(engineFor(o.variant, o.ends ?? 'seed').start());
  },

  players: () => 2,

  toMove: (state) => (state.outcome ? [] : [state.side]),

  legalMoves(state, seat) {
    if (state.outcome || seat !== state.side) return [];
    return legalMoves(engineOf(state), state);
  },

  play(state, seat, move) {
    if (state.outcome) return err({ code: 'GAME_OVER' });
    if (seat !== state.side) return err({ code: 'NOT_YOUR_TURN', seat, toMove: [state.side] });
    const engine = engineOf(state);
    const list = engine.legal(state);
    const i = list.indexOf(move.from, move.to, move.captures);
    if (i >= 0) return ok(engine.apply(state, list, i));
    return err({ code: 'ILLEGAL_MOVE', move: formatMove(engine, move) });
  },

  outcome: (state) => state.outcome,

  view(state, _viewer: Viewer) {
    const engine = engineOf(state);
    return {
      variant: state.variant,
      ends: state.ends,
      position: writePosition(engine, state),
      history: [...state.history],
      toMove: state.outcome ? [] : [state.side],
      outcome: state.outcome,
    };
  },

  viewJson(state) {
    const engine = engineOf(state);
    const toMove = state.outcome ? '[]' : `[${state.side}]`;
    return `{"variant":${JSON.stringify(state.variant)},"ends":${JSON.stringify(state.ends)},"position":${JSON.stringify(writePosition(engine, state))},"history":[${engine.historyText(state.history)}],"toMove":${toMove},"outcome":${JSON.stringify(state.outcome)}}`;
  },

  determinize(view) {
    const state = camelot.deserialize(view);
    if (!state.ok) throw new Error(`camelot.determinize: ${state.error.code} ${String(state.error.reason ?? '')}`);
    return state.value;
  },

  formatMove: (state, move) => formatMove(engineOf(state), move),

  parseMove(state, seat, text) {
    if (state.outcome) return err({ code: 'GAME_OVER' });
    if (seat !== state.side) return err({ code: 'NOT_YOUR_TURN', seat, toMove: [state.side] });
    return parseMove(engineOf(state), state, text);
  },

  serialize(state) {
    const { position, history, variant, ends } = camelot.view(state, 'spectator');
    return { variant, ends, position, history };
  },

  deserialize(data): Result<CamelotState> {
    const bad = (reason: string) => err({ code: 'BAD_STATE', reason });
    if (typeof data !== 'object' || data === null) return bad('a Camelot state must be an object');
    const { variant, ends = 'seed', position, history } = data as Record<string, unknown>;
    if (typeof variant !== 'string' || !Object.hasOwn(LAYOUTS, variant))
      return bad(`unknown variant ${String(variant)}`);
    // A state saved before the option existed has no "ends": the default, the seed's.
    if (!isEnds(ends)) return bad(`"ends" must be one of ${ENDS.join(', ')}`);
    if (typeof position !== 'string') return bad('"position" must be a string');
    const engine = engineFor(variant, ends);
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
    write: (state) => writePosition(engineOf(state), state),
    read: (text, { options: o }) => readPosition(engineFor(o.variant, o.ends ?? 'seed'), text),
  },

  perft: (state, depth) => perft(engineOf(state), state, depth),
  playout: (state, rng) => playout(engineOf(state), state, rng),

  seatName(seat: Seat, _players: number, lang: Lang) {
    const names = lang === 'fr' ? ['Blanc', 'Noir'] : ['White', 'Black'];
    return names[seat] ?? `#${seat}`;
  },

  narrate,
  speech: camelotSpeech,
};
