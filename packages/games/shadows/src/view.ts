/**
 * What one viewer may know (rules/shadows.md, "Hidden information"): own hand and own loyalty only; face-down
 * black cards hidden (their drawer remembers them); a dead knight's loyalty stays secret; answers in a window
 * stay secret until it closes. `determinize` rebuilds a full state from a view for bots.
 */
import { nextUint32, shuffle, type Outcome, type RngState, type Seat, type Viewer } from '@roundtable/core';
import {
  CARD_BY_ID,
  CARD_COUNT,
  CARD_ID,
  WHITE_COUNT,
  kindOf,
  type Declaration,
  type KnightId,
  type Location,
  type QuestId,
} from './cards.ts';
import { toMove } from './rules.ts';
import { stillUnder } from './state.ts';
import type {
  Board,
  Holder,
  KayPending,
  Loyalty,
  Memory,
  Phase,
  ShadowsOptions,
  ShadowsState,
  TurnState,
  War,
} from './types.ts';

export interface KnightView {
  readonly knight: KnightId;
  readonly life: number;
  readonly alive: boolean;
  readonly location: Location | null;
  readonly handSize: number;
  readonly revealed: boolean;
  readonly accused: boolean;
  readonly declaration: { readonly what: Declaration; readonly quest?: QuestId } | null;
}

/** A black card on a combat quest: its id, or null while it lies face down. */
export interface PlacedView {
  readonly card: string | null;
  readonly by: Seat;
}

export interface BoardView {
  readonly blackKnight: { readonly white: readonly string[]; readonly black: readonly PlacedView[] };
  readonly lancelot: {
    readonly side: 'lancelot' | 'dragon' | 'done';
    readonly white: readonly string[];
    readonly black: readonly PlacedView[];
  };
  readonly excalibur: { readonly pos: number; readonly done: boolean };
  readonly grail: { readonly grails: readonly string[]; readonly blacks: readonly string[]; readonly done: boolean };
  readonly picts: { readonly figures: number; readonly white: readonly string[] };
  readonly saxons: { readonly figures: number; readonly white: readonly string[] };
}

export type PhaseView =
  | { readonly kind: 'lay'; readonly waiting: readonly Seat[] }
  | { readonly kind: 'propose'; readonly seat: Seat }
  | { readonly kind: 'vote'; readonly proposal: readonly Seat[]; readonly waiting: readonly Seat[] }
  | { readonly kind: 'evil' | 'heroic' | 'traitor' | 'armor' }
  | { readonly kind: 'place'; readonly quest: 'black-knight' | 'lancelot' }
  | { readonly kind: 'war'; readonly card: string }
  /**
   * Excalibur's window, shown as part of the Progression of Evil: `seat` (the holder) may cancel the standard
   * black card just drawn. The card is public, except a combat card, which only its drawer sees (`quest` only).
   */
  | { readonly kind: 'evil'; readonly excalibur: ExcaliburWindowView }
  | { readonly kind: 'merlin' | 'volunteer'; readonly card: string; readonly waiting: readonly Seat[] }
  | {
      readonly kind: 'discard';
      readonly card: string;
      readonly need: readonly number[];
      readonly waiting: readonly Seat[];
    }
  | { readonly kind: 'swap'; readonly from: Seat; readonly to: Seat }
  | { readonly kind: 'clairvoyance'; readonly seat: Seat; readonly count: number }
  | { readonly kind: 'kay'; readonly seat: Seat; readonly pending: KayPending }
  | { readonly kind: 'grail-save'; readonly seat: Seat; readonly dying: Seat }
  | { readonly kind: 'over'; readonly loyalWin: boolean; readonly reason: string };

export type ExcaliburWindowView =
  { readonly seat: Seat; readonly card: string } | { readonly seat: Seat; readonly quest: 'black-knight' | 'lancelot' };

/** What only the viewing seat knows. */
export interface PrivateView {
  readonly seat: Seat;
  readonly hand: readonly string[];
  readonly loyalty: Loyalty;
  /** Black cards this seat laid face down and that are still face down. */
  readonly faceDown: readonly {
    readonly quest: 'black-knight' | 'lancelot';
    readonly index: number;
    readonly card: string;
  }[];
  /** Percival, in his Progression of Evil: the top black card. */
  readonly peek?: string;
  /** The two black cards drawn with Lancelot's Armor; the combat card being laid. */
  readonly armor?: readonly [string, string];
  readonly drawn?: string;
  /** Clairvoyance: the top black cards, top first. */
  readonly top?: readonly string[];
  /** This seat's answer in the open window, once given. */
  readonly answer?: string;
  /** What this seat saw in an earlier private step and may still use ("you saw…"); see `Memory`. */
  readonly seen?: SeenView;
}

