import { describe, expect, it } from 'vitest';
import { createRng, type Seat } from '@roundtable/core';
import { CARD_COUNT, DEFAULT_OPTIONS, tournament, type Move, type TournamentState } from '@roundtable/tournament';
import { newBotMemory } from '../src/bot.ts';
import { greedyBot } from '../src/greedy.ts';
import { Chain, Evidence } from '../src/tournament/inference.ts';
import {
  annotate,
  classBit,
  masksFor,
  type Act,
  type AnnotatedView,
  type Knowledge,
} from '../src/tournament/knowledge.ts';
import { PIMC_DEFAULTS } from '../src/tournament/pimc.ts';
import { Sampler, fixedCards } from '../src/tournament/sampler.ts';
// The games and their bots, registered with packages/ai as every front door has them.
import '@roundtable/catalog';

/** A card of a suit (0 swords … 3 deception) and value. */
const card = (suit: number, value: number): number => suit * 15 + value - 1;

interface Decision {
  readonly state: TournamentState;
  readonly seat: Seat;
  readonly view: AnnotatedView;
}

/**
 * A 4-player game of greedy bots from `seed`, with every combat decision of seat 0 as the bot would see it
 * (its view annotated with what it remembers), and every card move actually made, per round, in order.
 */
function greedyGame(
  seed: string,
  maxPlies = 300,
): { decisions: Decision[]; moves: Map<number, { seat: Seat; card: number; value: number; discard: boolean }[]> } {
  const memory = newBotMemory();
  const set = tournament.setup({ players: 4, options: DEFAULT_OPTIONS, seed });
  if (!set.ok) throw new Error('setup');
  let s = set.value;
  const decisions: Decision[] = [];
  const moves = new Map<number, { seat: Seat; card: number; value: number; discard: boolean }[]>();
  for (let ply = 0; ply < maxPlies && !tournament.outcome(s); ply++) {
    const seat = tournament.toMove(s)[0] as Seat;
    const view = tournament.view(s, seat);
    if (seat === 0) {
      const annotated = annotate(view, seat, memory);
      if (s.phase.kind === 'combat') decisions.push({ state: s, seat, view: annotated });
    }
    const text = greedyBot.choose({ game: tournament, view, seat, rng: createRng(`${seed}/${ply}`) });
    const move = tournament.parseMove(s, seat, text as string);
    if (!move.ok) throw new Error('parse');
    const next = tournament.play(s, seat, move.value);
    if (!next.ok) throw new Error('play');
    const m = move.value as Move;
    if (m.type === 'play' || m.type === 'discard') {
      const before = new Set(next.value.hands[seat]);
      const played = s.hands[seat]!.find((c) => !before.has(c))!;
      const list = moves.get(s.round) ?? [];
      const value =
        m.type === 'play'
          ? (next.value.combat.plays.find((p) => p.seat === seat)?.value ??
            next.value.lastCombat!.plays.find((p) => p.seat === seat)!.value)
          : 0;
      list.push({ seat, card: played, value, discard: m.type === 'discard' });
      moves.set(s.round, list);
    }
    s = next.value;
  }
  return { decisions, moves };
}

