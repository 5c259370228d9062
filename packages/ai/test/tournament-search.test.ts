import { afterAll, describe, expect, it } from 'vitest';
import { createRng, type Seat } from '@roundtable/core';
import {
  CARD_BY_ID,
  CARD_ID,
  DEFAULT_OPTIONS,
  SUITS,
  tournament,
  type Move,
  type TournamentState,
  type TournamentView,
} from '@roundtable/tournament';
import { botFor, closeWorkers } from '../src/index.ts';
import { greedyBot } from '../src/greedy.ts';
import { pickMove } from '../src/search.ts';
import { ALCHEMY_BIT, JOKER_BIT, annotate, classBit, masksFor, readView } from '../src/tournament/knowledge.ts';
import { actionOf, searchTournament } from '../src/tournament/pimc.ts';
import { applyAction, choosePlay, lifeAfter, roundOver, simOf } from '../src/tournament/rollout.ts';
import { Sampler } from '../src/tournament/sampler.ts';
import { legalNotation } from './fixtures.ts';
import { newBotMemory } from '../src/bot.ts';
// The games and their bots, registered with packages/ai as every front door has them.
import '@roundtable/catalog';

/** What the searching seat remembers of the match (a new match: a new memory). */
let memory = newBotMemory();

afterAll(() => closeWorkers());

/** A 4-player game played by the greedy bot from seed `seed`, every state kept. */
function greedyGame(seed: string, maxPlies = 400): TournamentState[] {
  const set = tournament.setup({ players: 4, options: DEFAULT_OPTIONS, seed });
  if (!set.ok) throw new Error('setup');
  let s = set.value;
  const states = [s];
  for (let ply = 0; ply < maxPlies && !tournament.outcome(s); ply++) {
    const seat = tournament.toMove(s)[0] as Seat;
    const text = greedyBot.choose({
      game: tournament,
      view: tournament.view(s, seat),
      seat,
      rng: createRng(`${seed}/${ply}`),
    });
    const move = tournament.parseMove(s, seat, text as string);
    if (!move.ok) throw new Error('parse');
    const next = tournament.play(s, seat, move.value);
    if (!next.ok) throw new Error('play');
    s = next.value;
    states.push(s);
  }
  return states;
}

/** Every card face up in a state (piles, discard, table, pot). */
function faceUp(s: TournamentState): Set<number> {
  return new Set([...s.piles.flat(), ...s.discard, ...s.combat.plays.map((p) => p.card), ...s.combat.pot]);
}

/** The first state of a game where the seat to play is known void somewhere (a follower played Alchimie or fell out). */
function stateWithVoid(): { state: TournamentState; seat: Seat; masks: number[] } {
  for (let g = 0; g < 40; g++) {
    memory = newBotMemory();
    for (const s of greedyGame(`void/${g}`, 300)) {
      if (s.phase.kind !== 'combat') continue;
      const seat = s.phase.turn;
      const view = annotate(tournament.view(s, seat), seat, memory);
      const masks = masksFor(view, seat);
      if (masks.some((m, o) => o !== seat && m !== 0) && s.hands.some((h, o) => o !== seat && h.length >= 3))
        return { state: s, seat, masks };
    }
  }
  throw new Error('no void found in 40 games');
}

describe('tournament knowledge: what the plays show', () => {
  it('a follower who plays Alchimie to a suited lead is void in it; a déshonneur is void in it, in Alchimie and jokers', () => {
    const { state } = stateWithVoid();
    const view = tournament.view(state, 0);
    const masks = [0, 0, 0, 0];
    // A combat built by hand on the same view: seat 1 leads swords, seat 2 answers Alchimie, seat 3 falls out.
    const plays = [
      { seat: 1, card: 'sw9', suit: 'swords' as const, value: 9, adjust: 0 },
      { seat: 2, card: 'al4', suit: 'swords' as const, value: 4, adjust: 0 },
    ];
    const noPowers = {
      ...view,
      seats: view.seats.map((sv) => ({
        ...sv,
        hero: null,
        legend: null,
        legendActive: false,
        legendFrom: null,
        godsends: [],
      })),
    };
    readView(
      { ...noPowers, lastCombat: null, combat: { ...view.combat, leader: 1, plays, out: [{ seat: 3, card: 'de2' }] } },
      masks,
    );
    expect(masks[1]).toBe(0);
    expect(masks[2]).toBe(1 << SUITS.indexOf('swords'));
    expect(masks[3]).toBe((1 << SUITS.indexOf('swords')) | ALCHEMY_BIT | JOKER_BIT);
  });

  it('an Alchimie lead shows a hand of nothing else', () => {
    const view = tournament.view(greedyGame('lead', 5)[0]!, 0);
    const noPowers = {
      ...view,
      seats: view.seats.map((sv) => ({
        ...sv,
        hero: null,
        legend: null,
        legendActive: false,
        legendFrom: null,
        godsends: [],
      })),
    };
    const masks = [0, 0, 0, 0];
    readView(
      {
        ...noPowers,
        lastCombat: null,
        combat: {
          ...view.combat,
          leader: 2,
          plays: [{ seat: 2, card: 'al7', suit: null, value: 7, adjust: 0 }],
          out: [],
        },
      },
      masks,
    );
    expect(masks[2]).toBe(0b1111 | JOKER_BIT);
  });

  it('remembers a void after the combat that showed it has left the view', () => {
    memory = newBotMemory();
    const states = greedyGame('memory/3', 400);
    let found = false;
    for (let i = 0; i < states.length && !found; i++) {
      const s = states[i]!;
      if (s.phase.kind !== 'combat') continue;
      const seat = s.phase.turn;
      const view = tournament.view(s, seat);
      const alone = [0, 0, 0, 0];
      readView(view, alone);
      const remembered = masksFor(annotate(view, seat, memory), seat);
      // Whatever the view alone shows is remembered too.
      alone.forEach((m, o) => o !== seat && expect(remembered[o]! & m).toBe(m));
      if (remembered.some((m, o) => o !== seat && (m & ~alone[o]!) !== 0)) found = true;
    }
    expect(found).toBe(true);
  });
});

