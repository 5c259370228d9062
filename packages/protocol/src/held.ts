/**
 * A seat held by a bot for a player who was gone (issue 36): which plies the bot played, and what the seat saw
 * meanwhile, in words (`GET /api/matches/:id/held`).
 */
export interface HeldSpan {
  readonly seat: number;
  /** The first ply the bot could play, and the ply at which the person took the seat back (null: still held). */
  readonly from: number;
  readonly to: number | null;
  readonly level: string;
}

/** One line of what the seat saw, as its own narration; `bot`: a move the bot made in the seat's name. */
export interface HeldLine {
  readonly ply: number;
  readonly text: string;
  readonly bot: boolean;
  /** Something only this seat may know (its own hand, what it drew). */
  readonly private?: boolean;
}

export interface HeldAnswer {
  /** Every hold of the match (public: which seat a bot played, and when, shows at the table anyway). */
  readonly spans: readonly HeldSpan[];
  /** With the seat's token: what that seat saw during its last hold. */
  readonly summary?: {
    readonly seat: number;
    readonly from: number;
    readonly to: number;
    readonly lines: readonly HeldLine[];
  };
}
