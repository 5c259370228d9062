import type { Lang } from '@roundtable/core';
import { NoticePrefs } from '@roundtable/protocol';
import type { EmailRow, LinkPurpose, LinkRow, PushSubscriptionRow } from './store.ts';

/** Rows as both databases return them (PostgreSQL gives BIGINT as text): read into the store's types. */
export interface SubscriptionDb {
  id: string;
  account_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  device: string;
  lang: string;
  created_at: number | string;
  last_push_at: number | string | null;
}
export interface EmailDb {
  account_id: string;
  email: string;
  email_key: string;
  verified_at: number | string | null;
  lang: string;
  last_digest_at: number | string | null;
}
export interface LinkDb {
  token_hash: string;
  purpose: string;
  account_id: string;
  email: string;
  expires_at: number | string;
  used_at: number | string | null;
}

const num = (v: number | string | null): number | null => (v === null ? null : Number(v));
const lang = (v: string): Lang => (v === 'fr' ? 'fr' : 'en');

export const subscriptionOf = (r: SubscriptionDb): PushSubscriptionRow => ({
  id: r.id,
  accountId: r.account_id,
  endpoint: r.endpoint,
  p256dh: r.p256dh,
  auth: r.auth,
  device: r.device,
  lang: lang(r.lang),
  createdAt: Number(r.created_at),
  lastPushAt: num(r.last_push_at),
});

export const emailOf = (r: EmailDb): EmailRow => ({
  accountId: r.account_id,
  email: r.email,
  emailKey: r.email_key,
  verifiedAt: num(r.verified_at),
  lang: lang(r.lang),
  lastDigestAt: num(r.last_digest_at),
});

export const linkOf = (r: LinkDb): LinkRow & { usedAt: number | null } => ({
  tokenHash: r.token_hash,
  purpose: r.purpose as LinkPurpose,
  accountId: r.account_id,
  email: r.email,
  expiresAt: Number(r.expires_at),
  usedAt: num(r.used_at),
});

/** Stored preferences read back; a row that no longer reads (an older shape) counts as none. */
export function prefsOf(text: string): NoticePrefs | null {
  try {
    const r = NoticePrefs.safeParse(JSON.parse(text));
    return r.success ? r.data : null;
  } catch {
    return null;
  }
}
