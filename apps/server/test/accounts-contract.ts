// The behaviour every account store must have; run on SQLite (accounts-store.test.ts) and PostgreSQL (postgres/).
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { AccountService } from '../src/accounts/service.ts';
import type { AccountStore } from '../src/accounts/store.ts';
import { DEFAULT_LIMITS } from '../src/config.ts';
import type { Guard } from '../src/limits/guard.ts';
import { hashToken } from '../src/tokens.ts';

const cheap = { N: 1 << 10, r: 8, p: 1 };

/** The same behaviour from every account store (with the limits kept in the same storage). */
export function accountStoreContract(
  name: string,
  open: (limits: typeof DEFAULT_LIMITS) => Promise<{ store: AccountStore; guard: Guard }>,
): void {
  describe(`account store (${name})`, () => {
    let store: AccountStore;
    let service: AccountService;
    const opened: { store: AccountStore; guard: Guard }[] = [];
    afterAll(async () => {
      for (const o of opened) {
        await o.guard.close();
        await o.store.close();
      }
    });
    afterEach(() => void vi.useRealTimers());
    const fresh = async (): Promise<void> => {
      const o = await open({ ...DEFAULT_LIMITS, signupsPerAddress: 1000 });
      opened.push(o);
      store = o.store;
      service = new AccountService(store, o.guard, cheap);
    };

    it('signs up once per name, without regard to case and look-alikes', async () => {
      await fresh();
      const a = await service.signUp('Lady Ragnelle', 'a long password', 'home', 1000);
      expect(a.ok).toBe(true);
      const again = await service.signUp('LADY_RAGNELLE', 'another password', 'home', 1001);
      expect(again).toMatchObject({ ok: false, error: { code: 'NAME_TAKEN' } });
      expect(await service.signUp('Lady Ragne11e', 'another password', 'home', 1002)).toMatchObject({
        ok: false,
        error: { code: 'NAME_TAKEN' },
      });
      expect(await service.signUp('x', 'a long password', 'home')).toMatchObject({
        ok: false,
        error: { code: 'BAD_NAME' },
      });
      expect(await service.signUp('Sir Dinadan', 'short', 'home')).toMatchObject({
        ok: false,
        error: { code: 'BAD_PASSWORD' },
      });
      expect(await store.accountByKey('sirdinadan')).toBeNull(); // a refusal stores nothing
    });

    it('logs in with the right password only, and a session works until logged out', async () => {
      await fresh();
      const up = await service.signUp('Sir Bedivere', 'the right password', 'home');
      if (!up.ok) throw new Error('sign-up failed');
      expect(await service.whoIs(up.value.token)).toMatchObject({ name: 'Sir Bedivere' });
      expect(await service.logIn('sir bedivere', 'the wrong password', '10.0.0.1')).toMatchObject({
        ok: false,
        error: { code: 'WRONG_LOGIN' },
      });
      expect(await service.logIn('nobody here', 'the right password', '10.0.0.1')).toMatchObject({
        ok: false,
        error: { code: 'WRONG_LOGIN' },
      });
      const login = await service.logIn('SIR BEDIVERE', 'the right password', '10.0.0.1');
      if (!login.ok) throw new Error('log-in failed');
      expect(login.value.token).not.toBe(up.value.token);
      await service.logOut(login.value.token);
      expect(await service.whoIs(login.value.token)).toBeNull();
      expect(await service.whoIs(up.value.token)).toMatchObject({ name: 'Sir Bedivere' }); // other sessions live on
      expect(await store.session(hashToken(up.value.token), Date.now() + 31 * 86_400_000)).toBeNull(); // they expire
    });

    it('stops guessing: the 11th wrong password for one name in 15 minutes is refused, even the right one', async () => {
      await fresh();
      await service.signUp('Sir Lamorak', 'the right password', 'home', 0);
      // The windows read the clock themselves: it is moved, not waited for.
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now());
      for (let i = 0; i < 10; i++)
        expect((await service.logIn('Sir Lamorak', `guess ${i}`, `10.0.1.${i}`)).ok).toBe(false);
      vi.setSystemTime(Date.now() + 1000);
      expect(await service.logIn('Sir Lamorak', 'the right password', '10.0.2.1')).toMatchObject({
        ok: false,
        error: { code: 'LOGIN_RATE_LIMITED' },
      });
      vi.setSystemTime(Date.now() + 16 * 60_000);
      expect((await service.logIn('Sir Lamorak', 'the right password', '10.0.2.1')).ok).toBe(true);
    });

    it('counts logins before the hash: of 40 parallel tries for one name, 10 are checked; then even the right one is refused', async () => {
      await fresh();
      await service.signUp('Sir Lionel', 'the right password', 'home');
      const tries = await Promise.all(
        Array.from({ length: 40 }, (_, i) => service.logIn('Sir Lionel', `guess ${i}`, `10.0.3.${i}`)),
      );
      const codes = tries.map((t) => (t.ok ? 'OK' : t.error.code));
      expect(codes.filter((c) => c === 'WRONG_LOGIN')).toHaveLength(10);
      expect(codes.filter((c) => c === 'LOGIN_RATE_LIMITED')).toHaveLength(30);
      expect(await service.logIn('Sir Lionel', 'the right password', '10.0.4.1')).toMatchObject({
        ok: false,
        error: { code: 'LOGIN_RATE_LIMITED', retrySeconds: expect.any(Number) },
      });
    });

    it('caps sign-ups per address, and gives the place back when no account was made', async () => {
      const o = await open({ ...DEFAULT_LIMITS, signupsPerAddress: 2 });
      opened.push(o);
      const limited = new AccountService(o.store, o.guard, cheap);
      expect((await limited.signUp('Sir Tor', 'a long password', 'farm')).ok).toBe(true);
      expect(await limited.signUp('SIR TOR', 'a long password', 'farm')).toMatchObject({
        error: { code: 'NAME_TAKEN' },
      });
      expect((await limited.signUp('Sir Aglovale', 'a long password', 'farm')).ok).toBe(true);
      expect(await limited.signUp('Sir Lucan', 'a long password', 'farm')).toMatchObject({
        ok: false,
        error: { code: 'SIGNUP_RATE_LIMITED', max: 2, retrySeconds: expect.any(Number) },
      });
      expect(await o.store.accountByKey('sirlucan')).toBeNull();
      expect((await limited.signUp('Sir Lucan', 'a long password', 'elsewhere')).ok).toBe(true);
    });

    it('keeps the seats an account holds and its ratings with their history', async () => {
      await fresh();
      const up = await service.signUp('Sir Gareth', 'the right password', 'home', 0);
      if (!up.ok) throw new Error('sign-up failed');
      const id = up.value.me.id;
      await store.addSeat(id, 'm1', 0, 10);
      await store.addSeat(id, 'm2', 1, 20);
      await store.addSeat(id, 'm2', 1, 30); // once
      expect(await store.seats(id, 10)).toEqual([
        { matchId: 'm2', seat: 1, at: 20 },
        { matchId: 'm1', seat: 0, at: 10 },
      ]);
      await store.saveRatings(
        'm1',
        [{ accountId: id, game: 'camelot', rating: 1662.3, deviation: 290.1, volatility: 0.06, games: 1 }],
        100,
      );
      await store.saveRatings(
        'm2',
        [{ accountId: id, game: 'camelot', rating: 1700, deviation: 250, volatility: 0.06, games: 2 }],
        200,
      );
      expect(await store.rating(id, 'camelot')).toMatchObject({ rating: 1700, games: 2 });
      expect(await store.leaderboard('camelot', 10)).toMatchObject([{ name: 'Sir Gareth', rating: 1700 }]);
      expect((await store.history(id, 'camelot', 10)).map((h) => h.matchId)).toEqual(['m2', 'm1']);
      // Each match's change: the rating after it and the one before (none before the first).
      expect(await store.ratingChanges({ match: 'm2' })).toEqual([
        { accountId: id, matchId: 'm2', game: 'camelot', before: 1662.3, after: 1700 },
      ]);
      expect(await store.ratingChanges({ match: 'm1' })).toEqual([
        { accountId: id, matchId: 'm1', game: 'camelot', before: null, after: 1662.3 },
      ]);
      expect((await store.ratingChanges({ account: id })).map((c) => [c.matchId, c.before]).sort()).toEqual([
        ['m1', null],
        ['m2', 1662.3],
      ]);
      expect(await store.ratingChanges({ match: 'nowhere' })).toEqual([]);
    });

    it('makes a bot account once, finds it by its token, and keeps engines apart on the leaderboard', async () => {
      await fresh();
      const person = await service.signUp('Sir Lionel', 'a long password', 'home');
      const engine = await service.signUp('Brass Knight', 'a long password', 'home');
      if (!person.ok || !engine.ok) throw new Error('sign-up failed');
      const [p, e] = [person.value.me.id, engine.value.me.id];
      expect(await store.bot(e)).toBeNull();
      expect(await store.makeBot({ accountId: e, tokenHash: hashToken('first token'), since: 5, level: null })).toBe(
        true,
      );
      // Once: a second conversion (another process at the same moment) changes nothing.
      expect(await store.makeBot({ accountId: e, tokenHash: hashToken('other token'), since: 6, level: null })).toBe(
        false,
      );
      expect(await store.botByToken(hashToken('first token'))).toEqual({
        accountId: e,
        tokenHash: hashToken('first token'),
        since: 5,
        level: null,
      });
      await store.setBotToken(e, hashToken('second token'));
      expect(await store.botByToken(hashToken('first token'))).toBeNull();
      expect((await store.botByToken(hashToken('second token')))?.accountId).toBe(e);
      expect([...(await store.botsAmong([p, e, 'nobody']))]).toEqual([e]);
      expect(await store.ratedGames(p)).toBe(0);
      const row = (accountId: string, rating: number) =>
        ({ accountId, game: 'camelot', rating, deviation: 200, volatility: 0.06, games: 3 }) as const;
      await store.saveRatings('m9', [row(p, 1600), row(e, 1550)], 100);
      expect(await store.ratedGames(p)).toBe(3);
      expect((await store.leaderboard('camelot', 10)).map((r) => [r.name, r.bot])).toEqual([
        ['Sir Lionel', false],
        ['Brass Knight', true],
      ]);
      expect((await store.leaderboard('camelot', 10, 0, 'engines')).map((r) => r.name)).toEqual(['Brass Knight']);
      expect((await store.leaderboard('camelot', 10, 0, 'people')).map((r) => r.name)).toEqual(['Sir Lionel']);
    });

    it('keeps challenges, and settles each one once', async () => {
      await fresh();
      const base = { fromAccount: 'p1', toAccount: 'b1', game: 'camelot', spec: '{}', reason: null, matchId: null };
      await store.createChallenge({ ...base, id: 'c1', status: 'pending', createdAt: 10 });
      await store.createChallenge({ ...base, id: 'c2', status: 'pending', createdAt: 20 });
      expect((await store.challenges('to', 'b1', 'pending', 10)).map((c) => c.id)).toEqual(['c2', 'c1']);
      // Two answers at once: one wins.
      const [a, b] = await Promise.all([
        store.settleChallenge('c1', 'accepted', null, null),
        store.settleChallenge('c1', 'declined', 'later', null),
      ]);
      expect([a, b].filter(Boolean)).toHaveLength(1);
      expect(await store.settleChallenge('c2', 'declined', 'tooFast', null)).toBe(true);
      expect(await store.challenge('c2')).toMatchObject({ status: 'declined', reason: 'tooFast', matchId: null });
      // An accepted challenge is given its match afterwards (from accepted to accepted).
      await store.settleChallenge('c1', 'accepted', null, 'm1', 'accepted');
      expect((await store.challenges('from', 'p1', null, 10)).map((c) => c.id)).toEqual(['c2', 'c1']);
      expect(await store.challenges('to', 'b1', 'pending', 10)).toEqual([]);
    });
  });
}
