/**
 * End-to-end, in Debian's Chromium, against the real Round Table server serving the built client: the app is
 * installable (its manifests and service worker found, Chromium's installability check empty); after one visit,
 * with the network off and the server stopped, a reload still opens it and a whole Camelot match and a whole
 * joust match against bots and a lesson are played to their ends; an online page says it needs a connection and
 * comes back by itself with it; a new version is offered only between games, and applied when accepted.
 */
import { existsSync, mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { build } from 'vite';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { descriptors } from '@roundtable/catalog/lines';
import { startServer, type RunningServer } from '../../server/src/server.ts';
import {
  buildClient,
  closeEndPanel,
  instant,
  launch,
  legalMoves as legalMovesOf,
  nextTurn,
  removeDir,
  typeMove,
  WEB_ROOT,
} from './harness.ts';

let webDir = '';
let dataDir = '';
let port = 0;
let server: RunningServer | null = null;
let browser: Browser;

/** The server on the same port and data each time, so the page finds it again after it was stopped. */
async function up(): Promise<string> {
  server = await startServer({
    port,
    dataDir,
    webDir,
    logger: pino({ level: 'silent' }),
    botMs: 50,
    botWorkers: 1,
  });
  port = server.port;
  return server.url.replace('localhost', '127.0.0.1');
}

async function down(): Promise<void> {
  await server?.close();
  server = null;
}

let url = '';
beforeAll(async () => {
  webDir = await buildClient();
  dataDir = mkdtempSync(join(tmpdir(), 'rt-pwa-data-'));
  url = await up();
  browser = await launch();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await down();
  removeDir(webDir);
  removeDir(dataDir);
});

async function newContext(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
  const page = await context.newPage();
  await instant(page);
  page.on('pageerror', (e) => console.error('page error:', e.message));
  return { context, page };
}

/** After a first visit: the service worker is active, controls the page and has put every file on the device. */
async function installed(page: Page): Promise<number> {
  await page.waitForFunction(async () => {
    const r = await navigator.serviceWorker.ready;
    return r.active?.state === 'activated';
  });
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) {
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  }
  return page.evaluate(async () => {
    let n = 0;
    for (const key of await caches.keys()) n += (await (await caches.open(key)).keys()).length;
    return n;
  });
}

/** Sets up a local match from the home screen, as a person does. */
async function startLocal(page: Page, game: string, seats: string[], seed: string): Promise<void> {
  await page.goto(`${url}/#/`);
  await page.click(`[data-testid=play-${game}]`);
  await page.waitForSelector('[data-testid=create]:not([disabled])');
  for (let i = 0; i < seats.length; i++) await page.selectOption(`[data-testid=seat-${i}]`, seats[i] as string);
  await page.fill('[data-testid=seed]', seed);
  await page.click('[data-testid=create]');
  await page.waitForSelector('[data-testid=board], [data-testid=hand]');
}

/** Plays this screen's moves with `choose` until the match ends; returns how many it played. */
async function playToEnd(page: Page, choose: (legal: string[]) => string, limit: number): Promise<number> {
  let ply: string | null = null;
  for (let i = 0; i < limit; i++) {
    const legal = await nextTurn(page, ply);
    if (legal === null) return i;
    ply = await page.getAttribute('[data-testid=table]', 'data-ply');
    await typeMove(page, choose(legal));
  }
  throw new Error(`no end after ${limit} moves`);
}

function picker(seed: number): (n: number) => number {
  let s = seed >>> 0;
  return (n) => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s % n;
  };
}

