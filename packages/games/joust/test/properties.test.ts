import { describe, expect, it } from 'vitest';
import { createRng, nextInt, replay, type RngState, type Seat } from '@roundtable/core';
import {
  CARD_COUNT,
  CARD_ID,
  KINDS,
  KIND_BY_ID,
  LANCELOT_CARD,
  SHIELD_CARD,
  STUN_CARD,
  joust,
  parseMove,
  type JoustState,
  type Move,
} from '../src/index.ts';

const CAP = 5_000;

interface Played {
  readonly states: JoustState[];
  readonly moves: { seat: Seat; move: string }[];
  readonly capped: boolean;
}

function randomGame(players: number, seed: number, rng: RngState, onState?: (s: JoustState) => void): Played {
  const options = joust.parseOptions(
    { allowTies: seed % 7 === 3, shieldBlocksKnockDown: seed % 5 === 1, noRepeatColour: seed % 4 === 2 },
    players,
  );
  if (!options.ok) throw new Error('options');
  const created = joust.setup({ players, options: options.value, seed });
  if (!created.ok) throw new Error('setup');
  let s = created.value;
  const states = [s];
  const moves: { seat: Seat; move: string }[] = [];
  for (let ply = 0; ply < CAP; ply++) {
    onState?.(s);
    if (joust.outcome(s)) return { states, moves, capped: false };
    const seats = joust.toMove(s);
    const seat = seats[nextInt(rng, seats.length)]!;
    const legal = joust.legalMoves(s, seat);
    expect(legal.length).toBeGreaterThan(0);
    const move = legal[nextInt(rng, legal.length)]!;
    const next = joust.play(s, seat, move);
    if (!next.ok) throw new Error(`legal move refused: ${JSON.stringify(next.error)}`);
    moves.push({ seat, move: joust.formatMove(s, move) });
    s = next.value;
    states.push(s);
  }
  return { states, moves, capped: true };
}

function cardsInPlay(s: JoustState): number[] {
  const all = [...s.deck, ...s.discard, ...s.hands.flat(), ...s.displays.flat()];
  if (s.shield !== null) all.push(SHIELD_CARD);
  if (s.stunned !== null) all.push(STUN_CARD);
  if (s.phase.kind === 'response') all.push(s.phase.action.card);
  return all;
}

/** Card ids `viewer` may not know: other hands (minus what was shown to it) and the whole deck. */
function secretIds(s: JoustState, viewer: Seat | 'spectator'): string[] {
  const secret: number[] = [...s.deck];
  s.hands.forEach((h, seat) => {
    if (seat === viewer) return;
    for (const c of h) {
      if (s.revealed && s.revealed.seat === seat && s.revealed.cards.includes(c)) continue;
      if (s.knock && s.knock.card === c && (viewer === s.knock.from || viewer === s.knock.to)) continue;
      secret.push(c);
    }
  });
  return secret.map((c) => `"${CARD_ID[c]!}"`);
}

function strip(v: ReturnType<typeof joust.view>): unknown {
  const { me: _me, viewer: _viewer, ...rest } = v;
  return rest;
}

const COUNTS: Record<number, number> = { 2: 600, 3: 450, 4: 350, 5: 300 };
const FULL = 12; // games per player count checked at every move in depth

/**
 * seed 000: « Lors du 1er tour …, chaque joueur souhaitant participer au tournoi doit poser au minimum une carte
 * de combat ou de soutien »: the first turns of a tournament that ended (the seat stayed in) without a colour or
 * support card laid from the hand; a card taken with Riposte is not laid.
 */
function enteredWithoutLaying(game: Played): string[] {
  const bad: string[] = [];
  const first = new Map<string, { laid: boolean; open: boolean; moves: string[] }>();
  game.moves.forEach(({ seat, move }, i) => {
    const s = game.states[i]!;
    if (s.phase.kind !== 'turn' || s.active !== seat) return;
    const key = `tournament ${s.tournament}, seat ${seat}`;
    let turn = first.get(key);
    if (!turn) first.set(key, (turn = { laid: false, open: true, moves: [] }));
    if (!turn.open) return;
    turn.moves.push(move);
    const kind = KIND_BY_ID.get(/^play (\S+)/.exec(move)?.[1] ?? '');
    if (kind !== undefined && KINDS[kind]!.type !== 'action') turn.laid = true;
    if (move === 'end' && !turn.laid) bad.push(`${key}: ${turn.moves.join(', ')}`);
    if (move === 'end' || move === 'withdraw') turn.open = false;
  });
  return bad;
}

