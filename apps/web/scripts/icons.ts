/**
 * Draws the app's PNG icons from their SVG sources with Debian's Chromium (the PNGs are committed; run this again
 * after changing an SVG or a game's picture): `npx tsx apps/web/scripts/icons.ts`.
 *   public/icons/icon-{192,512}.png       from icon.svg (purpose "any": a rounded square)
 *   public/icons/maskable-{192,512}.png   from maskable.svg (full bleed, the table within the 80 % safe circle)
 *   public/icons/apple-touch-icon.png     180 px, full bleed (iOS rounds it itself)
 *   public/icons/game-<id>.png            96 px, each game's home-screen picture, for the manifest's shortcuts
 */
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import type { TableArt } from '../src/table-api.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const icons = join(root, 'public/icons');

async function main(): Promise<void> {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  const draw = async (svg: string, size: number, out: string): Promise<void> => {
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(
      `<html><body style="margin:0;background:transparent">${svg.replace('<svg ', `<svg width="${size}" height="${size}" `)}</body></html>`,
    );
    await page.screenshot({
      path: join(icons, out),
      omitBackground: true,
      clip: { x: 0, y: 0, width: size, height: size },
    });
  };
  const icon = readFileSync(join(icons, 'icon.svg'), 'utf8');
  const maskable = readFileSync(join(icons, 'maskable.svg'), 'utf8');
  for (const size of [192, 512]) {
    await draw(icon, size, `icon-${size}.png`);
    await draw(maskable, size, `maskable-${size}.png`);
  }
  await draw(maskable, 180, 'apple-touch-icon.png');
  const tables = join(root, 'src/tables');
  for (const id of readdirSync(tables)) {
    const file = join(tables, id, 'meta.ts');
    if (!existsSync(file)) continue;
    const { art } = (await import(pathToFileURL(file).href)) as { art: TableArt };
    // The 120×80 picture centred on a 120×120 square of the app's colour, so every shortcut reads alike.
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 -20 120 120"><rect y="-20" width="120" height="120" rx="18" fill="#2b2140"/>${art.picture}</svg>`;
    await draw(svg, 96, `game-${id}.png`);
  }
  await browser.close();
}

await main();
