import type { Lang, Result } from '@roundtable/core';
import { err, ok } from '@roundtable/core';
import { DEFAULT_PREFS, EMAIL_LIMITS, type EmailSettings } from '@roundtable/protocol';
import { hashToken } from '../tokens.ts';
import type { Mailer } from '../mail/mailer.ts';
import { resetMail, verifyMail } from '../mail/templates.ts';
import type { NoticeStore } from '../notices/store.ts';
import { Attempts } from './attempts.ts';
import { hashPassword, PASSWORD_MAX, PASSWORD_MIN } from './password.ts';
import type { LinkSigner } from './email-links.ts';
import type { Me } from './service.ts';
import type { AccountStore } from './store.ts';

export const LINK_HOURS = { verify: 24, reset: 1 };
/** Password reset requests allowed per address asked for, and per client address, in an hour. */
export const RESET_LIMITS = { perEmail: 3, perClient: 10, windowMs: 3600_000 };

/** The same answer to every reset request that is not refused outright: it tells nobody whether the address is known. */
export const RESET_ANSWER = {
  en: 'If an account has this verified address, a link to choose a new password is on its way.',
  fr: 'Si un compte a cette adresse vérifiée, un lien pour choisir un nouveau mot de passe est en route.',
};

/**
 * An account's e-mail address and what it allows: proving the address (a signed link, once, for a day), choosing
 * a new password when the old one is forgotten (a signed link to the verified address, once, for an hour; asked a
 * few times an hour at most; the same answer whether the address is known or not), and unsubscribing from the
 * digest in one request. Without an SMTP server (`mailer` null) the address cannot be set and the pages say so.
 */
export class EmailService {
  private readonly resetByEmail = new Attempts(RESET_LIMITS.perEmail, RESET_LIMITS.windowMs);
  private readonly resetByClient = new Attempts(RESET_LIMITS.perClient, RESET_LIMITS.windowMs);

  constructor(
    private readonly store: NoticeStore,
    private readonly accounts: AccountStore,
    private readonly mailer: Mailer | null,
    private readonly links: LinkSigner,
    /** Where links lead: the public address of the server (the web app's pages). */
    private readonly publicUrl: () => string,
    private readonly passwordCost?: { N: number; r: number; p: number },
  ) {}

  get enabled(): boolean {
    return this.mailer !== null;
  }

  async settings(me: Me): Promise<EmailSettings> {
    const row = await this.store.email(me.id);
    const prefs = (await this.store.prefs(me.id)) ?? DEFAULT_PREFS;
    return {
      enabled: this.enabled,
      email: row?.email ?? null,
      verified: row?.verifiedAt != null,
      digestHours: prefs.digestHours,
    };
  }

