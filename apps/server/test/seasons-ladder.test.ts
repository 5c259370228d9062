import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { PostgresAccountStore } from '../src/accounts/postgres-store.ts';
import { SqliteAccountStore } from '../src/accounts/sqlite-store.ts';
import type { AccountStore } from '../src/accounts/store.ts';
import { PostgresSeasonStore } from '../src/seasons/postgres-store.ts';
import type { SeasonStore } from '../src/seasons/store.ts';
import { buildLadder } from '../src/seasons/ladder.ts';
import { monthBounds, monthOf, monthsBefore, parseMonth } from '../src/seasons/month.ts';
import { registerSeasonRoutes } from '../src/seasons/routes.ts';
import { SeasonService } from '../src/seasons/service.ts';
import { SqliteSeasonStore } from '../src/seasons/sqlite-store.ts';
import { dropTestDatabase, testDatabase } from './helpers.ts';

const dirs: string[] = [];
const urls: string[] = [];
afterAll(async () => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
  for (const url of urls) await dropTestDatabase(url);
}, 30_000);

const at = (iso: string): number => Date.parse(iso);
const rating = (accountId: string, value: number) => ({
  accountId,
  game: 'camelot',
  rating: value,
  deviation: 100,
  volatility: 0.06,
  games: 1,
});

describe('seasons: a month is a UTC calendar month', () => {
  it('names, bounds and steps back across a year', () => {
    expect(monthOf(at('2026-12-31T23:59:59Z'))).toBe('2026-12');
    expect(monthOf(at('2027-01-01T00:00:00Z'))).toBe('2027-01');
    expect(monthBounds('2026-12')).toEqual({ from: at('2026-12-01T00:00:00Z'), to: at('2027-01-01T00:00:00Z') });
    expect(monthsBefore('2027-02', 3)).toEqual(['2027-01', '2026-12', '2026-11']);
    expect(parseMonth('2026-13')).toBeNull();
    expect(parseMonth('2026-1')).toBeNull();
    expect(parseMonth('2026-01')).toBe('2026-01');
  });
});

describe('seasons: the ladder ranks event points, then rating gained, level lines share a rank, and a bot never wins', () => {
  it('orders by event points before rating gained, and names the first person as winner of a month over', () => {
    const ladder = buildLadder(
      '2026-11',
      [
        { accountId: 'a', name: 'Ywain', bot: false, games: 3, before: 1500, after: 1580 },
        { accountId: 'b', name: 'Greedy', bot: true, games: 9, before: 1600, after: 1700 },
        { accountId: 'c', name: 'Enide', bot: false, games: 1, before: null, after: 1540 },
      ],
      [{ accountId: 'c', name: 'Enide', bot: false, points: 2, events: 1 }],
      1500,
      true,
      100,
    );
    expect(ladder.lines.map((l) => [l.name, l.eventPoints, l.gained])).toEqual([
      ['Enide', 2, 40],
      ['Greedy', 0, 100],
      ['Ywain', 0, 80],
    ]);
    expect(ladder.winner).toBe('Enide');
    const level = buildLadder(
      '2026-12',
      [
        { accountId: 'a', name: 'Ywain', bot: false, games: 1, before: 1500, after: 1562 },
        { accountId: 'c', name: 'Enide', bot: false, games: 1, before: null, after: 1562 },
        { accountId: 'd', name: 'Erec', bot: false, games: 1, before: null, after: 1438 },
      ],
      [],
      1500,
      false,
      100,
    );
    expect(level.lines.map((l) => [l.rank, l.name])).toEqual([
      [1, 'Enide'],
      [1, 'Ywain'],
      [3, 'Erec'],
    ]);
    const running = buildLadder('2026-12', [], [], 1500, false, 100);
    expect(running).toEqual({ month: '2026-12', lines: [], winner: null });
  });
});

