/** The state as JSON and back. A stored state is input from outside: every field and the 160 cards are checked. */
import { isRngState, type Result, arr, bool, fail, int, obj, readStored, type Obj } from '@roundtable/core';
import {
  CARD_COUNT,
  DECLARATIONS,
  EXCALIBUR_END,
  FIGURES_LOSS,
  GRAIL_SPOTS,
  KNIGHTS,
  LOCATIONS,
  MAX_LIFE,
  QUESTS,
  WHITE_COUNT,
} from './cards.ts';
import type { ActionType, Holder, KayPending, KnightState, Memory, Phase, Placed, ShadowsState, War } from './types.ts';

export function serialize(s: ShadowsState): unknown {
  return JSON.parse(JSON.stringify(s)) as unknown;
}

const oneOf = <T extends string>(v: unknown, what: string, values: readonly T[]): T =>
  (values as readonly unknown[]).includes(v) ? (v as T) : fail(`${what} must be one of ${values.join(', ')}`);
const cardList = (v: unknown, what: string): number[] =>
  arr(v, what).map((c, i) => int(c, `${what}[${i}]`, 0, CARD_COUNT - 1));
const white = (c: number, what: string): number => (c < WHITE_COUNT ? c : fail(`${what} must be a white card`));
const black = (c: number, what: string): number => (c >= WHITE_COUNT ? c : fail(`${what} must be a black card`));
const whites = (v: unknown, what: string): number[] => cardList(v, what).map((c) => white(c, what));
const blacks = (v: unknown, what: string): number[] => cardList(v, what).map((c) => black(c, what));
const WARS: readonly War[] = ['picts', 'saxons'];
const ACTIONS: readonly ActionType[] = ['move', 'quest', 'special', 'heal', 'accuse'];