  /** Sets the account's address (unverified) and mails the link that proves it. */
  async setAddress(me: Me, email: string, lang: Lang, now = Date.now()): Promise<Result<EmailSettings>> {
    if (!this.mailer) return err({ code: 'EMAIL_OFF' });
    const address = email.trim();
    if (address.length > EMAIL_LIMITS.maxAddress || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address))
      return err({ code: 'BAD_EMAIL' });
    await this.store.setEmail(me.id, address, lang);
    const link = await this.link('verify', me.id, address, now);
    await this.mailer.queue(`verify:${hashToken(link)}`, verifyMail(lang, address, me.name, this.page('verify', link)));
    return ok(await this.settings(me));
  }

  async removeAddress(me: Me): Promise<void> {
    await this.store.removeEmail(me.id);
  }

  async verify(token: string, now = Date.now()): Promise<Result<{ email: string }>> {
    const used = await this.use(token, 'verify', now);
    if (!used.ok) return used;
    const { a: accountId, e: email } = used.value;
    const owner = await this.store.verifiedOwner(email.toLowerCase());
    if (owner !== null && owner !== accountId) return err({ code: 'EMAIL_TAKEN' });
    if (!(await this.store.verifyEmail(accountId, email, now))) {
      const row = await this.store.email(accountId);
      // The address was changed since the link was sent (or verified through another link): this one proves nothing.
      if (row?.email !== email || row.verifiedAt === null) return err({ code: 'LINK_EXPIRED' });
    }
    return ok({ email });
  }

  /**
   * A forgotten password: if `email` is an account's verified address, a link goes to it. The answer is the same
   * either way (RESET_ANSWER); only the rate limit, counted the same way for every address, refuses.
   */
  async requestReset(
    email: string,
    client: string,
    lang: Lang,
    now = Date.now(),
  ): Promise<Result<{ message: string }>> {
    const key = email.trim().toLowerCase().slice(0, EMAIL_LIMITS.maxAddress);
    const wait = Math.max(this.resetByEmail.blocked(key, now), this.resetByClient.blocked(client, now));
    if (wait > 0) return err({ code: 'RESET_RATE_LIMITED', retrySeconds: wait });
    this.resetByEmail.fail(key, now);
    this.resetByClient.fail(client, now);
    if (!this.mailer) return err({ code: 'EMAIL_OFF' });
    const owner = await this.store.verifiedOwner(key);
    const account = owner ? await this.accounts.accountById(owner) : null;
    const row = owner ? await this.store.email(owner) : null;
    if (account && row) {
      const link = await this.link('reset', account.id, row.email, now);
      await this.mailer.queue(
        `reset:${hashToken(link)}`,
        resetMail(row.lang, row.email, account.name, this.page('reset', link)),
      );
    }
    return ok({ message: RESET_ANSWER[lang] });
  }

  /** Sets the new password (the link used once), and ends every session of the account. */
  async reset(token: string, password: string, now = Date.now()): Promise<Result<{ name: string }>> {
    const length = [...password].length;
    if (length < PASSWORD_MIN || length > PASSWORD_MAX)
      return err({ code: 'BAD_PASSWORD', min: PASSWORD_MIN, max: PASSWORD_MAX });
    const used = await this.use(token, 'reset', now);
    if (!used.ok) return used;
    const account = await this.accounts.accountById(used.value.a);
    if (!account) return err({ code: 'BAD_LINK' });
    await this.accounts.setPasswordHash(account.id, await hashPassword(password, this.passwordCost));
    await this.accounts.deleteSessionsOf(account.id);
    return ok({ name: account.name });
  }

  /** The digest's one-click unsubscribe (RFC 8058): no more digests for this account. */
  async unsubscribe(token: string, now = Date.now()): Promise<Result<{ email: string }>> {
    const claims = this.links.read(token, 'unsubscribe', now);
    if (!claims.ok) return claims;
    const prefs = (await this.store.prefs(claims.value.a)) ?? DEFAULT_PREFS;
    await this.store.setPrefs(claims.value.a, { ...prefs, digestHours: 0 }, now);
    return ok({ email: claims.value.e });
  }

  unsubscribeLink(accountId: string, email: string): string {
    const token = this.links.sign({ p: 'unsubscribe', a: accountId, e: email, x: 0 });
    return `${this.publicUrl()}/api/mail/unsubscribe?token=${token}`;
  }

  private async link(purpose: 'verify' | 'reset', accountId: string, email: string, now: number): Promise<string> {
    const expiresAt = now + LINK_HOURS[purpose] * 3600_000;
    const token = this.links.sign({ p: purpose, a: accountId, e: email, x: expiresAt });
    await this.store.saveLink({ tokenHash: hashToken(token), purpose, accountId, email, expiresAt });
    return token;
  }

  private page(what: 'verify' | 'reset', token: string): string {
    return `${this.publicUrl()}/#/${what}/${token}`;
  }

  /** Checks a mailed link (signature, purpose, expiry) and uses it, once. */
  private async use(
    token: string,
    purpose: 'verify' | 'reset',
    now: number,
  ): Promise<Result<{ a: string; e: string }>> {
    const claims = this.links.read(token, purpose, now);
    if (!claims.ok) return claims;
    const row = await this.store.useLink(hashToken(token), now);
    if (!row) return err({ code: (await this.store.link(hashToken(token))) ? 'LINK_USED' : 'BAD_LINK' });
    return ok({ a: row.accountId, e: row.email });
  }
}
