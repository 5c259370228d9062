/**
 * End-to-end, in Debian's Chromium: the cards of the card games travel from where they really come from. A card
 * this screen plays leaves its place in the hand; a card an opponent plays comes out of that opponent's hand (the
 * count of cards on its seat); at "instant", or with `prefers-reduced-motion`, nothing moves. Every flight is
 * recorded as it starts (the animated card's box at its first frame, the box of the hand it comes from) by
 * wrapping `Element.prototype.animate` in the page.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { chooseSeats, screenshot, useStaticClient } from './harness.ts';

const client = useStaticClient();

interface Box {
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
}
interface Flight {
  readonly id: string;
  readonly place: string;
  readonly from: string;
  /** The card's box at the flight's first frame. */
  readonly first: Box;
  /** The source element's box (an opponent's hand count) at that moment, when it has one. */
  readonly source: Box | null;
  /** This screen's hand at that moment. */
  readonly hand: Box | null;
  /** The place it left, when it was in sight before (a display, the table). */
  readonly flewFrom: string;
  readonly duration: number;
  readonly at: number;
}

/** Records every flight of a card or token (cards/motion.ts) as it starts. */
async function recordFlights(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { flights: unknown[] };
    w.flights = [];
    const box = (r: DOMRect) => ({ x: r.left, y: r.top, w: r.width, h: r.height });
    const original = Element.prototype.animate;
    Element.prototype.animate = function (
      this: Element,
      frames: Keyframe[] | PropertyIndexedKeyframes | null,
      options?: number | KeyframeAnimationOptions,
    ) {
      const a = original.call(this, frames, options);
      const el = this as HTMLElement;
      if (el.dataset?.motion) {
        const from = el.dataset.motionFrom ?? '';
        const src = from ? document.querySelector(`[data-motion-src="${from}"]`) : null;
        const hand = document.querySelector('[data-testid=hand]');
        w.flights.push({
          id: el.dataset.motion,
          place: el.dataset.place ?? '',
          from,
          first: box(el.getBoundingClientRect()),
          source: src ? box(src.getBoundingClientRect()) : null,
          hand: hand ? box(hand.getBoundingClientRect()) : null,
          flewFrom: el.dataset.flewFrom ?? '',
          duration: Number((a.effect?.getTiming().duration as number | undefined) ?? 0),
          at: performance.now(),
        });
      }
      return a;
    };
  });
}

const flights = (page: Page): Promise<Flight[]> =>
  page.evaluate(() => (window as unknown as { flights: Flight[] }).flights);
const centre = (b: Box): { x: number; y: number } => ({ x: b.x + b.w / 2, y: b.y + b.h / 2 });

async function start(page: Page, game: string, seats: string[], seed: string): Promise<void> {
  await page.goto(`${client.url}/#/new/${game}`);
  await page.waitForSelector('[data-testid=create]:not([disabled])');
  await chooseSeats(page, seats);
  await page.fill('[data-testid=seed]', seed);
  await page.click('[data-testid=create]');
  await page.waitForSelector('[data-testid=table]');
}

/** Waits for this screen's turn with a card it may play; returns that card's id, its box and the hand's. */
async function playableCard(page: Page): Promise<{ id: string; box: Box; hand: Box }> {
  await page.waitForSelector('[data-testid=hand] [data-testid=playable]', { timeout: 30_000 });
  return page.$eval('[data-testid=hand] [data-testid=playable]', (el) => {
    const r = el.getBoundingClientRect();
    const h = (el.closest('[data-testid=hand]') as Element).getBoundingClientRect();
    return {
      id: (el as HTMLElement).dataset.motion ?? '',
      box: { x: r.left, y: r.top, w: r.width, h: r.height },
      hand: { x: h.left, y: h.top, w: h.width, h: h.height },
    };
  });
}