describe('tournament sampler', () => {
  it('never gives a seat a card of a class it is known not to hold, nor a card seen elsewhere', () => {
    const { state, seat, masks } = stateWithVoid();
    const view = annotate(tournament.view(state, seat), seat, memory);
    const sampler = new Sampler(tournament, view, seat, createRng('s'), masks);
    const seen = faceUp(state);
    for (let k = 0; k < 200; k++) {
      const w = sampler.next(createRng(`w${k}`));
      expect(w.hands[seat]).toEqual(state.hands[seat]);
      for (let o = 0; o < 4; o++) {
        expect(w.hands[o]!.length).toBe(state.hands[o]!.length);
        if (o === seat) continue;
        for (const c of w.hands[o]!) {
          expect(classBit(c) & masks[o]!, `${CARD_ID[c]} dealt to seat ${o}`).toBe(0);
          expect(seen.has(c)).toBe(false);
          expect(state.hands[seat]!.includes(c)).toBe(false);
        }
      }
      // Every card is somewhere exactly once: hands, the weapon pile, or face up.
      const all = [...w.hands.flat(), ...w.deck, ...seen];
      expect(new Set(all).size).toBe(80);
      expect(all.length).toBe(80);
      // The world looks the same from the seat.
      expect(tournament.view(w, seat)).toEqual(tournament.view(state, seat));
    }
  });

  it('builds worlds with artificial facts too: a seat void in three suits gets only the fourth, Alchimie and jokers', () => {
    const state = greedyGame('artificial', 3).at(-1)!;
    const seat = tournament.toMove(state)[0] as Seat;
    const other = ((seat + 1) % 4) as Seat;
    const masks = [0, 0, 0, 0];
    masks[other] = 0b1110;
    const sampler = new Sampler(tournament, tournament.view(state, seat), seat, createRng(1), masks);
    for (let k = 0; k < 50; k++) {
      const w = sampler.next(createRng(k));
      for (const c of w.hands[other]!) expect(classBit(c) & 0b1110).toBe(0);
    }
    expect(CARD_BY_ID.get('sw1')).toBe(0);
  });
});

describe('tournament rollouts', () => {
  it('play a round as the engine does: the same cards, the same piles and wounds', () => {
    let rounds = 0;
    for (const seed of ['r1', 'r2', 'r3']) {
      let s = greedyGame(seed, 30).find((x, i) => i >= 6 && x.phase.kind === 'combat')!;
      if (s.phase.kind !== 'combat') throw new Error(`${seed}: ${s.phase.kind}`);
      const sim = simOf(s);
      const round = s.round;
      while (!roundOver(sim)) {
        const seat = sim.turn as Seat;
        expect(s.phase.kind === 'combat' && s.phase.turn).toBe(seat);
        const a = choosePlay(sim, seat, 0.4);
        const card = CARD_ID[a.card]!.replace(/\.\d$/, '');
        const move: Move = a.discard
          ? { type: 'discard', card }
          : a.card >= 75
            ? { type: 'play', card, declare: { suit: SUITS[a.suit >= 0 ? a.suit : 0]!, value: a.value } }
            : { type: 'play', card };
        const next = tournament.play(s, seat, move);
        expect(next.ok, JSON.stringify(move)).toBe(true);
        if (!next.ok) return;
        const before = s;
        s = next.value;
        applyAction(sim, a, 4);
        if (s.round === round && s.phase.kind === 'combat') {
          expect(sim.piles.map((p) => [...p].sort((x, y) => x - y))).toEqual(
            s.piles.map((p) => [...p].sort((x, y) => x - y)),
          );
        } else {
          // The round ended: the engine took the piles' wounds off the life totals.
          expect(lifeAfter(sim, before)).toEqual(s.life);
          rounds++;
        }
      }
    }
    expect(rounds).toBe(3);
  });
});

