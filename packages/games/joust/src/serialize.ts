/** The state as JSON and back. A stored state is input from outside: every field and the 110 cards are checked. */
import { isRngState, type Result, arr, bool, fail, int, obj, readStored } from '@roundtable/core';
import { CARD_COUNT, COLOURS, LANCELOT_CARD, SHIELD_CARD, STUN_CARD, TYPE, kindId, type Colour } from './cards.ts';
import type { Item, JoustState, Phase, PlayMove } from './types.ts';

export function serialize(s: JoustState): unknown {
  return JSON.parse(JSON.stringify(s)) as unknown;
}

const cards = (v: unknown, what: string): number[] =>
  arr(v, what).map((c, i) => int(c, `${what}[${i}]`, 0, CARD_COUNT - 1));
const colour = (v: unknown, what: string): Colour =>
  (COLOURS as readonly unknown[]).includes(v) ? (v as Colour) : fail(`${what} must be a colour`);
const colourOrNull = (v: unknown, what: string): Colour | null => (v === null ? null : colour(v, what));
const perSeat = <T>(v: unknown, what: string, n: number, f: (x: unknown, w: string) => T): T[] => {
  const list = arr(v, what);
  if (list.length !== n) fail(`${what} must have one entry per seat`);
  return list.map((x, i) => f(x, `${what}[${i}]`));
};

function readState(data: unknown): JoustState {
  const o = obj(data, 'state');
  const players = int(o.players, 'players', 2, 5);
  const seat = (v: unknown, what: string): number => int(v, what, 0, players - 1);
  const seatOrNull = (v: unknown, what: string): number | null => (v === null ? null : seat(v, what));
  const opt = obj(o.options, 'options');
  const options = {
    noRepeatColour: bool(opt.noRepeatColour, 'options.noRepeatColour'),
    shieldBlocksKnockDown: bool(opt.shieldBlocksKnockDown, 'options.shieldBlocksKnockDown'),
    allowTies: bool(opt.allowTies, 'options.allowTies'),
  };
  if (!isRngState(o.rng)) fail('rng must be four 32-bit integers');
  const tokens = perSeat(o.tokens, 'tokens', players, (t, w) => {
    const list = arr(t, w).map((c, i) => colour(c, `${w}[${i}]`));
    if (new Set(list).size !== list.length) fail(`${w} holds a colour twice`);
    return list.sort((a, b) => COLOURS.indexOf(a) - COLOURS.indexOf(b));
  });
  const ph = obj(o.phase, 'phase');
  const seats = (v: unknown, what: string): number[] => arr(v, what).map((x, i) => seat(x, `${what}[${i}]`));
  let phase: Phase;
  switch (ph.kind) {
    case 'start':
    case 'turn':
      phase = { kind: ph.kind };
      break;
    case 'response': {
      const a = obj(ph.action, 'phase.action');
      const m = obj(a.move, 'phase.action.move');
      if (m.type !== 'play' || typeof m.card !== 'string') fail('phase.action.move must be a play');
      const card = int(a.card, 'phase.action.card', 0, CARD_COUNT - 1);
      if (kindId(card) !== m.card || TYPE[card] !== 'action')
        fail('phase.action.move must name the action card waiting');
      const item = (v: unknown, what: string): Item =>
        v === 'bouclier' || v === 'assomme' ? v : int(v, what, 0, CARD_COUNT);
      const move: PlayMove = {
        type: 'play',
        card: m.card as string,
        ...(m.colour !== undefined ? { colour: colour(m.colour, 'phase.action.move.colour') } : {}),
        ...(m.target !== undefined ? { target: seat(m.target, 'phase.action.move.target') } : {}),
        ...(m.pos !== undefined ? { pos: int(m.pos, 'phase.action.move.pos', 0, CARD_COUNT) } : {}),
        ...(m.mine !== undefined ? { mine: item(m.mine, 'phase.action.move.mine') } : {}),
        ...(m.theirs !== undefined ? { theirs: item(m.theirs, 'phase.action.move.theirs') } : {}),
      };
      phase = {
        kind: 'response',
        action: { seat: seat(a.seat, 'phase.action.seat'), card, move },
        waiting: seats(ph.waiting, 'phase.waiting'),
        lancelot: seatOrNull(ph.lancelot, 'phase.lancelot'),
      };
      break;
    }
    case 'adapt':
      phase = { kind: 'adapt', waiting: seats(ph.waiting, 'phase.waiting') };
      break;
    case 'maiden':
    case 'purple':
      phase = { kind: ph.kind, seat: seat(ph.seat, 'phase.seat') };
      break;
    case 'over':
      phase = { kind: 'over', winner: seat(ph.winner, 'phase.winner') };
      break;
    default:
      return fail('phase.kind is unknown');
  }
  const revealed =
    o.revealed === null
      ? null
      : (() => {
          const r = obj(o.revealed, 'revealed');
          return { seat: seat(r.seat, 'revealed.seat'), cards: cards(r.cards, 'revealed.cards') };
        })();
  const knock =
    o.knock === null
      ? null
      : (() => {
          const k = obj(o.knock, 'knock');
          return {
            from: seat(k.from, 'knock.from'),
            to: seat(k.to, 'knock.to'),
            card: int(k.card, 'knock.card', 0, CARD_COUNT - 1),
          };
        })();
  const s: JoustState = {
    players,
    options,
    rng: [...(o.rng as number[])] as JoustState['rng'],
    deck: cards(o.deck, 'deck'),
    discard: cards(o.discard, 'discard'),
    hands: perSeat(o.hands, 'hands', players, cards),
    displays: perSeat(o.displays, 'displays', players, cards),
    shield: seatOrNull(o.shield, 'shield'),
    stunned: seatOrNull(o.stunned, 'stunned'),
    tokens,
    inTournament: perSeat(o.inTournament, 'inTournament', players, bool),
    colour: colourOrNull(o.colour, 'colour'),
    previousColour: colourOrNull(o.previousColour, 'previousColour'),
    dealer: seat(o.dealer, 'dealer'),
    starter: seat(o.starter, 'starter'),
    active: seat(o.active, 'active'),
    played: int(o.played, 'played', 0, CARD_COUNT),
    added: int(o.added, 'added', 0, CARD_COUNT),
    opening: bool(o.opening, 'opening'),
    tournament: int(o.tournament, 'tournament', 1, Number.MAX_SAFE_INTEGER),
    revealed,
    knock,
    phase,
  };
  // Every one of the 110 cards is in exactly one place.
  const all = [...s.deck, ...s.discard, ...s.hands.flat(), ...s.displays.flat()];
  if (s.shield !== null) all.push(SHIELD_CARD);
  if (s.stunned !== null) all.push(STUN_CARD);
  if (s.phase.kind === 'response') all.push(s.phase.action.card);
  if (all.length !== CARD_COUNT || new Set(all).size !== CARD_COUNT)
    fail('the 110 cards must each be in exactly one place');
  if (s.phase.kind === 'response' && s.phase.lancelot !== null && !s.hands[s.phase.lancelot]!.includes(LANCELOT_CARD)) {
    fail('the seat that answered Lancelot must hold it');
  }
  return s;
}

export function deserialize(data: unknown): Result<JoustState> {
  return readStored(() => readState(data));
}