function readState(data: unknown): ShadowsState {
  const o = obj(data, 'state');
  const players = int(o.players, 'players', 3, 7);
  const seat = (v: unknown, what: string): number => int(v, what, 0, players - 1);
  const seats = (v: unknown, what: string): number[] => arr(v, what).map((x, i) => seat(x, `${what}[${i}]`));
  const opt = obj(o.options, 'options');
  const options = {
    loyaltyDeck: oneOf(opt.loyaltyDeck, 'options.loyaltyDeck', [
      'players-plus-one',
      'boxed',
      'sure-traitor',
      'all-loyal',
    ] as const),
    // Older saves predate the option (absent: the research's reading).
    ...(opt.excaliburCancel === undefined
      ? {}
      : {
          excaliburCancel: oneOf(opt.excaliburCancel, 'options.excaliburCancel', [
            'once-per-turn',
            'spent',
            'off',
          ] as const),
        }),
  };
  if (!isRngState(o.rng)) fail('rng must be four 32-bit integers');
  const knightsRaw = arr(o.knights, 'knights');
  if (knightsRaw.length !== players) fail('knights must have one entry per seat');
  const knights: KnightState[] = knightsRaw.map((x, i) => {
    const k = obj(x, `knights[${i}]`);
    const w = `knights[${i}]`;
    const decl = k.declaration === null ? null : obj(k.declaration, `${w}.declaration`);
    return {
      knight: oneOf(k.knight, `${w}.knight`, KNIGHTS),
      life: int(k.life, `${w}.life`, 0, MAX_LIFE),
      alive: bool(k.alive, `${w}.alive`),
      location: k.location === null ? null : oneOf(k.location, `${w}.location`, LOCATIONS),
      hand: whites(k.hand, `${w}.hand`),
      loyalty: oneOf(k.loyalty, `${w}.loyalty`, ['loyal', 'traitor'] as const),
      revealed: bool(k.revealed, `${w}.revealed`),
      accused: bool(k.accused, `${w}.accused`),
      declaration:
        decl === null
          ? null
          : {
              what: oneOf(decl.what, `${w}.declaration.what`, DECLARATIONS),
              ...(decl.quest !== undefined ? { quest: oneOf(decl.quest, `${w}.declaration.quest`, QUESTS) } : {}),
            },
    };
  });
  if (knights.filter((k) => k.loyalty === 'traitor').length > 1) fail('there is at most one traitor');
  const placed = (v: unknown, what: string): Placed[] =>
    arr(v, what).map((x, i) => {
      const p = obj(x, `${what}[${i}]`);
      return {
        card: black(int(p.card, `${what}[${i}].card`, 0, CARD_COUNT - 1), what),
        down: bool(p.down, `${what}[${i}].down`),
        by: seat(p.by, `${what}[${i}].by`),
      };
    });
  const b = obj(o.board, 'board');
  const bk = obj(b.blackKnight, 'board.blackKnight');
  const la = obj(b.lancelot, 'board.lancelot');
  const ex = obj(b.excalibur, 'board.excalibur');
  const gr = obj(b.grail, 'board.grail');
  const war = (v: unknown, what: string) => {
    const w = obj(v, what);
    return { figures: int(w.figures, `${what}.figures`, 0, FIGURES_LOSS - 1), white: whites(w.white, `${what}.white`) };
  };
  const board = {
    blackKnight: {
      white: whites(bk.white, 'board.blackKnight.white'),
      black: placed(bk.black, 'board.blackKnight.black'),
    },
    lancelot: {
      side: oneOf(la.side, 'board.lancelot.side', ['lancelot', 'dragon', 'done'] as const),
      white: whites(la.white, 'board.lancelot.white'),
      black: placed(la.black, 'board.lancelot.black'),
    },
    excalibur: {
      pos: int(ex.pos, 'board.excalibur.pos', -EXCALIBUR_END, EXCALIBUR_END),
      done: bool(ex.done, 'board.excalibur.done'),
    },
    grail: {
      grails: whites(gr.grails, 'board.grail.grails'),
      blacks: blacks(gr.blacks, 'board.grail.blacks'),
      done: bool(gr.done, 'board.grail.done'),
    },
    picts: war(b.picts, 'board.picts'),
    saxons: war(b.saxons, 'board.saxons'),
  };
  if (board.grail.grails.length + board.grail.blacks.length > GRAIL_SPOTS) fail('the Grail quest has 7 spots');
  const e = obj(o.effects, 'effects');
  const optBlack = (v: unknown, what: string): number | null =>
    v === null ? null : black(int(v, what, 0, CARD_COUNT - 1), what);
  const mo = e.mordred === null ? null : obj(e.mordred, 'effects.mordred');
  const he = e.heroism === null ? null : obj(e.heroism, 'effects.heroism');
  const effects = {
    mists: optBlack(e.mists, 'effects.mists'),
    vivien: optBlack(e.vivien, 'effects.vivien'),
    broceliande: optBlack(e.broceliande, 'effects.broceliande'),
    mordred:
      mo === null
        ? null
        : {
            card: black(int(mo.card, 'effects.mordred.card', 0, CARD_COUNT - 1), 'effects.mordred.card'),
            war: oneOf(mo.war, 'effects.mordred.war', WARS),
          },
    heroism:
      he === null
        ? null
        : {
            card: white(int(he.card, 'effects.heroism.card', 0, CARD_COUNT - 1), 'effects.heroism.card'),
            quest: oneOf(he.quest, 'effects.heroism.quest', QUESTS),
          },
  };
  const rel = obj(o.relics, 'relics');
  const holder = (v: unknown, what: string): Holder => (v === 'quest' || v === 'gone' ? v : seat(v, what));
  const t = obj(o.turn, 'turn');
  const turn = {
    used: arr(t.used, 'turn.used').map((x, i) => oneOf(x, `turn.used[${i}]`, ACTIONS)),
    specials: int(t.specials, 'turn.specials', 0, 20),
    galahadFree: bool(t.galahadFree, 'turn.galahadFree'),
    tristanFree: bool(t.tristanFree, 'turn.tristanFree'),
    arthurSwapped: bool(t.arthurSwapped, 'turn.arthurSwapped'),
    declared: bool(t.declared, 'turn.declared'),
    excaliburUsed: t.excaliburUsed === undefined ? false : bool(t.excaliburUsed, 'turn.excaliburUsed'),
    evilLeft: int(t.evilLeft, 'turn.evilLeft', 0, 100),
    over: bool(t.over, 'turn.over'),
    stage: oneOf(t.stage, 'turn.stage', ['evil', 'heroic'] as const),
  };
  if (turn.used.length > 2 || new Set(turn.used).size !== turn.used.length)
    fail('turn.used holds at most two different actions');
  const lr = o.lastRoll === null ? null : obj(o.lastRoll, 'lastRoll');
  const s: ShadowsState = {
    players,
    options,
    rng: [...(o.rng as number[])] as ShadowsState['rng'],
    knights,
    loyaltyBox: int(o.loyaltyBox, 'loyaltyBox', 0, 5),
    boxTraitor: bool(o.boxTraitor, 'boxTraitor'),
    whiteDeck: whites(o.whiteDeck, 'whiteDeck'),
    whiteDiscard: whites(o.whiteDiscard, 'whiteDiscard'),
    blackDeck: blacks(o.blackDeck, 'blackDeck'),
    blackDiscard: blacks(o.blackDiscard, 'blackDiscard'),
    laid: (() => {
      const l = arr(o.laid, 'laid');
      if (l.length !== players) fail('laid must have one entry per seat');
      return l.map((x, i) => (x === null ? null : white(int(x, `laid[${i}]`, 0, CARD_COUNT - 1), `laid[${i}]`)));
    })(),
    board,
    effects,
    whiteSwords: int(o.whiteSwords, 'whiteSwords', 0, 16),
    blackSwords: int(o.blackSwords, 'blackSwords', 0, 16),
    siege: int(o.siege, 'siege', 0, 16),
    relics: {
      excalibur: holder(rel.excalibur, 'relics.excalibur'),
      grail: holder(rel.grail, 'relics.grail'),
      armor: holder(rel.armor, 'relics.armor'),
    },
    active: seat(o.active, 'active'),
    turnNumber: int(o.turnNumber, 'turnNumber', 0, 100_000),
    turn,
    lastRoll:
      lr === null
        ? null
        : {
            seat: seat(lr.seat, 'lastRoll.seat'),
            sum: int(lr.sum, 'lastRoll.sum', 0, 200),
            roll: int(lr.roll, 'lastRoll.roll', 1, 8),
            won: bool(lr.won, 'lastRoll.won'),
          },
    ...(o.memory === undefined ? {} : { memory: readMemory(obj(o.memory, 'memory'), seat) }),
    phase: readPhase(obj(o.phase, 'phase'), seat, seats, players),
  };
  if ((knights.some((k) => k.loyalty === 'traitor') ? 1 : 0) + (s.boxTraitor ? 1 : 0) > 1)
    fail('the traitor card is in one place');
  const all = cardsOf(s);
  if (all.length !== CARD_COUNT || new Set(all).size !== CARD_COUNT)
    fail('the 160 white and black cards must each be in exactly one place');
  return s;
}

