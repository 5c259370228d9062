/**
 * Conditional moves and "my turn" (issue 36) in Chromium, through the real server: a signed-in player leaves
 * answers at the table and from the analysis board, closes the tab; the opponent (a WebSocket client) plays the
 * foreseen move and the answer is played at once; the player comes back to the answer played and the rest of the
 * tree. Then the "my turn" page lists the correspondence matches waiting, least time left first, and N opens the
 * next one. Screenshots: desktop and 390 px, English and French.
 */
import { expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { camelotLegalAfter } from '../../server/test/camelot-lines.ts';
import { Client } from '../../server/test/helpers.ts';
import { instant, legalMoves, screenshot, typeMove } from './harness.ts';
import { axeClean, clickMove } from './study-helpers.ts';
import { createFromPage, useRealServer } from './real-server.ts';

const real = useRealServer();

/** The opponent: a guest who joins seat 1 through the API and plays through a WebSocket. */
async function opponent(id: string): Promise<Client> {
  const res = await fetch(`${real.url}/api/matches/${id}/join`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Bob' }),
  });
  const joined = (await res.json()) as { token: string };
  const c = await Client.connect(`${real.url.replace('http', 'ws')}/ws`);
  expect((await c.request({ t: 'attach', token: joined.token })).t).toBe('attached');
  return c;
}

async function openTable(context: BrowserContext, id: string): Promise<Page> {
  const page = await context.newPage();
  await instant(page);
  page.on('pageerror', (e) => console.error('page error:', e.message));
  await page.goto(`${real.url}/#/m/${id}`);
  await page.waitForSelector('[data-testid=table]');
  return page;
}

