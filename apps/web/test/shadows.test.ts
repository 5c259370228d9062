/**
 * End-to-end, in Debian's Chromium: the Chevaliers table as a board. A person plays whole hot-seat matches
 * against two bots through the board only — a card of the hand picked, then the lit place it goes to clicked; a
 * quest clicked to travel; the Progression of Evil chosen on the board; the rest from the action bar — on a
 * desktop and on a phone, in English and in French. At every turn the board offers no move the engine does not
 * list, and every move that needs no card is in sight. A card with no use is refused with the engine's reason;
 * Escape and a second click cancel a pick; on a phone the hand opens in a drawer and no card name is cut; axe-core
 * finds no serious or critical violation. Screenshots: shadows-board-{start,middle,end}-{desktop,phone}-{en,fr}.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { KINDS } from '@roundtable/shadows';
import { afford, type Context } from '../src/tables/shadows/moves.ts';
import { join } from 'node:path';
import {
  SCREENSHOTS,
  chooseSeats,
  closeEndPanel,
  instant,
  nextTurn,
  screenshot,
  typeMove,
  useStaticClient,
} from './harness.ts';
import { axeClean } from './axe.ts';

const client = useStaticClient();
const NO_CONTEXT: Context = { me: null, location: null, swapFrom: null, kayQuest: null };

/**
 * A screenshot of what the person sees: the whole page on a desktop; on a phone, the window scrolled to the
 * table's top (the board, with the dock at the bottom of the window, as on the device).
 */
async function shot(page: Page, name: string, phone: boolean): Promise<void> {
  await page.mouse.move(0, 0);
  if (!phone) {
    await screenshot(page, name);
    return;
  }
  await page.$eval('[data-testid=board]', (e) => e.scrollIntoView());
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`) });
}

async function startLocal(page: Page, seats: string[], seed: string): Promise<void> {
  await page.goto(`${client.url}/#/new/shadows`);
  await page.waitForSelector('[data-testid=create]:not([disabled])');
  await chooseSeats(page, seats);
  await page.fill('[data-testid=seed]', seed);
  await page.click('[data-testid=create]');
  await page.waitForSelector('[data-testid=board]');
}

/** The moves the table offers in sight now (buttons and list entries carrying `data-move`). */
function shown(page: Page): Promise<string[]> {
  return page.$$eval('[data-testid=board] [data-move]', (els) =>
    els
      .filter((e) => e.tagName === 'OPTION' || (e as HTMLElement).offsetParent !== null)
      .map((e) => e.getAttribute('data-move') ?? ''),
  );
}

/** Opens the phone's drawer (the hand) when it is closed. */
async function openHand(page: Page): Promise<void> {
  if (!(await page.isVisible('[data-testid=hand]'))) {
    await page.click('[data-testid=drawer]');
    await page.waitForSelector('[data-testid=hand]', { state: 'visible' });
  }
}

/**
 * Plays a legal move as a person does on the board: its cards picked in the hand one by one, then the lit place
 * (or, for a move with no place, its button in the prompt or the action bar, or its entry in a list). A journey
 * is a click on the quest itself. Every move in sight while cards are picked must be legal.
 */
