/**
 * Every game played by ear, in Debian's Chromium: a whole game of each of the five games against `random` bots,
 * with the screen-reader mode on, using only what the accessibility tree exposes (roles and names read from CDP
 * Accessibility.getFullAXTree, keys sent to the focused node; no CSS selector, no test id). The match is set up
 * as data (the saved hot-seat record the new-match form writes), then played: Camelot and Lancelot on the board
 * grid (M to the next square that can act, Enter), the card games through the command field ("moves", then one
 * of them typed). Each turn checks that every square and card in view has a name, that the focus after each move
 * is on the board or the command field, and at the end that every entry of the history was announced through the
 * live region; axe-core (every impact) runs on the states passed through. Once in French.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { CDPSession, Page } from 'playwright-core';
import { SCREENSHOTS, screenshot, useStaticClient } from './harness.ts';
import { axeClean } from './axe.ts';
import { Tree, type AXNode } from './ax-tree.ts';

const client = useStaticClient();

interface Words {
  readonly announcements: RegExp;
  readonly history: RegExp;
  readonly command: RegExp;
  readonly yourTurn: RegExp;
  readonly over: RegExp;
  readonly moves: RegExp;
  readonly hand: RegExp;
  readonly unplayable: RegExp;
  readonly choose: RegExp;
}
const WORDS: Record<'en' | 'fr', Words> = {
  en: {
    announcements: /^Announcements$/,
    history: /^What happened$/,
    command: /^Move or command/,
    yourTurn: /^Your turn/,
    over: /^Game over/,
    moves: /^Legal moves: (.*)\.$/,
    hand: /^Your hand$/,
    unplayable: /cannot be played now/,
    choose: /^Choose how to play$/,
  },
  fr: {
    announcements: /^Annonces$/,
    history: /^Déroulement$/,
    command: /^Coup ou commande/,
    yourTurn: /^À vous de jouer/,
    over: /^Partie terminée/,
    moves: /^Coups légaux\u00a0: (.*)\.$/,
    hand: /^Votre main$/,
    unplayable: /injouable maintenant/,
    choose: /^Choisissez comment jouer$/,
  },
};

interface Case {
  readonly game: string;
  readonly players: number;
  readonly options: Record<string, unknown>;
  readonly seed: number;
  readonly lang: 'en' | 'fr';
  /** How the person plays: on the board grid (`grid`), the first move that comes to hand on the grid or from the
   * hand, without asking (`quick`, the key presses counted from the previous move), else through the command
   * field with a random legal move. */
  readonly by: 'grid' | 'quick-grid' | 'quick-hand' | 'command';
}

const CASES: readonly Case[] = [
  { game: 'camelot', players: 2, options: { variant: 'cam' }, seed: 11, lang: 'en', by: 'quick-grid' },
  { game: 'lancelot', players: 2, options: { target: 2 }, seed: 12, lang: 'en', by: 'grid' },
  { game: 'joust', players: 2, options: {}, seed: 13, lang: 'en', by: 'quick-hand' },
  { game: 'tournament', players: 3, options: { life: 50 }, seed: 14, lang: 'en', by: 'command' },
  { game: 'shadows', players: 3, options: {}, seed: 15, lang: 'en', by: 'command' },
  { game: 'joust', players: 2, options: {}, seed: 16, lang: 'fr', by: 'command' },
];

/** A small seeded generator, so a failing game is played again the same way. */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const figures: string[] = [];
mkdirSync(SCREENSHOTS, { recursive: true });
afterAll(() => console.log(`by ear:\n${figures.join('\n')}\n${Tree.reads} tree reads, ${Math.round(Tree.ms)} ms`));

/** What one game by ear measured. */
interface Played {
  /** Key presses of each move played with the first thing that came to hand, from the previous move's focus. */
  quick: number[];
  moves: number;
  keys: number[];
  heard: string[];
}