describe('tournament inference: what the others played says of their hands', () => {
  it('remembers every combat of the round, each turn in the order played, up to the one on the table', () => {
    const { decisions, moves } = greedyGame('record', 200);
    expect(decisions.length).toBeGreaterThan(20);
    for (const d of decisions) {
      const combats = d.view.knowledge!.combats!;
      const remembered = combats.flatMap((c) => c.acts).filter((a) => !a.discard);
      const made = (moves.get(d.state.round) ?? []).filter((m) => !m.discard).slice(0, remembered.length);
      expect(remembered.map((a) => [a.seat, a.card, a.value])).toEqual(made.map((m) => [m.seat, m.card, m.value]));
      // The last combat remembered is the one on the table (when a card is on it), the numbers in order.
      expect(combats.map((c) => c.number)).toEqual([...combats.map((c) => c.number)].sort((a, b) => a - b));
      if (d.state.combat.plays.length > 0) expect(combats.at(-1)!.number).toBe(d.state.combat.number);
    }
  });

  it('a knight that stayed lowest as the last to play, and lost, is unlikely to have held a card that would have saved it', () => {
    const set = tournament.setup({ players: 3, options: DEFAULT_OPTIONS, seed: 'last' });
    if (!set.ok) throw new Error('setup');
    // Heroes without a passive that bends the rules of following (Yvain may play Alchimie at any time).
    const s: TournamentState = { ...set.value, heroes: ['galaad', 'gauvain', 'galaad'] };
    // Seat 0 leads the 10 of swords, seat 1 follows with the 12, seat 2 (last) plays the 2 and takes the combat.
    const acts: Act[] = [
      { seat: 0, card: card(0, 10), value: 10, suit: -1, adjust: 0, discard: false },
      { seat: 1, card: card(0, 12), value: 12, suit: -1, adjust: 0, discard: false },
      { seat: 2, card: card(0, 2), value: 2, suit: -1, adjust: 0, discard: false },
    ];
    const knowledge: Knowledge = { round: s.round, masks: [0, 0, 0], combats: [{ number: 1, acts }], from: [1, 1, 1] };
    const evidence = new Evidence(s, knowledge, 0, PIMC_DEFAULTS.keep, PIMC_DEFAULTS.temperature);
    expect(evidence.turns).toBe(2); // seat 1's and seat 2's turns (seat 0's own is not judged)
    const rest = [card(1, 3), card(1, 4), card(2, 5)];
    const withFourteen = evidence.seatLikelihood(2, [card(0, 14), ...rest]);
    const withoutIt = evidence.seatLikelihood(2, [card(1, 1), ...rest]);
    expect(withoutIt).toBeCloseTo(0, 6); // the 2 was its only swords: forced, so certain
    expect(withoutIt - withFourteen).toBeGreaterThan(5);
    // The rules' own limit: a seat holding swords could not have answered a swords lead with Alchimie.
    const alchemyAnswer: Act[] = [
      acts[0]!,
      { seat: 1, card: 60, value: 1, suit: -1, adjust: 0, discard: false },
      acts[2]!,
    ];
    const forbidden = new Evidence(
      s,
      { ...knowledge, combats: [{ number: 1, acts: alchemyAnswer }] },
      0,
      PIMC_DEFAULTS.keep,
      PIMC_DEFAULTS.temperature,
    );
    expect(forbidden.seatLikelihood(1, [card(0, 5), card(2, 7)])).toBeLessThan(
      forbidden.seatLikelihood(1, [card(2, 5), card(2, 7)]) - 10,
    );
  });

  it('a seat that drew or traded a card is judged only on its turns since', () => {
    const set = tournament.setup({ players: 3, options: DEFAULT_OPTIONS, seed: 'from' });
    if (!set.ok) throw new Error('setup');
    const acts: Act[] = [
      { seat: 0, card: card(0, 10), value: 10, suit: -1, adjust: 0, discard: false },
      { seat: 1, card: card(0, 12), value: 12, suit: -1, adjust: 0, discard: false },
      { seat: 2, card: card(0, 2), value: 2, suit: -1, adjust: 0, discard: false },
    ];
    const knowledge: Knowledge = {
      round: set.value.round,
      masks: [0, 0, 0],
      combats: [{ number: 1, acts }],
      from: [1, 1, 2],
    };
    const evidence = new Evidence(set.value, knowledge, 0, PIMC_DEFAULTS.keep, PIMC_DEFAULTS.temperature);
    expect(evidence.turns).toBe(1);
    expect(evidence.seatLikelihood(2, [card(0, 14)])).toBe(0);
  });

  it('the hands the greedy knights really held are likelier than hands dealt at random among those the rules allow', () => {
    let truer = 0;
    let compared = 0;
    for (const seed of ['likely/1', 'likely/2']) {
      for (const d of greedyGame(seed, 160).decisions) {
        const rng = createRng(`${seed}/${d.state.round}/${d.state.combat.number}`);
        const sampler = new Sampler(tournament, d.view, d.seat, rng, masksFor(d.view, d.seat));
        const evidence = new Evidence(d.state, d.view.knowledge, d.seat, PIMC_DEFAULTS.keep, PIMC_DEFAULTS.temperature);
        if (evidence.turns < 6) continue;
        const world = sampler.next(rng);
        let truth = 0;
        let dealt = 0;
        for (let o = 1; o < 4; o++) {
          truth += evidence.seatLikelihood(o, d.state.hands[o]!);
          dealt += evidence.seatLikelihood(o, world.hands[o]!);
        }
        compared++;
        if (truth > dealt) truer++;
      }
    }
    expect(compared).toBeGreaterThan(20);
    expect(truer / compared).toBeGreaterThan(0.75);
  });

  it("the chain's worlds keep every card once, each hand its size, the seat's own hand, and what each seat is known not to hold", () => {
    const { decisions } = greedyGame('chain', 240);
    const late = decisions.filter((d) => d.state.combat.number >= 4).slice(0, 12);
    expect(late.length).toBe(12);
    for (const d of late) {
      const rng = createRng(`chain/${d.state.round}/${d.state.combat.number}`);
      const masks = masksFor(d.view, d.seat);
      const sampler = new Sampler(tournament, d.view, d.seat, rng, masks);
      const first = sampler.next(rng);
      const evidence = new Evidence(first, d.view.knowledge, d.seat, PIMC_DEFAULTS.keep, PIMC_DEFAULTS.temperature);
      const fixed = fixedCards(d.view, d.seat);
      const chain = new Chain(first, evidence, d.seat, fixed, sampler.masks, PIMC_DEFAULTS.steps, rng);
      const cards = (w: TournamentState): number[] => [...w.hands.flat(), ...w.deck].sort((a, b) => a - b);
      let moved = false;
      for (let i = 0; i < 10; i++) {
        const w = chain.next();
        expect(cards(w)).toEqual(cards(first));
        expect(w.hands.map((h) => h.length)).toEqual(first.hands.map((h) => h.length));
        expect(w.hands[d.seat]).toEqual(d.state.hands[d.seat]);
        for (let o = 0; o < 4; o++) {
          for (const c of fixed[o]!) if (first.hands[o]!.includes(c)) expect(w.hands[o]).toContain(c);
          if (o !== d.seat) for (const c of w.hands[o]!) expect(classBit(c) & sampler.masks[o]!).toBe(0);
        }
        if (w.hands.some((h, o) => h.join() !== first.hands[o]!.join())) moved = true;
      }
      expect(moved).toBe(true);
      expect(cards(first).every((c) => c >= 0 && c < CARD_COUNT)).toBe(true);
    }
  });
});
