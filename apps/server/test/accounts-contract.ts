// The behaviour every account store must have; run on SQLite (accounts-store.test.ts) and PostgreSQL (postgres/).
import { afterAll, describe, expect, it } from 'vitest';
import { AccountService } from '../src/accounts/service.ts';
import type { AccountStore } from '../src/accounts/store.ts';
import { hashToken } from '../src/tokens.ts';

const cheap = { N: 1 << 10, r: 8, p: 1 };

/** The same behaviour from every account store. */
export function accountStoreContract(name: string, open: () => Promise<AccountStore>): void {
  describe(`account store (${name})`, () => {
    let store: AccountStore;
    let service: AccountService;
    const stores: AccountStore[] = [];
    afterAll(async () => {
      for (const s of stores) await s.close();
    });
    const fresh = async (): Promise<void> => {
      store = await open();
      stores.push(store);
      service = new AccountService(store, cheap);
    };

    it('signs up once per name, without regard to case and look-alikes', async () => {
      await fresh();
      const a = await service.signUp('Lady Ragnelle', 'a long password', 1000);
      expect(a.ok).toBe(true);
      const again = await service.signUp('LADY_RAGNELLE', 'another password', 1001);
      expect(again).toMatchObject({ ok: false, error: { code: 'NAME_TAKEN' } });
      expect(await service.signUp('Lady Ragne11e', 'another password', 1002)).toMatchObject({
        ok: false,
        error: { code: 'NAME_TAKEN' },
      });
      expect(await service.signUp('x', 'a long password')).toMatchObject({ ok: false, error: { code: 'BAD_NAME' } });
      expect(await service.signUp('Sir Dinadan', 'short')).toMatchObject({
        ok: false,
        error: { code: 'BAD_PASSWORD' },
      });
      expect(await store.accountByKey('sirdinadan')).toBeNull(); // a refusal stores nothing
    });

    it('logs in with the right password only, and a session works until logged out', async () => {
      await fresh();
      const up = await service.signUp('Sir Bedivere', 'the right password');
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
      await service.signUp('Sir Lamorak', 'the right password', 0);
      const now = 1_000_000;
      for (let i = 0; i < 10; i++)
        expect((await service.logIn('Sir Lamorak', `guess ${i}`, `10.0.1.${i}`, now)).ok).toBe(false);
      expect(await service.logIn('Sir Lamorak', 'the right password', '10.0.2.1', now + 1000)).toMatchObject({
        ok: false,
        error: { code: 'LOGIN_RATE_LIMITED' },
      });
      expect((await service.logIn('Sir Lamorak', 'the right password', '10.0.2.1', now + 16 * 60_000)).ok).toBe(true);
    });

    it('keeps the seats an account holds and its ratings with their history', async () => {
      await fresh();
      const up = await service.signUp('Sir Gareth', 'the right password', 0);
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
    });
  });
}
