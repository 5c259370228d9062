/**
 * The pages with a board but no match, by ear, in Debian's Chromium: the analysis board, a puzzle and a lesson
 * with the screen-reader mode on, read only through the accessibility tree (CDP Accessibility.getFullAXTree, as
 * by-ear.test.ts does; keys typed into the focused node). On each: the command field answers a question through
 * the announcer's live region, a move typed is announced, and the focus stays in the field; axe-core (every
 * impact) on each. Screenshots (desktop and 390 px phone, English and French) of the analysis board and a puzzle.
 */
import { describe, expect, it } from 'vitest';
import type { CDPSession, Page } from 'playwright-core';
import { screenshot, useStaticClient } from './harness.ts';
import { axeClean } from './axe.ts';
import { Tree } from './ax-tree.ts';

const client = useStaticClient();

const WORDS = {
  en: { announcements: /^Announcements$/, command: /^Move or command/ },
  fr: { announcements: /^Annonces$/, command: /^Coup ou commande/ },
} as const;

/** One page by ear: its announcer heard line by line, its command field typed into. */
class Ear {
  heard: string[] = [];
  private seen: string[] = [];
  constructor(
    readonly page: Page,
    readonly cdp: CDPSession,
    readonly lang: 'en' | 'fr',
  ) {}

  static async open(hash: string, lang: 'en' | 'fr', local: unknown = null): Promise<Ear> {
    const width = 1280;
    const context = await client.browser.newContext({
      viewport: { width, height: 900 },
      locale: lang === 'fr' ? 'fr-FR' : 'en-GB',
      reducedMotion: 'reduce',
    });
    await context.addInitScript(
      ({ lang, local }) => {
        localStorage.setItem('rt.reader', 'on');
        localStorage.setItem('rt.speed', 'instant');
        localStorage.setItem('rt.lang', lang);
        // A finished hot-seat match, for its review.
        if (local) localStorage.setItem('rt.local', JSON.stringify(local));
      },
      { lang, local },
    );
    const page = await context.newPage();
    page.on('pageerror', (e) => console.error('page error:', e.message));
    await page.goto(`${client.url}/${hash}`);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Accessibility.enable');
    await cdp.send('DOM.enable');
    const ear = new Ear(page, cdp, lang);
    await ear.until((t) => t.one('textbox', WORDS[lang].command) !== undefined, 'the command field', 60_000);
    return ear;
  }

  /** New lines of the live region since the last look. */
  listen(t: Tree): void {
    const region = t.one('log', WORDS[this.lang].announcements);
    expect(region, 'the announcer live region').toBeDefined();
    expect(t.prop(region!, 'live'), 'the announcer is a polite live region').toBe('polite');
    const now = t.lines(region!);
    let k = Math.min(this.seen.length, now.length);
    while (k > 0 && this.seen.slice(this.seen.length - k).join('\n') !== now.slice(0, k).join('\n')) k--;
    this.heard.push(...now.slice(k));
    this.seen = now;
  }

  async until(ok: (t: Tree) => boolean, what: string, ms = 10_000): Promise<Tree> {
    const end = Date.now() + ms;
    for (;;) {
      const t = await Tree.read(this.cdp);
      if (ok(t)) return t;
      if (Date.now() > end) throw new Error(`never came: ${what}`);
      await this.page.waitForTimeout(40);
    }
  }

  /** Types a line into the command field and waits for a line heard that matches `answer`; returns it. */
  async ask(line: string, answer: RegExp): Promise<string> {
    let t = await Tree.read(this.cdp);
    this.listen(t);
    const before = this.heard.length;
    const field = t.one('textbox', WORDS[this.lang].command)!;
    if (t.focused()?.nodeId !== field.nodeId)
      await this.cdp.send('DOM.focus', { backendNodeId: field.backendDOMNodeId });
    await this.page.keyboard.type(line);
    await this.page.keyboard.press('Enter');
    t = await this.until(
      (x) => {
        this.listen(x);
        return this.heard.slice(before).some((h) => answer.test(h));
      },
      `an answer to "${line}" matching ${answer} (heard: ${this.heard.slice(before).join(' | ')})`,
    );
    // The focus stays in the command field (never the page's body or a header link).
    const f = t.focused();
    expect(f && `${t.role(f)} ${t.name(f)}`, `the focus after "${line}"`).toMatch(
      new RegExp(`^textbox ${WORDS[this.lang].command.source.slice(1)}`),
    );
    return this.heard.slice(before).find((h) => answer.test(h))!;
  }