async function playOnBoard(page: Page, move: string, legal: readonly string[], keys = false): Promise<void> {
  const q = JSON.stringify(move);
  const { cards } = afford(move, NO_CONTEXT);
  // With `keys`, each button is reached by the keyboard focus and pressed with Enter.
  const press = async (selector: string): Promise<void> => {
    if (!keys) return page.click(selector);
    await page.focus(selector);
    await page.keyboard.press('Enter');
  };
  if (cards.length > 0) {
    for (const kind of cards) {
      await openHand(page);
      await press(`[data-testid=hand] [data-card="${kind}"][aria-pressed=false]`);
      await page.waitForSelector(`[data-testid=choices] .sh-picked`);
    }
    for (const m of await shown(page)) expect(legal, `offered while picking for ${move}`).toContain(m);
    // A place where the picked cards make several moves asks which one.
    const shared = await page.$$eval(
      '[data-testid=board] [data-choices]',
      (els, m) => els.findIndex((e) => (e.getAttribute('data-choices') ?? '').split('|').includes(m)),
      move,
    );
    if (shared >= 0 && !(await page.$(`[data-testid=board] button[data-move=${q}]`))) {
      await (await page.$$('[data-testid=board] [data-choices]'))[shared]?.click();
      await page.waitForSelector(`[data-testid=choices] button[data-move=${q}]`);
    }
    await page.waitForSelector(`[data-move=${q}]`, { state: 'visible' });
  }
  if (move.startsWith('move ')) {
    // Travelling: a click on the quest (its name), not on a button.
    await page.click(`[data-testid=board] section[data-quest="${move.split(' ')[1]}"] h3`);
    return;
  }
  const el = await page.$(`[data-testid=board] button[data-move=${q}]`);
  if (el && (await el.isVisible())) {
    await press(`[data-testid=board] button[data-move=${q}]`);
    return;
  }
  const combo = await page.$eval(
    `[data-testid=board] option[data-move=${q}]`,
    (o) => o.closest('[data-combo]')?.getAttribute('data-combo') ?? '',
  );
  const sel = `[data-testid=board] [data-combo=${JSON.stringify(combo)}]`;
  await page.selectOption(`${sel} select`, move);
  await page.click(`${sel} button`);
}

/** The person's choice: the end of the turn once allowed, the siege engines for Evil (the match ends sooner), else a card on the board, else a journey, else the first. */
function choose(legal: readonly string[], turn: number): string {
  const cardMoves = legal.filter((m) => {
    const f = afford(m, NO_CONTEXT);
    return f.cards.length > 0 && !m.startsWith('discard') && !m.startsWith('heal');
  });
  const journeys = legal.filter((m) => m.startsWith('move ') && m !== 'move camelot');
  return (
    legal.find((m) => m === 'end') ??
    legal.find((m) => m === 'evil siege') ??
    legal.find((m) => m === 'accept') ??
    (turn % 3 === 1 && journeys.length > 0 ? journeys[turn % journeys.length] : undefined) ??
    cardMoves[turn % Math.max(1, cardMoves.length)] ??
    journeys[0] ??
    legal.find((m) => m === 'draw') ??
    (legal[0] as string)
  );
}

const CASES = [
  { device: 'desktop', lang: 'en', seed: '7' },
  { device: 'phone', lang: 'fr', seed: '3' },
  { device: 'desktop', lang: 'fr', seed: '11' },
  { device: 'phone', lang: 'en', seed: '5' },
] as const;

