/**
 * End-to-end, in Debian's Chromium: what a newcomer sees at every table. Each game is watched to its end between
 * bots (at the "instant" speed), on a desktop in one language, then on a phone in the other: the end-of-game
 * panel names the winner and the reason in words, the log reads as words with its newest entry in sight, the
 * replay steps through the match with the log in step, and an accessibility scan (axe-core) finds no violation
 * of any impact. The pacing is checked at the default speed: two bot moves never appear in the same frame.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  SCREENSHOTS,
  chooseSeats,
  instant,
  nextTurn,
  screenshot,
  typeMove,
  useStaticClient,
  watchToEnd,
} from './harness.ts';
import { axeClean } from './axe.ts';

const client = useStaticClient();

/** Engine notation that must not reach the log: squares joined by -/x, `@1`, `sw12`, `fight-1`, verbs of the notation. */
const RAW =
  /\b[A-P]\d{1,2}[-x][A-P]\d{1,2}\b|@\d|\b(?:sw|so|ar|de|al)\d{1,2}\b|\b[a-z]+-\d+(?:\.\d+)?\b|^(?:play|lay|propose|use|discard|pass) /;

/** Every axe violation, whatever its impact. */
const axeScan = (page: Page, what: string): Promise<void> => axeClean(page, what, true);

async function start(page: Page, game: string, seats: string[], seed: string): Promise<void> {
  await page.goto(`${client.url}/#/new/${game}`);
  await page.waitForSelector('[data-testid=create]:not([disabled])');
  await chooseSeats(page, seats);
  await page.fill('[data-testid=seed]', seed);
  await page.click('[data-testid=create]');
  await page.waitForSelector('[data-testid=table]');
}

/** The log: its newest entry lies inside the log's visible box, and the last entries read as words. */
async function checkLog(page: Page): Promise<string[]> {
  const info = await page.evaluate(() => {
    const log = document.querySelector('[role=log]');
    const entries = Array.from(document.querySelectorAll('[role=log] .log-entry'));
    const last = entries[entries.length - 1];
    if (!log || !last) return null;
    const a = log.getBoundingClientRect();
    const b = last.getBoundingClientRect();
    return {
      inside: b.top >= a.top - 1 && b.bottom <= a.bottom + 1,
      texts: entries.slice(-12).map((e) => e.textContent ?? ''),
      n: entries.length,
      where: `log ${a.top}-${a.bottom}, entry ${b.top}-${b.bottom}, scroll ${log.scrollTop}+${log.clientHeight}/${log.scrollHeight}`,
    };
  });
  expect(info).not.toBeNull();
  expect(info!.inside, `newest log entry in sight (${info!.where})`).toBe(true);
  for (const t of info!.texts) expect(t, 'a log entry in words').not.toMatch(RAW);
  return info!.texts;
}

const CASES = [
  { game: 'camelot', seats: ['bot:greedy', 'bot:greedy'], seed: '3', lang: 'en' },
  { game: 'lancelot', seats: ['bot:random', 'bot:random', 'bot:random'], seed: '4', lang: 'fr' },
  { game: 'joust', seats: ['bot:random', 'bot:random', 'bot:random'], seed: '5', lang: 'en' },
  { game: 'tournament', seats: ['bot:random', 'bot:random', 'bot:random'], seed: '6', lang: 'fr' },
  { game: 'shadows', seats: ['bot:random', 'bot:random', 'bot:random'], seed: '7', lang: 'en' },
] as const;

