import { randomBytes } from 'node:crypto';
import { err, ok, type GameError, type Result } from '@roundtable/core';
import { hashToken, newToken } from '../tokens.ts';
import type { Guard, Ticket } from '../limits/guard.ts';
import { checkName, nameKey } from './names.ts';
import { hashPassword, needsRehash, PASSWORD_MAX, PASSWORD_MIN, verifyPassword } from './password.ts';
import type { AccountRow, AccountStore } from './store.ts';

export const SESSION_DAYS = 30;

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
 * hash is stored, and logging out deletes it, so a copied cookie dies with the session. Sign-ups and logins go
 * through the guard (limits/): their places are counted before any password is hashed, and the hashing itself
 * waits in a bounded queue.
 */
export class AccountService {
  constructor(
    readonly store: AccountStore,
    private readonly guard: Guard,
    private readonly passwordCost?: { N: number; r: number; p: number },
  ) {}

  /**
   * `address`: the client's, as `creatorOf` hashes it (address.ts). `place`: where the sign-up counts, when not
   * against the address's day (a club's code counts it against the club's: clubs/).
   */
  async signUp(
    name: string,
    password: string,
    address: string,
    now = Date.now(),
    countAt?: () => Promise<Result<Ticket>>,
  ): Promise<Result<{ me: Me; token: string }>> {
    const checked = checkName(name);
    if (!checked.ok) return checked;
    const bad = checkPassword(password);
    if (bad) return err(bad);
    const place = countAt ? await countAt() : await this.guard.signup(address);
    if (!place.ok) return place;
    const hashed = await this.guard.hashing.run(address, () => hashPassword(password, this.passwordCost));
    if (!hashed.ok) {
      await place.value.giveBack();
      return hashed;
    }
    const account: AccountRow = {
      id: randomBytes(9).toString('base64url'),
      name: checked.value,
      nameKey: nameKey(checked.value),
      passwordHash: hashed.value,
      createdAt: now,
    };
    if (!(await this.store.createAccount(account))) {
      await place.value.giveBack();
      return err({ code: 'NAME_TAKEN', name: checked.value });
    }
    return ok({ me: me(account), token: await this.openSession(account.id, now) });
  }

  async logIn(
    name: string,
    password: string,
    address: string,
    now = Date.now(),
  ): Promise<Result<{ me: Me; token: string }>> {
    const key = nameKey(name.normalize('NFKC').trim());
    // The places are taken first: of a burst of parallel tries, only as many as the windows hold are hashed.
    const place = await this.guard.login(key, address);
    if (!place.ok) return place;
    const account = await this.store.accountByKey(key);
    // A missing account costs a hash too, so timing does not tell which names exist.
    const checked = await this.guard.hashing.run(address, async () =>
      account
        ? await verifyPassword(password, account.passwordHash)
        : (await hashPassword(password, this.passwordCost), false),
    );
    if (!checked.ok) {
      await place.value.unused();
      return checked;
    }
    if (!account || !checked.value) return err({ code: 'WRONG_LOGIN' });
    await place.value.right();
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
