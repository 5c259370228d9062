/**
 * The Chevaliers board's reading of the legal moves (src/tables/shadows/moves.ts), against the engine itself:
 * along seeded matches of 3 to 7 knights played at random, every legal move of the seat to move is reachable on
 * the board — its cards are in that seat's hand (repeats counted), picking them one by one never leaves the
 * move, and the picked cards light exactly the moves spending them — and every move that has a place on the
 * board (a quest to travel to, the piles, the siege engines, a knight) is given that place.
 */
import { describe, expect, it } from 'vitest';
import { createRng, nextUint32 } from '@roundtable/core';
import { DEFAULT_OPTIONS, kindOfInstance, shadows, view, type ShadowsState } from '@roundtable/shadows';
import { afford, canGrow, matching, pickCard, within, type Context } from '../src/tables/shadows/moves.ts';

/** The board's reading of every legal move of `seat` in `s`, with the seat's hand kinds. */
function readAll(
  s: ShadowsState,
  seat: number,
): { moves: string[]; hand: string[]; ctx: Context; affs: ReturnType<typeof afford>[] } {
  const v = view(s, seat);
  const moves = shadows.legalMoves(s, seat).map((m) => shadows.formatMove(s, m));
  const ph = v.phase;
  const ctx: Context = {
    me: seat,
    location: v.knights[seat]?.location ?? null,
    swapFrom: ph.kind === 'swap' ? ph.from : null,
    kayQuest: ph.kind === 'kay' ? ph.pending.quest : null,
  };
  return { moves, hand: (v.me?.hand ?? []).map(kindOfInstance), ctx, affs: moves.map((m) => afford(m, ctx)) };
}

/** Moves whose place on the board is known from the move and the seat's view. */
const PLACED = /^(move|evil|war|target|draw|siege|push|grail|give|return|lay|fight|heal|kay) /;

describe('Every legal move is reachable on the board', () => {
  for (const players of [3, 4, 5, 7]) {
    it(`${players} knights, random matches`, () => {
      let checked = 0;
      const heads = new Set<string>();
      for (let game = 0; game < 3; game++) {
        const created = shadows.setup({ players, options: DEFAULT_OPTIONS, seed: `board-${players}-${game}` });
        if (!created.ok) throw new Error(created.error.code);
        let s = created.value;
        const rng = createRng(`pick-${players}-${game}`);
        for (let ply = 0; ply < 600 && !shadows.outcome(s); ply++) {
          const seat = shadows.toMove(s)[0] as number;
          const { moves, hand, affs } = readAll(s, seat);
          for (const f of affs) {
            heads.add(f.move.split(' ')[0] as string);
            // Its cards are in the hand, repeats counted.
            expect(within(f.cards, hand), `${f.move} with hand ${hand.join(',')}`).toBe(true);
            if (f.cards.length > 0) {
              // Picked one by one, each card keeps the move possible; all picked, the move is offered.
              let picked: readonly string[] = [];
              for (const k of f.cards) {
                expect(canGrow(affs, picked, k)).toBe(true);
                picked = pickCard(affs, picked, k) ?? [];
              }
              expect(matching(affs, picked).map((x) => x.move)).toContain(f.move);
              // Only legal moves light up.
              for (const x of matching(affs, picked)) expect(moves).toContain(x.move);
            }
            if (
              PLACED.test(`${f.move} `) &&
              !(f.move.startsWith('fight ') && s.knights[seat]?.location === 'camelot')
            ) {
              expect(f.target, `${f.move} has a place on the board`).not.toBeNull();
            }
          }
          checked += moves.length;
          const move = moves[nextUint32(rng) % moves.length] as string;
          const parsed = shadows.parseMove(s, seat, move);
          if (!parsed.ok) throw new Error(move);
          const next = shadows.play(s, seat, parsed.value);
          if (!next.ok) throw new Error(`${move}: ${next.error.code}`);
          s = next.value;
        }
      }
      expect(checked).toBeGreaterThan(100);
      // The random matches reach the moves with cards and places.
      for (const h of ['evil', 'move', 'fight', 'end', 'lay', 'propose']) expect([...heads]).toContain(h);
    });
  }
});
