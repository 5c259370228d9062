import { randomBytes } from 'node:crypto';
import { err, ok, type GameError, type Result } from '@roundtable/core';
import { hashToken, newToken } from '../tokens.ts';
import { Attempts } from './attempts.ts';
import { checkName, nameKey } from './names.ts';
import { hashPassword, needsRehash, PASSWORD_MAX, PASSWORD_MIN, verifyPassword } from './password.ts';
import type { AccountRow, AccountStore } from './store.ts';

export const SESSION_DAYS = 30;
/** Failed logins allowed per name and per address in a 15-minute window. */
export const LOGIN_FAILURES = { perName: 10, perAddress: 30, windowMs: 15 * 60_000 };

export interface Me {
  readonly id: string;
  readonly name: string;
  readonly createdAt: number;
}

const me = (a: AccountRow): Me => ({ id: a.id, name: a.name, createdAt: a.createdAt });

function checkPassword(password: string): GameError | null {
  const length = [...password].length;
  return length < PASSWORD_MIN || length > PASSWORD_MAX
    ? { code: 'BAD_PASSWORD', min: PASSWORD_MIN, max: PASSWORD_MAX }
    : null;
}

/**
 * Accounts and sessions. A session is a random 256-bit token kept by the browser in an HttpOnly cookie; only its
 * hash is stored, and logging out deletes it, so a copied cookie dies with the session.
 */
export class AccountService {
  private readonly byName = new Attempts(LOGIN_FAILURES.perName, LOGIN_FAILURES.windowMs);
  private readonly byAddress = new Attempts(LOGIN_FAILURES.perAddress, LOGIN_FAILURES.windowMs);

  constructor(
    readonly store: AccountStore,
    private readonly passwordCost?: { N: number; r: number; p: number },
  ) {}

  async signUp(name: string, password: string, now = Date.now()): Promise<Result<{ me: Me; token: string }>> {
    const checked = checkName(name);
    if (!checked.ok) return checked;
    const bad = checkPassword(password);
    if (bad) return err(bad);
    const account: AccountRow = {
      id: randomBytes(9).toString('base64url'),
      name: checked.value,
      nameKey: nameKey(checked.value),
      passwordHash: await hashPassword(password, this.passwordCost),
      createdAt: now,
    };
    if (!(await this.store.createAccount(account))) return err({ code: 'NAME_TAKEN', name: checked.value });
    return ok({ me: me(account), token: await this.openSession(account.id, now) });
  }

  async logIn(
    name: string,
    password: string,
    address: string,
    now = Date.now(),
  ): Promise<Result<{ me: Me; token: string }>> {
    const key = nameKey(name.normalize('NFKC').trim());
    const wait = Math.max(this.byName.blocked(key, now), this.byAddress.blocked(address, now));
    if (wait > 0) return err({ code: 'LOGIN_RATE_LIMITED', retrySeconds: wait });
    const account = await this.store.accountByKey(key);
    // A missing account costs a hash too, so timing does not tell which names exist.
    const good = account
      ? await verifyPassword(password, account.passwordHash)
      : (await hashPassword(password, this.passwordCost), false);
    if (!account || !good) {
      this.byName.fail(key, now);
      this.byAddress.fail(address, now);
      return err({ code: 'WRONG_LOGIN' });
    }
    this.byName.clear(key);
    if (this.passwordCost === undefined && needsRehash(account.passwordHash))
      await this.store.setPasswordHash(account.id, await hashPassword(password));
    return ok({ me: me(account), token: await this.openSession(account.id, now) });
  }

  async logOut(token: string): Promise<void> {
    await this.store.deleteSession(hashToken(token));
  }

  /** The account a session token belongs to, or null. */
  async whoIs(token: string | undefined, now = Date.now()): Promise<Me | null> {
    if (!token || token.length > 100) return null;
    const session = await this.store.session(hashToken(token), now);
    if (!session) return null;
    const account = await this.store.accountById(session.accountId);
    return account ? me(account) : null;
  }

  private async openSession(accountId: string, now: number): Promise<string> {
    const token = newToken();
    await this.store.createSession({
      tokenHash: hashToken(token),
      accountId,
      createdAt: now,
      expiresAt: now + SESSION_DAYS * 86_400_000,
    });
    return token;
  }
}
