import { createRng, nextUint32, type AnyGame, type RngState, type Seat } from '@roundtable/core';
import type { Bot, BotInput, BotMemory, Evaluate } from './bot.ts';
import type { IsmctsTuning } from './ismcts.ts';
import { bestIndex } from './search.ts';
import {
  combatSums,
  fightsAllowed,
  kindOf,
  warNeeds,
  type Move,
  type QuestId,
  type ShadowsState,
} from '@roundtable/shadows';

/**
 * How well the table stands for the loyal side, read only from what every seat sees plus the bot's own hand
 * (the state comes from `determinize`, so other hands, face-down cards and other loyalties are samples: the
 * score leans on public things). Swords count most, then siege engines (12 lose), then the quests' progress,
 * then the knights' life and cards.
 */
function table(s: ShadowsState): number {
  let g = 0;
  g += 45 * s.whiteSwords - 60 * s.blackSwords;
  if (s.blackSwords >= 5) g -= 80 * (s.blackSwords - 4);
  g -= 22 * s.siege;
  if (s.siege >= 9) g -= 60 * (s.siege - 8);
  const b = s.board;
  const bk = combatSums(s, 'black-knight');
  g += 3 * b.blackKnight.white.length + Math.max(-10, Math.min(10, bk.white - bk.black));
  if (b.lancelot.side !== 'done') {
    const l = combatSums(s, 'lancelot');
    g += 3 * b.lancelot.white.length + Math.max(-12, Math.min(12, l.white - l.black));
  }
  if (!b.excalibur.done) g += 8 * b.excalibur.pos;
  if (!b.grail.done) g += 8 * (b.grail.grails.length - b.grail.blacks.length);
  for (const war of [b.picts, b.saxons]) g += 6 * war.white.length - 12 * war.figures - (war.figures >= 3 ? 15 : 0);
  for (const k of s.knights) {
    if (!k.alive || k.revealed) continue;
    g += presence(s, k.location);
    g +=
      14 * Math.min(k.life, 4) +
      3 * Math.max(0, k.life - 4) -
      (k.life <= 2 ? 12 : 0) +
      4 * Math.min(k.hand.length, 8) +
      Math.max(0, Math.min(k.hand.length, 12) - 8);
    if (k.life === 1) g -= 10;
  }
  g -= 40 * s.knights.filter((k) => !k.alive).length;
  return g;
}

/**
 * The searcher's measure of loyal progress (what a truncated rollout ends on): swords above all (black ones
 * more, 7 lose), siege engines (12 lose), the quests' tracks, then each knight's life (a death costs a knight's
 * turns for the rest of the game) and cards.
 */
export function loyalProgress(s: ShadowsState): number {
  let g = 100 * s.whiteSwords - 130 * s.blackSwords;
  if (s.blackSwords >= 4) g -= 60 * (s.blackSwords - 3);
  g -= 30 * s.siege;
  if (s.siege >= 8) g -= 60 * (s.siege - 7);
  const b = s.board;
  if (!b.excalibur.done) g += 15 * b.excalibur.pos;
  if (!b.grail.done) g += 12 * (b.grail.grails.length - b.grail.blacks.length);
  for (const war of [b.picts, b.saxons]) g += 12 * war.white.length - 25 * war.figures;
  const bk = combatSums(s, 'black-knight');
  g +=
    4 * b.blackKnight.white.length - 8 * b.blackKnight.black.length + Math.max(-15, Math.min(15, bk.white - bk.black));
  if (b.lancelot.side !== 'done') {
    const l = combatSums(s, 'lancelot');
    g += 4 * b.lancelot.white.length - 8 * b.lancelot.black.length + Math.max(-15, Math.min(15, l.white - l.black));
  }
  for (const k of s.knights) {
    if (!k.alive) {
      g -= 200;
      continue;
    }
    if (k.revealed) continue;
    g +=
      40 * Math.min(k.life, 4) +
      15 * Math.max(0, k.life - 4) -
      (k.life === 1 ? 40 : 0) +
      5 * Math.min(k.hand.length, 10);
  }
  return g;
}

/** A knight on a quest is worth more where evil is closest to winning it (a knight at Camelot fights engines). */
function presence(s: ShadowsState, loc: string | null): number {
  const b = s.board;
  switch (loc) {
    case 'black-knight':
      return 6 + 3 * b.blackKnight.black.length;
    case 'lancelot':
      return 8 + 3 * b.lancelot.black.length;
    case 'excalibur':
      return 6 + Math.max(0, -b.excalibur.pos) * 3;
    case 'grail':
      return 8 + 2 * b.grail.blacks.length;
    case 'picts':
    case 'saxons':
      return 6 + 5 * b[loc].figures;
    case 'camelot':
      return 2 * Math.min(s.siege, 6);
    default:
      return 0;
  }
}

/** Cards the seat holds that it can play where it stands: a knight goes (and stays) where his hand helps. */
function usable(s: ShadowsState, seat: Seat): number {
  const k = s.knights[seat]!;
  let n = 0;
  for (const c of k.hand) {
    const kind = kindOf(c);
    switch (k.location) {
      case 'excalibur':
        n++;
        break;
      case 'grail':
        if (kind.effect === 'grail') n++;
        break;
      case 'black-knight':
      case 'lancelot':
        if (kind.effect === 'fight') n++;
        break;
      case 'picts':
      case 'saxons':
        if (kind.effect === 'fight' && kind.value === Math.min(5, s.board[k.location].white.length + 1)) n += 2;
        break;
      case 'camelot':
        if (kind.effect === 'fight' && s.siege > 0) n += 0.5;
        break;
    }
  }
  return n > 0 ? 6 + Math.min(n, 6) : 0;
}

/** About what one black card costs the loyal side on average (a siege engine costs 22). */
const BLACK_CARD_COST = 16;