  /** The legal moves, asked in words. */
  async moves(): Promise<string[]> {
    const said = await this.ask(this.lang === 'fr' ? 'coups' : 'moves', /^(Legal moves|Coups légaux)\u00a0?: /);
    return said
      .replace(/^[^:]*: /, '')
      .replace(/\.$/, '')
      .split(', ');
  }

  async shots(name: string): Promise<void> {
    await screenshot(this.page, `${name}-${this.lang}-desktop`);
    await this.page.setViewportSize({ width: 390, height: 844 });
    await screenshot(this.page, `${name}-${this.lang}-phone`);
    await this.page.setViewportSize({ width: 1280, height: 900 });
  }

  close(): Promise<void> {
    return this.page.context().close();
  }
}

describe('the pages with a board, by ear', () => {
  for (const lang of ['en', 'fr'] as const) {
    it(`the analysis board in ${lang === 'fr' ? 'French' : 'English'}: questions, a move typed, the engine`, async () => {
      const ear = await Ear.open('#/analysis/camelot', lang);
      // The board's own question (the engine) and the game's (a square), answered in the live region.
      await ear.ask(lang === 'fr' ? 'éval' : 'eval', /Chances de gain|Winning chances|réfléchit|thinking/);
      await ear.ask(lang === 'fr' ? 'case F6' : 'square F6', /^F6/);
      const legal = await ear.moves();
      const move = legal[0]!;
      // A move typed is told in words (its squares named), then the variation tree answers where the board is.
      await ear.ask(move, new RegExp(move.split(/[-x]/)[0]!, 'i'));
      await ear.ask(
        lang === 'fr' ? 'actuel' : 'current',
        lang === 'fr' ? /^Coup 1, sur la ligne principale/ : /^Move 1, on the main line/,
      );
      await ear.ask(lang === 'fr' ? 'meilleur' : 'best', /^(Meilleure suite|Best line)|(pas encore|no line yet)/);
      await axeClean(ear.page, `the analysis board by ear (${lang})`, true);
      if (lang === 'en') {
        // The mode switched off and on again: the live region comes back empty, not holding the lines already said
        // (Orca read them all again at once when it did).
        const t = await Tree.read(ear.cdp);
        const toggle = t.one('button', /^Screen-reader mode/);
        expect(toggle, 'the screen-reader mode switch').toBeDefined();
        await ear.cdp.send('DOM.focus', { backendNodeId: toggle!.backendDOMNodeId });
        await ear.page.keyboard.press('Enter');
        await ear.until((x) => x.one('log', WORDS.en.announcements) === undefined, 'the mode off');
        await ear.page.keyboard.press('Enter');
        const back = await ear.until((x) => x.one('log', WORDS.en.announcements) !== undefined, 'the mode on again');
        expect(back.lines(back.one('log', WORDS.en.announcements)!), 'the lines said before the switch').toEqual([]);
      }
      await ear.shots('by-ear-analysis');
      await ear.close();
    });
  }

  for (const lang of ['en', 'fr'] as const) {
    it(`a puzzle in ${lang === 'fr' ? 'French' : 'English'}: the task, a hint, a wrong move, the right one`, async () => {
      const ear = await Ear.open('#/puzzles/c0001', lang);
      const t = await Tree.read(ear.cdp);
      ear.listen(t);
      // The puzzle's task is said when it opens.
      expect(ear.heard.join(' ')).toMatch(lang === 'fr' ? /Trouvez le meilleur coup pour/ : /Find the best move for/);
      await ear.ask(lang === 'fr' ? 'indice' : 'hint', /^(Thème|Theme)/);
      await ear.ask(lang === 'fr' ? 'énoncé' : 'puzzle', /(Trouvez le meilleur coup|Find the best move)/);
      await ear.shots('by-ear-puzzle');
      // A move that is not the solution, then (after "try again") the right one, answered in the live region.
      const legal = await ear.moves();
      const wrong = legal.find((m) => m !== 'H10-F8')!;
      await ear.ask(wrong, lang === 'fr' ? /^Ce n’est pas le coup/ : /^Not the move/);
      await ear.ask(lang === 'fr' ? 'réessayer' : 'retry', /(Trouvez le meilleur coup|Find the best move)/);
      await ear.ask('H10-F8', lang === 'fr' ? /^Exact\u00a0!/ : /^Right!/);
      await axeClean(ear.page, `a puzzle by ear (${lang})`, true);
      await ear.close();
    });
  }

  it('a lesson in English: the step said, a question, the move typed, the next step', async () => {
    const ear = await Ear.open('#/learn/camelot', 'en');
    ear.listen(await Tree.read(ear.cdp));
    expect(ear.heard.join(' ')).toMatch(/^Step 1 of \d+\. /);
    await ear.ask('square F6', /^F6/);
    const legal = await ear.moves();
    // The first step asks for a plain move of the F6 man: a move elsewhere is refused with the step's hint.
    const other = legal.find((m) => !m.toUpperCase().startsWith('F6-'))!;
    await ear.ask(other, /\w/);
    const move = legal.find((m) => /^F6-/i.test(m))!;
    await ear.ask(move, /Type next/);
    await ear.ask('next', /^Step 2 of \d+\. /);
    await axeClean(ear.page, 'a lesson by ear', true);
    await ear.close();
  });

  it('a review in English: the move shown told with its judgement and the better move; a question answered', async () => {
    // A planted blunder (study.test.ts plays the same match): the review opens on it.
    const moves = ['C6-E8', 'J11-H9', 'G6-G8', 'D11-F9', 'D7-C7', 'F9xD7xB7'];
    const ear = await Ear.open('#/review/local/camelot', 'en', {
      gameId: 'camelot',
      seats: [{ kind: 'human' }, { kind: 'bot', level: 'easy' }],
      options: {},
      seed: 1,
      moves: moves.map((move, i) => ({ seat: i % 2, move })),
    });
    ear.listen(await Tree.read(ear.cdp));
    expect(ear.heard.join(' ')).toMatch(
      /^Move 5: .*D7.*C7.* Blunder \(−\d+ points of winning chances lost\)\. Better: /,
    );
    await ear.ask('square C7', /^C7/);
    await axeClean(ear.page, 'a review by ear', true);
    await ear.close();
  });

  it('a card game review in French: the decision shown told in the log’s words; a question answered', async () => {
    // A three-player joust played to its end by random moves (study.test.ts reviews the same kind of match).
    const { gameById } = await import('@roundtable/catalog');
    const { Match, createRng, nextInt } = await import('@roundtable/core');
    const made = Match.create(gameById('joust')!, { players: 3, seed: 4 });
    if (!made.ok) throw new Error('setup');
    const m = made.value;
    const rng = createRng('by-ear');
    while (!m.outcome()) {
      const seat = m.toMove()[0]!;
      const legal = m.legalNotation(seat);
      m.play(seat, legal[nextInt(rng, legal.length)]!);
    }
    const ear = await Ear.open('#/review/local/joust', 'fr', {
      gameId: 'joust',
      seats: [{ kind: 'human' }, { kind: 'bot', level: 'easy' }, { kind: 'bot', level: 'easy' }],
      options: m.options,
      seed: 4,
      moves: m.history,
    });
    ear.listen(await Tree.read(ear.cdp));
    // The decision the page opens on: where it was, then what the mover did, in the log's words.
    expect(ear.heard[0]).toMatch(/^.+\u00a0: .+/);
    await ear.ask('main', /(main|carte)/i);
    await axeClean(ear.page, 'a card game review by ear', true);
    await ear.close();
  });
});
