/**
 * End-to-end, in Debian's Chromium: the Tournament at Camelot table, a hot-seat match against two bots played to
 * its end through the table (cards clicked in the hand, Merlin declared with the chooser, godsends and heroes
 * picked with their buttons, the move box as a fallback), with a greyed-out card's reason and a screenshot.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { chooseSeats, instant, nextTurn, screenshot, typeMove, useStaticClient, watchToEnd } from './harness.ts';

const client = useStaticClient();

async function startLocal(page: Page, seats: string[], life: number, seed: string): Promise<void> {
  await page.goto(`${client.url}/`);
  await page.click('[data-testid=play-tournament]');
  await page.waitForSelector('[data-testid=create]:not([disabled])');
  await chooseSeats(page, seats);
  await page.fill('[data-testid=opt-life]', String(life));
  await page.fill('[data-testid=seed]', seed);
  await page.click('[data-testid=create]');
  await page.waitForSelector('.tournament-table, [data-testid=privacy]');
}

describe('Tournament at Camelot', () => {
  it('plays a whole 3-knight match against two bots through the table', async () => {
    const started = Date.now();
    const context = await client.browser.newContext({ viewport: { width: 1100, height: 900 }, locale: 'en-GB' });
    const page = await context.newPage();
    await instant(page);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await startLocal(page, ['human', 'bot:easy', 'bot:easy'], 250, '12');
    let ply: string | null = null;
    let moves = 0;
    let explained = false;
    let declared = false;
    let shot = false;
    const used = { card: 0, button: 0, typed: 0, power: 0 };
    for (; moves < 400; moves++) {
      const legal = await nextTurn(page, ply, 20_000);
      if (legal === null) break;
      ply = await page.getAttribute('[data-testid=table]', 'data-ply');
      // Once: click a greyed-out card and read the engine's reason.
      if (!explained && legal.some((m) => m.startsWith('play ')) && (await page.$('[data-testid=unplayable]'))) {
        await page.click('[data-testid=unplayable]', { force: true });
        await page.waitForFunction(() => (document.querySelector('[data-testid=reason]')?.textContent ?? '') !== '');
        const reason = (await page.textContent('[data-testid=reason]')) ?? '';
        expect(reason).toMatch(/follow|Alchemy|discard|dishonour/i);
        explained = true;
      }
      // The table's picture: later in the match, with cards in the combat and in the wound piles.
      if (
        !shot &&
        (await page.$$('[data-testid=played]')).length >= 1 &&
        (await page.$$('[data-testid^=pile-] .card')).length >= 4
      ) {
        if (await page.$('[data-testid=unplayable]')) {
          await page.click('[data-testid=unplayable]', { force: true });
          await page.waitForFunction(() => (document.querySelector('[data-testid=reason]')?.textContent ?? '') !== '');
        }
        await screenshot(page, 'tournament-table');
        shot = true;
      }
      // Merlin or Apprenti in hand: declare it with the chooser (suit, then value).
      const joker = legal.find((m) => /^play (merlin|apprenti) /.test(m));
      if (!declared && joker) {
        await page.click(`[data-testid=hand] [data-card=${joker.split(' ')[1]}]`);
        await page.waitForSelector('[data-testid=declare]');
        if (!(await page.$('[data-testid=declare] .t-values'))) await page.click('[data-testid=declare] .t-suit');
        await page.click('[data-testid=declare] .t-values button');
        declared = true;
        used.card++;
        continue;
      }
      // Once: use a power through its button (and its arguments' chooser when it has some).
      if (used.power === 0 && (await page.$('[data-testid=powers] button'))) {
        await page.click('[data-testid=powers] button');
        if (await page.$('[data-testid=power-args]')) await page.click('[data-testid=power-args] button[data-move]');
        used.power++;
        continue;
      }
      const playable = await page.$(
        '[data-testid=hand] [data-testid=playable]:not([data-card=merlin]):not([data-card=apprenti])',
      );
      if (playable) {
        await playable.click();
        used.card++;
      } else if (await page.$('[data-testid=choices] button')) {
        await page.click('[data-testid=choices] button');
        used.button++;
      } else {
        await typeMove(page, legal[0] as string);
        used.typed++;
      }
    }
    expect(await page.textContent('[data-testid=status]')).toMatch(/Game over/);
    expect(explained).toBe(true);
    expect(errors).toEqual([]);
    // Every knight's life is shown, and at least one has reached 0.
    const lives = await page.$$eval('[data-testid^=life-]', (els) =>
      els.map((e) => Number.parseInt(e.textContent ?? '', 10)),
    );
    expect(lives).toHaveLength(3);
    expect(Math.min(...lives)).toBeLessThanOrEqual(0);
    console.log(
      `tournament: ${moves} moves by the person (${JSON.stringify(used)}, declared Merlin/Apprenti: ${declared}); ${await page.textContent('[data-testid=status]')}; ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    if (!shot) await screenshot(page, 'tournament-table');
    await screenshot(page, 'tournament-end');
    await context.close();
  }, 60_000);

  it('fits a phone in French, with hero and godsend cards labelled', async () => {
    const context = await client.browser.newContext({
      viewport: { width: 390, height: 844 },
      locale: 'fr-FR',
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    await instant(page);
    await startLocal(page, ['human', 'bot:easy', 'bot:easy'], 400, '3');
    await page.waitForSelector('[data-testid=hand]');
    expect(await page.textContent('.tournament-table')).toContain('Votre main');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(400);
    await screenshot(page, 'tournament-phone-fr');
    await context.close();
  }, 30_000);
});

/**
 * Every piece of text on the cards of the table (value, name, wounds, poison, a declared suit and value under a
 * Merlin or an Apprentice) and the labels under the cards (who played it, a power's change to its value), as tight text boxes: returns the pairs that overlap
 * and the texts that stick out of their card.
 */