describe('every table, watched to its end between bots', () => {
  it('the home page passes the accessibility scan', async () => {
    const page = await client.browser.newPage({ viewport: { width: 1280, height: 800 }, locale: 'en-GB' });
    await page.goto(`${client.url}/`);
    await page.waitForSelector('[data-testid=play-camelot]');
    await axeScan(page, 'home');
    // The new-match form: online, every other seat is open by default; the person is asked a name.
    await page.goto(`${client.url}/#/new/tournament`);
    await page.waitForSelector('[data-testid=create]:not([disabled])');
    await axeScan(page, 'new match');
    // Seats are people ("Player 2"), never the engine's numbers ("Knight 1").
    expect(await page.textContent('form')).not.toMatch(/Knight \d/);
    expect(await page.textContent('form')).toContain('Player 2');
    await page.check('[data-testid=where-online]');
    // The seats follow the choice on the next render: wait for it rather than read at once.
    await expect.poll(() => page.inputValue('[data-testid=seat-1]')).toBe('open');
    await expect.poll(() => page.inputValue('[data-testid=seat-2]')).toBe('open');
    await page.screenshot({ path: `${SCREENSHOTS}/ux-new-match-en.png`, fullPage: true });
    await page.close();
  }, 30_000);

  for (const c of CASES) {
    it(`${c.game}: end panel, log in words, replay, desktop ${c.lang} then phone`, async () => {
      const other = c.lang === 'en' ? 'fr' : 'en';
      const context = await client.browser.newContext({
        viewport: { width: 1280, height: 800 },
        locale: c.lang === 'fr' ? 'fr-FR' : 'en-GB',
      });
      const page = await context.newPage();
      await instant(page);
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await start(page, c.game, [...c.seats], c.seed);
      await screenshot(page, `ux-${c.game}-start-${c.lang}`);
      await watchToEnd(page);
      const headline = (await page.textContent('[data-testid=end-headline]')) ?? '';
      const reason = (await page.textContent('[data-testid=end-reason]')) ?? '';
      expect(headline.length).toBeGreaterThan(3);
      expect(reason, 'the reason in words').toMatch(/\s/);
      const winners = await page.$$eval('[data-testid=end-scores] tr.winner th', (ths) =>
        ths.map((t) => t.textContent ?? ''),
      );
      const draw = /draw|nul|égalité|personne|nobody|everyone lost|tout le monde/i.test(headline);
      if (!draw) {
        expect(winners.length).toBeGreaterThan(0);
        // The headline names the winners (or their side).
        if (c.game !== 'shadows')
          expect(headline).toContain((winners[0] as string).replace(/\s*\((you|vous)\)$/, '').split(' (')[0]);
      }
      expect(await page.textContent('[data-testid=end-panel]')).not.toMatch(/Knight \d|Chevalier \d|\?\s/);
      // The table's own words: Camelot's last move as squares in order (not the notation), the jousting
      // knights' tokens counted against the number needed.
      if (c.game === 'camelot') {
        const last = (await page.textContent('[data-testid=last-move]')) ?? '';
        expect(last).toMatch(/→/);
        expect(last).not.toMatch(RAW);
      }
      if (c.game === 'joust')
        expect(
          await page.$$eval('[data-testid^=tokens-]', (els) => els.map((e) => e.textContent ?? '')),
        ).toContainEqual(expect.stringMatching(/^Tokens: [1-9]\d*\/\d+$/));
      await screenshot(page, `ux-${c.game}-end-${c.lang}`);
      await axeScan(page, `${c.game} end panel`);
      // Escape closes the panel; the table and its log stay.
      await page.keyboard.press('Escape');
      await page.waitForSelector('[data-testid=end-panel]', { state: 'detached' });
      const texts = await checkLog(page);
      // Hovering an entry marks what it refers to on the table (the newest entry whose refs are on the table now).
      const target = await page.evaluate(() => {
        const area = document.querySelector('.board-area')!;
        const entries = Array.from(document.querySelectorAll('[role=log] .log-entry[data-refs]')).reverse();
        const found = entries.find((e) =>
          (e.getAttribute('data-refs') ?? '').split(' ').some((r: string) => {
            const q = JSON.stringify(r);
            const seat = /^seat:(\d+)$/.exec(r);
            return (
              area.querySelector(
                seat
                  ? `[data-seat="${seat[1]}"]`
                  : `[data-square=${q}], [data-ref~=${q}], [data-quest=${JSON.stringify(r.replace(/^quest:/, ''))}]`,
              ) !== null
            );
          }),
        );
        return found ? Number(found.getAttribute('data-index')) : null;
      });
      if (c.game === 'camelot' || c.game === 'tournament')
        expect(target, 'an entry whose refs are on the table').not.toBeNull();
      if (target !== null) {
        await page.hover(`[role=log] .log-entry[data-index="${target}"]`);
        expect(await page.$$eval('.board-area .ref-mark', (els) => els.length)).toBeGreaterThan(0);
        await page.mouse.move(5, 5);
      }
      await axeScan(page, `${c.game} table`);
      // Replay: the middle of the match, the log's entry for that move highlighted and in sight.
      const max = Number(await page.getAttribute('[data-testid=replay]', 'max'));
      expect(max).toBeGreaterThan(4);
      await page.fill('[data-testid=replay]', String(Math.floor(max / 2)));
      await page.waitForSelector('[role=log] .log-entry.current');
      // What the current entry refers to is marked on the table (the last move, in every game).
      if (await page.$('[role=log] .log-entry.current[data-refs]')) {
        const refs = (await page.getAttribute('[role=log] .log-entry.current', 'data-refs')) ?? '';
        const onTable = await page.evaluate(
          (rs) =>
            rs
              .split(' ')
              .some((r) => document.querySelector(`.board-area [data-square="${r}"], .board-area [data-ref~="${r}"]`)),
          refs,
        );
        if (onTable) expect(await page.$$('.board-area .ref-mark')).not.toHaveLength(0);
      }
      await page.click('[data-testid=replay-forward]');
      await page.waitForFunction(
        (m) => (document.querySelector('[data-testid=replay-at]')?.textContent ?? '').includes(String(m)),
        Math.floor(max / 2) + 1,
      );
      await screenshot(page, `ux-${c.game}-middle-${c.lang}`);
      // "Go to" a turn (a heading of the log): the table jumps there.
      const marks = await page.$$eval('[data-testid=replay-jump] option', (os) =>
        os.map((o) => (o as HTMLOptionElement).value),
      );
      expect(marks.length).toBeGreaterThan(2);
      // Each heading can be told from the others (Lancelot's turns all read "Turn of …").
      const labels = await page.$$eval('[data-testid=replay-jump] option', (os) => os.map((o) => o.textContent ?? ''));
      expect(new Set(labels).size).toBe(labels.length);
      const mark = marks[Math.floor(marks.length / 3)] as string;
      await page.selectOption('[data-testid=replay-jump]', mark);
      await page.waitForFunction(
        (m) => (document.querySelector('[data-testid=replay-at]')?.textContent ?? '').match(/\d+/)?.[0] === m,
        mark,
      );
      await page.click('[data-testid=live]');
      // The phone, in the other language.
      await page.setViewportSize({ width: 390, height: 844 });
      await page.click('[data-testid=lang]');
      await page.waitForFunction(
        (t) => (document.querySelector('[role=log]')?.textContent ?? '') !== t,
        texts.join(''),
      );
      await checkLog(page);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, 'no sideways scrolling on a phone').toBeLessThanOrEqual(400);
      await page.click('[data-testid=show-result]');
      await page.waitForSelector('[data-testid=end-panel][open]');
      await screenshot(page, `ux-${c.game}-end-phone-${other}`);
      await page.keyboard.press('Escape');
      await screenshot(page, `ux-${c.game}-phone-${other}`);
      expect(errors).toEqual([]);
      await context.close();
    }, 150_000);
  }
});

