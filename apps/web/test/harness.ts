import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, preview, type PreviewServer } from 'vite';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';

export const WEB_ROOT = fileURLToPath(new URL('..', import.meta.url));
export const SCREENSHOTS = fileURLToPath(new URL('../../../artifacts/screenshots/', import.meta.url));

/**
 * Builds the client with Vite's JS API into a fresh folder (each test file has its own, so files running in
 * parallel never share one) and returns it. The production build (`npm run build -w @roundtable/web`) writes
 * apps/web/dist, which the server serves.
 */
export async function buildClient(): Promise<string> {
  const outDir = mkdtempSync(join(tmpdir(), 'rt-web-'));
  await build({
    root: WEB_ROOT,
    configFile: join(WEB_ROOT, 'vite.config.ts'),
    logLevel: 'silent',
    build: { outDir, emptyOutDir: true },
  });
  return outDir;
}

/**
 * The built client for a test file that only serves it: `npm test` builds it once for the whole run
 * (scripts/test.mjs, into RT_TEST_WEB_DIR) rather than once per browser test file (about 10 s each, two dozen
 * files); a file run alone builds its own. Never written by a test: one that rebuilds the client (pwa.test.ts)
 * takes its own with `buildClient`. Give it back with `releaseClient`.
 */
export async function sharedClient(): Promise<string> {
  const shared = process.env.RT_TEST_WEB_DIR;
  if (shared && existsSync(join(shared, 'index.html'))) return shared;
  return buildClient();
}

/** Removes a client `sharedClient` built for this file alone; the run's shared build stays for the other files. */
export function releaseClient(dir: string): void {
  if (dir && dir !== process.env.RT_TEST_WEB_DIR) removeDir(dir);
}

/** A static server for the built client (hot-seat needs nothing else). */
export async function staticServer(outDir: string): Promise<{ url: string; close: () => Promise<void> }> {
  const server: PreviewServer = await preview({
    root: WEB_ROOT,
    configFile: join(WEB_ROOT, 'vite.config.ts'),
    logLevel: 'silent',
    build: { outDir },
    preview: { port: 0, host: '127.0.0.1', strictPort: false, open: false },
  });
  const address = server.httpServer.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { url: `http://127.0.0.1:${port}`, close: () => server.close() };
}

export function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
    ],
  });
}

export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const path = join(SCREENSHOTS, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

/** The redraw timings the client records (Performance API): commit and first frame after a new position. */
export async function redrawTimings(page: Page): Promise<{ redraw: number[]; frame: number[] }> {
  return page.evaluate(() => ({
    redraw: performance.getEntriesByName('rt-redraw').map((e) => e.duration),
    frame: performance.getEntriesByName('rt-frame').map((e) => e.duration),
  }));
}

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

/** The legal moves the page offers (the move box's suggestions). */
export async function legalMoves(page: Page): Promise<string[]> {
  return page.$$eval('[data-testid=legal] option', (os) => os.map((o) => (o as HTMLOptionElement).value));
}

/** Plays a move with the keyboard, through the move box. */
export async function typeMove(page: Page, move: string): Promise<void> {
  await page.fill('[data-testid=move-input]', move);
  await page.press('[data-testid=move-input]', 'Enter');
}

/**
 * A test file's fixture: the client built into its own folder and served by `serve` (a static server, or the
 * real Round Table server), and Chromium launched before the file's tests, all closed after. Read `url`,
 * `served` and `browser` inside tests (they are set by then).
 */
export function useServedClient<S extends { readonly url: string; close(): Promise<void> }>(
  serve: (outDir: string) => Promise<S>,
): { readonly url: string; readonly served: S; readonly browser: Browser } {
  let outDir = '';
  let served: S | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    outDir = await sharedClient();
    served = await serve(outDir);
    browser = await launch();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await served?.close();
    releaseClient(outDir);
  });
  return {
    get served() {
      if (!served) throw new Error('the client is not served yet');
      return served;
    },
    get url() {
      return this.served.url;
    },
    get browser() {
      if (!browser) throw new Error('the browser is not launched yet');
      return browser;
    },
  };
}

/**
 * The hot-seat fixture of a test file: the client served statically (hot-seat and in-browser bots need no Round
 * Table server), and Chromium.
 */
export function useStaticClient(): { readonly url: string; readonly browser: Browser } {
  return useServedClient(staticServer);
}

/**
 * Waits until this screen may move (returns its legal moves), the match is over (null), or a privacy screen
 * shows (it is passed, then the wait goes on). `ply` is the table's ply when the wait starts.
 */