describe('Chevaliers: a person plays a whole match through the board', () => {
  for (const c of CASES) {
    it(`${c.device}, ${c.lang}: cards picked then placed, quests clicked, to the end`, async () => {
      const phone = c.device === 'phone';
      const context = await client.browser.newContext(
        phone
          ? { viewport: { width: 390, height: 844 }, locale: c.lang === 'fr' ? 'fr-FR' : 'en-GB' }
          : { viewport: { width: 1280, height: 900 }, locale: c.lang === 'fr' ? 'fr-FR' : 'en-GB' },
      );
      const page = await context.newPage();
      await instant(page);
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      const tag = `${c.device}-${c.lang}`;
      try {
        await startLocal(page, ['human', 'bot:easy', 'bot:easy'], c.seed);
        // One loyalty card and one hand: this seat's. The six quests and Camelot are places on the board.
        expect(await page.$$eval('[data-testid=loyalty]', (els) => els.length)).toBe(1);
        expect(await page.$$eval('[data-testid=hand]', (els) => els.length)).toBe(1);
        expect(
          await page.$$eval('[data-testid=board] section[data-quest]', (els) =>
            els.map((e) => e.getAttribute('data-quest')),
          ),
        ).toEqual(['camelot', 'black-knight', 'lancelot', 'excalibur', 'grail', 'picts', 'saxons']);
        // Every knight stands at Camelot as a figure.
        expect(await page.$$eval('section[data-quest=camelot] .sh-pawns li', (els) => els.length)).toBe(3);
        if (phone) {
          // The board first; the hand waits in the drawer until asked for.
          expect(await page.isVisible('[data-testid=hand]')).toBe(false);
          const order = await page.evaluate(() => {
            const y = (s: string): number => document.querySelector(s)?.getBoundingClientRect().top ?? -1;
            return { board: y('.sh-map'), choices: y('[data-testid=choices]') };
          });
          expect(order.board).toBeLessThan(844);
          await openHand(page);
          // No card name is cut: those in hand, and every white card's name drawn on a copy of a card of the hand.
          const cut = await page.$$eval('[data-testid=hand] .name', (els) =>
            els.filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => e.textContent),
          );
          expect(cut).toEqual([]);
          const names = KINDS.filter((k) => k.colour === 'white').map((k) =>
            k.effect === 'fight' ? (c.lang === 'fr' ? 'Combat' : 'Fight') : k[c.lang],
          );
          const cutAny = await page.$eval(
            '[data-testid=hand]',
            (hand, ns) => {
              const card = hand.querySelector('.card.face') as HTMLElement;
              return ns.filter((n) => {
                const copy = card.cloneNode(true) as HTMLElement;
                (copy.querySelector('.name') as HTMLElement).textContent = n;
                copy.style.setProperty('--chars', String(Math.max(8, ...n.split(/\s+/).map((w) => w.length))));
                hand.appendChild(copy);
                const el = copy.querySelector('.name') as HTMLElement;
                const over = el.scrollWidth > el.clientWidth + 1;
                copy.remove();
                return over;
              });
            },
            names,
          );
          expect(cutAny).toEqual([]);
          // Escape closes the drawer.
          await page.keyboard.press('Escape');
          await page.waitForSelector('[data-testid=hand]', { state: 'hidden' });
          expect(await page.getAttribute('[data-testid=drawer]', 'aria-expanded')).toBe('false');
        }
        await shot(page, `shadows-board-start-${tag}`, phone);

        let ply: string | null = null;
        let mine = 0;
        let refused = false;
        let escaped = false;
        let middle = false;
        let cardPlays = 0;
        let journeys = 0;
        let evil = 0;
        for (; mine < 300; mine++) {
          const legal = await nextTurn(page, ply, 30_000);
          if (legal === null) break;
          ply = await page.getAttribute('[data-testid=table]', 'data-ply');
          // Never an illegal move in sight; every move that needs no card is in sight (a place, a button, a list).
          const offered = await shown(page);
          for (const m of offered) expect(legal, 'a move in sight').toContain(m);
          for (const m of legal)
            if (afford(m, NO_CONTEXT).cards.length === 0 && !m.startsWith('move '))
              expect(offered, 'a move with no card').toContain(m);
          // Journeys: each lit quest is a place to click.
          for (const m of legal.filter((x) => x.startsWith('move ')))
            expect(await page.$(`section[data-quest="${m.split(' ')[1]}"].lit`), m).not.toBeNull();

          if (!refused && legal.includes('evil black')) {
            // In the Progression of Evil the hand has no use: a card clicked is refused with the engine's reason.
            if (phone) await openHand(page);
            await page.click('[data-testid=hand] [data-testid=unplayable]', { force: true });
            await page.waitForFunction(
              () => (document.querySelector('[data-testid=reason]')?.textContent ?? '') !== '',
            );
            expect(await page.textContent('[data-testid=reason]')).not.toBe('');
            refused = true;
            if (!phone && c.lang === 'en') {
              // A move typed that is not legal now is refused too.
              const why = (await page.textContent('[data-testid=reason]')) ?? '';
              await typeMove(page, 'draw');
              await page.waitForFunction(
                (before) => (document.querySelector('[data-testid=reason]')?.textContent ?? '') !== before,
                why,
              );
              expect(await page.textContent('[data-testid=reason]')).toMatch(/cannot be played now|not a legal move/);
            }
          }
          const move = choose(legal, mine);
          const f = afford(move, NO_CONTEXT);
          if (!escaped && f.cards.length > 0) {
            // A pick is cancelled by Escape, and by a second click on the card.
            if (phone) await openHand(page);
            await page.click(`[data-testid=hand] [data-card="${f.cards[0]}"][aria-pressed=false]`);
            await page.waitForSelector('[data-testid=hand] [aria-pressed=true]', { state: 'attached' });
            expect(
              (await page.$$('[data-testid=board] .lit')).length +
                (await page.$$('[data-testid=choices] .sh-prompt [data-move]')).length,
            ).toBeGreaterThan(0);
            await page.keyboard.press('Escape');
            await page.waitForSelector('[data-testid=hand] [aria-pressed=true]', { state: 'detached' });
            if (phone) await openHand(page);
            await page.click(`[data-testid=hand] [data-card="${f.cards[0]}"][aria-pressed=false]`);
            await page.waitForSelector('[data-testid=hand] [aria-pressed=true]', { state: 'attached' });
            // On a phone the drawer stepped aside for the board: it opens again to unpick the card.
            if (phone) await openHand(page);
            await page.click('[data-testid=hand] [aria-pressed=true]');
            await page.waitForSelector('[data-testid=hand] [aria-pressed=true]', { state: 'detached' });
            escaped = true;
          }
          if (!middle && mine >= 6 && f.cards.length > 0 && f.target !== null) {
            // The middle of the match: a card picked, where it may go lit on the board.
            if (phone) await openHand(page);
            await page.click(`[data-testid=hand] [data-card="${f.cards[0]}"][aria-pressed=false]`);
            await page.waitForSelector('[data-testid=board] .lit');
            await shot(page, `shadows-board-middle-${tag}`, phone);
            await axeClean(page, `${tag} with a card picked`);
            await page.keyboard.press('Escape');
            await page.waitForSelector('[data-testid=hand] [aria-pressed=true]', { state: 'detached' });
            middle = true;
          }
          // Every other card played with the keyboard alone (focus and Enter).
          await playOnBoard(page, move, legal, f.cards.length > 0 && cardPlays % 2 === 1);
          if (f.cards.length > 0) cardPlays++;
          if (move.startsWith('move ')) journeys++;
          if (move.startsWith('evil ')) evil++;
        }
        expect(await page.getAttribute('[data-testid=table]', 'data-status')).toBe('finished');
        expect(await page.getAttribute('[data-testid=board]', 'data-phase')).toBe('over');
        expect(refused).toBe(true);
        expect(escaped).toBe(true);
        expect(middle).toBe(true);
        expect(cardPlays, 'cards played through the board').toBeGreaterThan(2);
        expect(journeys, 'quests clicked').toBeGreaterThan(0);
        expect(evil).toBeGreaterThan(0);
        console.log(
          `shadows ${tag}: ${mine} moves by the person (${cardPlays} with cards, ${journeys} journeys, ${evil} evil); ${await page.textContent('[data-testid=status]')}`,
        );
        await closeEndPanel(page);
        await shot(page, `shadows-board-end-${tag}`, phone);
        // French sets a colon off with a non-breaking space ("Épées : 2"): none glued to its word on the table.
        if (c.lang === 'fr')
          expect((await page.innerText('[data-testid=table]')).match(/[A-Za-zÀ-ÿ’)»]:\s.{0,30}/g) ?? []).toEqual([]);
        await axeClean(page, `${tag} at the end`);
        if (phone) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(400);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    }, 180_000);
  }
});
