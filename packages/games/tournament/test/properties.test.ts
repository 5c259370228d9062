import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createRng, nextInt, replay, type RngState, type Seat } from '@roundtable/core';
import {
  CARD_COUNT,
  CARD_ID,
  GODSENDS,
  HERO_IDS,
  POWERS,
  SUITS,
  WOUNDS,
  check,
  kindId,
  needsSuit,
  needsTarget,
  parseMove,
  tournament,
  type Move,
  type TournamentOptions,
  type TournamentState,
} from '../src/index.ts';
import { accountFor } from './helpers.ts';

const CAP = 20_000;

interface Played {
  readonly states: TournamentState[];
  readonly moves: { seat: Seat; move: string }[];
  readonly options: TournamentOptions;
  readonly capped: boolean;
}

function optionsFor(seed: number, players: number): TournamentOptions {
  const heroes = (['random', 'none', 'chosen'] as const)[seed % 3]!;
  const o = tournament.parseOptions({ heroes, godsends: seed % 4 !== 1, life: seed % 5 === 2 ? 150 : 400 }, players);
  if (!o.ok) throw new Error('options');
  return o.value;
}

function randomGame(
  players: number,
  seed: number,
  rng: RngState,
  options = optionsFor(seed, players),
  onState?: (s: TournamentState) => void,
): Played {
  const created = tournament.setup({ players, options, seed });
  if (!created.ok) throw new Error('setup');
  let s = created.value;
  const states = [s];
  const moves: { seat: Seat; move: string }[] = [];
  for (let ply = 0; ply < CAP; ply++) {
    onState?.(s);
    if (tournament.outcome(s)) return { states, moves, options, capped: false };
    const seats = tournament.toMove(s);
    expect(seats).toHaveLength(1);
    const seat = seats[0]!;
    const legal = tournament.legalMoves(s, seat);
    if (legal.length === 0) throw new Error(`no legal move in phase ${s.phase.kind}`);
    const move = legal[nextInt(rng, legal.length)]!;
    const next = tournament.play(s, seat, move);
    if (!next.ok) throw new Error(`legal move refused: ${JSON.stringify(next.error)}`);
    moves.push({ seat, move: tournament.formatMove(s, move) });
    s = next.value;
    states.push(s);
  }
  return { states, moves, options, capped: true };
}

/** Card and godsend ids `viewer` may not know: other hands (less what was shown to all or seen by it), the piles. */
function secretIds(s: TournamentState, viewer: Seat | 'spectator'): string[] {
  const secret: string[] = s.deck.map((c) => CARD_ID[c]!);
  s.hands.forEach((h, seat) => {
    if (seat === viewer) return;
    for (const c of h) {
      if (s.shown[seat]!.includes(c)) continue;
      if (s.seen.some((e) => e.viewer === viewer && e.owner === seat && e.cards.includes(c))) continue;
      secret.push(CARD_ID[c]!);
    }
  });
  for (const g of s.godsendDeck) secret.push(GODSENDS[g]!.id);
  return secret.map((id) => `"${id}"`);
}

/** A superset of the legal moves: every card, declaration, power with its arguments, godsend and hero. */
function candidates(s: TournamentState): Move[] {
  const out: Move[] = [];
  const kinds = [...new Set(Array.from({ length: CARD_COUNT }, (_, c) => kindId(c)))];
  for (const card of kinds) {
    out.push({ type: 'discard', card }, { type: 'give', card });
    if (card === 'merlin' || card === 'apprenti') {
      for (const suit of SUITS)
        for (let value = 0; value <= 16; value++) out.push({ type: 'play', card, declare: { suit, value } });
    } else out.push({ type: 'play', card });
  }
  for (const p of POWERS) {
    const targets = needsTarget(p.effect) ? Array.from({ length: s.players }, (_, i) => i) : [undefined];
    const suits = needsSuit(p.effect) ? SUITS : [undefined];
    const bys = p.effect.kind === 'adjust' ? [-3, -2, -1, 1, 2, 3] : [undefined];
    for (const target of targets)
      for (const suit of suits)
        for (const by of bys) {
          out.push({
            type: 'use',
            power: p.id,
            ...(target !== undefined ? { target } : {}),
            ...(suit ? { suit } : {}),
            ...(by !== undefined ? { by } : {}),
          });
        }
  }
  for (const g of GODSENDS) out.push({ type: 'take', godsend: g.id });
  out.push({ type: 'draw' });
  for (const hero of HERO_IDS) out.push({ type: 'hero', hero });
  return out;
}

