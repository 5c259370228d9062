/**
 * Issue 36 in the browser (Debian's Chromium, the real server, the built client; every page from 127.0.0.1, one
 * home): a household pair joins a club — one founds it, the other signs up through its invitation link — and plays
 * a rated match from one address, shown on their pages; the host was told on the new-match form; a puppet of the
 * same address is refused and offered the same match unrated, which it plays, the host's table following.
 */
import WebSocket from 'ws';
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { instant, screenshot } from './harness.ts';
import { useRealServer } from './real-server.ts';

const PASSWORD = 'correct horse battery';
const real = useRealServer({
  passwordCost: { N: 1 << 10, r: 8, p: 1 },
  // Rated seats at one address are refused, as on a real server; founding a club needs no history here.
  limits: { pairSameAddress: false, clubFounderGames: 0, clubFounderDays: 0 },
});

async function account(name: string): Promise<string> {
  const res = await fetch(`${real.url}/api/accounts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, password: PASSWORD }),
  });
  expect(res.status).toBe(201);
  return /^rt_session=([^;]*)/.exec(res.headers.get('set-cookie') ?? '')![1]!;
}

async function post(path: string, session: string, body: unknown): Promise<any> {
  const res = await fetch(`${real.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `rt_session=${session}` },
    body: JSON.stringify(body),
  });
  return res.json();
}

async function pageFor(session: string | null, phone: boolean, lang: 'en' | 'fr'): Promise<Page> {
  const locale = lang === 'fr' ? 'fr-FR' : 'en-GB';
  const context: BrowserContext = await real.browser.newContext(
    phone
      ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale }
      : { viewport: { width: 1280, height: 900 }, locale },
  );
  if (session) await context.addCookies([{ name: 'rt_session', value: session, url: real.url }]);
  const page = await context.newPage();
  await instant(page);
  page.on('pageerror', (e) => console.error('page error:', e.message));
  return page;
}

async function resign(token: string): Promise<void> {
  const ws = new WebSocket(`${real.url.replace('http', 'ws')}/ws`);
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const answers: { t: string; id?: number }[] = [];
  ws.on('message', (d) => answers.push(JSON.parse(d.toString())));
  ws.send(JSON.stringify({ t: 'attach', token, id: 1 }));
  await expect.poll(() => answers.some((m) => m.t === 'attached')).toBe(true);
  ws.send(JSON.stringify({ t: 'resign', id: 2 }));
  await expect.poll(() => answers.find((m) => m.id === 2)?.t).toBe('ok');
  ws.close();
}

const noSideways = (page: Page): Promise<boolean> =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

const RATED = { game: 'camelot', rated: true, clock: { days: 1 }, seats: [{ kind: 'human' }, { kind: 'open' }] };