/** Both storages answer the same: the query is one text for SQLite and PostgreSQL. */
async function fromHistory(open: () => Promise<{ accounts: AccountStore; store: SeasonStore }>): Promise<void> {
  const { accounts, store } = await open();
  {
    for (const [id, name] of [
      ['a1', 'Sir Kay'],
      ['a2', 'Lady Lynette'],
      ['a3', 'Level Greedy'],
    ] as const)
      await accounts.createAccount({ id, name, nameKey: id, passwordHash: 'x', createdAt: 0 });
    await accounts.makeBot({ accountId: 'a3', tokenHash: null, since: 0, level: 'greedy' });
    // October: Sir Kay climbs to 1600 (before the seasons asked about).
    await accounts.saveRatings('m0', [rating('a1', 1600), rating('a2', 1400)], at('2026-10-20T12:00:00Z'));
    // November: Lady Lynette gains 150 from 1400, Sir Kay loses 50, the bot gains 300 from the initial 1500.
    await accounts.saveRatings('m1', [rating('a1', 1520), rating('a2', 1480)], at('2026-11-02T12:00:00Z'));
    await accounts.saveRatings('m2', [rating('a1', 1550), rating('a2', 1550)], at('2026-11-29T12:00:00Z'));
    await accounts.saveRatings('m3', [rating('a3', 1800)], at('2026-11-30T23:59:00Z'));
    // December (the month running): Sir Kay alone.
    await accounts.saveRatings('m4', [rating('a1', 1570)], at('2026-12-03T09:00:00Z'));
    const seasons = new SeasonService(store, () => at('2026-12-06T02:00:00Z'));

    const nov = await seasons.month('camelot', '2026-11');
    if (!nov.ok) throw new Error(nov.error.code);
    expect(nov.value.over).toBe(true);
    expect(nov.value.lines.map((l) => [l.name, l.gained, l.games, l.rating, l.bot])).toEqual([
      ['Level Greedy', 300, 1, 1800, true],
      ['Lady Lynette', 150, 2, 1550, false],
      ['Sir Kay', -50, 2, 1550, false],
    ]);
    expect(nov.value.winner).toBe('Lady Lynette');

    const now = await seasons.current('camelot');
    if (!now.ok) throw new Error(now.error.code);
    expect(now.value).toMatchObject({ month: '2026-12', over: false, winner: null, ends: at('2027-01-01T00:00:00Z') });
    expect(now.value.lines.map((l) => [l.name, l.gained])).toEqual([['Sir Kay', 20]]);
    expect(now.value.past?.slice(0, 3)).toEqual([
      { month: '2026-11', winner: 'Lady Lynette' },
      { month: '2026-10', winner: 'Sir Kay' },
      { month: '2026-09', winner: null },
    ]);
    expect((await seasons.current('lancelot')).ok && (await seasons.month('lancelot', '2026-11'))).toMatchObject({
      ok: true,
      value: { lines: [], winner: null },
    });

    const app = Fastify();
    registerSeasonRoutes(app, seasons);
    const get = async (url: string) => {
      const r = await app.inject({ method: 'GET', url, headers: { 'accept-language': 'fr' } });
      return { status: r.statusCode, body: r.json() as { error?: { code: string; message: string } } };
    };
    expect((await get('/api/seasons/camelot/2026-11')).body).toMatchObject({ winner: 'Lady Lynette' });
    const bad = await get('/api/seasons/camelot/november');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({ code: 'BAD_MONTH', message: expect.stringContaining('n’est pas un mois') });
    expect((await get('/api/seasons/camelot/2027-01')).body.error?.code).toBe('FUTURE_MONTH');
    expect((await get('/api/seasons/chess')).body.error?.code).toBe('UNKNOWN_GAME');
    await app.close();
    await store.close();
    await accounts.close();
  }
}

describe('seasons: the ladder read from the rating history', () => {
  it('counts only the month’s rated matches, from the rating the player had before it (SQLite)', async () => {
    await fromHistory(async () => {
      const dir = mkdtempSync(join(tmpdir(), 'rt-seasons-'));
      dirs.push(dir);
      const accounts = new SqliteAccountStore(dir);
      return { accounts, store: new SqliteSeasonStore(dir) };
    });
  });

  it('answers the same on PostgreSQL', async () => {
    const url = await testDatabase();
    urls.push(url);
    await fromHistory(async () => {
      const accounts = await PostgresAccountStore.open(url);
      return { accounts, store: new PostgresSeasonStore(accounts.pool) };
    });
  });
});
