/**
 * In Debian's Chromium, the Chevaliers table's private steps:
 * - Excalibur's cancel window (option excaliburCancel, research §8/§14 [decision]) reads as its own step,
 *   naming the holder, not as the Progression of Evil;
 * - what a seat saw (King Arthur's swap) stays on its screen afterwards, and only on its screen;
 * - picked cards that make two moves at one place (Heroism at Excalibur) ask which, in words.
 * Moves are played on the board (the white pile to draw, the siege engines, the end of the turn's button).
 * Positions are reached by a hot-seat match resumed from a saved record (as after a reload), played up to
 * there by a simple script with the engine itself.
 */
import { describe, expect, it } from 'vitest';
import { createRng, nextUint32 } from '@roundtable/core';
import { DEFAULT_OPTIONS, shadows, view, type ShadowsState } from '@roundtable/shadows';
import { afford, targetKey, type Context } from '../src/tables/shadows/moves.ts';
import type { Page } from 'playwright-core';
import { nextTurn, useStaticClient, instant } from './harness.ts';

const client = useStaticClient();

/** Plays a move that needs no card as a person does on the board: its lit place or pile, or its button. */
async function chooseShadows(page: Page, move: string): Promise<void> {
  await page.click(`[data-testid=board] button[data-move=${JSON.stringify(move)}]`);
}

/** What the script plays: the first legal move that starts with one of `wanted`, else the first legal move. */
function pick(legal: readonly string[], wanted: readonly string[]): string {
  for (const w of wanted) {
    const m = legal.find((x) => x.startsWith(w));
    if (m) return m;
  }
  return legal[0] as string;
}

/**
 * Three knights take siege engines and push Excalibur home, then draw black cards until a standard one opens
 * the holder's window. Returns the moves and the state there.
 */
function toExcaliburWindow(seed: string): { moves: { seat: number; move: string }[]; state: ShadowsState } {
  const created = shadows.setup({ players: 3, options: { loyaltyDeck: 'players-plus-one' }, seed });
  if (!created.ok) throw new Error(created.error.code);
  let s = created.value;
  const moves: { seat: number; move: string }[] = [];
  for (let ply = 0; ply < 2000 && s.phase.kind !== 'excalibur'; ply++) {
    if (shadows.outcome(s)) throw new Error('the game ended before an Excalibur window');
    const seat = shadows.toMove(s)[0] as number;
    const legal = shadows.legalMoves(s, seat).map((m) => shadows.formatMove(s, m));
    const done = s.board.excalibur.done;
    const move = pick(legal, [
      'accept',
      done ? 'evil black' : 'evil siege',
      'move excalibur',
      'push',
      'place up',
      'pass',
      'draw',
      'end',
    ]);
    const next = shadows.play(s, seat, (shadows.parseMove(s, seat, move) as { ok: true; value: never }).value);
    if (!next.ok) throw new Error(`${move}: ${next.error.code}`);
    moves.push({ seat, move });
    s = next.value;
  }
  return { moves, state: s };
}

/** Opens the hot-seat match of three people resumed from `moves`. */
async function resume(page: Page, seed: string, moves: readonly { seat: number; move: string }[]): Promise<void> {
  await page.goto(`${client.url}/`);
  const record = {
    gameId: 'shadows',
    seats: [{ kind: 'human' }, { kind: 'human' }, { kind: 'human' }],
    options: {},
    seed,
    moves,
  };
  await page.evaluate((r) => localStorage.setItem('rt.local', JSON.stringify(r)), record);
  await page.goto(`${client.url}/#/local/shadows`);
}

/** The opening played by the script, then King Arthur's swap with Galahad. */
function toArthursSwap(seed: string): { seat: number; move: string }[] {
  const created = shadows.setup({ players: 3, options: { loyaltyDeck: 'players-plus-one' }, seed });
  if (!created.ok) throw new Error(created.error.code);
  let s = created.value;
  const moves: { seat: number; move: string }[] = [];
  for (let ply = 0; ply < 100; ply++) {
    const seat = shadows.toMove(s)[0] as number;
    const legal = shadows.legalMoves(s, seat).map((m) => shadows.formatMove(s, m));
    const move = pick(legal, ['accept', 'evil siege', 'give', 'return']);
    const next = shadows.play(s, seat, (shadows.parseMove(s, seat, move) as { ok: true; value: never }).value);
    if (!next.ok) throw new Error(`${move}: ${next.error.code}`);
    moves.push({ seat, move });
    s = next.value;
    if (move.startsWith('return')) break;
  }
  return moves;
}