async function playByEar(page: Page, c: Case): Promise<Played> {
  const w = WORDS[c.lang];
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Accessibility.enable');
  await cdp.send('DOM.enable');
  const pick = rng(c.seed);
  const heard: string[] = [];
  let seen: string[] = [];
  /** New lines of the announcer since the last look (it keeps its last lines; additions are what a reader hears). */
  const listen = (t: Tree): void => {
    // A modal dialog (the result) makes the rest of the page inert: the announcer is read again once it closes.
    if (t.one('dialog')) return;
    const region = t.one('log', w.announcements);
    expect(region, 'the announcer live region').toBeDefined();
    expect(t.prop(region!, 'live'), 'the announcer is a polite live region').toBe('polite');
    const now = t.lines(region!);
    // The longest overlap of the end of what was seen with the start of what is there now.
    let k = Math.min(seen.length, now.length);
    while (k > 0 && seen.slice(seen.length - k).join('\n') !== now.slice(0, k).join('\n')) k--;
    if (k === 0 && seen.length > 0 && now.length > 0 && now.length >= 60)
      throw new Error('the announcer dropped lines before they were read');
    heard.push(...now.slice(k));
    seen = now;
  };
  // The status line as the page shows it now (in this mode it is not a live region: the announcer says the turn),
  // never an old line kept in a log.
  const status = (t: Tree): string => {
    const logs = t.all('log');
    const shown = t.nodes.filter(
      (n) => !n.ignored && t.role(n) !== 'log' && t.text(n) !== '' && !logs.some((l) => t.inside(n, l)),
    );
    return shown.map((n) => t.text(n)).find((s) => w.yourTurn.test(s) || w.over.test(s)) ?? '';
  };
  const focusOn = async (n: AXNode): Promise<void> => {
    await cdp.send('DOM.focus', { backendNodeId: n.backendDOMNodeId });
  };
  const command = async (t: Tree, line: string): Promise<void> => {
    const field = t.one('textbox', w.command);
    expect(field, 'the command field').toBeDefined();
    if (t.focused()?.nodeId !== field!.nodeId) await focusOn(field!);
    await page.keyboard.type(line);
    await page.keyboard.press('Enter');
  };
  /** Every square of a board grid and every card of a list in view has a name. */
  const named = (t: Tree): void => {
    for (const cell of t.all('gridcell')) expect(t.name(cell), 'a board square has a name').not.toBe('');
    for (const list of t.all('list')) {
      for (const item of t.children(list).filter((x) => t.role(x) === 'listitem')) {
        const said =
          t.name(item) ||
          t.text(item) ||
          t
            .descendants(item)
            .map((d) => t.name(d))
            .join(' ');
        expect(said.trim(), `an item of "${t.name(list)}" has a name`).not.toBe('');
      }
    }
  };

  // The table loads (its engine comes on demand).
  for (let i = 0; i < 200 && (await Tree.read(cdp)).one('log', w.announcements) === undefined; i++)
    await page.waitForTimeout(50);
  const keys: number[] = [];
  const quick: number[] = [];
  let moves = 0;
  let axeRuns = 0;
  let after: Tree | null = null;
  for (let turn = 0; turn < 2000; turn++) {
    // Wait for this screen's turn, or the end, listening meanwhile (from the tree read after the last move).
    let t: Tree = after ?? (await Tree.read(cdp));
    const started = Date.now();
    const over = (x: Tree): boolean => w.over.test(status(x)) || x.one('dialog') !== undefined;
    while (!w.yourTurn.test(status(t)) && !over(t)) {
      listen(t);
      if (Date.now() - started > 30_000) throw new Error(`no turn came: "${status(t)}"`);
      await page.waitForTimeout(40);
      t = await Tree.read(cdp);
    }
    listen(t);
    if (over(t)) break;
    named(t);
    if (turn === 1) {
      // How the table looks with the mode on, on a desktop and on a phone.
      await screenshot(page, `by-ear-${c.game}-${c.lang}-desktop`);
      await page.setViewportSize({ width: 390, height: 844 });
      await screenshot(page, `by-ear-${c.game}-${c.lang}-phone`);
      await page.setViewportSize({ width: 1280, height: 900 });
      t = await Tree.read(cdp);
    }
    if (axeRuns === 0) {
      await axeClean(page, `${c.game} by ear, turn ${turn}`, true);
      axeRuns++;
      t = await Tree.read(cdp);
    }
    // The first move that comes to hand, by keys alone from where the previous move left the focus.
    let done: number | null = null;
    if (c.by === 'quick-grid' && moves > 0) done = await quickGrid(page, cdp);
    if (c.by === 'quick-hand') done = await quickHand(page, cdp, w, moves === 0);
    if (done !== null && done >= 0) quick.push(done);
    if (done === null) {
      // The legal moves, asked in words.
      const before = heard.length;
      await command(t, c.lang === 'fr' ? 'coups' : 'moves');
      let answer: RegExpExecArray | null = null;
      for (let i = 0; i < 100 && !answer; i++) {
        t = await Tree.read(cdp);
        listen(t);
        answer =
          heard
            .slice(before)
            .map((h) => w.moves.exec(h))
            .find(Boolean) ?? null;
        if (!answer) await page.waitForTimeout(20);
      }
      expect(answer, 'the legal moves answered in the live region').not.toBeNull();
      const legal = answer![1]!.split(', ');
      const move = legal[Math.floor(pick() * legal.length)]!;
      const grid = c.by === 'grid' || c.by === 'quick-grid' ? t.one('grid') : undefined;
      if (grid && /^[A-N]\d+([-x][A-N]\d+)*$/i.test(move)) keys.push(await playOnGrid(page, cdp, move));
      else await command(t, move);
    }
    moves++;
    // The focus stays on the board or in the command field, never the page's body or a header link.
    await page.waitForTimeout(10);
    t = await Tree.read(cdp);
    after = t;
    if (t.one('dialog')) break;
    const f = t.focused();
    const onBoard = f && (t.role(f) === 'gridcell' || t.role(f) === 'textbox' || t.role(f) === 'button');
    expect(onBoard ? t.role(f!) : `${f ? t.role(f) : 'nothing'} "${f ? t.name(f) : ''}"`).toMatch(
      /^(gridcell|textbox|button)$/,
    );
    if (f && t.role(f) === 'button') {
      const area = t.all('grid').concat(t.all('list'), t.all('textbox', w.command));
      expect(area.some((a) => t.inside(f, a)) || t.role(f) !== 'button', 'a focused button is a card').toBe(true);
    }
  }
  // The end: the result panel is a modal dialog; closed, the table and its announcer are read again.
  await page.keyboard.press('Escape');
  let t = await Tree.read(cdp);
  for (let i = 0; i < 50 && t.one('log', w.announcements) === undefined; i++) {
    await page.waitForTimeout(40);
    t = await Tree.read(cdp);
  }
  listen(t);
  await axeClean(page, `${c.game} by ear, the end`, true);
  // Every entry of the history was announced, in order.
  const history = t.one('log', w.history);
  expect(history, 'the history log').toBeDefined();
  const told = t
    .all('listitem')
    .filter((li) => t.inside(li, history!))
    .map((li) => t.text(li));
  let at = 0;
  for (const entry of told) {
    const found = heard.findIndex((h, i) => i >= at && entry.startsWith(h));
    expect(found, `"${entry}" was announced, in order`).toBeGreaterThanOrEqual(0);
    at = found + 1;
  }
  await cdp.detach();
  return { moves, keys, heard, quick };
}