export interface SeenView {
  /** King Arthur's exchange this seat took part in: with whom, the card it gave and the one it got (null until returned). */
  readonly swap?: { readonly with: Seat; readonly gave: string; readonly got: string | null };
  /** Black cards this seat put under the pile with Lancelot's Armor and still there, lowest first. */
  readonly under?: readonly string[];
  /** The top black cards as this seat left them with Clairvoyance and still on top, top first. */
  readonly top?: readonly string[];
}

/** The part of `memory` that `seat` may still use (rules in `Memory`). */
function seenBy(s: ShadowsState, seat: Seat): SeenView | null {
  const m = s.memory;
  if (!m) return null;
  const out: { -readonly [K in keyof SeenView]: SeenView[K] } = {};
  const sw = m.swap;
  if (sw && (sw.from === seat || sw.to === seat)) {
    const mine = sw.from === seat;
    const gave = mine ? sw.gave : sw.got;
    const got = mine ? sw.got : sw.gave;
    if (gave !== null)
      out.swap = { with: mine ? sw.to : sw.from, gave: CARD_ID[gave]!, got: got === null ? null : CARD_ID[got]! };
  }
  const deck = s.blackDeck;
  const c = m.clairvoyance;
  if (c && c.seat === seat) {
    // The seen cards still on top in the order left: a suffix of them (the first ones were drawn since).
    for (let j = 0; j < c.cards.length; j++) {
      const rest = c.cards.slice(j);
      if (rest.length > deck.length) continue;
      if (rest.every((card, i) => deck[deck.length - 1 - i] === card)) {
        out.top = ids(rest);
        break;
      }
    }
  }
  const under = stillUnder(m.under, deck)
    .filter((u) => u.seat === seat && !(out.top ?? []).includes(CARD_ID[u.card]!))
    .map((u) => u.card);
  if (under.length > 0) out.under = ids(under.reverse()); // lowest (newest) first
  return Object.keys(out).length > 0 ? out : null;
}

export interface ShadowsView {
  readonly game: 'shadows';
  readonly players: number;
  readonly options: ShadowsOptions;
  readonly viewer: Viewer;
  readonly me: PrivateView | null;
  readonly phase: PhaseView;
  readonly toMove: readonly Seat[];
  readonly active: Seat;
  readonly turnNumber: number;
  readonly turn: TurnState;
  readonly knights: readonly KnightView[];
  readonly board: BoardView;
  readonly effects: {
    readonly mists: string | null;
    readonly vivien: string | null;
    readonly broceliande: string | null;
    readonly mordred: { readonly card: string; readonly war: War } | null;
    readonly heroism: { readonly card: string; readonly quest: QuestId } | null;
  };
  readonly whiteSwords: number;
  readonly blackSwords: number;
  readonly siege: number;
  readonly relics: { readonly excalibur: Holder; readonly grail: Holder; readonly armor: Holder };
  readonly whiteDeckSize: number;
  readonly blackDeckSize: number;
  readonly whiteDiscard: readonly string[];
  readonly blackDiscard: readonly string[];
  readonly laid: readonly (string | null)[];
  readonly loyaltyBox: number;
  /** Seats known to be the traitor (unmasked). */
  readonly traitor: Seat | null;
  readonly lastRoll: ShadowsState['lastRoll'];
  readonly outcome: Outcome | null;
}

const ids = (cards: readonly number[]): string[] => cards.map((c) => CARD_ID[c]!);

export function outcomeOf(s: ShadowsState): Outcome | null {
  if (s.phase.kind !== 'over') return null;
  const loyal = s.knights.flatMap((k, i) => (k.loyalty === 'loyal' ? [i] : []));
  const traitor = s.knights.flatMap((k, i) => (k.loyalty === 'traitor' ? [i] : []));
  return {
    winners: s.phase.loyalWin ? loyal : traitor,
    draw: false,
    reason: s.phase.reason,
    scores: s.knights.map(() => (s.phase.kind === 'over' && s.phase.loyalWin ? s.whiteSwords : s.blackSwords)),
  };
}