it('conditional moves set at the table and from the analysis board are played while the tab is closed; "my turn" lists the matches waiting and N opens the next', async () => {
  const context = await real.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
  const signed = await context.request.post(`${real.url}/api/accounts`, {
    data: { name: 'Ann', password: 'correct horse battery' },
  });
  expect(signed.status()).toBe(201);
  const home = await context.newPage();
  await home.goto(`${real.url}/`);
  const id = await createFromPage(home, {
    game: 'camelot',
    seats: [{ kind: 'human' }, { kind: 'open' }],
    clock: { days: 2 },
  });
  const bob = await opponent(id);
  let page = await openTable(context, id);
  await home.close();

  // Ann plays her first move, then leaves a line two answers deep while Bob thinks.
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=legal] option').length > 0);
  const w0 = (await legalMoves(page))[0]!;
  await typeMove(page, w0);
  await page.waitForSelector('[data-testid=conditional-line]');
  const [b1, b1other] = camelotLegalAfter([w0]) as [string, string];
  // An answer that ends on a square no move before it named, so the log shows it came.
  const lastSquare = (m: string): string => m.split(/[-x]/i).at(-1)!;
  const w2 = camelotLegalAfter([w0, b1]).find((m) => ![w0, b1].some((x) => x.includes(lastSquare(m))))!;
  const [b3, b3other] = camelotLegalAfter([w0, b1, w2]) as [string, string];
  const w4 = camelotLegalAfter([w0, b1, w2, b3])[0]!;
  await page.fill('[data-testid=conditional-line]', `${b1} ${w2} ${b3} ${w4}`);
  await page.click('[data-testid=conditional-add]');
  await page.waitForSelector(`[data-testid=conditional-branch][data-line="${b3} ${w4}"]`);
  // An illegal line is refused with the rule's reason, and nothing changes.
  await page.fill('[data-testid=conditional-line]', `${b1other} A1-A2`);
  await page.click('[data-testid=conditional-add]');
  expect(await page.textContent('[data-testid=conditional-error]')).toContain('you cannot answer A1-A2');

  // Another branch from the analysis board: Bob's other move and Ann's answer, played on the board after the
  // match's position, then "Set as conditional moves".
  const w2other = camelotLegalAfter([w0, b1other]).at(-1)!;
  await page.goto(`${real.url}/#/analysis/m/${id}`);
  await page.waitForSelector('[data-testid=tree] [data-path="0"]');
  await clickMove(page, b1other);
  await clickMove(page, w2other);
  await page.waitForSelector('[data-testid=tree] [data-path="0.0.0"]');
  await page.click('[data-testid=set-conditional]');
  expect(await (await page.waitForSelector('[data-testid=set-conditional-said]')).textContent()).toContain(
    `${b1other} → ${w2other}`,
  );

  await screenshot(page, 'conditional-analysis');
  await page.goto(`${real.url}/#/m/${id}`);
  await page.waitForSelector(`[data-testid=conditional-branch][data-line="${b1other} ${w2other}"]`);
  expect(await page.$$eval('[data-testid=conditional-branch]', (els) => els.length)).toBe(3);
  await screenshot(page, 'conditional-table');
  await axeClean(page, 'the table with conditional moves');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.click('[data-testid=lang]');
  await page.waitForSelector('text=Coups conditionnels');
  await screenshot(page, 'conditional-table-phone-fr');
  await page.click('[data-testid=lang]');
  await page.setViewportSize({ width: 1280, height: 900 });
  // A branch removed is gone with all under it; the others stay.
  await page.click(
    `[data-testid=conditional-branch][data-line="${b1other} ${w2other}"] > [data-testid=conditional-remove]`,
  );
  await page.waitForSelector(`[data-testid=conditional-branch][data-line="${b1other} ${w2other}"]`, {
    state: 'detached',
  });
  expect(await page.$$eval('[data-testid=conditional-branch]', (els) => els.length)).toBe(2);

  // Ann closes her tab; Bob plays the foreseen move and Ann's answer comes at once.
  await page.close();
  expect((await bob.request({ t: 'move', move: b1 })).t).toBe('update');
  const answered = await bob.wait((m) => m.t === 'update' && m.last?.move === w2, 5000);
  expect(answered.yourTurn).toBe(true);

  // Ann comes back: her answer is in the log, and only the line under it is left.
  page = await openTable(context, id);
  await page.waitForFunction(
    (square) => document.querySelector('[data-testid=log]')?.textContent?.includes(square) ?? false,
    lastSquare(w2),
  );
  await page.waitForSelector(`[data-testid=conditional-branch][data-line="${b3} ${w4}"]`);
  expect(await page.$$eval('[data-testid=conditional-branch]', (els) => els.length)).toBe(1);
  // Bob plays another move than the one foreseen: the rest is dropped, and it is Ann's turn.
  expect((await bob.request({ t: 'move', move: b3other })).t).toBe('update');
  await page.waitForSelector('[data-testid=conditional-none]');

  // A second match that waits for Ann with less time: "my turn" lists it first, and N opens it.
  await page.goto(`${real.url}/`);
  const urgent = await createFromPage(page, {
    game: 'camelot',
    seats: [{ kind: 'human' }, { kind: 'open' }],
    clock: { days: 1 },
  });
  const bob2 = await opponent(urgent);
  await page.goto(`${real.url}/#/my-turn`);
  await page.waitForSelector('[data-testid=my-turn-list] li:nth-child(2)');
  expect(
    await page.$$eval('[data-testid=my-turn-list] li', (els) => els.map((e) => e.getAttribute('data-match'))),
  ).toEqual([urgent, id]);
  expect(await page.textContent('[data-testid=nav-my-turn-count]')).toBe('2');
  await screenshot(page, 'my-turn');
  await axeClean(page, 'the my-turn page');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.click('[data-testid=lang]');
  await page.waitForSelector('text=Partie suivante');
  await screenshot(page, 'my-turn-phone-fr');
  await page.click('[data-testid=lang]');
  await page.setViewportSize({ width: 1280, height: 900 });
  // The screen-reader mode's command field says the list, least time left first.
  await page.click('[data-testid=reader-mode]');
  await page.fill('[data-testid=my-turn-command]', 'list');
  await page.press('[data-testid=my-turn-command]', 'Enter');
  expect(await page.textContent('[data-testid=my-turn-said]')).toMatch(
    /^2 matches wait for your move: Camelot against Bob, (1 day 0 h|23 h \d\d) left; Camelot against Bob, (1 day 2\d h|2 days 0 h) left\.$/,
  );
  await page.click('[data-testid=reader-mode]');
  await page.click('h1');
  await page.keyboard.press('n');
  await page.waitForURL(`**/#/m/${urgent}`);
  await page.waitForSelector('[data-testid=table]');
  bob.close();
  bob2.close();
  await context.close();
}, 60_000);