/** Plays a move on the board grid: for each square of its path, M until the cursor is on it, then Enter. */
/**
 * The first Camelot move to hand from the board's cursor, where the previous move left it: M to the next piece
 * that can move (none when the cursor is on one), Enter, M to the next square its move can go to, Enter (and
 * Enter again on a square where the path could go on). Null when the focus is not on the board.
 */
async function quickGrid(page: Page, cdp: CDPSession): Promise<number | null> {
  let t = await Tree.read(cdp);
  const f = t.focused();
  if (!f || t.role(f) !== 'gridcell') return null;
  let presses = 0;
  if (!/, (can move|peut bouger)$/.test(t.name(f))) {
    await page.keyboard.press('m');
    presses++;
  }
  await page.keyboard.press('Enter');
  await page.keyboard.press('m');
  await page.keyboard.press('Enter');
  presses += 3;
  t = await Tree.read(cdp);
  const g = t.focused();
  lastCell = g ? (t.name(g).split(',')[0] ?? '') : '';
  if (g && /selected|choisie/.test(t.name(g))) {
    await page.keyboard.press('Enter');
    presses++;
  }
  expect(presses, 'a Camelot move from the previous one, in key presses').toBeLessThanOrEqual(5);
  return presses;
}

/**
 * A card play from the hand, where the previous play left the focus: M to the next card that can be played,
 * Enter, and Tab to the first choice and Enter when the card asks how it is played. Returns the presses (-1 for
 * the first play, when the hand is reached from the page), or null when no card of the hand can be played now.
 */