export async function nextTurn(page: Page, ply: string | null, timeout = 30_000): Promise<string[] | null> {
  await page.waitForFunction(
    (before) => {
      const t = document.querySelector('[data-testid=table]');
      if (!t) return false;
      if (t.getAttribute('data-status') === 'finished' || document.querySelector('[data-testid=reveal]')) return true;
      return (
        t.getAttribute('data-active') !== '' &&
        t.getAttribute('data-ply') !== before &&
        document.querySelectorAll('[data-testid=legal] option').length > 0
      );
    },
    ply,
    { timeout },
  );
  if (await page.$('[data-testid=reveal]')) {
    await page.click('[data-testid=reveal]');
    return nextTurn(page, null, timeout);
  }
  if ((await page.getAttribute('[data-testid=table]', 'data-status')) === 'finished') return null;
  return legalMoves(page);
}

/**
 * Shows every move as soon as it is made (the "instant" speed, remembered in localStorage), for tests that play
 * whole matches; tests of the pacing itself leave the default.
 */
export async function instant(page: Page): Promise<void> {
  await page.addInitScript(() => localStorage.setItem('rt.speed', 'instant'));
}

/**
 * Fills the new-match form's seats (and the number of players when the game asks it), then checks that the form
 * holds them: a match meant for bots must not start with a person waiting at a seat.
 */
export async function chooseSeats(page: Page, seats: readonly string[]): Promise<void> {
  if (await page.$('[data-testid=players]')) await page.selectOption('[data-testid=players]', String(seats.length));
  for (let i = 0; i < seats.length; i++) await page.selectOption(`[data-testid=seat-${i}]`, seats[i] as string);
  const held = await page.$$eval('select[data-testid^=seat-]', (els) => els.map((e) => (e as HTMLSelectElement).value));
  if (held.join() !== seats.join()) throw new Error(`the form holds the seats ${held.join()}, not ${seats.join()}`);
}

/**
 * Watches a match to its end and waits for the end panel. It waits as long as moves keep coming (a busy machine
 * is slow, not wrong), and fails only when no move came for `stallMs`, saying at which move and what the table
 * said then.
 */
export async function watchToEnd(page: Page, stallMs = 30_000): Promise<void> {
  const stalled = await page.waitForFunction(
    (limit) => {
      const t = document.querySelector('[data-testid=table]');
      if (t?.getAttribute('data-status') === 'finished') return 'finished';
      const w = window as unknown as { rtWatch?: { ply: string | null; at: number } };
      const ply = t?.getAttribute('data-ply') ?? null;
      if (!w.rtWatch || w.rtWatch.ply !== ply) w.rtWatch = { ply, at: performance.now() };
      else if (performance.now() - w.rtWatch.at > limit)
        return `no move for ${limit} ms at move ${ply ?? '?'}: "${document.querySelector('[data-testid=status]')?.textContent ?? ''}"`;
      return false;
    },
    stallMs,
    { timeout: 0, polling: 250 },
  );
  const said = (await stalled.jsonValue()) as string;
  if (said !== 'finished') throw new Error(said);
  await page.waitForSelector('[data-testid=end-panel][open]');
}

/** Closes the end-of-game panel if it is open (it is a modal dialog: the page behind it is inert). */
export async function closeEndPanel(page: Page): Promise<void> {
  if (await page.$('[data-testid=end-panel][open]')) {
    await page.keyboard.press('Escape');
    await page.waitForSelector('[data-testid=end-panel]', { state: 'detached' });
  }
}

/**
 * True when the log's text tells a Camelot move in words: every square of its notation, in order, within one
 * entry ("Player 1's man moves from F7 to F8." for `F7-F8`).
 */
export function tellsMove(log: string, notation: string): boolean {
  const squares = notation.toUpperCase().split(/[-X]/);
  return new RegExp(`\\b${squares.join('\\b[^.]*?\\b')}\\b`).test(log);
}

const AXE_SOURCE = fileURLToPath(new URL('../../../node_modules/axe-core/axe.min.js', import.meta.url));

/** Every axe-core violation on the page, whatever its impact, as "rule (impact): where" lines. */
export async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(readFileSync(AXE_SOURCE, 'utf8'));
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: unknown, o: unknown) => Promise<AxeResult> } }).axe;
    const r = await axe.run(document, { resultTypes: ['violations'] });
    return r.violations.map(
      (v) =>
        `${v.id} (${v.impact}): ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(', ')}`,
    );
  });
}

interface AxeResult {
  violations: { id: string; impact: string; nodes: { target: string[] }[] }[];
}
