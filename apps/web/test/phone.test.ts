/**
 * End-to-end, in Debian's Chromium, served by the real server: a phone (360 and 390 px wide) in English and in
 * French. No page scrolls sideways — home, new match, every rules page and lesson, the account pages, the
 * leaderboards, every table in play and at its end — a guest's visit logs no console error, and axe-core finds
 * no violation of any impact at each table in play and in its end panel. The top bar keeps to one line at 390 px
 * in French, its "More" menu (a disclosure of a list) driven by the keyboard, and marks the section of each page.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations, chooseSeats, closeEndPanel, instant, screenshot, watchToEnd } from './harness.ts';
import { useRealServer } from './real-server.ts';

const real = useRealServer();
const GAMES = ['camelot', 'lancelot', 'joust', 'tournament', 'shadows'] as const;
const WIDTHS = [360, 390] as const;
const LANGS = ['en', 'fr'] as const;

/** How far the page reaches past the viewport's right edge, and the widest element doing it. */
async function overflow(page: Page): Promise<{ by: number; what: string }> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    let by = document.documentElement.scrollWidth - width;
    let what = '';
    // Inside a box that scrolls or clips sideways (a wide table in its scroller), an element moves no page.
    const clipped = (el: Element): boolean => {
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement)
        if (getComputedStyle(a).overflowX !== 'visible') return true;
      return false;
    };
    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      const r = el.getBoundingClientRect();
      if (
        r.width > 0 &&
        r.right - width > Math.max(by, 0) &&
        getComputedStyle(el).position !== 'fixed' &&
        !clipped(el)
      ) {
        by = r.right - width;
        what = `${el.tagName.toLowerCase()}.${(el as HTMLElement).className} "${(el.textContent ?? '').slice(0, 30)}"`;
      }
    }
    return { by, what };
  });
}

const PAGES = [
  '#/',
  ...GAMES.map((g) => `#/new/${g}`),
  ...GAMES.map((g) => `#/rules/${g}`),
  ...GAMES.map((g) => `#/learn/${g}`),
  '#/signup',
  '#/login',
  '#/lobby',
  '#/me',
  ...GAMES.map((g) => `#/ratings/${g}`),
];

/** The top bar's controls a person sees now: their tops, and whether all of them cross one horizontal line. */
async function barLine(page: Page): Promise<{ linkTops: number[]; oneLine: boolean; height: number; tallest: number }> {
  return page.evaluate(() => {
    const bar = document.querySelector('header.topbar')!;
    const shown = (el: Element): boolean => el.getClientRects().length > 0 && !el.closest('.nav-menu.open');
    const controls = Array.from(bar.querySelectorAll('a[href], button')).filter(shown);
    const boxes = controls.map((el) => el.getBoundingClientRect());
    return {
      linkTops: [...new Set(boxes.filter((_, i) => controls[i]!.closest('nav a')).map((r) => Math.round(r.top)))],
      oneLine: Math.max(...boxes.map((r) => r.top)) < Math.min(...boxes.map((r) => r.bottom)),
      height: bar.getBoundingClientRect().height,
      tallest: Math.max(...boxes.map((r) => r.height)),
    };
  });
}