describe('an installable app', () => {
  it('has its manifests, icons and service worker, and Chromium finds nothing against installing it', async () => {
    // A profile of its own: Chromium installs nothing from an incognito context (what `newContext` makes).
    const profile = mkdtempSync(join(tmpdir(), 'rt-pwa-profile-'));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run', '--disable-sync'],
      viewport: { width: 1280, height: 900 },
      locale: 'en-GB',
    });
    const page = context.pages()[0] ?? (await context.newPage());
    // The first screen's scripts and styles come as the build's Brotli copies, hashed ones cached for a year.
    const sent: { url: string; encoding?: string; cache?: string }[] = [];
    page.on('response', (r) => {
      if (/\.(js|css)$/.test(r.url()))
        sent.push({ url: r.url(), encoding: r.headers()['content-encoding'], cache: r.headers()['cache-control'] });
    });
    await page.goto(`${url}/`);
    await page.waitForSelector('[data-testid=play-camelot]');
    expect(sent.filter((s) => s.url.includes('/assets/')).length).toBeGreaterThanOrEqual(2);
    // Every script with a Brotli copy comes as that copy; only a file Brotli cannot shrink (a chunk of a few dozen
    // bytes) has none and comes as it is.
    for (const s of sent) {
      const file = join(webDir, new URL(s.url).pathname);
      if (statSync(file).size > 1024) expect(existsSync(`${file}.br`), `${s.url} has a Brotli copy`).toBe(true);
      expect(existsSync(`${file}.br`) ? s.encoding : 'br', s.url).toBe('br');
    }
    expect(sent.filter((s) => s.encoding === 'br').length).toBeGreaterThanOrEqual(2);
    for (const s of sent.filter((x) => x.url.includes('/assets/')))
      expect(s.cache, s.url).toBe('public, max-age=31536000, immutable');
    expect(await installed(page)).toBeGreaterThan(30);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    expect(installabilityErrors).toEqual([]);
    const en = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[]; data: string };
    expect(en.errors).toEqual([]);
    const manifest = JSON.parse(en.data) as {
      name: string;
      display: string;
      icons: { purpose: string; sizes: string }[];
      shortcuts: { url: string }[];
    };
    expect(manifest.display).toBe('standalone');
    expect(manifest.icons.filter((i) => i.purpose === 'maskable').map((i) => i.sizes)).toEqual(['192x192', '512x512']);
    expect(manifest.shortcuts.map((s) => s.url)).toEqual(descriptors().map((d) => `./#/new/${d.id}`));
    // In French, the page links the French manifest: the app installs under its French name.
    await page.click('[data-testid=lang]');
    await page.waitForFunction(() =>
      document.querySelector('link[rel=manifest]')?.getAttribute('href')?.includes('.fr.'),
    );
    const fr = (await cdp.send('Page.getAppManifest')) as { errors: unknown[]; data: string };
    expect(fr.errors).toEqual([]);
    expect((JSON.parse(fr.data) as { name: string; lang: string }).lang).toBe('fr');
    expect(JSON.parse(fr.data).name).toContain('Table Ronde');
    expect((await cdp.send('Page.getInstallabilityErrors')).installabilityErrors).toEqual([]);
    await context.close();
    removeDir(profile);
  });
});

describe('offline, after one visit', () => {
  it('plays a whole Camelot match and a whole joust match against bots, and a lesson, with no network and no server', async () => {
    const { context, page } = await newContext();
    await page.goto(`${url}/`);
    await page.waitForSelector('[data-testid=play-camelot]');
    await installed(page);
    // No network at all: the browser is offline and the server is gone.
    await context.setOffline(true);
    await down();
    await page.reload();
    await page.waitForSelector('[data-testid=play-camelot]');
    expect(await page.isVisible('[data-testid=offline-bar]')).toBe(true);

    await startLocal(page, 'camelot', ['human', 'bot:easy'], '3');
    const pick = picker(5);
    const camelot = await playToEnd(
      page,
      (legal) => {
        // Captures first (the longest), else a move forward: a short match.
        const most = Math.max(...legal.map((m) => (m.match(/x/gi) ?? []).length));
        const best = legal.filter((m) => (m.match(/x/gi) ?? []).length === most);
        return best[pick(best.length)] as string;
      },
      600,
    );
    expect(await page.textContent('[data-testid=status]')).toMatch(/Game over/);
    console.log(`offline camelot: ${camelot} moves by the person; ${await page.textContent('[data-testid=status]')}`);
    await closeEndPanel(page);

    await startLocal(page, 'joust', ['human', 'bot:greedy'], '4');
    const joust = await playToEnd(
      page,
      (legal) => {
        const cards = legal.filter((m) => /^play (purple|red|blue|yellow|green|squire|maiden)/.test(m));
        const end = legal.find((m) => m === 'end');
        const rest = legal.filter((m) => m !== 'withdraw');
        return (
          cards.length > 0 && pick(3) > 0 ? cards[pick(cards.length)] : (end ?? rest[pick(rest.length)] ?? legal[0])
        ) as string;
      },
      1500,
    );
    expect(await page.textContent('[data-testid=status]')).toMatch(/Game over/);
    console.log(`offline joust: ${joust} moves by the person; ${await page.textContent('[data-testid=status]')}`);
    await closeEndPanel(page);

    // Every game's table and rules, each loaded on demand, are on the device too.
    for (const id of descriptors().map((d) => d.id)) {
      await page.goto(`${url}/#/new/${id}`);
      await page.waitForSelector('[data-testid=create]:not([disabled])');
      await page.goto(`${url}/#/rules/${id}`);
      await page.waitForFunction(() => (document.querySelector('.rules-page')?.textContent?.length ?? 0) > 500);
    }

    // The Camelot lesson, step by step, to its end.
    await page.goto(`${url}/#/learn/camelot`);
    for (const move of ['F6-F7', 'E6-E8', 'F6xF8', 'C6xC8', 'D6-D8xD10', 'F15-F16']) {
      await page.waitForSelector('[data-testid=lesson][data-phase=doing] [data-testid=board]');
      const from = Number(await page.getAttribute('[data-testid=lesson]', 'data-step'));
      for (const sq of move.toUpperCase().split(/[-X]/))
        await page.click(`[data-testid=board] rect[data-square=${sq}]`, { force: true });
      await page.waitForSelector('[data-testid=lesson][data-phase=done]');
      await page.click('[data-testid=lesson-next]');
      await page.waitForFunction(
        (n) =>
          document.querySelector('[data-testid=lesson-end]') !== null ||
          document.querySelector(`[data-testid=lesson][data-step="${n}"]`) !== null,
        from + 1,
      );
    }
    await page.waitForSelector('[data-testid=lesson-end]');

    // An online page says plainly that it needs a connection, and comes back by itself (no reload) when it does.
    await page.goto(`${url}/#/lobby`);
    await page.waitForSelector('[data-testid=offline]');
    expect(await page.textContent('[data-testid=offline]')).toContain('needs a connection');
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    url = await up();
    const made = await fetch(`${url}/api/matches`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ game: 'camelot', seats: [{ kind: 'human', name: 'Gawain' }, { kind: 'open' }] }),
    });
    expect(made.status).toBe(201);
    await context.setOffline(false);
    await page.waitForSelector('[data-testid=open-matches] li');
    expect(await page.$('[data-testid=offline]')).toBeNull();
    expect(await page.$('[data-testid=offline-bar]')).toBeNull();
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    await context.close();
  }, 420_000);
});

