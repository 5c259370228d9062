/**
 * WCAG 2.2 2.5.8 (target size, minimum): how large the board squares and the cards are on a 390 px phone, at each
 * table with the screen-reader mode off and on, and the buttons that play a move (Les Chevaliers' choices). A target under 24 × 24 CSS px passes only with an equivalent: the
 * command field (a move typed) and the board grid's and hand's keys do everything a tap does (README, "Playing
 * with a screen reader"). Prints, per table, the smallest square and card and how many are under 24 px.
 *
 *   npx tsx apps/web/bench/target-sizes.ts
 */
import { buildClient, launch, removeDir, staticServer } from '../test/harness.ts';

const TABLES = [
  { game: 'camelot', players: 2, options: {} },
  { game: 'lancelot', players: 2, options: {} },
  { game: 'lancelot', players: 4, options: {} },
  { game: 'lancelot', players: 5, options: {} },
  { game: 'joust', players: 2, options: {} },
  { game: 'tournament', players: 3, options: {} },
  { game: 'shadows', players: 3, options: {} },
] as const;

const MIN = 24;

const outDir = await buildClient();
const served = await staticServer(outDir);
const browser = await launch();
try {
  for (const t of TABLES) {
    for (const reader of [false, true]) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, reducedMotion: 'reduce' });
      const record = {
        gameId: t.game,
        seats: Array.from({ length: t.players }, (_, i) =>
          i === 0 ? { kind: 'human' } : { kind: 'bot', level: 'random' },
        ),
        options: t.options,
        seed: 3,
        moves: [],
      };
      await context.addInitScript(
        ({ record, reader }) => {
          localStorage.setItem('rt.local', JSON.stringify(record));
          localStorage.setItem('rt.speed', 'instant');
          localStorage.setItem('rt.reader', reader ? 'on' : 'off');
        },
        { record, reader },
      );
      const page = await context.newPage();
      await page.goto(`${served.url}/#/local/${t.game}`);
      await page.waitForSelector('[data-testid=table]');
      await page.waitForTimeout(1500);
      // One string of code: tsx names its functions with a helper the page does not have.
      const sizes = (await page.evaluate(`(() => {
        // What is drawn only: a list kept for screen readers alone (out of sight) is no target to tap.
        const sizes = (sel) => [...document.querySelectorAll(sel)].map((e) => {
          const r = e.getBoundingClientRect();
          return [r.width, r.height];
        }).filter(([w, h]) => w > 1 && h > 1);
        // Cards: what a tap plays or names in a hand or in front of a player (the focusable items of a list).
        return {
          cells: sizes('[role=gridcell]'),
          cards: sizes('[role=list] button, [role=list] [tabindex="0"], [role=listbox] [role=option], button[data-card]'),
          buttons: sizes('button[data-move], [role=group] button'),
        };
      })()`)) as { cells: number[][]; cards: number[][]; buttons: number[][] };
      const say = (what: string, list: number[][]): string => {
        if (list.length === 0) return `${what}: none`;
        const min = list.reduce((a, b) => (Math.min(a[0]!, a[1]!) <= Math.min(b[0]!, b[1]!) ? a : b));
        const under = list.filter(([w, h]) => w! < MIN || h! < MIN).length;
        return `${what}: ${list.length}, smallest ${min[0]!.toFixed(1)} × ${min[1]!.toFixed(1)} px, ${under} under ${MIN} px`;
      };
      console.log(
        `${t.game} (${t.players} players, reader ${reader ? 'on' : 'off'}) at 390 px — ${say('squares', sizes.cells)}; ${say('cards', sizes.cards)}; ${say('move buttons', sizes.buttons)}`,
      );
      await context.close();
    }
  }
} finally {
  await browser.close();
  await served.close();
  removeDir(outDir);
}