describe('Excalibur cancels a black card just drawn: the banner', () => {
  it('shows the window as its own step, naming the holder', async () => {
    const { moves, state } = toExcaliburWindow('excal');
    expect(state.phase.kind).toBe('excalibur');
    const holder = state.phase.kind === 'excalibur' ? state.phase.seat : -1;
    const page = await client.browser.newPage({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
    await instant(page);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    try {
      await resume(page, 'excal', moves);
      const legal = await nextTurn(page, null, 20_000);
      expect(legal?.sort()).toEqual(['excalibur', 'pass']);
      const banner = (await page.textContent('[data-testid=phase]')) ?? '';
      expect(banner).toContain('Excalibur: cancel the black card just drawn');
      // The holder by the player's name and the knight's: "Player 2 (Sir Galahad) holds Excalibur".
      expect(banner).toContain(`Player ${holder + 1} (${shadows.seatName(holder, 3, 'en')}) holds Excalibur`);
      expect(banner).not.toContain('Progression of Evil');
      expect(errors).toEqual([]);
    } finally {
      await page.context().close();
    }
  }, 60_000);
});

describe('What a seat saw stays on its screen ("you saw…") [decision]', () => {
  it("King Arthur's swap: shown to Arthur and to Galahad on their turns, never to Gawain", async () => {
    const moves = toArthursSwap('swap');
    expect(moves[moves.length - 1]?.move).toMatch(/^return /);
    const page = await client.browser.newPage({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
    await instant(page);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    try {
      await resume(page, 'swap', moves);
      // Arthur, still in his heroic phase.
      let legal = await nextTurn(page, null, 20_000);
      expect(legal).toContain('draw');
      expect(await page.textContent('[data-testid=seen-swap]')).toMatch(
        /You saw — swap with Player 2 \(Sir Galahad\): you gave .*, got /,
      );
      let ply = await page.getAttribute('[data-testid=table]', 'data-ply');
      await chooseShadows(page, 'draw');
      legal = await nextTurn(page, ply, 20_000);
      ply = await page.getAttribute('[data-testid=table]', 'data-ply');
      await chooseShadows(page, 'end');
      // Galahad's turn: he took part in the swap.
      legal = await nextTurn(page, ply, 20_000);
      expect(legal).toContain('evil siege');
      expect(await page.textContent('[data-testid=seen-swap]')).toMatch(
        /You saw — swap with Player 1 \(King Arthur\): you gave .*, got /,
      );
      for (const m of ['evil siege', 'draw', 'end']) {
        ply = await page.getAttribute('[data-testid=table]', 'data-ply');
        await chooseShadows(page, m);
        legal = await nextTurn(page, ply, 20_000);
      }
      // Gawain's turn: nothing of the swap.
      expect(legal).toContain('evil siege');
      expect(await page.$('[data-testid=seen]')).toBeNull();
      expect(errors).toEqual([]);
    } finally {
      await page.context().close();
    }
  }, 60_000);
});

/**
 * Random matches of three (seeded) until the seat to move holds cards that make two moves at one place (Heroism
 * at Excalibur: pushing the sword with it, or laying it on that quest). Returns the moves there and that pair.
 */
function toSharedPlace(): {
  seed: string;
  moves: { seat: number; move: string }[];
  pair: string[];
  cards: readonly string[];
} {
  for (let g = 0; g < 40; g++) {
    const seed = `shared-${g}`;
    const created = shadows.setup({ players: 3, options: DEFAULT_OPTIONS, seed });
    if (!created.ok) throw new Error(created.error.code);
    let s = created.value;
    const rng = createRng(seed);
    const moves: { seat: number; move: string }[] = [];
    for (let ply = 0; ply < 400 && !shadows.outcome(s); ply++) {
      const seat = shadows.toMove(s)[0] as number;
      const v = view(s, seat);
      const legal = shadows.legalMoves(s, seat).map((m) => shadows.formatMove(s, m));
      const ctx: Context = {
        me: seat,
        location: v.knights[seat]?.location ?? null,
        swapFrom: v.phase.kind === 'swap' ? v.phase.from : null,
        kayQuest: v.phase.kind === 'kay' ? v.phase.pending.quest : null,
      };
      const groups = new Map<string, string[]>();
      for (const f of legal.map((m) => afford(m, ctx))) {
        if (f.cards.length === 0 || !f.target) continue;
        const k = `${f.cards.join('+')}@${targetKey(f.target)}`;
        groups.set(k, [...(groups.get(k) ?? []), f.move]);
      }
      const shared = [...groups.entries()].find(([, ms]) => ms.length > 1);
      if (shared) return { seed, moves, pair: shared[1], cards: afford(shared[1][0] as string, ctx).cards };
      const move = legal[nextUint32(rng) % legal.length] as string;
      const next = shadows.play(s, seat, (shadows.parseMove(s, seat, move) as { ok: true; value: never }).value);
      if (!next.ok) throw new Error(`${move}: ${next.error.code}`);
      moves.push({ seat, move });
      s = next.value;
    }
  }
  throw new Error('no position with two moves at one place in 40 random matches');
}

describe('The board asks which move when picked cards make two at one place', () => {
  it('the place lit once; clicked, the two moves in words; one is played', async () => {
    const { seed, moves, pair, cards } = toSharedPlace();
    console.log(`shared place: ${pair.join(' / ')} (seed ${seed}, after ${moves.length} moves)`);
    const page = await client.browser.newPage({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
    await instant(page);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    try {
      await resume(page, seed, moves);
      const legal = await nextTurn(page, null, 20_000);
      for (const m of pair) expect(legal).toContain(m);
      const ply = await page.getAttribute('[data-testid=table]', 'data-ply');
      for (const k of cards) await page.click(`[data-testid=hand] [data-card="${k}"][aria-pressed=false]`);
      // One lit place carries both moves, and neither is offered on its own.
      const shared = `[data-testid=board] [data-choices="${pair.join('|')}"]`;
      await page.waitForSelector(shared);
      for (const m of pair) expect(await page.$(`[data-testid=board] button[data-move="${m}"]`)).toBeNull();
      await page.click(shared);
      const offered = await page.$$eval('[data-testid=choices] button[data-move]', (els) =>
        els.map((e) => [e.getAttribute('data-move'), e.textContent]),
      );
      expect(offered.map(([m]) => m).sort()).toEqual([...pair].sort());
      // In words, not in the notation.
      for (const [, words] of offered) expect(words).not.toMatch(/\b[a-z]+-\d|@\d|^(push|play) /);
      await page.click(`[data-testid=choices] button[data-move="${pair[0]}"]`);
      await page.waitForFunction(
        (before) => document.querySelector('[data-testid=table]')?.getAttribute('data-ply') !== before,
        ply,
      );
      expect(errors).toEqual([]);
    } finally {
      await page.context().close();
    }
  }, 60_000);
});