describe('a new version', () => {
  it('is offered only between games, and applied when accepted, in no page where a game is played', async () => {
    const { context, page } = await newContext();
    await page.goto(`${url}/`);
    await page.waitForSelector('[data-testid=play-camelot]');
    await installed(page);
    await startLocal(page, 'camelot', ['human', 'bot:random'], '9');
    let legal = await nextTurn(page, null);
    await typeMove(page, legal?.[0] as string);
    legal = await nextTurn(page, '1');
    const ply = await page.getAttribute('[data-testid=table]', 'data-ply');
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    // A second page of the app, between games.
    const other = await context.newPage();
    await other.goto(`${url}/#/`);
    await other.waitForSelector('[data-testid=play-camelot]');

    // The next version: the same app, one mark more in its page.
    await build({
      root: WEB_ROOT,
      configFile: join(WEB_ROOT, 'vite.config.ts'),
      logLevel: 'silent',
      build: { outDir: webDir, emptyOutDir: true },
      plugins: [
        {
          name: 'next-version',
          transformIndexHtml: (html) => html.replace('<head>', '<head><meta name="rt-version" content="2">'),
        },
      ],
    });
    // Chromium may be checking for a new version on its own (a navigation asks for one) while the build rewrites
    // the files: that check fails, and an update asked for meanwhile fails with it ("An unknown error occurred when
    // fetching the script"). Ask again, as the app does every hour.
    for (let attempt = 1; ; attempt++) {
      const failed = await page.evaluate(async () => {
        try {
          await (await navigator.serviceWorker.getRegistration())?.update();
          return '';
        } catch (error) {
          return String(error);
        }
      });
      if (!failed) break;
      console.log(`update of the service worker, attempt ${attempt}, failed: ${failed}`);
      if (attempt === 5) throw new Error(`the service worker could not be updated, 5 times: ${failed}`);
      await page.waitForTimeout(1_000);
    }
    await page.waitForFunction(() => document.documentElement.dataset.update === 'deferred', null, { timeout: 60_000 });
    // Mid-game: nothing shows, nothing reloads, the game goes on.
    expect(await page.$('[data-testid=update-ready]')).toBeNull();
    expect(await page.getAttribute('[data-testid=table]', 'data-ply')).toBe(ply);
    await typeMove(page, legal?.[0] as string);
    await nextTurn(page, ply);
    expect(await page.$('[data-testid=update-ready]')).toBeNull();

    // The other page, between games, offers it; accepted there, the new version takes over and that page reloads
    // with it, while the game in the first page goes on untouched.
    await other.waitForSelector('[data-testid=update-ready]');
    expect(await other.textContent('[data-testid=update-ready]')).toContain('A new version is ready');
    await Promise.all([other.waitForEvent('load'), other.click('[data-testid=update-now]')]);
    await other.waitForSelector('meta[name=rt-version]', { state: 'attached' });
    const after = await page.getAttribute('[data-testid=table]', 'data-ply');
    await typeMove(page, (await legalMovesOf(page))[0] as string);
    await nextTurn(page, after);
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    expect(await page.$('meta[name=rt-version]')).toBeNull();
    expect(await page.$('[data-testid=update-ready]')).toBeNull();

    // The game left: the first page offers the new version too, and takes it when accepted.
    await page.goto(`${url}/#/`);
    await page.waitForSelector('[data-testid=update-ready]');
    await Promise.all([page.waitForEvent('load'), page.click('[data-testid=update-now]')]);
    await page.waitForSelector('meta[name=rt-version]', { state: 'attached' });
    expect(await page.evaluate(() => document.documentElement.dataset.update ?? '')).toBe('');
    await context.close();
  }, 180_000);
});