/**
 * The greedy bot's score for `seat` after one move, for a loyal knight and for the traitor alike. A loyal
 * knight raises the table's score and never accuses on the strength of one sampled state (the sample's traitor
 * is a guess). The traitor lowers it, keeps his cover while it is worth having, and accuses only loyal knights
 * (he knows them).
 */
export const shadowsGreedy: Evaluate = (_game, before: ShadowsState, after: ShadowsState, seat: Seat): number => {
  const me = after.knights[seat]!;
  if (after.phase.kind === 'over') {
    const loyalWin = after.phase.loyalWin;
    return (me.loyalty === 'loyal') === loyalWin ? 1e6 : -1e6;
  }
  let g = table(after);
  // A black card drawn in a sampled state shows one possible card: score its average cost instead.
  if (
    before.phase.kind === 'evil' &&
    after.siege === before.siege &&
    after.knights[seat]!.life === before.knights[seat]!.life &&
    !before.knights[seat]!.revealed
  ) {
    g = table(before) - BLACK_CARD_COST;
  }
  const accused = me.accused && !before.knights[seat]!.accused;
  if (me.loyalty === 'loyal') {
    let score = g + usable(after, seat);
    if (accused) score -= 60; // a guess from one sample: not worth a black sword
    if (after.turn.used.length > before.turn.used.length && after.active === seat && after.turn.used.length === 2)
      score -= 4;
    return score;
  }
  let score = -g + 4 * me.life;
  if (me.revealed && !before.knights[seat]!.revealed && after.whiteSwords + after.blackSwords < 10) score -= 120;
  if (accused) score += 25;
  return score;
};

/**
 * How much better (mean reward, in [0, 1]) the searched move must look than the rule of thumb's for the bot to
 * leave the rule of thumb: the truncated rollouts end on an estimate, and a short search's small differences
 * are mostly noise (measured: following every difference lost games the rule of thumb wins).
 */
export const SEARCH_MARGIN = 0.05;

/**
 * The tuning the shadows ISMCTS bot searches with (packages/games/shadows/BOTS.md): truncated rollouts that
 * follow the rule-of-thumb policy below for `playoutDepth` moves, then `loyalProgress` for each side; the
 * policy's scores order and widen every node (`widening`) and bias the root; at most `sampleWidth` moves are
 * tried per visit of a node with more (the opening proposal: 720 moves at 6 players, 5,040 at 7).
 */
export const shadowsTuning: IsmctsTuning = {
  ...shadowsTuningWith(undefined),
  annotate: (game: AnyGame, view: unknown, seat: Seat, memory: BotMemory) => {
    // Any sample will do: the watch reads only public facts, the same in every sample.
    const w = watchIn(memory);
    watchTable(game.determinize(view, seat, createRng('watch')) as ShadowsState, w);
    return { ...(view as object), watch: w };
  },
  remembering: (view: unknown) => shadowsTuningWith((view as { watch?: Watch }).watch),
  beliefs: (game: AnyGame, view: unknown, seat: Seat, memory: BotMemory) => {
    const w = watchIn(memory);
    const s = game.determinize(view, seat, createRng('watch')) as ShadowsState;
    watchTable(s, w);
    if (s.knights[seat]!.loyalty === 'traitor' || s.options.loyaltyDeck === 'all-loyal') return null;
    return traitorBelief(s, seat, w);
  },
};

/** The tuning's hooks reading the table with the match's watch `w` (none: every unknown seat equally suspect). */
export function shadowsTuningWith(w: Watch | undefined): IsmctsTuning {
  return {
    evaluate: (game: AnyGame, state: ShadowsState) => {
      // On the scale of a finished game's rewards (reward.ts), where a win is shared among the winners: the
      // loyal knights' chance is split among them, or a won game would look worse than a good position.
      const p = 1 / (1 + Math.exp(-loyalProgress(state) / 150));
      const loyal = state.knights.filter((k) => k.loyalty === 'loyal').length;
      return state.knights.map((k) => (k.loyalty === 'traitor' ? 1 - p : p / loyal));
    },
    playoutDepth: 12,
    playoutPolicy: (_game: AnyGame, state: ShadowsState, seat: Seat, moves: readonly Move[], rng: RngState) =>
      shadowsPolicy(state, seat, moves, rng, w),
    prior: (_game: AnyGame, state: ShadowsState, seat: Seat, moves: readonly Move[]) =>
      shadowsPolicyScores(state, seat, moves, w),
    priorWeight: 0.5,
    exploration: 0.4,
    sampleWidth: 40,
    widening: true,
    priorMargin: SEARCH_MARGIN,
    determinize: (game: AnyGame, view: unknown, seat: Seat, rng: RngState) =>
      beliefDeterminize(game.determinize(view, seat, rng) as ShadowsState, seat, rng, w),
  };
}

/**
 * A loyal knight's search samples the traitor's seat from his belief (`traitorBelief`: the table's public record)
 * rather than uniformly among the loyalty cards he has not seen, so that the samples agree with what he has
 * read of the table, and an accusation the belief supports is not overruled by samples where another seat is
 * the traitor. `s` comes from `determinize` (the hands and decks are unchanged; only the loyalties move). The
 * traitor himself, a game without a traitor, one with the traitor unmasked or over: `s` as it is.
 */