async function textClashes(page: Page): Promise<{ clashes: string[]; outside: string[]; kinds: string[] }> {
  return page.evaluate(() => {
    type B = { l: number; t: number; r: number; b: number; what: string; card: Element };
    const boxes: B[] = [];
    const outside: string[] = [];
    const kinds = new Set<string>();
    const textBox = (el: Element): DOMRect | null => {
      const range = document.createRange();
      range.selectNodeContents(el);
      const rects = Array.from(range.getClientRects()).filter((r) => r.width > 0 && r.height > 0);
      if (rects.length === 0) return null;
      const l = Math.min(...rects.map((r) => r.left));
      const t = Math.min(...rects.map((r) => r.top));
      return new DOMRect(l, t, Math.max(...rects.map((r) => r.right)) - l, Math.max(...rects.map((r) => r.bottom)) - t);
    };
    for (const card of Array.from(document.querySelectorAll('.tournament-table .t-card'))) {
      const c = card.getBoundingClientRect();
      const small = card.classList.contains('small') ? 'small' : 'large';
      kinds.add(`${(card.getAttribute('data-card') ?? '').replace(/\d+$/, '')}:${small}`);
      for (const sel of ['.value', '.name', '.t-wounds', '.t-poison', '.t-decl']) {
        const part = card.querySelector(`:scope > ${sel}, :scope > .t-foot > ${sel}`);
        if (!part) continue;
        const r = textBox(part);
        if (!r) continue;
        const what = `${card.getAttribute('data-ref')} ${small} ${sel} "${part.textContent}"`;
        boxes.push({ l: r.left, t: r.top, r: r.right, b: r.bottom, what, card });
        if (r.left < c.left - 1 || r.right > c.right + 1 || r.top < c.top - 1 || r.bottom > c.bottom + 1)
          outside.push(what);
      }
    }
    for (const who of Array.from(document.querySelectorAll('.tournament-table .t-who, .tournament-table .t-adjust'))) {
      const r = who.getBoundingClientRect();
      boxes.push({ l: r.left, t: r.top, r: r.right, b: r.bottom, what: `label "${who.textContent}"`, card: who });
    }
    const clashes: string[] = [];
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++) {
        const a = boxes[i] as B;
        const b = boxes[j] as B;
        const w = Math.min(a.r, b.r) - Math.max(a.l, b.l);
        const h = Math.min(a.b, b.b) - Math.max(a.t, b.t);
        if (w > 1 && h > 1) clashes.push(`${a.what} × ${b.what}`);
      }
    }
    return { clashes, outside, kinds: [...kinds] };
  });
}

describe('Tournament cards: no text on top of other text', () => {
  for (const size of [
    { name: 'desktop', width: 1280, height: 900 },
    { name: 'phone', width: 390, height: 844 },
  ] as const) {
    it(`every card on the table, in the piles and in the hand, through a whole match (${size.name})`, async () => {
      const context = await client.browser.newContext({
        viewport: { width: size.width, height: size.height },
        locale: 'en-GB',
      });
      const page = await context.newPage();
      await instant(page);
      await startLocal(page, ['bot:random', 'bot:random', 'bot:random'], 250, '21');
      await watchToEnd(page);
      await page.keyboard.press('Escape');
      await page.waitForSelector('[data-testid=end-panel]', { state: 'detached' });
      const max = Number(await page.getAttribute('[data-testid=replay]', 'max'));
      const seen = new Set<string>();
      const problems: string[] = [];
      let shot = false;
      let echoes = 0;
      for (let ply = 1; ply < max; ply += 2) {
        await page.fill('[data-testid=replay]', String(ply));
        await page.waitForFunction(
          (p) =>
            (document.querySelector('[data-testid=replay-at]')?.textContent ?? '').match(/\d+/)?.[0] === String(p) &&
            document.querySelector('.log-entry.current'),
          ply,
        );
        await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r(null))));
        // Between combats, the one just fought stays on the table (its last card never reached it otherwise).
        if ((await page.$$('[data-testid=last-plays] .t-card')).length > 0) echoes++;
        const found = await textClashes(page);
        for (const k of found.kinds) seen.add(k);
        for (const p of [...found.clashes, ...found.outside.map((o) => `${o} sticks out of its card`)])
          if (problems.length < 12) problems.push(`ply ${ply}: ${p}`);
        if (!shot && (await page.$$('[data-testid^=pile-] .t-decl')).length > 0) {
          await screenshot(page, `tournament-pile-${size.name}`);
          shot = true;
        }
      }
      expect(problems).toEqual([]);
      expect(echoes, 'steps showing the combat just fought').toBeGreaterThan(3);
      // The match showed every family (swords, arrows, sorcery, deception, alchemy, Merlin, the Apprentice), small and large.
      for (const k of ['sw', 'ar', 'so', 'de', 'al', 'merlin', 'apprenti']) {
        for (const at of ['small', 'large']) expect(seen.has(`${k}:${at}`), `${k} ${at}`).toBe(true);
      }
      console.log(`tournament faces seen (${size.name}): ${[...seen].sort().join(' ')}`);
      await context.close();
    }, 150_000);
  }
});