describe('Camelot on a laptop screen', () => {
  it('shows the whole board at 1280×800 without scrolling, with the pieces that can move ringed', async () => {
    const page = await client.browser.newPage({ viewport: { width: 1280, height: 800 }, locale: 'en-GB' });
    await start(page, 'camelot', ['human', 'bot:random'], '2');
    await page.waitForSelector('.camelot .piece.movable');
    // Every movable piece is ringed before any click: White's front men and knights at the start.
    const ringed = await page.$$eval('.camelot .piece.movable', (els) => els.map((e) => e.getAttribute('data-square')));
    expect(ringed.length).toBeGreaterThan(6);
    expect(ringed).toContain('F6');
    const fits = await page.evaluate(() => {
      const b = document.querySelector('[data-testid=board]')!.getBoundingClientRect();
      return { bottom: b.bottom, right: b.right, scroll: document.documentElement.scrollHeight };
    });
    expect(fits.bottom).toBeLessThanOrEqual(800);
    expect(fits.right).toBeLessThanOrEqual(1280);
    await screenshot(page, 'ux-camelot-start-1280x800');
    // At the default pace a move is shown moving: the piece slides along its path (a running animation).
    await page.evaluate(() => {
      const w = window as unknown as { slid: boolean };
      w.slid = false;
      const look = (): void => {
        if (document.getAnimations().some((a) => (a.effect as KeyframeEffect | null)?.target?.matches?.('g.piece')))
          w.slid = true;
        else requestAnimationFrame(look);
      };
      requestAnimationFrame(look);
    });
    await typeMove(page, 'F6-F5');
    await page.waitForFunction(() => (window as unknown as { slid: boolean }).slid, null, { timeout: 5_000 });
    await page.close();
  }, 30_000);
});

