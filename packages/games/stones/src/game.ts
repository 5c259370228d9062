import { err, ok, readOptions, type Game, type Lang, type Outcome, type Result, type Seat } from '@roundtable/core';

/**
 * Stones, a game kept for tests (never listed to players): a pile of stones, two players take 1, 2 or 3 in turn,
 * and whoever takes the last stone wins. Nothing hidden, no chance: the smallest game a front door can be proved
 * on (menus, moves, bots, records, replays, spectators) without knowing it.
 */
export interface StonesState {
  readonly pile: number;
  readonly toMove: Seat;
  readonly winner: Seat | null;
}
export interface StonesOptions {
  readonly pile: number;
}
export type StonesMove = number;

const MAX_TAKE = 3;

function isState(v: unknown): v is StonesState {
  const s = v as StonesState;
  return (
    typeof s === 'object' &&
    s !== null &&
    Number.isInteger(s.pile) &&
    s.pile >= 0 &&
    s.pile <= 99 &&
    (s.toMove === 0 || s.toMove === 1) &&
    (s.winner === null || s.winner === 0 || s.winner === 1)
  );
}

export const stones: Game<StonesState, StonesMove, StonesState, StonesOptions> = {
  id: 'stones',
  name: { en: 'Stones', fr: 'Cailloux' },
  minPlayers: 2,
  maxPlayers: 2,
  perfectInformation: true,
  options: [
    {
      key: 'pile',
      kind: 'integer',
      default: 10,
      min: 3,
      max: 30,
      label: { en: 'Stones in the pile', fr: 'Cailloux dans le tas' },
    },
  ],
  messages: {
    BAD_TAKE: {
      en: (e) => `Take 1, 2 or 3 stones, at most the ${String(e.pile)} left (not ${String(e.take)}).`,
      fr: (e) => `Prenez 1, 2 ou 3 cailloux, au plus les ${String(e.pile)} qui restent (pas ${String(e.take)}).`,
    },
  },
  parseOptions(raw, players): Result<StonesOptions> {
    const read = readOptions(this.options, raw, players);
    return read.ok ? ok({ pile: read.value.pile as number }) : read;
  },
  setup({ players, options }) {
    if (players !== 2) return err({ code: 'BAD_PLAYERS', min: 2, max: 2, players });
    return ok({ pile: options.pile, toMove: 0, winner: null });
  },
  players: () => 2,
  toMove: (s) => (s.winner === null ? [s.toMove] : []),
  legalMoves(s, seat) {
    if (s.winner !== null || seat !== s.toMove) return [];
    return Array.from({ length: Math.min(MAX_TAKE, s.pile) }, (_, i) => i + 1);
  },
  play(s, seat, take) {
    if (s.winner !== null) return err({ code: 'GAME_OVER' });
    if (seat !== s.toMove) return err({ code: 'NOT_YOUR_TURN', seat, toMove: [s.toMove] });
    if (!Number.isInteger(take) || take < 1 || take > Math.min(MAX_TAKE, s.pile))
      return err({ code: 'BAD_TAKE', take, pile: s.pile });
    const pile = s.pile - take;
    return ok({ pile, toMove: 1 - seat, winner: pile === 0 ? seat : null });
  },
  outcome(s): Outcome | null {
    return s.winner === null ? null : { winners: [s.winner], draw: false, reason: 'last-stone' };
  },
  view: (s) => s,
  determinize: (v) => v,
  formatMove: (_s, take) => `take ${take}`,
  parseMove(s, seat, text) {
    const m = /^\s*take\s+(\d+)\s*$/i.exec(text);
    if (!m) return err({ code: 'BAD_NOTATION', text: text.slice(0, 50), expected: 'take N' });
    const take = Number(m[1]);
    const next = this.play(s, seat, take);
    return next.ok ? ok(take) : next;
  },
  serialize: (s) => ({ ...s }),
  deserialize(data) {
    return isState(data)
      ? ok({ pile: data.pile, toMove: data.toMove, winner: data.winner })
      : err({ code: 'BAD_STATE' });
  },
  seatName: (seat: Seat, _players: number, lang: Lang) =>
    lang === 'fr' ? (seat === 0 ? 'Premier' : 'Second') : seat === 0 ? 'First' : 'Second',
};