function phaseView(p: Phase): PhaseView {
  switch (p.kind) {
    case 'vote':
      return { kind: 'vote', proposal: p.proposal, waiting: p.waiting };
    case 'armor':
      return { kind: 'armor' };
    case 'place':
      return { kind: 'place', quest: kindOf(p.card).effect === 'black-knight' ? 'black-knight' : 'lancelot' };
    case 'war':
      return { kind: 'war', card: CARD_ID[p.card]! };
    case 'excalibur': {
      const effect = kindOf(p.card).effect;
      if (effect === 'black-knight' || effect === 'lancelot-dragon') {
        return {
          kind: 'evil',
          excalibur: { seat: p.seat, quest: effect === 'black-knight' ? 'black-knight' : 'lancelot' },
        };
      }
      return { kind: 'evil', excalibur: { seat: p.seat, card: CARD_ID[p.card]! } };
    }
    case 'merlin':
    case 'volunteer':
      return { kind: p.kind, card: CARD_ID[p.card]!, waiting: p.waiting };
    case 'discard':
      return { kind: 'discard', card: CARD_ID[p.card]!, need: p.need, waiting: p.waiting };
    default:
      return p;
  }
}

function answerOf(s: ShadowsState, seat: Seat): string | undefined {
  const p = s.phase;
  if (p.kind === 'vote' && seat !== 0 && !p.waiting.includes(seat))
    return p.refusals.includes(seat) ? 'refuse' : 'accept';
  if (p.kind === 'merlin' && !p.waiting.includes(seat)) {
    const n = p.merlins.filter((x) => x === seat).length;
    return n === 0 ? 'pass' : n === 1 ? 'merlin' : `merlin ${n}`;
  }
  if (p.kind === 'volunteer' && !p.waiting.includes(seat) && s.knights[seat]!.alive && !s.knights[seat]!.revealed) {
    return p.volunteers.includes(seat) ? 'volunteer' : 'pass';
  }
  return undefined;
}

function boardView(b: Board): BoardView {
  const placed = (list: readonly { card: number; down: boolean; by: Seat }[]): PlacedView[] =>
    list.map((p) => ({ card: p.down ? null : CARD_ID[p.card]!, by: p.by }));
  return {
    blackKnight: { white: ids(b.blackKnight.white), black: placed(b.blackKnight.black) },
    lancelot: { side: b.lancelot.side, white: ids(b.lancelot.white), black: placed(b.lancelot.black) },
    excalibur: { ...b.excalibur },
    grail: { grails: ids(b.grail.grails), blacks: ids(b.grail.blacks), done: b.grail.done },
    picts: { figures: b.picts.figures, white: ids(b.picts.white) },
    saxons: { figures: b.saxons.figures, white: ids(b.saxons.white) },
  };
}