/** Clicks the card and, when the table asks for a choice (a target, a declaration), takes the first one offered. */
async function playCard(page: Page, id: string): Promise<void> {
  await page.click(`[data-testid=hand] [data-motion="${id}"]`);
  // Either the card left the hand, or the table asks a question (a target, Merlin's declaration).
  await page.waitForFunction(
    (c) => !document.querySelector(`[data-testid=hand] [data-motion="${c}"]`) || document.querySelector('.chooser'),
    id,
    { timeout: 10_000 },
  );
  if (await page.$('.chooser .t-suit')) {
    await page.click('.chooser .t-suit');
    await page.click('.t-values button');
  } else if (await page.$('.chooser button[data-move]')) await page.click('.chooser button[data-move]');
}

for (const game of ['joust', 'tournament'] as const) {
  describe(`${game}: a played card travels from its hand`, () => {
    it("my card leaves my hand where it stood; an opponent's card comes out of that opponent's hand", async () => {
      const context = await client.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
      const page = await context.newPage();
      await page.addInitScript(() => localStorage.setItem('rt.speed', 'slow'));
      await recordFlights(page);
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      const seats = game === 'joust' ? ['human', 'bot:random'] : ['human', 'bot:random', 'bot:random'];
      await start(page, game, seats, game === 'joust' ? '11' : '12');

      // Mine: the flight of the card I click starts on the card's place in my hand.
      let mine: Flight | undefined;
      let tries = 0;
      for (; tries < 12 && !mine; tries++) {
        const card = await playableCard(page);
        const before = (await flights(page)).length;
        await playCard(page, card.id);
        const f = await page
          .waitForFunction(
            ([id, n]) =>
              (window as unknown as { flights: Flight[] }).flights.slice(n as number).find((x) => x.id === id) ?? null,
            [card.id, before] as const,
            { timeout: 5_000 },
          )
          .then((h) => h.jsonValue() as Promise<Flight | null>)
          .catch(() => null);
        if (!f) continue;
        mine = f;
        // The hand may have moved with the table above it (a row of cards grew): the card's place moved with it.
        const a = centre(f.first);
        const b = {
          x: centre(card.box).x + (f.hand ? f.hand.x - card.hand.x : 0),
          y: centre(card.box).y + (f.hand ? f.hand.y - card.hand.y : 0),
        };
        console.log(
          `${game}: my ${f.id} flies from the hand to ${f.place} in ${f.duration} ms; first frame ${Math.hypot(a.x - b.x, a.y - b.y).toFixed(2)} px from its place in the hand`,
        );
        expect(
          Math.hypot(a.x - b.x, a.y - b.y),
          `${f.id} starts at its place in the hand (${JSON.stringify(f.first)} vs ${JSON.stringify(card.box)})`,
        ).toBeLessThan(4);
        expect(Math.abs(f.first.h - card.box.h), "at the hand card's size").toBeLessThan(3);
        expect(f.place).not.toBe('hand');
        expect(f.duration).toBeGreaterThan(200);
      }
      expect(mine, 'one of my cards was seen travelling').toBeDefined();

      // Theirs: a card of an opponent's comes out of that opponent's hand (its count of cards, on its seat).
      const theirs = await page
        .waitForFunction(
          () =>
            (window as unknown as { flights: Flight[] }).flights.find(
              (f) => /^hand-[1-9]$/.test(f.from) && f.source !== null && !f.id.startsWith('token'),
            ) ?? null,
          null,
          { timeout: 30_000 },
        )
        .then((h) => h.jsonValue() as Promise<Flight>);
      const a = centre(theirs.first);
      const b = centre(theirs.source as Box);
      console.log(
        `${game}: their ${theirs.id} flies from ${theirs.from} to ${theirs.place}; first frame ${Math.hypot(a.x - b.x, a.y - b.y).toFixed(2)} px from that hand's centre`,
      );
      expect(
        Math.hypot(a.x - b.x, a.y - b.y),
        `${theirs.id} starts on ${theirs.from} (${JSON.stringify(theirs.first)} vs ${JSON.stringify(theirs.source)})`,
      ).toBeLessThan(4);
      // …and lands somewhere else: on the table, a display or a pile.
      const landed = await page
        .$eval(`[data-motion="${theirs.id}"]`, (el) => el.getBoundingClientRect().top)
        .catch(() => null);
      if (landed !== null) expect(Math.abs(landed - theirs.first.y)).toBeGreaterThan(20);
      await screenshot(page, `motion-${game}`);
      expect(errors).toEqual([]);
      await context.close();
    }, 120_000);
  });
}