describe('clubs and households in the browser', () => {
  it('a household pair joins a club and plays a rated match from one address; a puppet is offered the match unrated', async () => {
    // Arthur founds the club on the desktop, in English.
    const arthur = await account('Arthur');
    const host = await pageFor(arthur, false, 'en');
    await host.goto(`${real.url}/#/clubs`);
    await host.fill('[data-testid=club-name]', 'Pendragon House');
    await host.click('[data-testid=club-found]');
    const code = (await (await host.waitForSelector('[data-testid=club-code]')).textContent())!;
    expect(await host.inputValue('[data-testid=club-link]')).toBe(`${real.url}/#/clubs/join/${code}`);
    await screenshot(host, 'clubs-desktop-en');

    // Guinevere opens the invitation link on her phone, in French, and signs up into the club.
    const guest = await pageFor(null, true, 'fr');
    await guest.goto(`${real.url}/#/clubs/join/${code}`);
    await guest.waitForSelector('[data-testid=club-invited]');
    expect(await guest.textContent('[data-testid=club-invited] h2')).toBe(
      'Vous êtes invité dans un club\u00a0: Pendragon House',
    );
    await guest.fill('[data-testid=club-signup-name]', 'Guinevere');
    await guest.fill('[data-testid=club-signup-password]', PASSWORD);
    await guest.click('[data-testid=club-signup-submit]');
    await guest.waitForSelector('[data-testid=club][data-club="Pendragon House"]');
    expect(await guest.textContent('[data-testid=club-members]')).toContain('Guinevere');
    expect(await noSideways(guest)).toBe(true);
    await screenshot(guest, 'clubs-phone-fr');

    // Before creating a rated match, the host reads what a second seat from the address will meet.
    await host.goto(`${real.url}/#/new/camelot`);
    await host.click('[data-testid=where-online]');
    await host.check('[data-testid=rated]');
    const note = await host.waitForSelector('[data-testid=same-address-note]');
    expect(await note.textContent()).toContain('offered the same match unrated instead');
    expect(await note.textContent()).toContain('Pendragon House');
    await screenshot(host, 'new-match-same-address-desktop-en');

    // The rated match from one address: Guinevere joins by the link, Arthur resigns, both are rated.
    const made = await post('/api/matches', arthur, RATED);
    expect(made.sameAddress).toEqual({ rule: 'refused', clubs: ['Pendragon House'] });
    await guest.goto(`${real.url}/#/m/${made.match.id}/join`);
    await guest.waitForSelector('[data-testid=table]');
    await resign(made.tokens[0].token);
    await guest.waitForSelector('[data-testid=end-panel] [data-testid=rating-change]');
    await guest.goto(`${real.url}/#/players/Guinevere`);
    const vouched = await guest.waitForSelector('[data-testid=player-vouched]');
    expect(await vouched.textContent()).toContain('contre Arthur · club Pendragon House');
    await screenshot(guest, 'player-vouched-phone-fr');
    // (The page's table of rated matches scrolls sideways on its own at 390 px, as before clubs.)

    // Mordred, a puppet at the same address and no member, is refused the next rated match and offered it unrated.
    const mordred = await pageFor(await account('Mordred'), true, 'en');
    const second = await post('/api/matches', arthur, RATED);
    await host.goto(`${real.url}/#/m/${second.match.id}`);
    await host.waitForSelector('[data-testid=table]');
    await mordred.goto(`${real.url}/#/m/${second.match.id}/join`);
    await mordred.waitForSelector('[data-testid=play-unrated]');
    expect(await mordred.textContent('[data-testid=join-error]')).toContain('You may play this match unrated instead.');
    expect(await noSideways(mordred)).toBe(true);
    await screenshot(mordred, 'unrated-offer-phone-en');
    await mordred.click('[data-testid=play-unrated]');
    await mordred.waitForSelector('[data-testid=table]');
    const next = /#\/m\/([^/?]+)/.exec(mordred.url())![1]!;
    expect(next).not.toBe(second.match.id);
    // The host's table follows to the unrated match.
    await expect.poll(() => host.url(), { timeout: 10_000 }).toContain(`#/m/${next}`);
    await host.waitForSelector('[data-testid=table]');
    const summary = (await (await fetch(`${real.url}/api/matches/${next}`)).json()).match;
    expect(summary.rated).toBeFalsy();
    expect(summary.seats.map((s: { name: string }) => s.name)).toEqual(['Arthur', 'Mordred']);
    // The host is told why the match is unrated, and still after a reload; the joiner, who chose it, is not.
    expect(await host.textContent('[data-testid=unrated-note]')).toContain(
      'This match is unrated: the player who joined',
    );
    await host.reload();
    await host.waitForSelector('[data-testid=unrated-note]');
    expect(await mordred.$('[data-testid=unrated-note]')).toBeNull();
    await screenshot(host, 'unrated-host-desktop-en');
    // The same line in French on a phone (the tab's record of the move set as the host's tab has it), for the eye.
    const phone = await pageFor(null, true, 'fr');
    await phone.addInitScript((m) => sessionStorage.setItem(`rt.unrated.${m}`, 'same-address'), next);
    await phone.goto(`${real.url}/#/m/${next}`);
    expect(await (await phone.waitForSelector('[data-testid=unrated-note]')).textContent()).toContain(
      'Cette partie n’est pas classée\u00a0:',
    );
    expect(await noSideways(phone)).toBe(true);
    await screenshot(phone, 'unrated-host-phone-fr');
  });
});