export function view(s: ShadowsState, viewer: Viewer): ShadowsView {
  let me: PrivateView | null = null;
  if (viewer !== 'spectator') {
    const k = s.knights[viewer]!;
    const faceDown: { quest: 'black-knight' | 'lancelot'; index: number; card: string }[] = [];
    s.board.blackKnight.black.forEach((p, index) => {
      if (p.down && p.by === viewer) faceDown.push({ quest: 'black-knight', index, card: CARD_ID[p.card]! });
    });
    s.board.lancelot.black.forEach((p, index) => {
      if (p.down && p.by === viewer) faceDown.push({ quest: 'lancelot', index, card: CARD_ID[p.card]! });
    });
    const p = s.phase;
    const mine = s.active === viewer;
    const top = s.blackDeck[s.blackDeck.length - 1];
    const answer = answerOf(s, viewer);
    const seen = seenBy(s, viewer);
    me = {
      seat: viewer,
      hand: ids(k.hand),
      loyalty: k.loyalty,
      faceDown,
      ...(p.kind === 'evil' && mine && k.knight === 'percival' && k.alive && !k.revealed && top !== undefined
        ? { peek: CARD_ID[top]! }
        : {}),
      ...(p.kind === 'armor' && mine ? { armor: [CARD_ID[p.cards[0]]!, CARD_ID[p.cards[1]]!] as const } : {}),
      ...((p.kind === 'place' ||
        (p.kind === 'excalibur' && ['black-knight', 'lancelot-dragon'].includes(kindOf(p.card).effect))) &&
      mine
        ? { drawn: CARD_ID[p.card]! }
        : {}),
      ...(p.kind === 'clairvoyance' && p.seat === viewer
        ? { top: ids(s.blackDeck.slice(s.blackDeck.length - p.count).reverse()) }
        : {}),
      ...(answer !== undefined ? { answer } : {}),
      ...(seen !== null ? { seen } : {}),
    };
  }
  const revealedTraitor = s.knights.findIndex((k) => k.revealed);
  return {
    game: 'shadows',
    players: s.players,
    options: { ...s.options },
    viewer,
    me,
    phase: phaseView(s.phase),
    toMove: [...toMove(s)],
    active: s.active,
    turnNumber: s.turnNumber,
    turn: { ...s.turn, used: [...s.turn.used] },
    knights: s.knights.map((k) => ({
      knight: k.knight,
      life: k.life,
      alive: k.alive,
      location: k.location,
      handSize: k.hand.length,
      revealed: k.revealed,
      accused: k.accused,
      declaration: k.declaration ? { ...k.declaration } : null,
    })),
    board: boardView(s.board),
    effects: {
      mists: s.effects.mists === null ? null : CARD_ID[s.effects.mists]!,
      vivien: s.effects.vivien === null ? null : CARD_ID[s.effects.vivien]!,
      broceliande: s.effects.broceliande === null ? null : CARD_ID[s.effects.broceliande]!,
      mordred: s.effects.mordred ? { card: CARD_ID[s.effects.mordred.card]!, war: s.effects.mordred.war } : null,
      heroism: s.effects.heroism ? { card: CARD_ID[s.effects.heroism.card]!, quest: s.effects.heroism.quest } : null,
    },
    whiteSwords: s.whiteSwords,
    blackSwords: s.blackSwords,
    siege: s.siege,
    relics: { ...s.relics },
    whiteDeckSize: s.whiteDeck.length,
    blackDeckSize: s.blackDeck.length,
    whiteDiscard: ids(s.whiteDiscard),
    blackDiscard: ids(s.blackDiscard),
    laid: s.laid.map((c) => (c === null ? null : CARD_ID[c]!)),
    loyaltyBox: s.loyaltyBox,
    traitor: revealedTraitor >= 0 ? revealedTraitor : null,
    lastRoll: s.lastRoll ? { ...s.lastRoll } : null,
    outcome: outcomeOf(s),
  };
}

const card = (id: string): number => {
  const c = CARD_BY_ID.get(id);
  if (c === undefined) throw new Error(`determinize: unknown card ${id}`);
  return c;
};

/**
 * A full state consistent with `v` as seen by `seat`: other hands and the white pile are dealt from the white
 * cards this seat cannot see; face-down black cards (other than its own) and the black pile from the black cards
 * it cannot see, each face-down card of the right quest; the traitor is placed among the loyalty cards it has
 * not seen (other seats, alive or dead, and the box). Answers of others in an open window are taken as "pass".
 */
