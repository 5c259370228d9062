/**
 * Calling a player back when no page of theirs is open: Web Push subscriptions per device, what each push
 * carries to the service worker, the kinds a player may turn off, and the e-mail address and digest settings.
 */
import { z } from 'zod';
import type { Lang } from '@roundtable/core';
import { DIGEST_HOURS, EMAIL_LIMITS, PUSH_LIMITS, type NoticeKind } from './notice-kinds.ts';

export * from './notice-kinds.ts';

/** `bytes` bytes in base64url (unpadded, as browsers give keys; padding tolerated). */
const base64url = (bytes: number) => {
  const chars = Math.ceil((bytes * 4) / 3);
  return z
    .string()
    .regex(new RegExp(`^[A-Za-z0-9_-]{${chars}}={0,2}$`), `${bytes} bytes in base64url`)
    .refine((s) => Math.floor((s.replace(/=+$/, '').length * 3) / 4) === bytes, `${bytes} bytes`);
};

/**
 * A device's subscription as `PushSubscription.toJSON()` gives it, with the device's label and language. The
 * keys are checked for their sizes here (a P-256 point, 16 bytes of auth secret); the server also checks that
 * the point is on the curve and where the endpoint is.
 */
export const PushSubscribeRequest = z
  .object({
    endpoint: z.string().url().max(PUSH_LIMITS.maxEndpoint),
    expirationTime: z.number().nullable().optional(),
    keys: z.object({ p256dh: base64url(65), auth: base64url(16) }).strict(),
    device: z.string().trim().max(PUSH_LIMITS.maxDevice).optional(),
    lang: z.enum(['en', 'fr']).optional(),
  })
  .strict();
export type PushSubscribeRequest = z.infer<typeof PushSubscribeRequest>;

/** A device subscribed for an account, as it lists them (never its keys). */
export interface PushDevice {
  readonly id: string;
  readonly device: string;
  /** The push service's host (fcm.googleapis.com, updates.push.services.mozilla.com…). */
  readonly service: string;
  readonly lang: Lang;
  readonly createdAt: number;
  readonly lastPushAt: number | null;
}

export const NoticePrefs = z
  .object({
    push: z.object({ turn: z.boolean(), started: z.boolean(), offer: z.boolean(), clock: z.boolean() }).strict(),
    /** Hours between two digests (one of DIGEST_HOURS); 0: no digest. */
    digestHours: z
      .number()
      .int()
      .refine((h) => (DIGEST_HOURS as readonly number[]).includes(h), `one of ${DIGEST_HOURS.join(', ')}`),
  })
  .strict();
export type NoticePrefs = z.infer<typeof NoticePrefs>;

/**
 * What one push carries to the service worker (encrypted for the device, RFC 8291): the words already in the
 * device's language, the match it is about, and where a click leads. Small: push services take 4 kB at most.
 */
export interface PushPayload {
  readonly v: 1;
  /** `back`: an opponent is back from vacation (told with the `turn` preference). */
  readonly kind: NoticeKind | 'test' | 'back';
  readonly match: string | null;
  readonly title: string;
  readonly body: string;
  /** Relative to the app's scope: `./#/m/<id>`. */
  readonly url: string;
  /** Notifications with one tag replace each other: one per match. */
  readonly tag: string;
  readonly lang: Lang;
}

export const EmailRequest = z.object({ email: z.string().trim().email().max(EMAIL_LIMITS.maxAddress) }).strict();
export type EmailRequest = z.infer<typeof EmailRequest>;

/** A link's token, as mailed: `<payload>.<signature>`, both base64url. */
export const LinkToken = z
  .string()
  .max(600)
  .regex(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/, 'token');

export const ResetRequest = z.object({ token: LinkToken, password: z.string().max(1000) }).strict();
export const VerifyRequest = z.object({ token: LinkToken }).strict();

/** The e-mail side of an account, as its settings page shows it. */
export interface EmailSettings {
  /** False when the server has no SMTP server to send through: the pages say e-mail is off. */
  readonly enabled: boolean;
  readonly email: string | null;
  readonly verified: boolean;
  readonly digestHours: number;
}
