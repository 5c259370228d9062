import { describe, expect, it } from 'vitest';
import { createRng, nextInt, replay, shuffle, type RngState, type Seat } from '@roundtable/core';
import { CARD_ID, cardsOf, parseMove, shadows, type Move, type ShadowsState } from '../src/index.ts';

const CAP = 20_000;

interface Played {
  readonly states: ShadowsState[];
  readonly moves: { seat: Seat; move: string }[];
  readonly capped: boolean;
}

/**
 * A random game. `biased` avoids the moves that make random games short and dull (losing life by choice,
 * declarations, self-reveal, ending a turn early), so that quests, accusations and the sword count are reached.
 */
function randomGame(
  players: number,
  seed: number,
  rng: RngState,
  biased: boolean,
  onState?: (s: ShadowsState) => void,
): Played {
  const options = shadows.parseOptions({ loyaltyDeck: seed % 3 === 0 ? 'boxed' : 'players-plus-one' }, players);
  if (!options.ok) throw new Error('options');
  const created = shadows.setup({ players, options: options.value, seed });
  if (!created.ok) throw new Error('setup');
  let s = created.value;
  const states = [s];
  const moves: { seat: Seat; move: string }[] = [];
  for (let ply = 0; ply < CAP; ply++) {
    onState?.(s);
    if (shadows.outcome(s)) return { states, moves, capped: false };
    const seats = shadows.toMove(s);
    const seat = seats[nextInt(rng, seats.length)]!;
    let legal = shadows.legalMoves(s, seat);
    expect(legal.length).toBeGreaterThan(0);
    if (biased) {
      const keep = legal.filter(
        (m) =>
          !(m.type === 'evil' && m.choice === 'life') &&
          m.type !== 'declare' &&
          m.type !== 'reveal' &&
          m.type !== 'give' &&
          !(m.type === 'end' && s.turn.used.length === 0),
      );
      const act =
        s.phase.kind === 'heroic' && s.turn.used.length === 0
          ? keep.filter((m) => m.type !== 'end')
          : s.phase.kind === 'heroic'
            ? keep.filter((m) => m.type === 'end')
            : keep;
      if (act.length > 0) legal = act;
      else if (keep.length > 0) legal = keep;
    }
    const move = legal[nextInt(rng, legal.length)]!;
    const next = shadows.play(s, seat, move);
    if (!next.ok) throw new Error(`legal move refused: ${shadows.formatMove(s, move)} ${JSON.stringify(next.error)}`);
    moves.push({ seat, move: shadows.formatMove(s, move) });
    s = next.value;
    states.push(s);
  }
  return { states, moves, capped: true };
}

/** The card ids `viewer` may not know. */
function secretIds(s: ShadowsState, viewer: Seat | 'spectator'): string[] {
  const secret: number[] = [];
  s.knights.forEach((k, seat) => {
    if (seat !== viewer) secret.push(...k.hand);
  });
  secret.push(...s.whiteDeck);
  const p = s.phase;
  const k = viewer === 'spectator' ? null : s.knights[viewer]!;
  const peek = p.kind === 'evil' && viewer === s.active && k?.knight === 'percival' && k.alive && !k.revealed;
  const topSeen = p.kind === 'clairvoyance' && p.seat === viewer ? p.count : peek ? 1 : 0;
  secret.push(...s.blackDeck.slice(0, s.blackDeck.length - topSeen));
  for (const q of [s.board.blackKnight, s.board.lancelot])
    for (const pl of q.black) if (pl.down && pl.by !== viewer) secret.push(pl.card);
  // What the viewer saw itself in an earlier private step (the engine's Memory) it may still be shown.
  const m = s.memory;
  const saw = new Set<number>();
  if (m && viewer !== 'spectator') {
    if (m.swap && (m.swap.from === viewer || m.swap.to === viewer))
      for (const c of [m.swap.gave, m.swap.got]) if (c !== null) saw.add(c);
    for (const u of m.under) if (u.seat === viewer) saw.add(u.card);
    if (m.clairvoyance?.seat === viewer) for (const c of m.clairvoyance.cards) saw.add(c);
  }
  secret.splice(0, secret.length, ...secret.filter((c) => !saw.has(c)));
  if ((p.kind === 'armor' || p.kind === 'place') && viewer !== s.active)
    secret.push(...(p.kind === 'armor' ? p.cards : [p.card]));
  return secret.map((c) => `"${CARD_ID[c]!}"`);
}

/** The same state with the hidden loyalty moved elsewhere (to another hidden seat or the box). */
function otherTraitor(s: ShadowsState, viewer: Seat, rng: RngState): ShadowsState {
  if (s.knights.some((k) => k.revealed) || s.knights[viewer]!.loyalty === 'traitor') return s;
  const places = [...s.knights.flatMap((_, i) => (i === viewer ? [] : [i])), -1];
  const to = places[nextInt(rng, places.length)]!;
  return {
    ...s,
    boxTraitor: to === -1,
    knights: s.knights.map((k, i) => ({ ...k, loyalty: i === to ? 'traitor' : 'loyal' })),
  };
}

const strip = (v: ReturnType<typeof shadows.view>): unknown => {
  const { me: _me, viewer: _viewer, ...rest } = v;
  return rest;
};