describe('random games (property)', () => {
  for (const players of [2, 3, 4, 5]) {
    it(`${players} players: games end, the 110 cards are all accounted for, the Lancelot window does not leak, nobody enters a tournament without laying a card`, () => {
      const rng = createRng(`props-${players}`);
      let windows = 0;
      for (let g = 0; g < COUNTS[players]!; g++) {
        const game = randomGame(players, g, rng, (s) => {
          const all = cardsInPlay(s);
          if (all.length !== CARD_COUNT || new Set(all).size !== CARD_COUNT) throw new Error(`cards lost at game ${g}`);
          if (s.phase.kind === 'response' && g % 5 === 0) {
            windows++;
            const actor = s.phase.action.seat;
            const eligible = s.inTournament.flatMap((inT, seat) => (inT && seat !== actor ? [seat] : []));
            const views = eligible.map((seat) => strip(joust.view(s, seat)));
            for (const v of views) expect(v).toEqual(views[0]);
            // Every eligible seat is asked until it answers, whether or not it holds Lancelot.
            for (const seat of s.phase.waiting) expect(joust.legalMoves(s, seat)[0]).toEqual({ type: 'pass' });
            for (const seat of s.phase.waiting) {
              expect(joust.legalMoves(s, seat).length).toBe(s.hands[seat]!.includes(LANCELOT_CARD) ? 2 : 1);
            }
          }
        });
        expect(game.capped, `game ${g} hit the safety cap`).toBe(false);
        expect(enteredWithoutLaying(game), `game ${g}`).toEqual([]);
        expect(joust.outcome(game.states[game.states.length - 1]!)!.winners.length).toBe(1);
      }
      expect(windows).toBeGreaterThan(100);
    });

    it(`${players} players: views hide other hands and the deck; determinize is consistent with the view`, () => {
      const rng = createRng(`views-${players}`);
      for (let g = 0; g < FULL; g++) {
        const game = randomGame(players, 10_000 + g, rng);
        for (const [i, s] of game.states.entries()) {
          if (i % 2 === 1) continue;
          for (const viewer of [...Array.from({ length: players }, (_, i) => i), 'spectator' as const]) {
            const v = joust.view(s, viewer);
            const text = JSON.stringify(v);
            for (const id of secretIds(s, viewer))
              if (text.includes(id)) throw new Error(`view of ${String(viewer)} leaks ${id}`);
            if (viewer === 'spectator') {
              expect(v.me).toBeNull();
              continue;
            }
            if (nextInt(rng, 8) !== 0) continue;
            const d = joust.determinize(v, viewer, rng);
            expect(joust.view(d, viewer)).toEqual(v);
            expect(joust.deserialize(joust.serialize(d)).ok).toBe(true);
            expect(joust.legalMoves(d, viewer)).toEqual(joust.legalMoves(s, viewer));
          }
        }
      }
    });

    it(`${players} players: notation round-trips, states serialise, replays are identical`, () => {
      const rng = createRng(`notation-${players}`);
      for (let g = 0; g < FULL; g++) {
        const game = randomGame(players, 20_000 + g, rng);
        for (const s of game.states) {
          for (const seat of joust.toMove(s)) {
            for (const m of joust.legalMoves(s, seat)) {
              const text = joust.formatMove(s, m);
              const back = parseMove(text.toUpperCase());
              expect(back.ok && (back.value as Move)).toEqual(m);
            }
          }
          const round = joust.deserialize(joust.serialize(s));
          expect(round.ok && round.value).toEqual(s);
        }
        const record = {
          game: 'joust',
          players,
          options: game.states[0]!.options,
          seed: 20_000 + g,
          moves: game.moves,
        };
        const again = replay(joust, JSON.parse(JSON.stringify(record)));
        expect(again.ok).toBe(true);
        if (again.ok) expect(again.value.state).toEqual(game.states[game.states.length - 1]);
      }
    });
  }

  it('playout reaches the end from any position without changing it', () => {
    const rng = createRng('playout');
    for (const players of [2, 3, 4, 5]) {
      const game = randomGame(players, 99, rng);
      const middle = game.states[Math.floor(game.states.length / 2)]!;
      const before = structuredClone(middle);
      const out = joust.playout!(middle, rng);
      expect(out.reason).toBe('tokens');
      expect(middle).toEqual(before);
    }
  });
});
