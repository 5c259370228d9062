// The parts of issue 25's limits that need no server: the bounded password queue, the windows (one place taken
// atomically, given back), and the refusals' sentences in both languages.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import type { GameError } from '@roundtable/core';
import { DEFAULT_LIMITS } from '../src/config.ts';
import { errorBody, httpStatus } from '../src/errors.ts';
import { Guard } from '../src/limits/guard.ts';
import { HashQueue } from '../src/limits/hashing.ts';
import { SqliteLimits } from '../src/limits/sqlite.ts';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** A task that runs until `release` is called. */
function held(): { task: () => Promise<string>; release: () => void; started: () => boolean } {
  let release!: () => void;
  let started = false;
  const done = new Promise<void>((r) => (release = r));
  return {
    task: async () => {
      started = true;
      await done;
      return 'hashed';
    },
    release: () => release(),
    started: () => started,
  };
}

describe('the password queue', () => {
  it('runs two at a time, refuses past its size at once with a wait, and frees its places when they are done', async () => {
    const queue = new HashQueue(3, 3);
    const tasks = Array.from({ length: 4 }, () => held());
    const runs = tasks.slice(0, 3).map((t) => queue.run('a', t.task));
    expect(tasks.map((t) => t.started())).toEqual([true, true, false, false]);
    expect(await queue.run('b', tasks[3]!.task)).toMatchObject({
      ok: false,
      error: { code: 'LOGIN_BUSY', retrySeconds: expect.any(Number) },
    });
    for (const t of tasks) t.release();
    expect(await Promise.all(runs)).toEqual([
      { ok: true, value: 'hashed' },
      { ok: true, value: 'hashed' },
      { ok: true, value: 'hashed' },
    ]);
    expect(queue.size).toBe(0);
    expect((await queue.run('b', async () => 'again')).ok).toBe(true);
  });

  it('lets one address have only its share, while another address is still taken in', async () => {
    const queue = new HashQueue(10, 2);
    const mine = [held(), held()];
    const runs = mine.map((t) => queue.run('burst', t.task));
    expect((await queue.run('burst', async () => 'third')).ok).toBe(false);
    // Someone else waits behind the burst's two checks only, not behind the rest of the burst.
    const other = queue.run('someone else', async () => 'served');
    for (const t of mine) t.release();
    expect(await other).toEqual({ ok: true, value: 'served' });
    await Promise.all(runs);
  });
});

describe('the windows', () => {
  it('take places atomically, give one back, and say how long until the window closes', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rt-limits-'));
    dirs.push(dir);
    const guard = Guard.sqlite(dir, null, { ...DEFAULT_LIMITS, chatLines: 2 });
    const said = await Promise.all(Array.from({ length: 5 }, () => guard.chat('m:0', null)));
    expect(said.filter((r) => r.ok)).toHaveLength(2);
    const refused = said.find((r) => !r.ok);
    expect(refused).toMatchObject({ ok: false, error: { code: 'CHAT_RATE_LIMITED', max: 2, seconds: 10 } });
    // A line the owner never got is given back: one more may be said.
    const first = said.find((r) => r.ok);
    if (!first?.ok) throw new Error('no place taken');
    await first.value.giveBack();
    expect((await guard.chat('m:0', null)).ok).toBe(true);
    expect((await guard.chat('m:0', null)).ok).toBe(false);
    // Another seat has its own window; an account's window is shared by every seat it speaks from.
    expect((await guard.chat('m:1', 'acc')).ok).toBe(true);
    expect((await guard.chat('m:2', 'acc')).ok).toBe(true);
    expect(await guard.chat('m:3', 'acc')).toMatchObject({ ok: false });
    // One rematch per match, ever.
    expect((await guard.rematch('m')).ok).toBe(true);
    expect(await guard.rematch('m')).toMatchObject({ ok: false, error: { code: 'REMATCH_DONE' } });
    expect(await guard.rematched('m')).toBe(true);
    await guard.close();
  });
});

