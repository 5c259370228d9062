import type { Review } from '@roundtable/ai';

export type ReviewStatus = 'pending' | 'done' | 'failed';

export interface ReviewRow {
  readonly matchId: string;
  readonly status: ReviewStatus;
  readonly review: Review | null;
  readonly error: string | null;
  readonly updatedAt: number;
}

/** Where the reviews of finished matches are kept: `learn.db` beside the matches, or their PostgreSQL. */
export interface ReviewStore {
  get(matchId: string): Promise<ReviewRow | null>;
  /** Marks the match's review as waiting unless it is done or waiting already; true when it was marked now. */
  claim(matchId: string, now: number): Promise<boolean>;
  done(matchId: string, review: Review, now: number): Promise<void>;
  failed(matchId: string, error: string, now: number): Promise<void>;
}

/** A stored review, read back as input from outside: anything but a review object is no review. */
export function readReview(text: string | null): Review | null {
  if (text === null) return null;
  try {
    const value = JSON.parse(text) as unknown;
    if (typeof value !== 'object' || value === null) return null;
    const r = value as Partial<Review>;
    return r.version === 1 && Array.isArray(r.plies) && Array.isArray(r.seats) ? (value as Review) : null;
  } catch {
    return null;
  }
}

export function isStatus(s: unknown): s is ReviewStatus {
  return s === 'pending' || s === 'done' || s === 'failed';
}