function readMemory(m: Obj, seat: (v: unknown, w: string) => number): Memory {
  const c = (v: unknown, w: string): number => int(v, w, 0, CARD_COUNT - 1);
  const sw = m.swap === null ? null : obj(m.swap, 'memory.swap');
  const cv = m.clairvoyance === null ? null : obj(m.clairvoyance, 'memory.clairvoyance');
  return {
    swap:
      sw === null
        ? null
        : {
            from: seat(sw.from, 'memory.swap.from'),
            to: seat(sw.to, 'memory.swap.to'),
            gave: white(c(sw.gave, 'memory.swap.gave'), 'memory.swap.gave'),
            got: sw.got === null ? null : white(c(sw.got, 'memory.swap.got'), 'memory.swap.got'),
          },
    under: arr(m.under, 'memory.under').map((x, i) => {
      const u = obj(x, `memory.under[${i}]`);
      return {
        seat: seat(u.seat, `memory.under[${i}].seat`),
        card: black(c(u.card, `memory.under[${i}].card`), `memory.under[${i}].card`),
      };
    }),
    clairvoyance:
      cv === null
        ? null
        : { seat: seat(cv.seat, 'memory.clairvoyance.seat'), cards: blacks(cv.cards, 'memory.clairvoyance.cards') },
  };
}

