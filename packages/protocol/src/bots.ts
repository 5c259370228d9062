import { z } from 'zod';
import { ClockRequest } from './lobby.ts';

/**
 * Bot accounts (issue 38): an account an outside engine plays through the bot API, and the challenges people send
 * it. A challenge is always between one person and one bot account, in a two-player match.
 */

/** `POST /api/challenges`: a signed-in person challenges a bot account. */
export const ChallengeRequest = z
  .object({
    /** The bot account's name. */
    to: z.string().min(1).max(200),
    game: z.string().min(1).max(40),
    options: z.record(z.string(), z.unknown()).optional(),
    clock: ClockRequest.optional(),
    /** Rated: the person opts in to a rated match against an engine (it needs a clock, as any rated match). */
    rated: z.boolean().optional(),
    /** The seat the challenger takes (0 moves first in Camelot); by default drawn at random. */
    seat: z.union([z.literal(0), z.literal(1)]).optional(),
  })
  .strict();
export type ChallengeRequest = z.infer<typeof ChallengeRequest>;

/** Why a bot declines (lichess's reasons, the ones that fit here). */
export const DECLINE_REASONS = [
  'generic',
  'later',
  'tooFast',
  'tooSlow',
  'timeControl',
  'rated',
  'casual',
  'game',
] as const;
export type DeclineReason = (typeof DECLINE_REASONS)[number];

export const DeclineRequest = z.object({ reason: z.enum(DECLINE_REASONS).optional() }).strict();
export type DeclineRequest = z.infer<typeof DeclineRequest>;

/** `lapsed`: nobody answered it in time (the server's `--challenge-hours`; seven times that with a correspondence clock). */
export type ChallengeStatus = 'pending' | 'accepted' | 'declined' | 'cancelled' | 'lapsed';

export interface Challenge {
  readonly id: string;
  /** The challenger's and the bot's account names. */
  readonly from: string;
  readonly to: string;
  readonly game: string;
  readonly options: Readonly<Record<string, unknown>>;
  readonly clock: ClockRequest | null;
  readonly rated: boolean;
  /** The challenger's seat. */
  readonly seat: 0 | 1;
  readonly status: ChallengeStatus;
  /** Why it was declined (declined only). */
  readonly reason: DeclineReason | null;
  /** The match it made (accepted only). */
  readonly match: string | null;
  readonly createdAt: number;
}

/** `POST /api/me/bot` and `POST /api/me/bot/token`: the bot token, shown once (only its SHA-256 is kept). */
export interface BotTokenAnswer {
  readonly name: string;
  readonly token: string;
}