export function beliefDeterminize(s: ShadowsState, seat: Seat, rng: RngState, w?: Watch): ShadowsState {
  if (
    s.phase.kind === 'over' ||
    s.options.loyaltyDeck === 'all-loyal' ||
    s.knights[seat]!.loyalty === 'traitor' ||
    s.knights.some((k) => k.revealed)
  )
    return s;
  const belief = traitorBelief(s, seat, w);
  let u = nextUint32(rng) / 0x100000000;
  let traitor = -1;
  for (let i = 0; i < belief.length; i++) {
    u -= belief[i]!;
    if (u < 0) {
      traitor = i;
      break;
    }
  }
  // What is left of the belief is the box's (the unseen loyalty cards no knight holds); none when it is empty.
  if (traitor < 0 && s.loyaltyBox === 0) traitor = belief.reduce((best, p, i) => (p > 0 ? i : best), -1);
  return {
    ...s,
    knights: s.knights.map((k, i) => ({ ...k, loyalty: i === traitor ? 'traitor' : 'loyal' })),
    boxTraitor: traitor < 0,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// A cheap rule-of-thumb policy: the rollouts' moves and the root's prior. It scores moves without playing them.

const fightOf = (card: string): number => (card.startsWith('fight-') ? Number(card.slice(6)) : 0);

/** What the hand could do on each quest now (a count of useful cards, more for a quest close to its end). */
function questValue(s: ShadowsState, seat: Seat, quest: QuestId): number {
  const k = s.knights[seat]!;
  const b = s.board;
  let fights = 0;
  let grails = 0;
  const values = new Set<number>();
  for (const c of k.hand) {
    const kind = kindOf(c);
    if (kind.effect === 'fight') {
      fights++;
      values.add(kind.value);
    } else if (kind.effect === 'grail') grails++;
  }
  switch (quest) {
    case 'grail':
      if (b.grail.done || s.effects.broceliande !== null) return -1;
      return grails === 0 ? -1 : 3 * grails + b.grail.blacks.length + b.grail.grails.length;
    case 'excalibur':
      if (b.excalibur.done) return -1;
      // Any white card pushes the sword: the quest for a full hand, and the urgent one as it nears oblivion.
      return k.hand.length >= 2 ? EXC_BASE + Math.min(k.hand.length - 1, 5) + 2 * Math.abs(b.excalibur.pos) : -1;
    case 'picts':
    case 'saxons': {
      const need = warNeeds(s, quest);
      if (need === null || !values.has(need)) return -1;
      let run = 0;
      for (let v = need; v <= 5 && values.has(v); v++) run++;
      return 2 + 2 * run + 2 * b[quest].figures;
    }
    case 'black-knight':
    case 'lancelot': {
      if (quest === 'lancelot' && b.lancelot.side === 'done') return -1;
      const allowed = fightsAllowed(s, quest, k.hand).length;
      if (allowed === 0 || fights < 2) return -1;
      return (
        1 +
        fights +
        (quest === 'lancelot' ? 1 : 0) +
        (quest === 'black-knight' ? b.blackKnight.black.length : b.lancelot.black.length)
      );
    }
  }
}

/**
 * Measured with the policy alone (4 players, no traitor, 100 games): Excalibur as the first group quest (any
 * card pushes it; 15 of the 76 black cards pull it back) took the loyal win rate from 6% to ~20%; siege
 * engines while fewer than 4 (then black cards) and fighting engines only from 7 took it to ~75% (more engines
 * early lose to the siege, fewer lose to black swords; fighting earlier stalls the game: an engine added, an
 * engine removed, no black card ever drawn).
 */
const EXC_BASE = 6;
/**
 * From this turn on the game has stalled (measured: "exhaustion" endings at the turn cap, Excalibur cancelling
 * every black card at 10–11 swords): the loyal knights stop cancelling, so that the swords come.
 */
const STALL_TURN = 330;
/**
 * Engines are added while fewer than this stand (then black cards are drawn). Measured with the rule of thumb in
 * every seat, 400 games per cell, seed dev (Merlins answering): 4 players with a traitor 44% (3), 49% (4), 53%
 * (5), 41% (6); without 72%, 76%, 78%, 58%; 6 players with a traitor 63% (4), 76% (5); without 89%, 92%.
 */
const SIEGE_EVIL = 5;
/**
 * How much less a quest is worth per other knight already on it (Excalibur excepted). Measured with the rule
 * of thumb in every seat, 200 games, seed dev, the traitor hiding: 4 players with a traitor 35% → 41% (1),
 * 43% (1.5), 43% (2.5); without 76% → 78% (1), 75% (1.5), 73% (2.5); 6 players with a traitor 51% → 56% (1),
 * without 81% (1).
 */
const SPREAD = 1;
const SIEGE_FIGHT = 7;

/**
 * The special black cards worth 3 Merlin cards (the Merlin window): 3 more black cards, 2 engines, a life point
 * from every knight, a black sword more for every lost quest. Measured with the rule of thumb in every seat, 400
 * games, seed dev: 4 players with a traitor 42% (never answering) → 44% (Morgan 3 only) → 49% (these four; with
 * every special card as well: 49%); 6 players 56% → 63%; without a traitor unchanged (76%, 84% → 89%).
 */
const MERLIN_CANCEL: ReadonlySet<string> = new Set(['morgan-2', 'morgan-3', 'morgan-4', 'mists']);
/** Is the special black card `card` worth 3 Merlin cards? */
const cancelWorth = (card: number): boolean => MERLIN_CANCEL.has(kindOf(card).effect);

/** The quests several knights work on together (the others are fought alone, or by one knight at a time). */
const GROUP_QUESTS: ReadonlySet<string> = new Set(['excalibur', 'grail', 'picts', 'saxons']);
/** A declaration is free: it comes before the action (above any action's score, the traitor's keen draw too). */
const DECLARE = 9.5;
/**
 * How much more a quest is worth per knight there who declared he can help on it (`declare help <quest>`), a
 * person or a bot: he calls for company, so joining him is not spreading thin (`SPREAD` is waived for him).
 */
const CALLED = 1.5;

/** How many knights on `quest` other than `seat`, not believed the traitor, have declared they can help on it. */
function calledBy(s: ShadowsState, seat: Seat, quest: QuestId, w: Watch | undefined): number {
  let n = 0;
  let belief: number[] | null = null;
  for (let i = 0; i < s.knights.length; i++) {
    const o = s.knights[i]!;
    if (
      i === seat ||
      !o.alive ||
      o.revealed ||
      o.location !== quest ||
      o.declaration?.what !== 'help' ||
      o.declaration.quest !== quest
    )
      continue;
    belief ??= traitorBelief(s, seat, w);
    if ((belief[i] ?? 0) < 0.5) n++;
  }
  return n;
}

/**
 * What a knight tells the table (rules: never a card's value; `declare strong|weak|help <quest>`): he can help
 * on the quest his hand helps most among the Grail and the wars (the group quest he stands on first), or, with at most 2 cards and no such
 * quest, that he is weak (he will draw). Nothing else. The traitor, hiding, says the same as a loyal knight with
 * his hand would, and then plays his cards more slowly: a lie the table cannot tell from the words.
 */
export function declarationFor(s: ShadowsState, seat: Seat): { what: 'help' | 'weak'; quest?: QuestId } | null {
  if (s.phase.kind !== 'heroic') return null;
  const k = s.knights[seat]!;
  const here = k.location;
  if (here !== null && here !== 'camelot' && GROUP_QUESTS.has(here) && questValue(s, seat, here as QuestId) >= 0)
    return { what: 'help', quest: here as QuestId };
  let best: QuestId | null = null;
  let bestV = -1;
  // Excalibur is pushed by any card: "I can help" says nothing there unless he stands on it.
  for (const q of ['grail', 'picts', 'saxons'] as const) {
    const v = questValue(s, seat, q);
    if (v > bestV) {
      best = q;
      bestV = v;
    }
  }
  if (best !== null) return { what: 'help', quest: best };
  return k.hand.length <= 2 ? { what: 'weak' } : null;
}

/** A white card's worth in hand (lowest goes first when a card must go). */
function cardWorth(id: string): number {
  const v = fightOf(id);
  if (v > 0) return v;
  if (id === 'grail') return 6;
  if (id === 'merlin') return 8;
  return 7;
}

function loyalScore(s: ShadowsState, seat: Seat, m: Move, w: Watch | undefined): number {
  const k = s.knights[seat]!;
  switch (m.type) {
    case 'evil':
      if (m.choice === 'life') return k.life >= 5 && s.siege >= 8 ? 2 : -5;
      // Engines are cheap early; later the black cards must come, or the game stalls (the 400-turn loss).
      if (m.choice === 'siege') return s.siege < SIEGE_EVIL ? 3 : s.siege < 8 ? 1 : -3;
      return 2;
    case 'accept':
      return 1;
    case 'place':
      return m.face === 'down' ? 1 : 0;
    case 'excalibur':
      // A long game has stalled (Excalibur cancels every black card, no quest left to end): let them come.
      return s.turnNumber < STALL_TURN ? 5 : -1;
    case 'save':
      return 5;
    case 'war':
      return -s.board[m.war].figures;
    case 'merlin':
      // Merlins offered cost nothing unless 3 come together (the card is then cancelled): offer them all
      // against the special cards that hurt most.
      return s.phase.kind === 'merlin' && cancelWorth(s.phase.card) ? m.count : -m.count;
    case 'volunteer':
      return -2;
    case 'discard':
      return -m.cards.reduce((a, c) => a + cardWorth(c), 0);
    case 'lay':
      return -cardWorth(m.card) / 10;
    case 'push':
      return (s.board.excalibur.pos < 0 ? 5.2 : 4) - cardWorth(m.card) / 10;
    case 'keep':
      return 0;
    case 'kay':
      return 3;
    case 'draw':
      return k.hand.length < 5 ? 6 : k.hand.length < 8 ? 3 : 0.5;
    case 'fight':
      return 5 + fightOf(m.card) / 10;
    case 'grail':
      return 5.5;
    case 'siege': {
      const sum = m.cards.reduce((a, c) => a + fightOf(c), 0);
      if (s.siege < SIEGE_FIGHT) return -1;
      return sum >= 8 ? 4 - m.cards.length / 10 : sum >= 6 ? 2 - m.cards.length / 10 : -1;
    }
    case 'move': {
      if (m.to === 'camelot') return k.location === 'camelot' ? -9 : 1.5;
      const v = questValue(s, seat, m.to);
      if (v < 0) return -3;
      // Knights spread over the quests rather than pile on one (Excalibur, pushed by any card, excepted).
      const there =
        m.to === 'excalibur'
          ? 0
          : s.knights.filter((o, i) => i !== seat && o.alive && !o.revealed && o.location === m.to).length;
      // A knight who has nothing to do where he stands joins one who called for company.
      const idle = k.location === 'camelot' || k.location === null || questValue(s, seat, k.location) < 0;
      return 1 + v / 3 - SPREAD * there + (idle && GROUP_QUESTS.has(m.to) ? CALLED * calledBy(s, seat, m.to, w) : 0);
    }
    case 'heal':
      return k.life <= 2 ? 4.5 : -1;
    case 'play':
      switch (m.card) {
        case 'merlin':
          return m.arg === 'siege'
            ? s.siege >= 6
              ? 4.6
              : -1
            : m.arg === 'picts' || m.arg === 'saxons'
              ? s.board[m.arg].figures >= 3
                ? 4.7
                : -1
              : -1;
        case 'piety':
          return m.arg === 'self' ? (k.life <= 2 ? 4.8 : -1) : -1;
        case 'reinforcements':
          return m.arg === 'self' && k.hand.length < 6 ? 4 : -1;
        case 'lady':
          return s.board.excalibur.done ? -1 : 3.5;
        default:
          return -1;
      }
    case 'accuse': {
      const swords = s.whiteSwords + s.blackSwords;
      if (swords < ACCUSE_SWORDS) return -6;
      const belief = traitorBelief(s, seat, w);
      const p = belief[m.target]!;
      // At 11 swords a knight all but sure accuses even when the swords would win anyway: it costs nothing then.
      if (swords >= SURE_SWORDS && p >= ACCUSE_SURE) return 8 + p;
      return p >= ACCUSE_BELIEF && accusationGain(s, seat, m.target, belief) > ACCUSE_GAIN ? 8 + p : -6;
    }
    case 'declare': {
      // Free table talk, said once (the declaration stays on the table until the next one).
      const want = declarationFor(s, seat);
      const said = k.declaration;
      if (!want || want.what !== m.what || want.quest !== m.quest) return -6;
      return said && said.what === want.what && said.quest === want.quest ? -6 : DECLARE;
    }
    case 'reveal':
    case 'give':
      return -6;
    case 'end':
      return s.turn.used.length > 0 ? 0 : -9;
    default:
      return 0;
  }
}

/**
 * The traitor's rule of thumb: hide. In public he does what a loyal knight would (he goes where his hand would
 * help, he draws, he chooses his Progression of Evil as they do), and he sabotages where nobody can tell or
 * where it looks like bad luck: he never answers a Merlin nor cancels with Excalibur, is a little
 * slower than a loyal knight to play his cards on a quest and quicker to draw, and never unmasks himself (a
 * hidden traitor turns 2 white swords black at the end). His tell is the one a table can see: a knight who
 * draws and keeps his cards. (Measured: a traitor who hoarded every card and added engines won 92–98 games in
 * 100 against the loyal rule of thumb, even caught 8 times in 10, but any table would see him at once.)
 */
function traitorScore(s: ShadowsState, seat: Seat, m: Move, w: Watch | undefined): number {
  switch (m.type) {
    case 'evil':
      // As a loyal knight chooses (engines while few, then black cards): the choice is public, and a knight
      // who draws black cards while the loyal rule adds engines shows himself (measured with the rule of
      // thumb in every seat, 200 games: the loyal side won 40% at 4 players and 55% at 6 against a traitor who
      // always drew black, 35% and 51% against this one; accusations right 96% and 85% against 53% and 56%).
      return m.choice === 'life' ? -5 : loyalScore(s, seat, m, w);
    case 'merlin':
    case 'excalibur':
    case 'save':
      return -2;
    case 'war':
      return s.board[m.war].figures;
    case 'target':
      return s.knights[m.target]!.hand.length;
    case 'reveal':
      return -9;
    case 'fight':
    case 'push':
    case 'grail':
    case 'siege':
      // Playing on a quest: as a loyal knight would, a little less keenly.
      return loyalScore(s, seat, m, w) - TRAITOR_RELUCTANCE;
    case 'draw':
      return loyalScore(s, seat, m, w) + TRAITOR_RELUCTANCE;
    default:
      return loyalScore(s, seat, m, w);
  }
}

/** How much less keen than a loyal knight the traitor is to play a card on a quest (and keener to draw). */
const TRAITOR_RELUCTANCE = 1.5;

/**
 * What the table has seen of each knight so far (public facts only, the same for every seat), kept per match:
 * - at each game turn, how many cards each knight on a quest holds beyond the mean of the knights on quests (at
 *   Camelot a loyal knight draws to go, so a big hand there says nothing): a loyal knight draws to play, the
 *   traitor, slower to play, keeps more;
 * - each seat's Progression of Evil, when the bots saw the choice being made (the table before it, then after):
 *   while fewer than `SIEGE_EVIL` engines stand, the loyal rule of thumb adds an engine and a knight who draws a
 *   black card instead plays like the traitor (`EVIL_TELL`, a log-likelihood ratio per choice);
 * - wrong accusations: the accused is loyal (the sword turned black), and the accuser is a bot that named its
 *   top suspect, so that suspect is cleared (`CLEARED`);
 * - each knight's heroic turn, once over (`readTurn`, `judgeTurn`: Excalibur pushed or not, a declared quest
 *   played on or not, engines fought or not, a new declaration), and the answer windows (Merlins spent in a
 *   cancel, Excalibur's cancel or pass): the searching traitor's tells, measured (BOTS.md, fourth round).
 * One record per match, kept in the match's bot memory (`BotMemory`, dropped with the match) and shared by its
 * bot seats, since it holds only what the whole table saw; a turn number lower than the last one seen starts it
 * afresh (the memory was handed another match).
 */
export interface Watch {
  turn: number;
  /** Per seat: the sum of (hand − mean hand) over the turns seen, and how many turns. */
  readonly excess: number[];
  readonly turns: number[];
  /** Per seat: the log-likelihood ratio traitor / loyal from the actions seen (evil choices, accusations). */
  readonly llr: number[];
  /** The last table seen, to tell what happened since (`null`: none yet). */
  last: Snapshot | null;
  /** The last turn whose Progression of Evil was read (one per turn). */
  evilTurn: number;
  /** The heroic turn being watched (what the table showed when it began, and since), if any. */
  heroic: TurnSeen | null;
  /** The last turn whose heroic stage was watched (one per turn). */
  heroicTurn: number;
}
/** A knight's heroic turn as the table saw it: where he stood, his hand and word, the board when it began. */
interface TurnSeen {
  readonly turn: number;
  readonly seat: Seat;
  readonly loc: string | null;
  readonly hand: number;
  /** He had declared he can help on the quest he stood on. */
  readonly help: boolean;
  readonly siege: number;
  readonly excOpen: boolean;
  readonly start: TurnMarks;
  end: TurnMarks;
}
/** What a heroic turn can change that tells: Excalibur's track, the quest he stood on, the last siege roll. */
interface TurnMarks {
  readonly exc: string;
  readonly quest: string;
  readonly roll: string;
  /** His declaration. */
  readonly said: string;
}
interface Snapshot {
  readonly turn: number;
  readonly active: Seat;
  readonly evil: boolean;
  readonly siege: number;
  readonly deck: number;
  readonly discard: number;
  readonly life: readonly number[];
  readonly accused: readonly boolean[];
  readonly white: number;
  readonly black: number;
  /** Each seat's top suspect then (what that seat would accuse). */
  readonly suspect: readonly number[];
  /** Each seat's hand size (public). */
  readonly hands: readonly number[];
  /** A Merlin window open (3 Merlins cancel the special card), or Excalibur's holder asked (−1: neither). */
  readonly merlin: boolean;
  readonly excaliburHolder: number;
}
/** Where a match's bot memory keeps the Chevaliers' watch of the table. */
const SLOT = 'shadows:watch';

/** The watch kept in `memory`, a new one if it has none yet. */
export function watchIn(memory: BotMemory): Watch {
  let w = memory[SLOT] as Watch | undefined;
  if (!w) {
    w = newWatch();
    memory[SLOT] = w;
  }
  return w;
}

/** A watch that has seen nothing yet. */
export function newWatch(): Watch {
  return {
    turn: -1,
    excess: [],
    turns: [],
    llr: [],
    last: null,
    evilTurn: -1,
    heroic: null,
    heroicTurn: -1,
  };
}

/** The log-likelihood ratio (traitor / loyal) of drawing a black card where the loyal rule adds an engine. */
const EVIL_TELL = 1.2;
/** ... of adding an engine where the loyal rule draws a black card (its rollouts and search rarely do). */
const ENGINE_TELL = 1.5;
/** ... and the ratio's log for a knight whom a wrong accusation showed loyal (soft: the target is inferred). */
const CLEARED = -4;
/**
 * The tells of a heroic turn and of the answer windows, log-likelihood ratios traitor / loyal measured on the
 * bench's games (BOTS.md, issue 16, fourth round), shrunk toward 0 since the turns of one knight are not
 * independent. On Excalibur with 2 cards or more: pushed it / did not.
 */
const EXC_PUSH = -2.5;
const EXC_IDLE = 1.2;
/** On a quest he declared he can help on (not Excalibur): played there (or helped) / did not. */
const HELP_PLAYED = -0.3;
const HELP_IDLE = 0.4;
/** At Camelot with `SIEGE_FIGHT` engines or more: fought them / did not. */
const SIEGE_FOUGHT = -1.5;
const SIEGE_IDLE = 0.1;
/** Said something new (a declaration other than his last) in the turn / did not. */
const DECLARED = 0.4;
const QUIET = -0.2;
/** Spent a Merlin in a cancel (3 Merlins together, the hands show whose). */
const MERLIN_SPENT = -2.5;
/** Excalibur's holder cancelled a black card / let it come (before the stalled game's turn). */
const EXCALIBUR_CANCEL = -1;
const EXCALIBUR_PASS = 2.5;

/**
 * Records what the table shows now (called by the bots with a state sampled from their view, before they
 * choose: only public facts are read, never a sampled one). Rollouts never call it.
 */
export function watchTable(s: ShadowsState, w: Watch): void {
  if (s.turnNumber < w.turn || w.excess.length !== s.knights.length) {
    Object.assign(w, newWatch(), {
      excess: s.knights.map(() => 0),
      turns: s.knights.map(() => 0),
      llr: s.knights.map(() => 0),
    });
  }
  readActions(s, w);
  readTurn(s, w);
  w.last = {
    turn: s.turnNumber,
    active: s.active,
    evil: s.phase.kind === 'evil' && s.turn.stage === 'evil',
    siege: s.siege,
    deck: s.blackDeck.length,
    discard: s.blackDiscard.length,
    life: s.knights.map((k) => k.life),
    accused: s.knights.map((k) => k.accused),
    white: s.whiteSwords,
    black: s.blackSwords,
    suspect: s.knights.map((_, seat) => topSuspect(s, w, seat)),
    hands: s.knights.map((k) => k.hand.length),
    merlin: s.phase.kind === 'merlin',
    excaliburHolder: s.phase.kind === 'excalibur' ? s.phase.seat : -1,
  };
  if (s.turnNumber <= w.turn) return;
  w.turn = s.turnNumber;
  const inPlay = s.knights.flatMap((k, i) => (k.alive && !k.revealed && k.location !== 'camelot' ? [i] : []));
  if (inPlay.length < 2) return;
  const mean = inPlay.reduce((a, i) => a + s.knights[i]!.hand.length, 0) / inPlay.length;
  for (const i of inPlay) {
    w.excess[i]! += s.knights[i]!.hand.length - mean;
    w.turns[i]!++;
  }
}

/** What happened between the last table seen and this one, where it tells loyalties apart. */
function readActions(s: ShadowsState, w: Watch): void {
  const last = w.last;
  if (!last) return;
  // The Progression of Evil of the active seat, seen being chosen (the same turn, the choice since made).
  if (
    last.evil &&
    s.turnNumber === last.turn &&
    s.active === last.active &&
    w.evilTurn !== last.turn &&
    !(s.phase.kind === 'evil' && s.turn.stage === 'evil' && s.siege === last.siege && s.blackDeck.length === last.deck)
  ) {
    w.evilTurn = last.turn;
    const drew = s.blackDeck.length !== last.deck || s.blackDiscard.length !== last.discard;
    const engine = !drew && s.siege === last.siege + 1;
    // Below SIEGE_EVIL engines the loyal rule adds one; from there on it draws a black card.
    if (drew || engine)
      w.llr[last.active]! +=
        last.siege < SIEGE_EVIL ? (drew ? EVIL_TELL : -EVIL_TELL) : engine ? ENGINE_TELL : -ENGINE_TELL / 8;
  }
  // A Merlin window closed on a cancel: the 3 Merlins offered left their knights' hands (the traitor offers none).
  if (last.merlin && s.phase.kind !== 'merlin') {
    const drops = s.knights.map((k, i) => last.hands[i]! - k.hand.length);
    if (drops.every((d) => d >= 0) && drops.reduce((a, d) => a + d, 0) === 3)
      drops.forEach((d, i) => d > 0 && (w.llr[i]! += MERLIN_SPENT));
  }
  // Excalibur's holder asked to cancel a black card: cancelled, the card alone went to the discard (no engine).
  if (
    last.excaliburHolder >= 0 &&
    s.phase.kind !== 'excalibur' &&
    s.turnNumber === last.turn &&
    last.turn < STALL_TURN
  ) {
    const cancelled = s.blackDiscard.length === last.discard + 1 && s.siege === last.siege;
    w.llr[last.excaliburHolder]! += cancelled ? EXCALIBUR_CANCEL : EXCALIBUR_PASS;
  }
  // A wrong accusation: the accuser's white sword turned black and nobody was unmasked.
  if (!s.knights.some((k) => k.revealed)) {
    for (let a = 0; a < s.knights.length; a++) {
      if (!s.knights[a]!.accused || last.accused[a]) continue;
      const target = last.suspect[a]!;
      if (target >= 0 && s.blackSwords > last.black) w.llr[target]! += CLEARED;
    }
  }
}

/** What a heroic turn can change that tells (signatures compared between the turn's start and end). */
function marks(s: ShadowsState, seat: Seat, loc: string | null): TurnMarks {
  const b = s.board;
  let quest = '';
  switch (loc) {
    case 'grail':
      quest = `${b.grail.grails.length}/${b.grail.done}`;
      break;
    case 'picts':
    case 'saxons':
      quest = `${b[loc].white.length}/${b[loc].figures}`;
      break;
    case 'black-knight':
      quest = `${b.blackKnight.white.length}/${b.blackKnight.black.length}`;
      break;
    case 'lancelot':
      quest = `${b.lancelot.white.length}/${b.lancelot.black.length}/${b.lancelot.side}`;
      break;
  }
  const r = s.lastRoll;
  const d = s.knights[seat]!.declaration;
  return {
    exc: `${b.excalibur.pos}/${b.excalibur.done}`,
    quest,
    roll: r ? `${r.seat}/${r.sum}/${r.roll}/${r.won}` : '',
    said: d ? `${d.what} ${d.quest ?? ''}` : '',
  };
}

/**
 * Watches each knight's heroic turn (public facts: where he stood, his hand's size, his declaration, the board)
 * and, once it is over, reads what he did there against what loyal knights do (`judgeTurn`).
 */
function readTurn(s: ShadowsState, w: Watch): void {
  const t = w.heroic;
  if (t && s.turnNumber !== t.turn) {
    // The next knight's Progression of Evil not yet chosen: the board is as the turn left it.
    judgeTurn(w, t, s.phase.kind === 'evil' && s.turn.stage === 'evil' ? marks(s, t.seat, t.loc) : t.end);
    w.heroic = null;
  }
  if (s.phase.kind !== 'heroic' || s.turn.stage !== 'heroic' || s.options.loyaltyDeck === 'all-loyal') return;
  if (w.heroic) {
    w.heroic.end = marks(s, w.heroic.seat, w.heroic.loc);
    return;
  }
  const k = s.knights[s.active]!;
  if (w.heroicTurn === s.turnNumber || s.turn.used.length > 0 || !k.alive || k.revealed) return;
  w.heroicTurn = s.turnNumber;
  const start = marks(s, s.active, k.location);
  w.heroic = {
    turn: s.turnNumber,
    seat: s.active,
    loc: k.location,
    hand: k.hand.length,
    help: k.declaration?.what === 'help' && k.declaration.quest === k.location,
    siege: s.siege,
    excOpen: !s.board.excalibur.done,
    start,
    end: start,
  };
}

/**
 * What a heroic turn tells (log-likelihood ratios traitor / loyal, measured on the bench's own games, BOTS.md):
 * standing on Excalibur with cards, loyal knights push it and the searching traitor walks away; standing on a
 * quest he said he can help on, the traitor plays there less; at Camelot under a heavy siege, loyal knights fight
 * the engines and the traitor seldom does; and he says something new more often.
 */
function judgeTurn(w: Watch, t: TurnSeen, end: TurnMarks): void {
  let llr = 0;
  if (t.loc === 'excalibur' && t.excOpen && t.hand >= 2) llr += end.exc !== t.start.exc ? EXC_PUSH : EXC_IDLE;
  else if (t.help && t.loc !== 'camelot' && t.loc !== 'excalibur')
    llr += end.quest !== t.start.quest ? HELP_PLAYED : HELP_IDLE;
  else if (t.loc === 'camelot' && t.siege >= SIEGE_FIGHT) {
    const fought = end.roll !== t.start.roll && end.roll.startsWith(`${t.seat}/`);
    llr += fought ? SIEGE_FOUGHT : SIEGE_IDLE;
  }
  // A new declaration (the searching traitor's search says more than loyal knights do).
  llr += end.said !== t.start.said ? DECLARED : QUIET;
  w.llr[t.seat]! += llr;
}

/** The seat `seat` believes most likely the traitor (−1: none). */
function topSuspect(s: ShadowsState, w: Watch, seat: Seat): number {
  // Read as if `seat` were loyal: in a sampled state the other seats' loyalties are guesses.
  const b = beliefFrom(s, w, seat, false);
  let best = -1;
  for (let i = 0; i < b.length; i++) if (b[i]! > 0 && (best < 0 || b[i]! > b[best]!)) best = i;
  return best;
}

/**
 * How likely each seat is to be the hidden traitor, as `seat` (a loyal knight) reads the table: a belief over
 * roles updated from what each seat has done that shows (Cowling, Whitehouse & Powley, CIG 2015: infer roles
 * from actions). Each seat is a slot of the loyalty deck with the prior of any card this seat has not seen
 * (the box holds the rest); a knight's weight is e^(BELIEF_SLOPE × mean excess × √turns + the actions' log-
 * likelihood ratios) (`watchTable`), the evidence of many turns weighing more than one. All zero for the
 * traitor himself and when every seat is known loyal; 1 on an unmasked traitor.
 */
export function traitorBelief(s: ShadowsState, seat: Seat, w: Watch | undefined): number[] {
  return beliefFrom(s, w?.excess.length === s.knights.length ? w : undefined, seat);
}

function beliefFrom(s: ShadowsState, w: Watch | undefined, seat: Seat, own = true): number[] {
  const out = s.knights.map(() => 0);
  if ((own && s.knights[seat]!.loyalty === 'traitor') || s.options.loyaltyDeck === 'all-loyal') return out;
  const unmasked = s.knights.findIndex((k) => k.revealed);
  if (unmasked >= 0) {
    out[unmasked] = 1;
    return out;
  }
  let total = s.loyaltyBox;
  for (let i = 0; i < s.knights.length; i++) {
    if (i === seat) continue;
    const n = w?.turns[i] ?? 0;
    out[i] = Math.exp((n > 0 ? (BELIEF_SLOPE * w!.excess[i]!) / Math.sqrt(n) : 0) + (w?.llr[i] ?? 0));
    total += out[i]!;
  }
  return total > 0 ? out.map((x) => x / total) : out;
}

/** The belief's weight per card of mean excess per √turn (fitted on the bench, see BOTS.md). */
const BELIEF_SLOPE = 0.15;

/** A loyal knight accuses when he believes his suspect is the traitor at least this much ... */
export const ACCUSE_BELIEF = 0.7;
/**
 * ... from this many swords on, and only when the accusation raises the loyal side's chance of winning on the
 * swords (`swordsWin`). Measured (BOTS.md): accusing as soon as the rules allow, or from 8–9 swords, lost
 * games even at 50% right (an unmasked traitor harms every turn, a wrong accusation costs a white sword).
 */
const ACCUSE_SWORDS = 10;
/**
 * From this many swords on, a knight who believes his suspect the traitor at `ACCUSE_SURE` or more accuses him
 * whatever the swords say. Measured (BOTS.md, fourth round; the rule of thumb in the loyal seats against the
 * searching traitor, 100 games, seed dev): at 11 swords the loyal side won as often as without (36% at 4 players,
 * 67% against 66% at 6) and made 25 and 64 accusations, 25 and 60 right; from 10 swords it lost a few games (32%,
 * 64%), from 9, 8, 6 many (25%, 21%, 13% at 4 players: an unmasked traitor adds engines or black cards every turn).
 */
const SURE_SWORDS = 11;
export const ACCUSE_SURE = 0.9;
/** The least gain in the chance to win (0–1) worth an accusation. */
const ACCUSE_GAIN = 0.02;

/**
 * The loyal side's chance to win on the swords from `white` / `black` on the table: each sword to come is
 * white with chance `q`; 7 black lose; at 12 a hidden traitor turns 2 white swords black, then a strict white
 * majority wins.
 */
export function swordsWin(white: number, black: number, hidden: boolean, q: number): number {
  if (black >= 7) return 0;
  if (white + black >= 12) {
    const flip = hidden ? Math.min(2, white) : 0;
    return white - flip > black + flip ? 1 : 0;
  }
  return q * swordsWin(white + 1, black, hidden, q) + (1 - q) * swordsWin(white, black + 1, hidden, q);
}

/** How much an accusation of `target` raises the loyal side's chance on the swords, as `seat` believes. */
export function accusationGain(s: ShadowsState, seat: Seat, target: Seat, belief: readonly number[]): number {
  const p = belief[target] ?? 0;
  const w = s.whiteSwords;
  const b = s.blackSwords;
  // The swords so far tell how the rest will go (smoothed); an unmasked traitor harms openly, a little less white.
  const q = Math.min(0.85, Math.max(0.3, (w + 2) / (w + b + 4)));
  const right = swordsWin(w + 1, b, false, q - 0.05);
  const wrong = w > 0 ? swordsWin(w - 1, b + 1, true, q) : swordsWin(w, b + 1, true, q);
  return p * right + (1 - p) * wrong - swordsWin(w, b, true, q);
}

const ACTIONS = new Set<Move['type']>(['move', 'draw', 'siege', 'fight', 'push', 'grail', 'heal', 'play', 'accuse']);

/** The rule-of-thumb scores of `moves` for `seat` (higher first). A second heroic action costs a life point. */
export function shadowsPolicyScores(s: ShadowsState, seat: Seat, moves: readonly Move[], w?: Watch): number[] {
  const traitor = s.knights[seat]!.loyalty === 'traitor';
  const paid = s.phase.kind === 'heroic' && s.turn.used.length > 0;
  return moves.map(
    (m) => (traitor ? traitorScore(s, seat, m, w) : loyalScore(s, seat, m, w)) - (paid && ACTIONS.has(m.type) ? 6 : 0),
  );
}

/** The rollout step: the best rule-of-thumb move, ties at random. */
export function shadowsPolicy(s: ShadowsState, seat: Seat, moves: readonly Move[], rng: RngState, w?: Watch): number {
  return bestIndex(shadowsPolicyScores(s, seat, moves, w), rng);
}

/** The policy as a bot (no search): a baseline for the bench and the tests. */
export const shadowsPolicyBot: Bot = {
  level: 'policy',
  choose({ game, view, seat, rng, memory = {} }: BotInput): string | null {
    const state = game.determinize(view, seat, rng) as ShadowsState;
    const w = watchIn(memory);
    watchTable(state, w);
    const moves = game.legalMoves(state, seat) as Move[];
    if (moves.length === 0) return null;
    return game.formatMove(state, moves[shadowsPolicy(state, seat, moves, rng, w)]);
  },
};