function readPhase(
  ph: Obj,
  seat: (v: unknown, w: string) => number,
  seats: (v: unknown, w: string) => number[],
  players: number,
): Phase {
  const c = (v: unknown, w: string): number => int(v, w, 0, CARD_COUNT - 1);
  switch (ph.kind) {
    case 'lay':
      return { kind: 'lay', waiting: seats(ph.waiting, 'phase.waiting') };
    case 'propose':
      return { kind: 'propose', seat: seat(ph.seat, 'phase.seat') };
    case 'vote': {
      const proposal = seats(ph.proposal, 'phase.proposal');
      if (proposal.length !== players || new Set(proposal).size !== players)
        fail('phase.proposal must give each seat one laid card');
      return {
        kind: 'vote',
        proposal,
        waiting: seats(ph.waiting, 'phase.waiting'),
        refusals: seats(ph.refusals, 'phase.refusals'),
      };
    }
    case 'evil':
    case 'heroic':
    case 'traitor':
      return { kind: ph.kind };
    case 'armor': {
      const cards = arr(ph.cards, 'phase.cards');
      if (cards.length !== 2) fail('phase.cards must hold two cards');
      return { kind: 'armor', cards: [c(cards[0], 'phase.cards[0]'), c(cards[1], 'phase.cards[1]')] };
    }
    case 'place':
    case 'war':
      return { kind: ph.kind, card: c(ph.card, 'phase.card') };
    case 'excalibur':
      return { kind: 'excalibur', seat: seat(ph.seat, 'phase.seat'), card: c(ph.card, 'phase.card') };
    case 'merlin':
      return {
        kind: 'merlin',
        card: c(ph.card, 'phase.card'),
        waiting: seats(ph.waiting, 'phase.waiting'),
        merlins: seats(ph.merlins, 'phase.merlins'),
      };
    case 'volunteer':
      return {
        kind: 'volunteer',
        card: c(ph.card, 'phase.card'),
        waiting: seats(ph.waiting, 'phase.waiting'),
        volunteers: seats(ph.volunteers, 'phase.volunteers'),
      };
    case 'discard':
      return {
        kind: 'discard',
        card: c(ph.card, 'phase.card'),
        need: arr(ph.need, 'phase.need').map((n, i) => int(n, `phase.need[${i}]`, 0, 3)),
        waiting: seats(ph.waiting, 'phase.waiting'),
      };
    case 'swap':
      return { kind: 'swap', from: seat(ph.from, 'phase.from'), to: seat(ph.to, 'phase.to') };
    case 'clairvoyance':
      return { kind: 'clairvoyance', seat: seat(ph.seat, 'phase.seat'), count: int(ph.count, 'phase.count', 2, 5) };
    case 'kay': {
      const p = obj(ph.pending, 'phase.pending');
      const pending: KayPending =
        p.quest === 'siege'
          ? {
              quest: 'siege',
              sum: int(p.sum, 'phase.pending.sum', 0, 200),
              roll: int(p.roll, 'phase.pending.roll', 1, 8),
            }
          : {
              quest: oneOf(p.quest, 'phase.pending.quest', ['black-knight', 'lancelot'] as const),
              finisher: seat(p.finisher, 'phase.pending.finisher'),
            };
      return { kind: 'kay', seat: seat(ph.seat, 'phase.seat'), pending };
    }
    case 'grail-save':
      return { kind: 'grail-save', seat: seat(ph.seat, 'phase.seat'), dying: seat(ph.dying, 'phase.dying') };
    case 'over':
      return {
        kind: 'over',
        loyalWin: bool(ph.loyalWin, 'phase.loyalWin'),
        reason: typeof ph.reason === 'string' ? ph.reason : fail('phase.reason must be text'),
      };
    default:
      return fail('phase.kind is unknown');
  }
}

/** Every white and black card, wherever it lies (for the accounting check and the tests). */
export function cardsOf(s: ShadowsState): number[] {
  const b = s.board;
  const all = [
    ...s.whiteDeck,
    ...s.whiteDiscard,
    ...s.blackDeck,
    ...s.blackDiscard,
    ...s.knights.flatMap((k) => k.hand),
    ...s.laid.filter((c): c is number => c !== null),
    ...b.blackKnight.white,
    ...b.blackKnight.black.map((p) => p.card),
    ...b.lancelot.white,
    ...b.lancelot.black.map((p) => p.card),
    ...b.grail.grails,
    ...b.grail.blacks,
    ...b.picts.white,
    ...b.saxons.white,
  ];
  const e = s.effects;
  for (const c of [e.mists, e.vivien, e.broceliande, e.mordred?.card ?? null, e.heroism?.card ?? null])
    if (c !== null) all.push(c);
  const p = s.phase;
  if (p.kind === 'armor') all.push(...p.cards);
  if (
    p.kind === 'place' ||
    p.kind === 'excalibur' ||
    p.kind === 'war' ||
    p.kind === 'merlin' ||
    p.kind === 'volunteer' ||
    p.kind === 'discard'
  )
    all.push(p.card);
  return all;
}

export function deserialize(data: unknown): Result<ShadowsState> {
  return readStored(() => readState(data));
}
