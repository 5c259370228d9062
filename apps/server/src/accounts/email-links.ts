import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { err, ok, type Result } from '@roundtable/core';

/**
 * Links mailed to a player carry a token `<payload>.<signature>`: the payload (base64url JSON: purpose, account,
 * address, expiry, a nonce) signed with HMAC-SHA-256 under a key the server made at first start (kept in its
 * store). A changed or cut token fails the signature before anything is looked up (BAD_LINK); an expired one says
 * so (LINK_EXPIRED); single use is the store's (accounts/email.ts).
 */
export interface LinkClaims {
  /** verify: an address; reset: a password; unsubscribe: the digest. */
  readonly p: 'verify' | 'reset' | 'unsubscribe';
  readonly a: string;
  readonly e: string;
  /** Expiry (ms since 1970); 0: never (unsubscribe). */
  readonly x: number;
  readonly n: string;
}

export class LinkSigner {
  constructor(private readonly key: Buffer) {}

  sign(claims: Omit<LinkClaims, 'n'>): string {
    const payload = Buffer.from(JSON.stringify({ ...claims, n: randomBytes(12).toString('base64url') })).toString(
      'base64url',
    );
    return `${payload}.${this.mac(payload)}`;
  }

  read(token: string, purpose: LinkClaims['p'], now: number): Result<LinkClaims> {
    const [payload, mac, extra] = token.split('.');
    if (!payload || !mac || extra !== undefined) return err({ code: 'BAD_LINK' });
    const want = Buffer.from(this.mac(payload));
    const got = Buffer.from(mac);
    if (want.length !== got.length || !timingSafeEqual(want, got)) return err({ code: 'BAD_LINK' });
    let claims: LinkClaims;
    try {
      claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as LinkClaims;
    } catch {
      return err({ code: 'BAD_LINK' });
    }
    if (claims.p !== purpose || typeof claims.a !== 'string' || typeof claims.e !== 'string')
      return err({ code: 'BAD_LINK' });
    if (claims.x !== 0 && !(claims.x > now)) return err({ code: 'LINK_EXPIRED' });
    return ok(claims);
  }

  private mac(payload: string): string {
    return createHmac('sha256', this.key).update(payload).digest('base64url');
  }
}