async function quickHand(page: Page, cdp: CDPSession, w: Words, first: boolean): Promise<number | null> {
  let t = await Tree.read(cdp);
  const hand = t.one('list', w.hand);
  if (!hand) return null;
  const cards = t.descendants(hand).filter((n) => t.role(n) === 'button');
  const playable = (n: AXNode): boolean => !w.unplayable.test(t.name(n));
  if (!cards.some(playable)) return null;
  let f = t.focused();
  let counted = !first && f !== undefined && t.inside(f, hand);
  if (!f || !t.inside(f, hand)) {
    await cdp.send('DOM.focus', { backendNodeId: cards[0]!.backendDOMNodeId });
    counted = false;
    t = await Tree.read(cdp);
    f = t.focused();
  }
  let presses = 0;
  if (!(f && playable(f))) {
    // M: the next card that can be played.
    await page.keyboard.press('m');
    presses++;
    t = await Tree.read(cdp);
    f = t.focused();
    expect(f && t.inside(f, hand) && playable(f), 'M reaches a card that can be played').toBe(true);
  }
  await page.keyboard.press('Enter');
  presses++;
  t = await Tree.read(cdp);
  const choose = t.one('group', w.choose);
  if (choose) {
    for (let k = 0; k < 20; k++) {
      f = t.focused();
      if (f && t.inside(f, choose)) break;
      await page.keyboard.press('Tab');
      presses++;
      t = await Tree.read(cdp);
    }
    await page.keyboard.press('Enter');
    presses++;
  }
  if (counted) expect(presses, 'a card play from the previous one, in key presses').toBeLessThanOrEqual(5);
  return counted ? presses : -1;
}

