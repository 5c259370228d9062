/**
 * The constants of notifications and e-mail, apart from their zod schemas (notices.ts): a page imports these
 * without loading zod (`@roundtable/protocol/notice-kinds`).
 */
/** What may make a player's devices ring (each can be turned off on its own). */
export const NOTICE_KINDS = ['turn', 'started', 'offer', 'clock'] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

export const PUSH_LIMITS = {
  /** An endpoint URL, in characters (the push services' own are about 200–400). */
  maxEndpoint: 1024,
  /** A device's label, in characters. */
  maxDevice: 80,
  /** Subscriptions kept per account: one more replaces the least recently used. */
  maxPerAccount: 20,
  /** The body of a subscription request, in bytes: anything bigger is refused before it is read. */
  maxBodyBytes: 4096,
} as const;

/** Choices of how often a digest of the matches waiting for a player's move is mailed; 0: never. */
export const DIGEST_HOURS = [0, 12, 24, 72, 168] as const;

export const DEFAULT_PREFS: { readonly push: Readonly<Record<NoticeKind, boolean>>; readonly digestHours: number } = {
  push: { turn: true, started: true, offer: true, clock: true },
  digestHours: 24,
};

export const EMAIL_LIMITS = { maxAddress: 254 } as const;