const GAMES: Record<number, number> = { 2: 60, 3: 50, 4: 40, 5: 30, 6: 30 };

describe('random games (property)', () => {
  for (const players of [2, 3, 4, 5, 6]) {
    it(`${players} players: games end, the 80 cards and 24 godsends are accounted for, wounds taken equal life lost`, () => {
      const rng = createRng(`props-${players}`);
      for (let g = 0; g < GAMES[players]!; g++) {
        const game = randomGame(players, g, rng, undefined, (s) => {
          accountFor(s);
          for (let seat = 0; seat < players; seat++)
            expect(s.options.life - s.life[seat]!).toBe(s.wounded[seat]! - s.healed[seat]!);
        });
        expect(game.capped, `game ${g} hit the safety cap`).toBe(false);
        const last = game.states[game.states.length - 1]!;
        expect(last.life.some((l) => l <= 0)).toBe(true);
        expect(tournament.outcome(last)!.winners.length).toBeGreaterThan(0);
      }
    });

    it(`${players} players, no powers: each round's life loss is its wound piles (5/10/25/5) plus 5 per déshonneur`, () => {
      const rng = createRng(`plain-${players}`);
      const options: TournamentOptions = { heroes: 'none', godsends: false, life: 400 };
      for (let g = 0; g < 8; g++) {
        const game = randomGame(players, 500 + g, rng, options);
        let life = game.states[0]!.life;
        let round = 1;
        for (const s of game.states) {
          if (s.lastRound && s.lastRound.round === round) {
            const r = s.lastRound;
            const expected = r.piles.map((p, seat) => p.reduce((n, c) => n + WOUNDS[c]!, 0) + r.dishonour[seat]!);
            expect(r.wounds).toEqual(expected);
            expect(life.map((l, seat) => l - r.life[seat]!)).toEqual(expected);
            for (const d of r.dishonour) expect(d % 5).toBe(0);
            life = r.life;
            round++;
          }
        }
      }
    });

    it(`${players} players: views hide other hands and the piles; determinize is consistent with the view`, () => {
      const rng = createRng(`views-${players}`);
      for (let g = 0; g < 4; g++) {
        const game = randomGame(players, 10_000 + g, rng);
        for (const [i, s] of game.states.entries()) {
          if (i % 3 !== 0) continue;
          for (const viewer of [...Array.from({ length: players }, (_, k) => k), 'spectator' as const]) {
            const v = tournament.view(s, viewer);
            // What earlier rounds left on view (the last round's piles, its last combat) is history, not secret.
            const { lastRound: _r, lastCombat, ...now } = v;
            const text = JSON.stringify(lastCombat && lastCombat.round === s.round ? { ...now, lastCombat } : now);
            for (const id of secretIds(s, viewer))
              if (text.includes(id)) throw new Error(`view of ${String(viewer)} leaks ${id}`);
            if (viewer === 'spectator') {
              expect(v.me).toBeNull();
              continue;
            }
            if (nextInt(rng, 6) !== 0) continue;
            const d = tournament.determinize(v, viewer, rng);
            expect(tournament.view(d, viewer)).toEqual(v);
            accountFor(d);
            expect(tournament.deserialize(tournament.serialize(d)).ok).toBe(true);
            expect(tournament.legalMoves(d, viewer)).toEqual(tournament.legalMoves(s, viewer));
          }
        }
      }
    });

    it(`${players} players: notation round-trips (any case), states serialise, replays are identical`, () => {
      const rng = createRng(`notation-${players}`);
      for (let g = 0; g < 4; g++) {
        const seed = 20_000 + g;
        const game = randomGame(players, seed, rng);
        for (const [i, s] of game.states.entries()) {
          if (i % 4 === 0) {
            for (const seat of tournament.toMove(s)) {
              for (const m of tournament.legalMoves(s, seat)) {
                const back = parseMove(tournament.formatMove(s, m).toUpperCase());
                expect(back.ok && (back.value as Move)).toEqual(m);
              }
            }
          }
          if (i % 10 === 0) {
            const round = tournament.deserialize(JSON.parse(JSON.stringify(tournament.serialize(s))));
            expect(round.ok && round.value).toEqual(s);
          }
        }
        const record = { game: 'tournament', players, options: game.options, seed, moves: game.moves };
        const again = replay(tournament, JSON.parse(JSON.stringify(record)));
        expect(again.ok).toBe(true);
        if (again.ok) expect(again.value.state).toEqual(game.states[game.states.length - 1]);
      }
    });
  }

  it('legalMoves lists exactly the moves play accepts (checked against every candidate move)', () => {
    const rng = createRng('contract');
    let checked = 0;
    for (const players of [2, 3, 4, 5, 6]) {
      const game = randomGame(players, 3000 + players, rng, { heroes: 'random', godsends: true, life: 250 });
      for (const [i, s] of game.states.entries()) {
        if (i % 7 !== 0) continue;
        const seat = tournament.toMove(s)[0];
        if (seat === undefined) continue;
        const legal = new Set(tournament.legalMoves(s, seat).map((m) => JSON.stringify(m)));
        const accepted = candidates(s).filter((m) => check(s, seat, m) === null);
        expect(new Set(accepted.map((m) => JSON.stringify(m)))).toEqual(legal);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(100);
  });

  it('playout plays the moves play would: same choices, same outcome', () => {
    for (const players of [2, 4, 6]) {
      const start = tournament.setup({ players, options: { heroes: 'random', godsends: true, life: 400 }, seed: 42 });
      if (!start.ok) throw new Error('setup');
      const a = createRng(`same-${players}`);
      const b = createRng(`same-${players}`);
      const fast = tournament.playout!(start.value, a);
      let s = start.value;
      while (!tournament.outcome(s)) {
        const seats = tournament.toMove(s);
        const seat = seats[nextInt(b, seats.length)]!;
        const moves = tournament.legalMoves(s, seat);
        const next = tournament.play(s, seat, moves[nextInt(b, moves.length)]!);
        if (!next.ok) throw new Error('refused');
        s = next.value;
      }
      expect(tournament.outcome(s)).toEqual(fast);
      expect(a).toEqual(b);
    }
  });

  it('any move text: parsing never throws, and a refused move leaves the state unchanged', () => {
    const rng = createRng('fuzz');
    const states = randomGame(4, 77, rng).states.filter((_, i) => i % 25 === 0);
    fc.assert(
      fc.property(
        fc.constantFrom(...states),
        fc.string({ maxLength: 24 }),
        fc.integer({ min: 0, max: 3 }),
        (s, text, seat) => {
          const before = JSON.stringify(s);
          const parsed = tournament.parseMove(s, seat, text);
          if (parsed.ok) tournament.play(s, seat, parsed.value);
          expect(JSON.stringify(s)).toBe(before);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('a corrupted saved state is refused with BAD_STATE', () => {
    const s = randomGame(3, 5, createRng('bad')).states[40]!;
    const data = tournament.serialize(s) as Record<string, unknown>;
    const hands = (data.hands as number[][]).map((h) => h.slice());
    hands[0]!.push(hands[1]![0]!);
    expect(tournament.deserialize({ ...data, hands })).toMatchObject({ ok: false, error: { code: 'BAD_STATE' } });
    expect(tournament.deserialize({ ...data, life: [1, 2] })).toMatchObject({
      ok: false,
      error: { code: 'BAD_STATE' },
    });
    expect(tournament.deserialize({ ...data, phase: { kind: 'nap' } })).toMatchObject({
      ok: false,
      error: { code: 'BAD_STATE' },
    });
    expect(tournament.deserialize('nonsense')).toMatchObject({ ok: false, error: { code: 'BAD_STATE' } });
  });

  it('playout reaches the end from any position without changing it', () => {
    const rng = createRng('playout');
    for (const players of [2, 3, 4, 5, 6]) {
      const game = randomGame(players, 99, rng);
      const middle = game.states[Math.floor(game.states.length / 2)]!;
      const before = structuredClone(middle);
      const out = tournament.playout!(middle, rng);
      expect(out.reason).toBe('life');
      expect(middle).toEqual(before);
    }
  });
});