describe('Lancelot threats', () => {
  it("marks, when asked, the empty squares where an opponent's next knight would capture", async () => {
    const page = await client.browser.newPage({ viewport: { width: 1280, height: 800 }, locale: 'en-GB' });
    await instant(page);
    await start(page, 'lancelot', ['human', 'bot:greedy'], '5');
    await page.check('[data-testid=show-threats]');
    let ply: string | null = null;
    let threats: string[] = [];
    for (let i = 0; i < 30 && threats.length === 0; i++) {
      const legal = await nextTurn(page, ply);
      if (legal === null) break;
      ply = await page.getAttribute('[data-testid=table]', 'data-ply');
      threats = await page.$$eval('[data-threat]', (els) => els.map((e) => e.getAttribute('data-threat') ?? ''));
      if (threats.length > 0) break;
      // Spread out, so that knights meet: the middle-most legal square.
      await typeMove(
        page,
        legal.filter((m) => /^[A-N]\d+$/.test(m))[Math.floor(legal.length / 2)] ?? (legal[0] as string),
      );
    }
    expect(threats.length).toBeGreaterThan(0);
    for (const sq of threats) expect(await page.$(`[data-knight=${sq}]`), `${sq} is empty`).toBeNull();
    await screenshot(page, 'ux-lancelot-threats');
    await page.uncheck('[data-testid=show-threats]');
    expect(await page.$$('[data-threat]')).toHaveLength(0);
    await page.close();
  }, 60_000);
});

describe('hot-seat privacy', () => {
  it("while the screen waits for the next person, the log is the spectator's: nobody's own cards in it", async () => {
    const page = await client.browser.newPage({ viewport: { width: 1280, height: 800 }, locale: 'en-GB' });
    await instant(page);
    await start(page, 'joust', ['human', 'human', 'bot:random'], '8');
    let screens = 0;
    let mine = 0;
    for (let i = 0; i < 40 && (screens < 3 || mine === 0); i++) {
      await page.waitForSelector('[data-testid=reveal], [data-testid=table][data-active]:not([data-active=""])');
      if (await page.$('[data-testid=privacy]')) {
        screens++;
        // Behind the privacy screen: no hand, and the log holds no entry private to a seat.
        expect(await page.$('[data-testid=hand]')).toBeNull();
        expect(await page.$$('[role=log] .log-entry.private')).toHaveLength(0);
        await page.click('[data-testid=reveal]');
        continue;
      }
      // Once the person has taken the screen, their own log (with their own cards) is back.
      mine = Math.max(mine, (await page.$$('[role=log] .log-entry.private')).length);
      const legal = await page.$$eval('[data-testid=legal] option', (os) =>
        os.map((o) => (o as HTMLOptionElement).value),
      );
      const ply = await page.getAttribute('[data-testid=table]', 'data-ply');
      await typeMove(page, legal.find((m) => !m.startsWith('play ')) ?? (legal[0] as string));
      await page.waitForFunction(
        (p) =>
          document.querySelector('[data-testid=table]')?.getAttribute('data-ply') !== p ||
          !!document.querySelector('[data-testid=privacy]'),
        ply,
      );
    }
    expect(screens).toBeGreaterThanOrEqual(2);
    expect(mine, 'entries private to the seat at the screen, shown to it').toBeGreaterThan(0);
    await page.close();
  }, 60_000);
});

describe('take back', () => {
  it("takes back a move and the bot's answer, but never a move that drew a card", async () => {
    const page = await client.browser.newPage({ viewport: { width: 1280, height: 800 }, locale: 'en-GB' });
    await instant(page);
    // Camelot: my move and the bot's answer go back together.
    await start(page, 'camelot', ['human', 'bot:random'], '2');
    let legal = await nextTurn(page, null);
    expect(await page.$('[data-testid=undo]')).toBeNull();
    await typeMove(page, legal![0]!);
    await nextTurn(page, '0');
    expect(await page.getAttribute('[data-testid=table]', 'data-ply')).toBe('2');
    await page.click('[data-testid=undo]');
    await page.waitForFunction(() => document.querySelector('[data-testid=table]')?.getAttribute('data-ply') === '0');
    expect((await nextTurn(page, null))?.length).toBe(100);
    // The jousting game: a card played can be taken back; once the next draw showed a card, nothing can.
    await start(page, 'joust', ['human', 'bot:random'], '4');
    let ply: string | null = null;
    let tookBack = false;
    let barred = false;
    for (let i = 0; i < 60 && !(tookBack && barred); i++) {
      legal = await nextTurn(page, ply);
      if (legal === null) break;
      ply = await page.getAttribute('[data-testid=table]', 'data-ply');
      // At the start of a turn the last move drew this seat a card: no take-back.
      if (Number(ply) > 1 && !(await page.$('[data-testid=undo]'))) barred = true;
      const play = legal.find((m) => m.startsWith('play '));
      if (!tookBack && play) {
        const hand = await page.$$eval('[data-testid=hand] .card', (els) => els.length);
        await typeMove(page, play);
        await page.waitForFunction(
          (p) => document.querySelector('[data-testid=table]')?.getAttribute('data-ply') !== p,
          ply,
        );
        if ((await page.getAttribute('[data-testid=table]', 'data-active')) !== '') {
          await page.click('[data-testid=undo]');
          await page.waitForFunction(
            (p) => document.querySelector('[data-testid=table]')?.getAttribute('data-ply') === p,
            ply,
          );
          expect(await page.$$eval('[data-testid=hand] .card', (els) => els.length)).toBe(hand);
          tookBack = true;
          ply = null;
        }
        continue;
      }
      await typeMove(page, legal.find((m) => !m.startsWith('play ')) ?? (legal[0] as string));
    }
    expect(tookBack).toBe(true);
    expect(barred).toBe(true);
    await page.close();
  }, 60_000);
});

