import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, preview, type PreviewServer } from 'vite';
import { chromium, type Browser, type Page } from 'playwright-core';

export const WEB_ROOT = fileURLToPath(new URL('..', import.meta.url));
export const SCREENSHOTS = fileURLToPath(new URL('../../../artifacts/screenshots/', import.meta.url));

/**
 * Builds the client with Vite's JS API into a fresh folder (each test file has its own, so files running in
 * parallel never share one) and returns it. The production build (`npm run build -w @roundtable/web`) writes
 * apps/web/dist, which the server serves.
 */
export async function buildClient(): Promise<string> {
  const outDir = mkdtempSync(join(tmpdir(), 'rt-web-'));
  await build({ root: WEB_ROOT, configFile: join(WEB_ROOT, 'vite.config.ts'), logLevel: 'silent', build: { outDir, emptyOutDir: true } });
  return outDir;
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
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'],
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