export function determinize(v: ShadowsView, seat: Seat, rng: RngState): ShadowsState {
  const me = v.me && v.me.seat === seat ? v.me : null;
  const known = new Set<number>();
  const note = (c: number): number => {
    known.add(c);
    return c;
  };
  const list = (xs: readonly string[]): number[] => xs.map((x) => note(card(x)));
  const hand = list(me?.hand ?? []);
  const whiteDiscard = list(v.whiteDiscard);
  const blackDiscard = list(v.blackDiscard);
  const laid = v.laid.map((x) => (x === null ? null : note(card(x))));
  const b = v.board;
  const bkWhite = list(b.blackKnight.white);
  const lWhite = list(b.lancelot.white);
  const grails = list(b.grail.grails);
  const gBlacks = list(b.grail.blacks);
  const pWhite = list(b.picts.white);
  const sWhite = list(b.saxons.white);
  const eff = v.effects;
  const opt = (x: string | null): number | null => (x === null ? null : note(card(x)));
  const effects = {
    mists: opt(eff.mists),
    vivien: opt(eff.vivien),
    broceliande: opt(eff.broceliande),
    mordred: eff.mordred ? { card: note(card(eff.mordred.card)), war: eff.mordred.war } : null,
    heroism: eff.heroism ? { card: note(card(eff.heroism.card)), quest: eff.heroism.quest } : null,
  };
  const mineDown = new Map<string, number>();
  for (const f of me?.faceDown ?? []) mineDown.set(`${f.quest}/${f.index}`, note(card(f.card)));
  for (const p of [...b.blackKnight.black, ...b.lancelot.black]) if (p.card !== null) note(card(p.card));
  const ph = v.phase;
  const publicCard = 'card' in ph && typeof ph.card === 'string' ? note(card(ph.card)) : null;
  const xw = 'excalibur' in ph ? ph.excalibur : null;
  const xCard = xw !== null && 'card' in xw ? note(card(xw.card)) : null;
  const peek = me?.peek ? note(card(me.peek)) : null;
  const armor = me?.armor ? ([note(card(me.armor[0])), note(card(me.armor[1]))] as const) : null;
  const drawn = me?.drawn ? note(card(me.drawn)) : null;
  // What this seat remembers of the black pile: the top as it ordered it (unless ordering it now), cards under it.
  const seenTop = !me?.top && me?.seen?.top ? me.seen.top.filter((x) => x !== me.peek) : null;
  const top = me?.top ? list(me.top) : seenTop ? list(seenTop) : null;
  const under = me?.seen?.under
    ? list(me.seen.under.filter((x) => x !== me.peek && !(me.top ?? []).includes(x) && !(seenTop ?? []).includes(x)))
    : [];

  const whites: number[] = [];
  const blacks: number[] = [];
  for (let c = 0; c < CARD_COUNT; c++) if (!known.has(c)) (c < WHITE_COUNT ? whites : blacks).push(c);
  shuffle(rng, whites);
  shuffle(rng, blacks);
  const takeBlack = (effect: string | null): number => {
    const i = effect === null ? blacks.length - 1 : blacks.findIndex((c) => kindOf(c).effect === effect);
    if (i < 0) throw new Error('determinize: the view is inconsistent (no black card left for a hidden slot)');
    return blacks.splice(i, 1)[0]!;
  };
  const hidden = (quest: 'black-knight' | 'lancelot', list: readonly { card: string | null; by: Seat }[]) =>
    list.map((p, index) => {
      if (p.card !== null) return { card: card(p.card), down: false, by: p.by };
      const mine = mineDown.get(`${quest}/${index}`);
      return {
        card: mine ?? takeBlack(quest === 'black-knight' ? 'black-knight' : 'lancelot-dragon'),
        down: true,
        by: p.by,
      };
    });
  const bkBlack = hidden('black-knight', b.blackKnight.black);
  const lBlack = hidden('lancelot', b.lancelot.black);

  let phase: Phase;
  switch (ph.kind) {
    case 'vote':
      phase = {
        kind: 'vote',
        proposal: ph.proposal,
        waiting: ph.waiting,
        refusals: me?.answer === 'refuse' ? [seat] : [],
      };
      break;
    case 'armor':
      phase = { kind: 'armor', cards: armor ?? [takeBlack(null), takeBlack(null)] };
      break;
    case 'place':
      phase = {
        kind: 'place',
        card: drawn ?? takeBlack(ph.quest === 'black-knight' ? 'black-knight' : 'lancelot-dragon'),
      };
      break;
    case 'war':
      phase = { kind: 'war', card: publicCard! };
      break;
    case 'evil':
      phase =
        xw === null
          ? { kind: 'evil' }
          : {
              kind: 'excalibur',
              seat: xw.seat,
              card:
                xCard ??
                drawn ??
                takeBlack('quest' in xw && xw.quest === 'black-knight' ? 'black-knight' : 'lancelot-dragon'),
            };
      break;
    case 'merlin': {
      const n = me?.answer === 'merlin' ? 1 : me?.answer?.startsWith('merlin ') ? Number(me.answer.slice(7)) : 0;
      phase = {
        kind: 'merlin',
        card: publicCard!,
        waiting: ph.waiting,
        merlins: Array.from({ length: n }, () => seat),
      };
      break;
    }
    case 'volunteer':
      phase = {
        kind: 'volunteer',
        card: publicCard!,
        waiting: ph.waiting,
        volunteers: me?.answer === 'volunteer' ? [seat] : [],
      };
      break;
    case 'discard':
      phase = { kind: 'discard', card: publicCard!, need: ph.need, waiting: ph.waiting };
      break;
    default:
      phase = ph as Phase;
  }

  // The black pile: cards this seat knows on top (Percival's peek, Clairvoyance), the rest sampled.
  const blackDeck = [
    ...under,
    ...blacks.splice(0, Math.max(0, v.blackDeckSize - (peek !== null ? 1 : 0) - (top?.length ?? 0) - under.length)),
  ];
  if (top) blackDeck.push(...top.slice().reverse());
  if (peek !== null) blackDeck.push(peek);
  if (blacks.length > 0) throw new Error('determinize: the view is inconsistent (black cards left over)');

  const hands = v.knights.map((k, i) => (i === seat ? hand : whites.splice(0, k.handSize)));
  const whiteDeck = whites;

  // Loyalty: the traitor is known once unmasked; otherwise among the cards this seat has not seen.
  let traitor: Seat | null = v.traitor;
  let boxTraitor = false;
  if (traitor === null) {
    if (me?.loyalty === 'traitor') traitor = seat;
    else if (v.options.loyaltyDeck === 'all-loyal') boxTraitor = true;
    else if (v.outcome) {
      // Once over, the winners tell the sides apart.
      const w = v.outcome.winners;
      const t =
        v.phase.kind === 'over' && v.phase.loyalWin ? v.knights.findIndex((_, i) => !w.includes(i)) : (w[0] ?? -1);
      if (t >= 0) traitor = t;
      else boxTraitor = true;
    } else {
      const candidates = v.knights.flatMap((_, i) => (i === seat ? [] : [i]));
      const slots = candidates.length + v.loyaltyBox;
      const pick = slots === 0 ? -1 : Math.floor((nextUint32(rng) / 0x100000000) * slots);
      if (pick >= 0 && pick < candidates.length) traitor = candidates[pick]!;
      else boxTraitor = true;
    }
  }
  // What this seat remembers, rebuilt so that the sample shows it the same (the cards are placed above).
  const seen = me?.seen;
  let memory: Memory | null = null;
  if (seen) {
    const sw = seen.swap;
    const arthur = v.knights[seat]!.knight === 'arthur';
    memory = {
      swap: !sw
        ? null
        : arthur
          ? { from: seat, to: sw.with, gave: card(sw.gave), got: sw.got === null ? null : card(sw.got) }
          : { from: sw.with, to: seat, gave: card(sw.got!), got: card(sw.gave) },
      under: under
        .slice()
        .reverse()
        .map((c) => ({ seat, card: c })),
      clairvoyance: seen.top ? { seat, cards: seen.top.map(card) } : null,
    };
  }
  const next: RngState = [nextUint32(rng), nextUint32(rng), nextUint32(rng), nextUint32(rng)];
  return {
    players: v.players,
    options: { ...v.options },
    rng: next,
    knights: v.knights.map((k, i) => ({
      knight: k.knight,
      life: k.life,
      alive: k.alive,
      location: k.location,
      hand: hands[i]!,
      loyalty: i === traitor ? 'traitor' : 'loyal',
      revealed: k.revealed,
      accused: k.accused,
      declaration: k.declaration ? { ...k.declaration } : null,
    })),
    loyaltyBox: v.loyaltyBox,
    boxTraitor,
    whiteDeck,
    whiteDiscard,
    blackDeck,
    blackDiscard,
    laid,
    board: {
      blackKnight: { white: bkWhite, black: bkBlack },
      lancelot: { side: b.lancelot.side, white: lWhite, black: lBlack },
      excalibur: { ...b.excalibur },
      grail: { grails, blacks: gBlacks, done: b.grail.done },
      picts: { figures: b.picts.figures, white: pWhite },
      saxons: { figures: b.saxons.figures, white: sWhite },
    },
    effects,
    whiteSwords: v.whiteSwords,
    blackSwords: v.blackSwords,
    siege: v.siege,
    relics: { ...v.relics },
    active: v.active,
    turnNumber: v.turnNumber,
    turn: { ...v.turn, used: [...v.turn.used] },
    lastRoll: v.lastRoll ? { ...v.lastRoll } : null,
    ...(memory ? { memory } : {}),
    phase,
  };
}
