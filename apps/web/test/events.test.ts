/**
 * End-to-end, in Debian's Chromium against the real server: an organiser creates a Swiss of Camelot through the
 * form (with an invitation code), three other accounts enter from their own browsers with the code (a desktop in
 * English, two phones of 390 px in French; a wrong code is refused in words), the organiser enters too and starts
 * it; round 1 is played to the end through the browser (at each table the first player plays a move in the move
 * box, the other resigns from the table's menu); the event page's standings, the list of events, a player's page
 * and the season's ladder then show it, in both languages. Then the form on a phone, and a correspondence round
 * robin made through the API, with its crosstable. axe-core finds no serious violation on the new pages, and none
 * of them scrolls sideways at 390 px. The event page changes live (entrants, the pairing) without a reload. In an
 * arena with a Fischer clock, each player's table offers Berserk before their first move (English on a desktop,
 * French on a phone): it goes once the player moved; pressed, the clock of that seat says so at both tables.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { EventDetail } from '@roundtable/protocol';
import { axeClean } from './axe.ts';
import { instant, legalMoves, nextTurn, screenshot, typeMove } from './harness.ts';
import { useRealServer } from './real-server.ts';

const real = useRealServer({ passwordCost: { N: 1 << 10, r: 8, p: 1 } });

async function account(name: string): Promise<string> {
  const res = await fetch(`${real.url}/api/accounts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, password: 'correct horse battery' }),
  });
  expect(res.status).toBe(201);
  return /^rt_session=([^;]*)/.exec(res.headers.get('set-cookie') ?? '')![1]!;
}

async function pageFor(session: string, phone: boolean): Promise<Page> {
  const context = await real.browser.newContext(
    phone
      ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'fr-FR' }
      : { viewport: { width: 1280, height: 900 }, locale: 'en-GB' },
  );
  await context.addCookies([{ name: 'rt_session', value: session, url: real.url }]);
  await context.addInitScript((lang) => localStorage.setItem('rt.lang', lang), phone ? 'fr' : 'en');
  const page = await context.newPage();
  await instant(page);
  page.on('pageerror', (e) => console.error('page error:', e.message));
  return page;
}

/**
 * What reaches past the viewport's right edge, outside any box that scrolls sideways (a wide table in its
 * scroller moves no page): '' when nothing does.
 */
const sideways = (page: Page): Promise<string> =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const clipped = (el: Element): boolean => {
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement)
        if (getComputedStyle(a).overflowX !== 'visible') return true;
      return false;
    };
    const over = Array.from(document.body.querySelectorAll('*')).find((el) => {
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.right > width + 1 && getComputedStyle(el).position !== 'fixed' && !clipped(el);
    });
    return over
      ? `${over.tagName.toLowerCase()}.${(over as HTMLElement).className} "${(over.textContent ?? '').slice(0, 30)}"`
      : '';
  });

const detail = async (id: string): Promise<EventDetail> =>
  (await (await fetch(`${real.url}/api/events/${id}`)).json()) as EventDetail;

