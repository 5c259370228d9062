import type { Lang } from '@roundtable/core';
import type { NoticeKind, NoticePrefs } from '@roundtable/protocol';

/**
 * What the server keeps to call players back when no page of theirs is open (push/, mail/, accounts/email.ts):
 * keys made at first start, each device's push subscription, each account's preferences, the last push of each
 * kind per match (to collapse and rate-limit them), e-mail addresses, the links mailed (single use), the digests
 * sent. One interface, SQLite (`notices.db`) or PostgreSQL (migration 015).
 */
export interface PushSubscriptionRow {
  readonly id: string;
  readonly accountId: string;
  readonly endpoint: string;
  /** The device's P-256 public key and auth secret (base64url): what each push is encrypted for. */
  readonly p256dh: string;
  readonly auth: string;
  readonly device: string;
  readonly lang: Lang;
  readonly createdAt: number;
  readonly lastPushAt: number | null;
}

export interface EmailRow {
  readonly accountId: string;
  readonly email: string;
  /** Lower-cased: one verified address belongs to one account. */
  readonly emailKey: string;
  readonly verifiedAt: number | null;
  readonly lang: Lang;
  readonly lastDigestAt: number | null;
}

export type LinkPurpose = 'verify' | 'reset';

export interface LinkRow {
  /** sha256 of the link's token: the token itself is only in the mail. */
  readonly tokenHash: string;
  readonly purpose: LinkPurpose;
  readonly accountId: string;
  readonly email: string;
  readonly expiresAt: number;
}

export interface NoticeStore {
  /** The value kept under `name`, made by `make` at first use; several processes starting at once agree on one. */
  key(name: string, make: () => string): Promise<string>;

  /** Adds a device, or updates it when its endpoint is known (a device re-subscribing, perhaps for another account). */
  saveSubscription(row: PushSubscriptionRow): Promise<PushSubscriptionRow>;
  subscriptions(accountId: string): Promise<PushSubscriptionRow[]>;
  subscription(id: string): Promise<PushSubscriptionRow | null>;
  /** Removes a device; `accountId` null: whoever it belongs to (the push service said it is gone). */
  removeSubscription(id: string, accountId: string | null): Promise<boolean>;
  touchSubscription(id: string, at: number): Promise<void>;

  prefs(accountId: string): Promise<NoticePrefs | null>;
  setPrefs(accountId: string, prefs: NoticePrefs, at: number): Promise<void>;

  /**
   * Records a push of `kind` about `match` for `ply` and answers true, unless one was recorded for this ply or a
   * later one, or less than `gapMs` ago: then false and nothing changes.
   */
  claimPush(
    accountId: string,
    matchId: string,
    kind: NoticeKind,
    ply: number,
    now: number,
    gapMs: number,
  ): Promise<boolean>;

  email(accountId: string): Promise<EmailRow | null>;
  /** The account whose verified address this is (lower-cased key), if any. */
  verifiedOwner(emailKey: string): Promise<string | null>;
  /** Sets (replaces) an account's address, not verified. */
  setEmail(accountId: string, email: string, lang: Lang): Promise<void>;
  removeEmail(accountId: string): Promise<void>;
  /** Marks the address verified if it is still `email` and nobody else verified it; false otherwise. */
  verifyEmail(accountId: string, email: string, at: number): Promise<boolean>;
  setLastDigest(accountId: string, at: number): Promise<void>;

  saveLink(row: LinkRow): Promise<void>;
  /** Uses a link once: the row if it was unused (it is used from now on), else null. */
  useLink(tokenHash: string, now: number): Promise<(LinkRow & { usedAt: number | null }) | null>;
  link(tokenHash: string): Promise<(LinkRow & { usedAt: number | null }) | null>;

  /** Whether a mail job already went out (a retry after a crash does not send it twice). */
  mailSent(id: string): Promise<boolean>;
  recordMail(id: string, at: number): Promise<void>;

  close(): Promise<void>;
}