let lastCell = '';
async function playOnGrid(page: Page, cdp: CDPSession, move: string): Promise<number> {
  const squares = move.toUpperCase().split(/[-X]/);
  let presses = 0;
  let t = await Tree.read(cdp);
  const grid = t.one('grid')!;
  if (!t.focused() || !t.inside(t.focused()!, grid)) {
    // Back from the command field (where "moves" was asked) to the square the cursor was left on; not counted,
    // as a player who does not ask starts from there.
    const cells = t.all('gridcell').filter((n) => t.inside(n, grid));
    const cursor = cells.find((n) => t.name(n).startsWith(`${lastCell},`)) ?? cells[0];
    await cdp.send('DOM.focus', { backendNodeId: cursor!.backendDOMNodeId });
    t = await Tree.read(cdp);
  }
  for (const [i, sq] of squares.entries()) {
    // The squares M visits are those whose names say they can act now, in reading order from the cursor: the
    // presses are counted from the names, then made, then the cursor's name is checked.
    const cells = t.all('gridcell').filter((n) => t.inside(n, grid));
    const acting = cells.filter((n) =>
      /, (can move|the move can go here|you can place here|peut bouger|le coup peut passer ici|vous pouvez poser ici)/.test(
        t.name(n),
      ),
    );
    const at = cells.findIndex((n) => n.nodeId === t.focused()?.nodeId);
    const target = acting.findIndex((n) => t.name(n).startsWith(`${sq},`));
    if (!t.name(t.focused()!).startsWith(`${sq},`)) {
      expect(target, `${sq} is a square that can act (${move})`).toBeGreaterThanOrEqual(0);
      const after = acting.filter((n) => cells.indexOf(n) > at).length;
      const from = acting.length - after; // the index in `acting` of the first square after the cursor
      const m = ((target - from + acting.length) % acting.length) + 1;
      for (let k = 0; k < m; k++) await page.keyboard.press('m');
      presses += m;
      t = await Tree.read(cdp);
    }
    const f = t.focused();
    expect(f ? `${t.role(f)} ${t.name(f)}` : 'nothing', `the cursor reaches ${sq} with M`).toMatch(
      new RegExp(`^gridcell ${sq},`),
    );
    await page.keyboard.press('Enter');
    presses++;
    lastCell = sq;
    t = await Tree.read(cdp);
    // A path that may go on waits for Enter on its last square.
    if (i === squares.length - 1) {
      const g = t.focused();
      if (g && /selected|choisie/.test(t.name(g))) {
        await page.keyboard.press('Enter');
        presses++;
      }
    }
  }
  return presses;
}

describe('every game played by ear, with the accessibility tree only', () => {
  for (const c of CASES) {
    it(`${c.game} in ${c.lang === 'fr' ? 'French' : 'English'}: a whole game against random bots`, async () => {
      const context = await client.browser.newContext({
        viewport: { width: 1280, height: 900 },
        locale: c.lang === 'fr' ? 'fr-FR' : 'en-GB',
        reducedMotion: 'reduce',
      });
      const record = {
        gameId: c.game,
        seats: Array.from({ length: c.players }, (_, i) =>
          i === 0 ? { kind: 'human' } : { kind: 'bot', level: 'random' },
        ),
        options: c.options,
        seed: c.seed,
        moves: [],
      };
      await context.addInitScript(
        ({ record, lang }) => {
          localStorage.setItem('rt.reader', 'on');
          localStorage.setItem('rt.speed', 'instant');
          localStorage.setItem('rt.lang', lang);
          if (!sessionStorage.getItem('rt.by-ear')) {
            localStorage.setItem('rt.local', JSON.stringify(record));
            sessionStorage.setItem('rt.by-ear', '1');
          }
        },
        { record, lang: c.lang },
      );
      const page = await context.newPage();
      page.on('pageerror', (e) => console.error('page error:', e.message));
      const began = Date.now();
      await page.goto(`${client.url}/#/local/${c.game}`);
      const played = await playByEar(page, c);
      const ms = Date.now() - began;
      figures.push(
        `${c.game} (${c.lang}): ${played.moves} moves by ear, ${played.heard.length} lines announced, ${ms} ms` +
          (played.keys.length > 0
            ? `, keys per board move: min ${Math.min(...played.keys)}, median ${[...played.keys].sort((a, b) => a - b)[Math.floor(played.keys.length / 2)]}, max ${Math.max(...played.keys)}`
            : '') +
          (played.quick.length > 0
            ? `, keys per move from the previous one (first to hand): ${played.quick.join(' ')}`
            : ''),
      );
      expect(played.moves).toBeGreaterThan(0);
      // What was heard, kept beside the screenshots for a person to read.
      writeFileSync(join(SCREENSHOTS, `by-ear-${c.game}-${c.lang}.txt`), `${played.heard.join('\n')}\n`);
      await screenshot(page, `by-ear-${c.game}-${c.lang}`);
      await context.close();
    }, 120_000);
  }
});