describe('joust: the end of a tournament', () => {
  it("every card of the displays travels to the discard, and the winner's token arrives from the tournament's colour", async () => {
    const context = await client.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
    const page = await context.newPage();
    await page.addInitScript(() => localStorage.setItem('rt.speed', 'fast'));
    await recordFlights(page);
    await start(page, 'joust', ['bot:random', 'bot:random', 'bot:random'], '14');
    const found = await page
      .waitForFunction(
        () => {
          const f = (window as unknown as { flights: Flight[] }).flights;
          const toDiscard = f.filter((x) => x.place === 'discard' && x.flewFrom.startsWith('display-'));
          const token = f.find((x) => x.id.startsWith('token-') && x.from === 'colour');
          return toDiscard.length >= 2 && token ? { toDiscard: toDiscard.length, token } : null;
        },
        null,
        { timeout: 90_000 },
      )
      .then((h) => h.jsonValue() as Promise<{ toDiscard: number; token: Flight }>);
    expect(found.toDiscard).toBeGreaterThanOrEqual(2);
    // The token flew in at a size (a token grows out of the colour's tag, it does not appear from nothing).
    expect(found.token.first.w).toBeGreaterThan(2);
    await context.close();
  }, 120_000);
});

describe('Lancelot: a knight placed arrives', () => {
  it('the bot\'s knight comes down onto its square (a running animation), none at "instant"', async () => {
    for (const speed of ['normal', 'instant'] as const) {
      const page = await client.browser.newPage({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
      await page.addInitScript((s) => localStorage.setItem('rt.speed', s), speed);
      await page.addInitScript(() => {
        const w = window as unknown as { arrived: string[] };
        w.arrived = [];
        const look = (): void => {
          for (const a of document.getAnimations()) {
            const t = (a.effect as KeyframeEffect | null)?.target as Element | null;
            const sq = t?.matches?.('.knight.arrived') ? t.getAttribute('data-knight') : null;
            if (sq && !w.arrived.includes(sq)) w.arrived.push(sq);
          }
          requestAnimationFrame(look);
        };
        requestAnimationFrame(look);
      });
      await start(page, 'lancelot', ['bot:random', 'bot:random'], '15');
      await page.waitForFunction(() => document.querySelectorAll('[data-knight]').length >= 4, null, {
        timeout: 30_000,
      });
      const arrived = await page.evaluate(() => (window as unknown as { arrived: string[] }).arrived);
      if (speed === 'normal') {
        expect(arrived.length, 'knights seen arriving').toBeGreaterThanOrEqual(2);
        // Each is a square where a knight now stands.
        for (const sq of arrived) expect(await page.$(`[data-knight="${sq}"]`)).not.toBeNull();
      } else expect(arrived).toEqual([]);
      await page.close();
    }
  }, 90_000);
});

describe('no motion when it is not wanted', () => {
  it('at "instant", and with prefers-reduced-motion, no card flies', async () => {
    for (const mode of ['instant', 'reduced'] as const) {
      const context = await client.browser.newContext({
        viewport: { width: 1280, height: 900 },
        locale: 'en-GB',
        reducedMotion: mode === 'reduced' ? 'reduce' : 'no-preference',
      });
      const page = await context.newPage();
      await page.addInitScript((s) => localStorage.setItem('rt.speed', s), mode === 'instant' ? 'instant' : 'normal');
      await recordFlights(page);
      await start(page, 'tournament', ['bot:random', 'bot:random', 'bot:random'], '13');
      // Cards reach the table and the piles…
      await page.waitForFunction(() => document.querySelectorAll('[data-place^=pile-]').length >= 3, null, {
        timeout: 60_000,
      });
      // …without a single flight.
      expect(await flights(page), mode).toEqual([]);
      await context.close();
    }
  }, 150_000);
});