describe('tournament search', () => {
  it('answers a legal move, and the same one for the same seed and iterations', () => {
    const states = greedyGame('search', 120).filter((_, i) => i % 17 === 5);
    for (const s of states) {
      if (tournament.outcome(s)) continue;
      const seat = tournament.toMove(s)[0] as Seat;
      const view = tournament.view(s, seat) as TournamentView;
      const run = (): string | null =>
        pickMove([
          searchTournament({
            game: tournament,
            view: annotate(view, seat, memory),
            seat,
            rng: createRng(5),
            budget: { iterations: 12 },
          }),
        ]);
      const a = run();
      expect(a).not.toBeNull();
      expect(legalNotation(tournament, s, seat)).toContain(a);
      expect(run()).toBe(a);
    }
  });

  it('plays every card move through the simulator as the engine would read it', () => {
    const s = greedyGame('actions', 9).at(-1)!;
    const seat = tournament.toMove(s)[0] as Seat;
    for (const m of tournament.legalMoves(s, seat) as Move[]) {
      if (m.type !== 'play' && m.type !== 'discard') continue;
      const a = actionOf(s, seat, m);
      expect(s.hands[seat]).toContain(a.card);
    }
  });

  it('the strong level answers legal moves with its workers, the same under the same seed and iterations', () => {
    const s = greedyGame('strong', 30).at(-1)!;
    const seat = tournament.toMove(s)[0] as Seat;
    const run = (): string | null =>
      botFor('strong')!.choose({
        game: tournament,
        view: tournament.view(s, seat),
        seat,
        rng: createRng(9),
        budget: { iterations: 10 },
      });
    const a = run();
    expect(legalNotation(tournament, s, seat)).toContain(a);
    expect(run()).toBe(a);
  });

  describe('a value change is searched with the card it changes', () => {
    /**
     * Round 1, combat 1 at 4 players: the three others have played the 10, 12 and 11 of swords and the last
     * seat, King Arthur (+3 once), holds that one card of swords and eleven of other suits.
     */
    function lastToPlay(sword: number): { state: TournamentState; seat: Seat } {
      const set = tournament.setup({ players: 4, options: DEFAULT_OPTIONS, seed: 'arthur' });
      if (!set.ok) throw new Error('setup');
      const s0 = set.value;
      const leader = s0.combat.leader;
      const seat = ((leader + 3) % 4) as Seat;
      const card = (suit: number, value: number): number => suit * 15 + value - 1;
      const played = [card(0, 10), card(0, 12), card(0, 11)];
      const mine = [
        card(0, sword),
        ...[1, 2, 3, 4, 5, 6].map((v) => card(1, v)),
        ...[1, 2, 3, 4, 5].map((v) => card(2, v)),
      ];
      const rest = Array.from({ length: 80 }, (_, c) => c).filter(
        (c) => !played.includes(c) && !mine.includes(c) && !(c < 15),
      );
      const swordsLeft = Array.from({ length: 15 }, (_, v) => card(0, v + 1)).filter(
        (c) => !played.includes(c) && !mine.includes(c),
      );
      const pool = [...swordsLeft, ...rest];
      const hands = [0, 1, 2, 3].map((o) => (o === seat ? mine : pool.splice(0, 11)));
      const state: TournamentState = {
        ...s0,
        heroes: s0.heroes.map((h, o) => (o === seat ? 'arthur' : h === 'arthur' ? 'galaad' : h)),
        hands,
        deck: pool,
        phase: { kind: 'combat', turn: seat },
        combat: {
          ...s0.combat,
          plays: played.map((c, k) => ({
            seat: ((leader + k) % 4) as Seat,
            card: c,
            suit: 'swords' as const,
            value: (c % 15) + 1,
            adjust: 0,
          })),
        },
      };
      return { state, seat };
    }

    const search = (state: TournamentState, seat: Seat): string | null =>
      pickMove([
        searchTournament({
          game: tournament,
          view: annotate(tournament.view(state, seat), seat, memory),
          seat,
          rng: createRng(3),
          budget: { iterations: 64 },
        }),
      ]);

    it('raises a card that would lose the combat (the poisoned 8 of swords, lowest on the table) so that it does not', () => {
      memory = newBotMemory();
      const { state, seat } = lastToPlay(8);
      expect(legalNotation(tournament, state, seat)).toContain('use arthur +3');
      expect(search(state, seat)).toBe('use arthur +3');
      // Then it plays the raised card: 11, a feint with the 11 on the table, and the 10 loses.
      const next = tournament.play(state, seat, { type: 'use', power: 'arthur', by: 3 });
      if (!next.ok) throw new Error('use');
      expect(search(next.value, seat)).toBe('play sw8');
    });

    it('keeps the power when its card is safe without it', () => {
      memory = newBotMemory();
      const { state, seat } = lastToPlay(14);
      expect(search(state, seat)).toBe('play sw14');
    });
  });
});
