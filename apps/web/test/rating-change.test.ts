/**
 * End-to-end, in Debian's Chromium against the real server: a rated Camelot match between two accounts ends (one
 * resigns), and the end panel of each player shows both ratings before → after with the change, as the player
 * page then has them; "My matches" shows the account's own change. English on a desktop, French on a phone.
 */
import WebSocket from 'ws';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { instant, screenshot } from './harness.ts';
import { useRealServer } from './real-server.ts';

const real = useRealServer({ passwordCost: { N: 1 << 10, r: 8, p: 1 } });

/** An account made through the API: its session cookie's value. */
async function account(name: string): Promise<string> {
  const res = await fetch(`${real.url}/api/accounts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, password: 'correct horse battery' }),
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

async function pageFor(session: string, phone: boolean): Promise<Page> {
  const context = await real.browser.newContext(
    phone
      ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'fr-FR' }
      : { viewport: { width: 1280, height: 900 }, locale: 'en-GB' },
  );
  await context.addCookies([{ name: 'rt_session', value: session, url: real.url }]);
  const page = await context.newPage();
  await instant(page);
  page.on('pageerror', (e) => console.error('page error:', e.message));
  return page;
}

/** The end panel's rating cells, by row: the player's name and the text of the change. */
const panelChanges = (page: Page): Promise<string[]> =>
  page.$$eval('[data-testid=end-scores] tbody tr', (rows) =>
    rows.map(
      (r) => `${r.querySelector('th')?.textContent}: ${r.querySelector('[data-testid=rating-change]')?.textContent}`,
    ),
  );

describe('the rating change of a rated match', () => {
  it('shows on both players’ end panels, before → after with the change, as the player pages have it; My matches shows one’s own', async () => {
    const gawain = await account('Gawain');
    const ywain = await account('Ywain');
    const made = await post('/api/matches', gawain, {
      game: 'camelot',
      rated: true,
      clock: { moveSeconds: 300 },
      seats: [{ kind: 'human' }, { kind: 'open' }],
    });
    const id = made.match.id as string;
    await post(`/api/matches/${id}/join`, ywain, {});
    const desktop = await pageFor(gawain, false);
    const phone = await pageFor(ywain, true);
    for (const page of [desktop, phone]) {
      await page.goto(`${real.url}/#/m/${id}`);
      await page.waitForSelector('[data-testid=table]');
    }

    // Gawain resigns through the server (his seat's token): Ywain wins.
    const ws = new WebSocket(`${real.url.replace('http', 'ws')}/ws`);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    const answers: { t: string; id?: number }[] = [];
    ws.on('message', (d) => answers.push(JSON.parse(d.toString())));
    ws.send(JSON.stringify({ t: 'attach', token: made.tokens[0].token, id: 1 }));
    await expect.poll(() => answers.some((m) => m.t === 'attached')).toBe(true);
    ws.send(JSON.stringify({ t: 'resign', id: 2 }));
    await expect.poll(() => answers.find((m) => m.id === 2)?.t).toBe('ok');
    ws.close();

    // The ratings as stored, from the player pages.
    const stored = async (name: string): Promise<number> => {
      const page = (await (await fetch(`${real.url}/api/players/${name}`)).json()) as {
        ratings: { rating: number }[];
      };
      return Math.round(page.ratings[0]!.rating);
    };
    await expect.poll(async () => (await fetch(`${real.url}/api/players/Ywain`)).status).toBe(200);
    const [g, y] = [await stored('Gawain'), await stored('Ywain')];
    expect(y).toBeGreaterThan(1500);
    expect(g).toBeLessThan(1500);

    for (const page of [desktop, phone]) {
      await page.waitForSelector('[data-testid=end-panel] [data-testid=rating-change]');
      await expect.poll(() => page.$$eval('[data-testid=rating-change]', (c) => c.length)).toBe(2);
    }
    expect(await panelChanges(desktop)).toEqual([
      `Gawain (White, you): 1500 → ${g} (−${1500 - g})`,
      `Ywain (Black): 1500 → ${y} (+${y - 1500})`,
    ]);
    expect(await desktop.textContent('[data-testid=end-scores] thead')).toContain('Rating');
    await screenshot(desktop, 'end-panel-rated-desktop-en');
    // On a phone each figure follows its column's name: "Cote : 1500 → …".
    const cell = await phone.$eval('[data-testid=rating-change]', (c) => getComputedStyle(c, '::before').content);
    expect(cell).toContain('Cote');
    await screenshot(phone, 'end-panel-rated-phone-fr');

    // My matches: each one's own change.
    await desktop.goto(`${real.url}/#/me`);
    await desktop.waitForSelector('[data-testid=my-rating-change]');
    expect(await desktop.textContent('[data-testid=my-rating-change]')).toBe(`1500 → ${g} (−${1500 - g})`);
    await screenshot(desktop, 'my-matches-rated-desktop-en');
    await phone.goto(`${real.url}/#/me`);
    await phone.waitForSelector('[data-testid=my-rating-change]');
    expect(await phone.textContent('[data-testid=my-rating-change]')).toBe(`1500 → ${y} (+${y - 1500})`);
    expect(await phone.textContent(`[data-match="${id}"]`)).toContain('Cote');
    await screenshot(phone, 'my-matches-rated-phone-fr');
    await desktop.context().close();
    await phone.context().close();
  });
});