describe('pacing', () => {
  it('at the default speed two bot moves never appear in the same frame; at "instant" the table keeps up', async () => {
    const page = await client.browser.newPage({ viewport: { width: 1280, height: 800 }, locale: 'en-GB' });
    await start(page, 'joust', ['bot:random', 'bot:random', 'bot:random'], '9');
    expect(await page.inputValue('[data-testid=speed]')).toBe('normal');
    // Every change of the shown move, stamped with the frame that painted it.
    await page.evaluate(() => {
      const w = window as unknown as { shown: { ply: string; frame: number }[] };
      w.shown = [];
      const table = document.querySelector('[data-testid=table]') as Element;
      new MutationObserver(() => {
        const ply = table.getAttribute('data-ply') ?? '';
        requestAnimationFrame((frame) => w.shown.push({ ply, frame }));
      }).observe(table, { attributes: true, attributeFilter: ['data-ply'] });
    });
    await page.waitForFunction(() => (window as unknown as { shown: unknown[] }).shown.length >= 5, null, {
      timeout: 20_000,
    });
    const shown = await page.evaluate(() => (window as unknown as { shown: { ply: string; frame: number }[] }).shown);
    for (let i = 1; i < shown.length; i++) {
      const a = shown[i - 1]!;
      const b = shown[i]!;
      expect(b.frame, `moves ${a.ply} and ${b.ply} in one frame`).toBeGreaterThan(a.frame);
      expect(b.frame - a.frame).toBeGreaterThan(600);
    }
    // The game does not wait for the screen: moves are queued behind the one shown.
    expect(Number(await page.getAttribute('[data-testid=table]', 'data-behind'))).toBeGreaterThan(0);
    await page.click('[data-testid=skip]');
    await page.waitForFunction(
      () => document.querySelector('[data-testid=table]')?.getAttribute('data-behind') === '0',
    );
    await page.selectOption('[data-testid=speed]', 'instant');
    await watchToEnd(page);
    expect(await page.getAttribute('[data-testid=table]', 'data-behind')).toBe('0');
    // The choice is remembered.
    await page.reload();
    await page.waitForSelector('[data-testid=speed]');
    expect(await page.inputValue('[data-testid=speed]')).toBe('instant');
    await page.close();
  }, 90_000);
});

describe('the new-match form', () => {
  it('keeps the seats as chosen when the page renders late (a busy machine)', async () => {
    const page = await client.browser.newPage({ viewport: { width: 1280, height: 800 }, locale: 'en-GB' });
    // Frames (and so Preact's effects) come 300 ms late, as on a loaded machine: a seat chosen right after the
    // number of players was once put back to "you" by an effect, and the bots' match waited for a person.
    await page.addInitScript(() => {
      const frame = window.requestAnimationFrame.bind(window);
      window.requestAnimationFrame = (cb) => frame((t) => void setTimeout(() => cb(t), 300));
    });
    await page.goto(`${client.url}/#/new/lancelot`);
    await page.waitForSelector('[data-testid=create]:not([disabled])');
    await chooseSeats(page, ['bot:random', 'bot:greedy', 'bot:random', 'human']);
    // Once every late effect has run, the form still holds them.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    expect(
      await page.$$eval('select[data-testid^=seat-]', (els) => els.map((e) => (e as HTMLSelectElement).value)),
    ).toEqual(['bot:random', 'bot:greedy', 'bot:random', 'human']);
    await page.close();
  }, 30_000);
});