const GAMES: Record<number, number> = { 3: 30, 4: 24, 5: 20, 6: 16, 7: 14 };

describe('random games (property)', () => {
  for (const players of [3, 4, 5, 6, 7]) {
    it(`${players} players: games end; the 160 white and black cards are always accounted for`, () => {
      const rng = createRng(`props-${players}`);
      const reasons = new Set<string>();
      for (let g = 0; g < GAMES[players]!; g++) {
        const game = randomGame(players, g, rng, g % 2 === 1, (s) => {
          const all = cardsOf(s);
          if (all.length !== 160 || new Set(all).size !== 160) throw new Error(`cards lost in game ${g}`);
        });
        expect(game.capped, `game ${g} hit the safety cap`).toBe(false);
        const out = shadows.outcome(game.states[game.states.length - 1]!)!;
        expect(out.reason).not.toBe('exhaustion');
        reasons.add(out.reason);
      }
      expect(reasons.size).toBeGreaterThan(1);
    });

    it(`${players} players: views never show another hand, a loyalty card or a face-down card; determinize agrees`, () => {
      const rng = createRng(`views-${players}`);
      for (let g = 0; g < 3; g++) {
        const game = randomGame(players, 1000 + g, rng, true);
        for (const [i, s] of game.states.entries()) {
          if (i % 3 !== 0 && s.phase.kind !== 'merlin' && s.phase.kind !== 'place') continue;
          for (const viewer of [...Array.from({ length: players }, (_, i) => i), 'spectator' as const]) {
            const v = shadows.view(s, viewer);
            const text = JSON.stringify(v);
            for (const id of secretIds(s, viewer))
              if (text.includes(id)) throw new Error(`view of ${String(viewer)} leaks ${id} (${s.phase.kind})`);
            if (viewer === 'spectator') {
              expect(v.me).toBeNull();
              continue;
            }
            if (s.phase.kind !== 'over') expect(shadows.view(otherTraitor(s, viewer, rng), viewer)).toEqual(v);
            if (nextInt(rng, 4) !== 0) continue;
            const d = shadows.determinize(v, viewer, rng);
            expect(shadows.view(d, viewer)).toEqual(v);
            expect(shadows.deserialize(shadows.serialize(d)).ok).toBe(true);
            const fmt = (st: ShadowsState): string[] =>
              shadows.legalMoves(st, viewer).map((m) => shadows.formatMove(st, m));
            expect(fmt(d)).toEqual(fmt(s));
          }
          // Response windows look the same to every knight asked.
          if (s.phase.kind === 'merlin' || s.phase.kind === 'volunteer') {
            const asked = shadows.toMove(s);
            const views = asked.map((seat) => strip(shadows.view(s, seat)));
            for (const w of views) expect(w).toEqual(views[0]);
          }
        }
      }
    });

    it(`${players} players: notation round-trips, states serialise, replays are identical`, () => {
      const rng = createRng(`notation-${players}`);
      for (let g = 0; g < 2; g++) {
        const game = randomGame(players, 2000 + g, rng, g === 0);
        for (const s of game.states) {
          if (s.phase.kind !== 'propose') {
            for (const seat of shadows.toMove(s)) {
              for (const m of shadows.legalMoves(s, seat)) {
                const text = shadows.formatMove(s, m);
                const back = parseMove(text.toUpperCase());
                expect(back.ok && (back.value as Move)).toEqual(m);
              }
            }
          }
          const round = shadows.deserialize(shadows.serialize(s));
          expect(round.ok && round.value).toEqual(s);
        }
        const record = {
          game: 'shadows',
          players,
          options: game.states[0]!.options,
          seed: 2000 + g,
          moves: game.moves,
        };
        const again = replay(shadows, JSON.parse(JSON.stringify(record)));
        expect(again.ok).toBe(true);
        if (again.ok) expect(again.value.state).toEqual(game.states[game.states.length - 1]);
      }
    });
  }

  it('playout agrees with play, reaches the end and leaves its state unchanged', () => {
    for (const players of [3, 5, 7]) {
      for (let g = 0; g < 5; g++) {
        const start = shadows.setup({ players, options: { loyaltyDeck: 'players-plus-one' }, seed: `playout-${g}` });
        if (!start.ok) throw new Error('setup');
        const before = structuredClone(start.value);
        const out = shadows.playout!(start.value, createRng(`p${players}-${g}`));
        expect(start.value).toEqual(before);
        // The same random choices, one `play` at a time.
        const rng = createRng(`p${players}-${g}`);
        let s = start.value;
        while (!shadows.outcome(s)) {
          const seats = shadows.toMove(s);
          const seat = seats[nextInt(rng, seats.length)]!;
          let move: Move;
          if (s.phase.kind === 'propose')
            move = {
              type: 'propose',
              from: shuffle(
                rng,
                Array.from({ length: players }, (_, i) => i),
              ),
            };
          else {
            const legal = shadows.legalMoves(s, seat);
            move = legal[nextInt(rng, legal.length)]!;
          }
          const next = shadows.play(s, seat, move);
          if (!next.ok) throw new Error(JSON.stringify(next.error));
          s = next.value;
        }
        expect(shadows.outcome(s)).toEqual(out);
      }
    }
  });
});
