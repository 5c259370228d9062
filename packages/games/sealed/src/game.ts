import {
  createRng,
  err,
  isRngState,
  ok,
  readOptions,
  shuffle,
  type Game,
  type Lang,
  type Outcome,
  type Result,
  type RngState,
  type Seat,
  type Viewer,
} from '@roundtable/core';

/**
 * Sealed, a game kept for tests (never listed to players): the cards 1 to 3 × players + 3 are shuffled, each of
 * 2 or 3 players is dealt a hidden hand of 3 and the rest stay face down. In turn each lays one card of his hand
 * face up on his row; when the hands are empty the highest row wins (a tie is a draw between the tied). The
 * smallest game with secrets: a front door proved on it shows each seat its own hand only.
 */
export interface SealedState {
  readonly players: number;
  readonly hands: readonly (readonly number[])[];
  readonly rows: readonly (readonly number[])[];
  /** The cards never dealt, face down. */
  readonly stock: readonly number[];
  readonly toMove: Seat;
  readonly rng: RngState;
}
export interface SealedView {
  readonly players: number;
  readonly viewer: Viewer;
  /** The viewer's own hand (empty for a spectator). */
  readonly hand: readonly number[];
  readonly handSizes: readonly number[];
  readonly rows: readonly (readonly number[])[];
  readonly stockSize: number;
  readonly toMove: Seat;
}
export type SealedMove = number;
export type SealedOptions = Readonly<Record<string, never>>;

const HAND = 3;
const deckSize = (players: number): number => HAND * players + 3;
const sum = (row: readonly number[]): number => row.reduce((a, c) => a + c, 0);
const over = (s: { hands: readonly (readonly number[])[] }): boolean => s.hands.every((h) => h.length === 0);

function isState(v: unknown): v is SealedState {
  const s = v as SealedState;
  if (typeof s !== 'object' || s === null || (s.players !== 2 && s.players !== 3)) return false;
  const lists = [...(s.hands ?? []), ...(s.rows ?? []), s.stock];
  if (!Array.isArray(s.hands) || !Array.isArray(s.rows) || s.hands.length !== s.players) return false;
  if (s.rows.length !== s.players || !lists.every((l) => Array.isArray(l))) return false;
  const cards = lists.flat();
  const n = deckSize(s.players);
  return (
    cards.length === n &&
    new Set(cards).size === n &&
    cards.every((c) => Number.isInteger(c) && c >= 1 && c <= n) &&
    Number.isInteger(s.toMove) &&
    s.toMove >= 0 &&
    s.toMove < s.players &&
    isRngState(s.rng)
  );
}

export const sealed: Game<SealedState, SealedMove, SealedView, SealedOptions> = {
  id: 'sealed',
  name: { en: 'Sealed', fr: 'Cartes scellées' },
  minPlayers: 2,
  maxPlayers: 3,
  perfectInformation: false,
  options: [],
  messages: {
    NOT_IN_HAND: {
      en: (e) => `Card ${String(e.card)} is not in your hand (${String(e.hand)}).`,
      fr: (e) => `La carte ${String(e.card)} n’est pas dans votre main (${String(e.hand)}).`,
    },
  },
  parseOptions(raw, players): Result<SealedOptions> {
    const read = readOptions(this.options, raw, players);
    return read.ok ? ok({}) : read;
  },
  setup({ players, seed }) {
    if (players < 2 || players > 3) return err({ code: 'BAD_PLAYERS', min: 2, max: 3, players });
    const rng = createRng(seed);
    const deck = shuffle(
      rng,
      Array.from({ length: deckSize(players) }, (_, i) => i + 1),
    );
    const hands = Array.from({ length: players }, (_, p) => deck.slice(p * HAND, (p + 1) * HAND).sort((a, b) => a - b));
    return ok({
      players,
      hands,
      rows: hands.map(() => []),
      stock: deck.slice(players * HAND),
      toMove: 0,
      rng,
    });
  },
  players: (s) => s.players,
  toMove: (s) => (over(s) ? [] : [s.toMove]),
  legalMoves: (s, seat) => (over(s) || seat !== s.toMove ? [] : [...(s.hands[seat] ?? [])]),
  play(s, seat, card) {
    if (over(s)) return err({ code: 'GAME_OVER' });
    if (seat !== s.toMove) return err({ code: 'NOT_YOUR_TURN', seat, toMove: [s.toMove] });
    const hand = s.hands[seat] as readonly number[];
    if (!hand.includes(card)) return err({ code: 'NOT_IN_HAND', card, hand: hand.join(' ') });
    return ok({
      ...s,
      hands: s.hands.map((h, p) => (p === seat ? h.filter((c) => c !== card) : h)),
      rows: s.rows.map((r, p) => (p === seat ? [...r, card] : r)),
      toMove: (seat + 1) % s.players,
    });
  },
  outcome(s): Outcome | null {
    if (!over(s)) return null;
    const scores = s.rows.map(sum);
    const best = Math.max(...scores);
    const top = scores.flatMap((v, p) => (v === best ? [p] : []));
    return { winners: top, draw: top.length > 1, reason: 'highest-row', scores };
  },
  view(s, viewer) {
    return {
      players: s.players,
      viewer,
      hand: typeof viewer === 'number' ? [...(s.hands[viewer] ?? [])] : [],
      handSizes: s.hands.map((h) => h.length),
      rows: s.rows.map((r) => [...r]),
      stockSize: s.stock.length,
      toMove: s.toMove,
    };
  },
  determinize(v, seat, rng) {
    // The cards this seat has not seen, dealt at random to the other hands and the stock.
    const seen = new Set([...v.hand, ...v.rows.flat()]);
    const unseen = shuffle(
      rng,
      Array.from({ length: deckSize(v.players) }, (_, i) => i + 1).filter((c) => !seen.has(c)),
    );
    let next = 0;
    const hands = v.handSizes.map((n, p) => (p === seat ? [...v.hand] : unseen.slice(next, (next += n))));
    return {
      players: v.players,
      hands,
      rows: v.rows,
      stock: unseen.slice(next),
      toMove: v.toMove,
      rng: [...rng] as RngState,
    };
  },
  formatMove: (_s, card) => `play ${card}`,
  parseMove(s, seat, text) {
    const m = /^\s*play\s+(\d+)\s*$/i.exec(text);
    if (!m) return err({ code: 'BAD_NOTATION', text: text.slice(0, 50), expected: 'play N' });
    const card = Number(m[1]);
    const next = this.play(s, seat, card);
    return next.ok ? ok(card) : next;
  },
  serialize: (s) => JSON.parse(JSON.stringify(s)) as unknown,
  deserialize: (data) => (isState(data) ? ok(data) : err({ code: 'BAD_STATE' })),
  seatName: (seat: Seat, _players: number, lang: Lang) => (lang === 'fr' ? `Joueur ${seat + 1}` : `Player ${seat + 1}`),
};