describe('housekeeping', () => {
  it('forgets windows closed an hour ago, and creations admitted that never stored their match', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rt-limits-'));
    dirs.push(dir);
    const matches = join(dir, 'matches.sqlite');
    const m = new Database(matches);
    m.exec(
      "CREATE TABLE matches (id TEXT PRIMARY KEY, status TEXT NOT NULL); INSERT INTO matches VALUES ('stored', 'open')",
    );
    m.close();
    const ledger = new SqliteLimits(dir, matches);
    const now = Date.now();
    ledger.db
      .prepare('INSERT INTO limit_windows (key, points, expire) VALUES (?, 1, ?), (?, 1, ?)')
      .run('old', now - 3700_000, 'new', now + 1000);
    expect(await ledger.admit('stored', [{ party: 'a:x', max: 5 }], now - 120_000)).toBeNull();
    expect(await ledger.admit('lost', [{ party: 'a:x', max: 5 }], now - 120_000)).toBeNull();
    expect(await ledger.inPlay('a:x', now)).toBe(1);
    await ledger.sweep(now);
    expect(ledger.db.prepare('SELECT key FROM limit_windows').all()).toEqual([{ key: 'new' }]);
    expect(await ledger.partiesOf('lost')).toEqual([]);
    expect(await ledger.partiesOf('stored')).toEqual(['a:x']);
    await ledger.close();
  });
});

describe('the refusals', () => {
  const codes: GameError[] = [
    { code: 'LOGIN_BUSY', retrySeconds: 2 },
    { code: 'SIGNUP_RATE_LIMITED', max: 1, retrySeconds: 86_400 },
    { code: 'TOO_MANY_MATCHES', count: 1, max: 1, of: 'account' },
    { code: 'TOO_MANY_IMPORTS', max: 30, retrySeconds: 60 },
    { code: 'RATED_NEEDS_CLOCK' },
    { code: 'RATED_SAME_ADDRESS' },
    { code: 'RATED_PAIR_LIMIT', max: 3, retrySeconds: 600 },
    { code: 'REMATCH_DONE' },
    { code: 'ALREADY_WAITING', by: 'address' },
    { code: 'ALREADY_SEATED' },
    { code: 'OFFER_RATE_LIMITED', max: 6, seconds: 60, retrySeconds: 30 },
    { code: 'CHAT_RATE_LIMITED', max: 5, seconds: 10, retrySeconds: 4 },
  ];
  it('each has a sentence in English and in French, and an HTTP status that says what it is', () => {
    for (const e of codes) {
      const en = errorBody(e, 'en');
      const fr = errorBody(e, 'fr');
      expect(en.message, e.code).not.toContain(e.code);
      expect(fr.message, e.code).not.toBe(en.message);
      expect(fr.message, e.code).not.toMatch(/[^\u00a0][:;!?](\s|$)/);
      expect(fr.message, e.code).not.toContain("'");
      expect(httpStatus(e.code), e.code).not.toBe(500);
    }
    expect(httpStatus('LOGIN_BUSY')).toBe(503);
    expect(httpStatus('SIGNUP_RATE_LIMITED')).toBe(429);
    expect(httpStatus('ALREADY_WAITING')).toBe(409);
  });
  it('agree with their number', () => {
    expect(errorBody({ code: 'TOO_MANY_MATCHES', count: 1, max: 1, of: 'address' }, 'en').message).toContain(
      '1 match in play',
    );
    expect(errorBody({ code: 'SIGNUP_RATE_LIMITED', max: 1, retrySeconds: 5 }, 'fr').message).toContain(
      'au plus 1\u00a0compte par jour',
    );
    expect(errorBody({ code: 'RATED_PAIR_LIMIT', max: 3, retrySeconds: 5 }, 'fr').message).toContain(
      '3\u00a0résultats classés',
    );
  });
});