describe('the top bar on a phone', () => {
  it('is one line at 390 px in French, and its More menu opens, closes and leads on by keyboard', async () => {
    const context = await real.browser.newContext({
      viewport: { width: 390, height: 844 },
      locale: 'fr-FR',
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    await page.goto(`${real.url}/#/`);
    // Signed in: the bar's most links (the account's and "my turn").
    const status = await page.evaluate(async () => {
      const body = JSON.stringify({ name: 'Perceval', password: 'correct horse battery' });
      const r = await fetch('/api/accounts', { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      return r.status;
    });
    expect(status).toBeLessThan(300);
    await page.reload();
    await page.waitForSelector('[data-testid=me-name]', { state: 'attached' });
    await page.waitForSelector('main > *');
    const line = await barLine(page);
    expect(line.linkTops, 'the tops of the links on the bar').toHaveLength(1);
    expect(line.oneLine, 'every control of the bar on one line').toBe(true);
    expect(line.height, 'the bar, one control high').toBeLessThan(line.tallest + 20);
    expect(await page.getAttribute('nav', 'aria-label')).toBe('Principale');

    // The keyboard reaches "More" with Tab; Enter opens it, over the page (nothing under the bar moves).
    const more = '[data-testid=nav-more]';
    const focused = (): Promise<string> =>
      page.evaluate(() => {
        const el = document.activeElement;
        return el?.getAttribute('data-testid') ?? el?.getAttribute('href') ?? el?.tagName ?? '';
      });
    for (let i = 0; i < 8 && (await focused()) !== 'nav-more'; i++) await page.keyboard.press('Tab');
    expect(await focused()).toBe('nav-more');
    const mainTop = (): Promise<number> => page.$eval('main', (m) => m.getBoundingClientRect().top);
    const before = await mainTop();
    await page.keyboard.press('Enter');
    await page.waitForSelector(`${more}[aria-expanded=true]`);
    const menu = `#${(await page.getAttribute(more, 'aria-controls')) ?? ''}`;
    expect(await page.isVisible(`${menu} [data-testid=nav-clubs]`)).toBe(true);
    expect(await mainTop()).toBe(before);
    // A list of links: a <ul> whose every child is an <li> holding one link or button.
    const items = await page.$eval(menu, (m) => [m.tagName, ...Array.from(m.children, (li) => li.tagName)]);
    expect(items[0]).toBe('UL');
    expect(new Set(items.slice(1))).toEqual(new Set(['LI']));
    expect(await page.$$eval(`${menu} > li`, (lis) => lis.every((li) => li.children.length === 1))).toBe(true);
    // Opened by the keyboard, the focus is on its first link: the games' page (the brand's room on the bar); Tab
    // goes on through the others, in order.
    await page.waitForFunction(() => document.activeElement?.getAttribute('href') === '#/');
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('#/puzzles');
    expect(await page.$eval(menu, (m) => m.contains(document.activeElement))).toBe(true);
    await screenshot(page, 'phone-topbar-menu-fr');
    expect(await axeViolations(page), 'axe, the menu open').toEqual([]);

    // Escape closes it and gives the focus back to "More".
    await page.keyboard.press('Escape');
    await page.waitForSelector(`${more}[aria-expanded=false]`);
    expect(await page.isVisible(menu)).toBe(false);
    expect(await focused()).toBe('nav-more');

    // Space opens it again; Tab past its last item closes it, on to the sound switch.
    await page.keyboard.press(' ');
    await page.waitForSelector(`${more}[aria-expanded=true]`);
    await page.focus('[data-testid=logout]');
    await page.keyboard.press('Tab');
    await page.waitForSelector(`${more}[aria-expanded=false]`);
    expect(await focused()).toBe('sound');

    // A link in it leads to its page, closes it, and is the current page there.
    await page.keyboard.press('Shift+Tab');
    expect(await focused()).toBe('nav-more');
    await page.keyboard.press(' ');
    await page.waitForSelector(`${more}[aria-expanded=true]`);
    await page.focus(`${menu} a[href="#/events"]`);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/#/events');
    await page.waitForSelector(`${more}[aria-expanded=false]`);
    // Opened by a pointer, the focus stays on "More".
    await page.click(more);
    await page.waitForSelector(`${menu} a[href="#/events"][aria-current=page]`);
    expect(await focused()).toBe('nav-more');
    expect(await page.getAttribute('nav > a[href="#/lobby"]', 'aria-current')).toBe(null);
    // A click outside (on the page's title, left of the menu) closes it.
    await page.click('main h1', { position: { x: 4, y: 4 } });
    await page.waitForSelector(`${more}[aria-expanded=false]`);

    // The pages a section leads to mark its link current too: a season's standings and an event's page are the
    // events', a club's invitation the clubs', the explorer the database's, a game's rules the games' page.
    const current = (): Promise<string[]> =>
      page.$$eval('header [aria-current=page]', (links) => [
        ...new Set(links.map((a) => a.getAttribute('href') ?? '')),
      ]);
    for (const [hash, section] of [
      ['#/seasons/camelot', '#/events'],
      ['#/events/no-such-event', '#/events'],
      ['#/clubs/join/NOCODE', '#/clubs'],
      ['#/explorer/camelot', '#/database'],
      ['#/rules/camelot', '#/'],
    ] as const) {
      await page.evaluate((h) => (location.hash = h), hash);
      await expect.poll(current, { message: `the current section at ${hash}` }).toEqual([section]);
    }
    await context.close();
  }, 60_000);
});

describe('the top bar on a desktop', () => {
  it('is one line for a French guest from 880 to 1440 px (the longest words, every link inline from 1200 px)', async () => {
    const context = await real.browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'fr-FR' });
    const page = await context.newPage();
    await page.goto(`${real.url}/#/`);
    await page.waitForSelector('main > *');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('fr');
    for (const width of [880, 1100, 1199, 1200, 1280, 1312, 1366, 1440]) {
      await page.setViewportSize({ width, height: 800 });
      const line = await barLine(page);
      expect(line.oneLine, `every control of the bar on one line at ${width} px`).toBe(true);
      expect(line.height, `the bar, one control high at ${width} px`).toBeLessThan(line.tallest + 20);
    }
    // Its switches keep their full names for a screen reader, whatever face they show.
    expect(await page.getByRole('button', { name: 'Mode lecteur d’écran' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'English' }).count()).toBe(1);
    await context.close();
  });
});

describe('a phone, in both languages', () => {
  for (const lang of LANGS) {
    it(`every page fits 360 and 390 px (${lang}), and a guest's visit logs no console error`, async () => {
      const context = await real.browser.newContext({
        viewport: { width: 390, height: 844 },
        locale: lang === 'fr' ? 'fr-FR' : 'en-GB',
        isMobile: true,
        hasTouch: true,
      });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error') errors.push(`${page.url()}: ${m.text()}`);
      });
      page.on('pageerror', (e) => errors.push(`${page.url()}: ${e.message}`));
      const wide: string[] = [];
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 844 });
        for (const path of PAGES) {
          await page.goto(`${real.url}/${path}`);
          await page.waitForSelector('main > *');
          await page.waitForLoadState('networkidle');
          const o = await overflow(page);
          if (o.by > 0.5) wide.push(`${path} at ${width} px: ${Math.round(o.by)} px too wide (${o.what})`);
          if (width === 360 && path.startsWith('#/learn/'))
            await screenshot(page, `phone-learn-${path.slice(8)}-${lang}`);
        }
      }
      await screenshot(page, `phone-home-${lang}`);
      expect(wide).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    }, 180_000);

    for (const game of GAMES) {
      it(`${game}: the table in play and at its end fits 360 px (${lang})`, async () => {
        const context = await real.browser.newContext({
          viewport: { width: 1280, height: 800 },
          locale: lang === 'fr' ? 'fr-FR' : 'en-GB',
        });
        const page = await context.newPage();
        await instant(page);
        const players = game === 'camelot' ? 2 : game === 'shadows' ? 4 : 3;
        const start = async (first: string): Promise<void> => {
          await page.setViewportSize({ width: 1280, height: 800 });
          await page.goto(`${real.url}/#/new/${game}`);
          await page.waitForSelector('[data-testid=create]:not([disabled])');
          await chooseSeats(
            page,
            Array.from({ length: players }, (_, i) => (i === 0 ? first : 'bot:random')),
          );
          await page.fill('[data-testid=seed]', '5');
          await page.click('[data-testid=create]');
          await page.setViewportSize({ width: 360, height: 780 });
        };
        // In play: a person's turn, with the hand and the moves on screen.
        await start('human');
        await page.waitForSelector('[data-testid=table][data-active="0"]');
        let o = await overflow(page);
        await screenshot(page, `phone-${game}-play-${lang}`);
        expect(o.by, `in play: ${o.what}`).toBeLessThanOrEqual(0.5);
        expect(await axeViolations(page), 'axe, the table in play').toEqual([]);
        // At its end: the same seats all bots, watched to the end panel.
        await start('bot:random');
        await watchToEnd(page);
        o = await overflow(page);
        await screenshot(page, `phone-${game}-end-${lang}`);
        expect(o.by, `the end panel: ${o.what}`).toBeLessThanOrEqual(0.5);
        expect(await axeViolations(page), 'axe, the end panel').toEqual([]);
        await closeEndPanel(page);
        o = await overflow(page);
        expect(o.by, `at the end: ${o.what}`).toBeLessThanOrEqual(0.5);
        await context.close();
      }, 180_000);
    }
  }
});