describe('events in the browser', () => {
  it('an organiser creates a Swiss, three others enter from their browsers, round 1 is played to the end, and the standings and a player’s page show it in English and French at 390 px', async () => {
    const names = ['Morgause', 'Gareth', 'Lynette', 'Tristan'] as const;
    // One after another: the server hashes a few passwords at a time and answers the others "busy".
    const sessions: string[] = [];
    for (const n of names) sessions.push(await account(n));
    const [organiser, gareth, lynette, tristan] = await Promise.all([
      pageFor(sessions[0]!, false),
      pageFor(sessions[1]!, false),
      pageFor(sessions[2]!, true),
      pageFor(sessions[3]!, true),
    ]);
    const pages = { Morgause: organiser, Gareth: gareth, Lynette: lynette, Tristan: tristan } as const;

    // The organiser's form (English, desktop).
    await organiser.goto(`${real.url}/#/events/new?game=camelot`);
    await organiser.waitForSelector('[data-testid=event-form]');
    await organiser.fill('[data-testid=event-name]', 'Whitsun Swiss');
    await organiser.check('[data-testid=kind-swiss]');
    await organiser.fill('[data-testid=event-rounds]', '1');
    await organiser.check('[data-testid=event-rated]');
    await organiser.fill('[data-testid=event-invite]', 'grail');
    await axeClean(organiser, 'the organiser’s form');
    await screenshot(organiser, 'events-create-desktop-en');
    await organiser.click('[data-testid=event-create]');
    await organiser.waitForSelector('[data-testid=event-page]');
    const id = /#\/events\/([^/?]+)/.exec(organiser.url())![1]!;
    await organiser.fill('[data-testid=event-code]', 'grail');
    await organiser.click('[data-testid=event-join]');
    await organiser.waitForSelector('[data-testid=event-entered]');

    // The three others enter from their own browsers, with the invitation code (a wrong one is refused, in words).
    for (const page of [gareth, lynette, tristan]) {
      await page.goto(`${real.url}/#/events/${id}`);
      if (page === lynette) {
        await page.fill('[data-testid=event-code]', 'graal');
        await page.click('[data-testid=event-join]');
        expect(await page.textContent('[data-testid=event-action-error]')).toContain('code d’invitation');
      }
      await page.fill('[data-testid=event-code]', 'grail');
      await page.click('[data-testid=event-join]');
      await page.waitForSelector('[data-testid=event-entered]');
    }
    // The organiser's page, left open, follows the entries as they come: over its WebSocket, not its 30 s poll.
    await organiser.waitForSelector('[data-testid=event-live][data-state=live]');
    await expect
      .poll(() => organiser.textContent('[data-testid=event-entrants]'), { timeout: 1500, interval: 100 })
      .toBe('4 entrants');
    expect(await organiser.textContent('[data-testid=event-live]')).toContain('Live: this page follows the event');
    await screenshot(organiser, 'events-live-desktop-en');
    await lynette.reload();
    await lynette.waitForSelector('[data-testid=event-entered]');
    expect(await lynette.textContent('[data-testid=event-entrants]')).toBe('4\u00a0inscrits');
    expect(await lynette.textContent('[data-testid=event-withdraw]')).toBe('Se retirer');
    expect(await lynette.$$eval('[data-testid=entrant-list] li', (l) => l.length)).toBe(4);
    await screenshot(lynette, 'events-upcoming-phone-fr');
    await axeClean(lynette, 'an upcoming event (fr, phone)');

    // The organiser starts it; each entrant is sent to their match of round 1.
    await organiser.click('[data-testid=event-start]');
    const round1 = await expect
      .poll(async () => (await detail(id)).rounds.find((r) => r.number === 1)?.pairings.length ?? 0, {
        timeout: 15_000,
      })
      .toBe(2)
      .then(async () => (await detail(id)).rounds.find((r) => r.number === 1)!);
    // Every page, left open, shows its player's table within a moment of the pairing (live, not reloaded).
    for (const name of names) {
      const page = pages[name];
      await page.waitForSelector('[data-testid=your-match] a', { timeout: 2000 });
    }
    expect(await tristan.textContent('[data-testid=event-live]')).toContain('En direct\u00a0: cette page suit');
    await screenshot(gareth, 'events-round1-desktop-en');
    await screenshot(tristan, 'events-round1-phone-fr');

    // At each table: the first player plays a move, the other resigns.
    for (const table of round1.pairings) {
      const [first, second] = table.seats.map((s) => pages[s.name as keyof typeof pages]);
      for (const page of [first!, second!]) {
        await page.click('[data-testid=your-match] a');
        await page.waitForSelector('[data-testid=table]');
      }
      const moves = await nextTurn(first!, null);
      expect(moves?.length).toBeGreaterThan(0);
      await typeMove(first!, moves![0]!);
      await expect.poll(async () => (await legalMoves(first!)).length).toBe(0);
      await second!.click('[data-testid=resign]');
      await second!.click('[data-testid=resign-confirm]');
      await first!.waitForSelector('[data-testid=end-panel]');
    }

    // Round 1 over (the only round): the standings, live on every page.
    await expect.poll(async () => (await detail(id)).event.status, { timeout: 15_000 }).toBe('finished');
    const winners = round1.pairings.map((p) => p.seats[0]!.name);
    for (const page of [organiser, lynette]) {
      await page.goto(`${real.url}/#/events/${id}`);
      await page.waitForSelector('[data-testid=event-page][data-status=finished]');
      await page.waitForSelector('[data-testid=standings] tbody tr:nth-child(4)');
    }
    const top = await organiser.$$eval('[data-testid=standings] tbody tr', (rows) =>
      rows.slice(0, 2).map((r) => r.getAttribute('data-player')),
    );
    expect(new Set(top)).toEqual(new Set(winners));
    expect(await organiser.textContent('[data-testid=standings] thead')).toContain('Buchholz');
    expect(await lynette.textContent('[data-testid=standings] thead')).toContain('Rang');
    expect(await organiser.$$eval('[data-testid=pairing-match]', (a) => a.length)).toBe(2);
    await screenshot(organiser, 'events-standings-desktop-en');
    await screenshot(lynette, 'events-standings-phone-fr');
    await axeClean(organiser, 'the standings (en)');
    await axeClean(lynette, 'the standings (fr, phone)');
    expect(await sideways(lynette)).toBe('');

    // A player's page: the event, with their rank.
    await lynette.goto(`${real.url}/#/players/Lynette`);
    await lynette.waitForSelector('[data-testid=player-event]');
    const rank = await lynette.textContent('[data-testid=player-event-rank]');
    expect(rank).toMatch(winners.includes('Lynette') ? /^[12]e?r? \/ 4$/ : /^[34]e \/ 4$/);
    await screenshot(lynette, 'events-player-phone-fr');
    expect(await sideways(lynette)).toBe('');
    await organiser.goto(`${real.url}/#/players/Gareth`);
    await organiser.waitForSelector('[data-testid=player-event]');
    expect(await organiser.textContent('[data-testid=player-events]')).toContain('Whitsun Swiss');
    await screenshot(organiser, 'events-player-desktop-en');
    await axeClean(organiser, 'a player’s events (en)');

    // The list of events, and the season's ladder (the rated matches of round 1 are on it).
    await organiser.goto(`${real.url}/#/events?game=camelot`);
    await organiser.waitForSelector('[data-testid=events-finished] [data-testid=event-card]');
    await screenshot(organiser, 'events-list-desktop-en');
    await tristan.goto(`${real.url}/#/events`);
    await tristan.waitForSelector('[data-testid=events-finished] [data-testid=event-card]');
    expect(await tristan.textContent('[data-testid=events-finished]')).toContain('Système suisse');
    await screenshot(tristan, 'events-list-phone-fr');
    await axeClean(tristan, 'the list of events (fr, phone)');
    expect(await sideways(tristan)).toBe('');
    await gareth.goto(`${real.url}/#/seasons/camelot`);
    await gareth.waitForSelector('[data-testid=season-ladder] tbody tr:nth-child(4)');
    // The month's ladder: the two winners first, with the event's point each (then the rating they gained).
    const seasonTop = await gareth.$$eval('[data-testid=season-ladder] tbody tr', (rows) =>
      rows.slice(0, 2).map((r) => `${r.getAttribute('data-player')}: ${r.querySelectorAll('td')[1]?.textContent}`),
    );
    expect(seasonTop.sort()).toEqual(winners.map((w) => `${w}: 1`).sort());
    await screenshot(gareth, 'seasons-desktop-en');
    await axeClean(gareth, 'the season (en)');
    await tristan.goto(`${real.url}/#/seasons/camelot`);
    await tristan.waitForSelector('[data-testid=season-ladder]');
    await screenshot(tristan, 'seasons-phone-fr');
    expect(await sideways(tristan)).toBe('');

    // The form on a phone, in French.
    await lynette.goto(`${real.url}/#/events/new`);
    await lynette.waitForSelector('[data-testid=event-form]');
    await lynette.check('[data-testid=kind-roundrobin]');
    await lynette.check('[data-testid=clock-days]');
    await screenshot(lynette, 'events-create-phone-fr');
    await axeClean(lynette, 'the organiser’s form (fr, phone)');
    expect(await sideways(lynette)).toBe('');

    // A round robin by correspondence (made through the API): every match at once, and its crosstable.
    const call = async (path: string, session: string, body: unknown): Promise<{ event: { id: string } }> => {
      const res = await fetch(`${real.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: `rt_session=${session}` },
        body: JSON.stringify(body),
      });
      const answer = (await res.json()) as { event: { id: string } };
      expect(res.status, `${path}: ${JSON.stringify(answer)}`).toBeLessThan(300);
      return answer;
    };
    const rr = (
      await call('/api/events', sessions[0]!, {
        name: 'Camelot correspondence round robin',
        kind: 'roundrobin',
        game: 'camelot',
        players: 2,
        clock: { days: 3 },
      })
    ).event.id;
    for (const session of sessions.slice(1)) await call(`/api/events/${rr}/join`, session, {});
    await call(`/api/events/${rr}/start`, sessions[0]!, {});
    for (const page of [organiser, tristan]) {
      await page.goto(`${real.url}/#/events/${rr}`);
      await page.waitForSelector('[data-testid=crosstable] tbody tr:nth-child(3)');
    }
    expect(await organiser.textContent('[data-testid=event-page] .event-line')).toContain('3 days per move');
    // Tristan plays two of the three rounds (a bye in the other), both at once: a link to each.
    await tristan.waitForSelector('[data-testid=your-matches] li:nth-child(2)');
    await screenshot(organiser, 'events-roundrobin-desktop-en');
    await screenshot(tristan, 'events-roundrobin-phone-fr');
    await axeClean(tristan, 'a round robin with its crosstable (fr, phone)');
    expect(await sideways(tristan)).toBe('');
  }, 90_000);

  it('an arena table offers Berserk before the first move, hides it once moved, and shows the berserked seat on both tables', async () => {
    const names = ['Balin', 'Balan', 'Pellam'] as const;
    const sessions: string[] = [];
    for (const n of names) sessions.push(await account(n));
    const post = async (path: string, session: string, body: unknown): Promise<any> => {
      const res = await fetch(`${real.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: `rt_session=${session}` },
        body: JSON.stringify(body),
      });
      const answer = await res.json();
      expect(res.status, `${path}: ${JSON.stringify(answer)}`).toBeLessThan(300);
      return answer;
    };
    const arena = (
      await post('/api/events', sessions[2]!, {
        name: 'Arena of the Two Swords',
        kind: 'arena',
        game: 'camelot',
        players: 2,
        clock: { baseSeconds: 300, incrementSeconds: 2 },
        minutes: 10,
      })
    ).event.id as string;
    for (const session of sessions.slice(0, 2)) await post(`/api/events/${arena}/join`, session, {});
    await post(`/api/events/${arena}/start`, sessions[2]!, {});
    const table = await expect
      .poll(async () => (await detail(arena)).rounds[0]?.pairings[0] ?? null, { timeout: 5000 })
      .toBeTruthy()
      .then(async () => (await detail(arena)).rounds[0]!.pairings[0]!);
    const pages = await Promise.all([pageFor(sessions[0]!, false), pageFor(sessions[1]!, true)]);
    const pageOf = (name: string): Page => pages[names.indexOf(name as (typeof names)[number])]!;
    // Seat 0 moves first (Camelot: White).
    const [first, second] = table.seats.map((s) => pageOf(s.name));
    for (const page of [first!, second!]) {
      await page.goto(`${real.url}/#/m/${table.match}`);
      await page.waitForSelector('[data-testid=table-berserk-button]');
    }
    const en = first === pages[0] ? first! : second!;
    const fr = en === first ? second! : first!;
    expect(await en.textContent('[data-testid=table-berserk]')).toContain(
      'Half your clock for an extra point if you win.',
    );
    expect(await fr.textContent('[data-testid=table-berserk]')).toContain(
      'La moitié de votre pendule pour un point de plus si vous gagnez.',
    );
    await screenshot(en, 'events-table-berserk-desktop-en');
    await screenshot(fr, 'events-table-berserk-phone-fr');
    expect(await sideways(fr)).toBe('');
    // The first player moves: no Berserk for them any more.
    const moves = await nextTurn(first!, null);
    await typeMove(first!, moves![0]!);
    await first!.waitForSelector('[data-testid=table-berserk]', { state: 'detached' });
    // The second presses it (before their first move): their seat's clock says so, at both tables.
    await second!.click('[data-testid=table-berserk-button]');
    await second!.waitForSelector('[data-testid=table-berserked]');
    expect(await second!.$('[data-testid=table-berserk-button]')).toBeNull();
    for (const page of [first!, second!]) await page.waitForSelector('[data-testid=clock-1][data-berserk=true]');
    expect(await first!.getAttribute('[data-testid=clock-0]', 'data-berserk')).toBeNull();
    expect(await first!.getAttribute('[data-testid=clock-1]', 'aria-label')).toMatch(/berserk/);
    await screenshot(en, `events-table-berserked-desktop-en`);
    await screenshot(fr, `events-table-berserked-phone-fr`);
    await axeClean(fr, 'an arena table with Berserk (fr, phone)');
  }, 30_000);
});
