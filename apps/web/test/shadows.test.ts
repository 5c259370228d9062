/**
 * End-to-end, in Debian's Chromium: the Shadows over Camelot table in a hot-seat match (you and two bots) played
 * to its end through the table's own buttons; a refused move shows the engine's reason; the view shows your
 * loyalty card and hand but never another knight's; a screenshot of the table mid-game, and one on a phone in
 * French.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { nextTurn, screenshot, typeMove, useStaticClient, instant, shadowsChoices, chooseShadows } from './harness.ts';

const client = useStaticClient();

async function startLocal(page: Page, seats: string[], seed: string): Promise<void> {
  await page.goto(`${client.url}/`);
  await page.click('[data-testid=play-shadows]');
  await page.waitForSelector('[data-testid=create]:not([disabled])');
  if (await page.$('[data-testid=players]')) await page.selectOption('[data-testid=players]', String(seats.length));
  for (let i = 0; i < seats.length; i++) await page.selectOption(`[data-testid=seat-${i}]`, seats[i] as string);
  await page.fill('[data-testid=seed]', seed);
  await page.click('[data-testid=create]');
  await page.waitForSelector('[data-testid=board]');
}


describe('Shadows over Camelot table', () => {
  it('plays a hot-seat match against two bots to the end through the buttons', async () => {
    const page = await client.browser.newPage({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
    await instant(page);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    try {
      await startLocal(page, ['human', 'bot:easy', 'bot:easy'], '7');
      // Only the seat's own loyalty card is shown, and one hand.
      expect(await page.$$eval('[data-testid=loyalty]', (els) => els.length)).toBe(1);
      expect(await page.$$eval('[data-testid=hand]', (els) => els.length)).toBe(1);
      expect(await page.textContent('[data-testid=swords]')).toBe('');
      expect(await page.$$eval('.sh-quest', (els) => els.length)).toBe(6);

      let ply: string | null = null;
      let moves = 0;
      let refused = false;
      let shot = false;
      const groups = new Set<string>();
      for (; moves < 300; moves++) {
        const legal = await nextTurn(page, ply, 20_000);
        if (legal === null) break;
        ply = await page.getAttribute('[data-testid=table]', 'data-ply');
        for (const g of await page.$$eval('[data-testid=choices] fieldset', (els) => els.map((e) => e.getAttribute('data-group') ?? ''))) groups.add(g);
        const buttons = await shadowsChoices(page);
        expect([...buttons].sort()).toEqual([...legal].sort());
        // Once, in the Progression of Evil: a heroic move typed now is refused with the engine's reason.
        if (!refused && legal.includes('evil black')) {
          // A card of the hand clicked now: greyed out, and the engine says why.
          await page.click('[data-testid=hand] [data-testid=unplayable]', { force: true });
          await page.waitForFunction(() => (document.querySelector('[data-testid=reason]')?.textContent ?? '') !== '');
          const why = (await page.textContent('[data-testid=reason]')) ?? '';
          expect(why).toMatch(/cannot be played now|not a legal move|no use now|You /);
          console.log(`card refused: ${why}`);
          await typeMove(page, 'draw');
          await page.waitForFunction((before) => (document.querySelector('[data-testid=reason]')?.textContent ?? '') !== before, why);
          await page.waitForFunction(() => (document.querySelector('[data-testid=reason]')?.textContent ?? '') !== '');
          expect(await page.textContent('[data-testid=reason]')).toMatch(/cannot be played now|not a legal move/);
          refused = true;
        }
        if (!shot && legal.some((m) => m.startsWith('move ')) && legal.some((m) => m.startsWith('declare'))) {
          await screenshot(page, 'shadows-table');
          shot = true;
        }
        // The siege engines bring the end soonest; otherwise end the turn when allowed, else the first choice.
        const move = legal.find((m) => m === 'evil siege') ?? legal.find((m) => m === 'end') ?? (legal[0] as string);
        await chooseShadows(page, move);
      }
      expect(await page.getAttribute('[data-testid=table]', 'data-status')).toBe('finished');
      expect(await page.textContent('[data-testid=status]')).toMatch(/Game over/);
      expect(await page.getAttribute('[data-testid=board]', 'data-phase')).toBe('over');
      expect(refused).toBe(true);
      expect(shot).toBe(true);
      expect(groups.has('evil')).toBe(true);
      expect(groups.has('move')).toBe(true);
      console.log(`shadows: ${moves} moves by the person; ${await page.textContent('[data-testid=status]')}; groups ${[...groups].join(',')}`);
      await screenshot(page, 'shadows-end');
      expect(errors).toEqual([]);
    } finally {
      await page.context().close();
    }
  }, 60_000);

  it('reads on a phone, in French', async () => {
    const context = await client.browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'fr-FR', isMobile: true, hasTouch: true });
    try {
      const page = await context.newPage();
      await instant(page);
      await startLocal(page, ['human', 'bot:easy', 'bot:easy', 'bot:easy'], '3');
      await page.waitForSelector('[data-testid=choices] button[data-move]');
      expect(await page.textContent('[data-testid=board]')).toContain('Votre carte d’allégeance');
      await screenshot(page, 'shadows-phone-fr');
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(400);
    } finally {
      await context.close();
    }
  }, 30_000);
});
