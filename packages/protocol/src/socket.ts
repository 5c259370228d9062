/**
 * The WebSocket side (`/ws`). Client messages are validated with zod by the server; server messages are typed
 * here so the web client can switch on `t` safely.
 */
import { z } from 'zod';
import type { Outcome, Seat } from '@roundtable/core';
import { LIMITS } from './limits.ts';
import type { ErrorBody, SeatInfo, MatchStatus } from './lobby.ts';
import { UnwatchEventMessage, WatchEventMessage, type EventChangedMessage } from './event-live.ts';

const requestId = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional();
const lang = z.enum(['en', 'fr']).optional();

export const ClientMessage = z.discriminatedUnion('t', [
  /**
   * Follows a match. With a seat token: as that seat (the token alone is enough, `match` is then optional).
   * Without: as a spectator of `match`. A connection follows one match at a time; attaching again switches.
   */
  z
    .object({
      t: z.literal('attach'),
      id: requestId,
      match: z.string().min(1).max(64).optional(),
      token: z.string().min(1).max(200).optional(),
      lang,
    })
    .strict(),
  /** Plays a move, in the game's notation, for the attached seat. */
  z.object({ t: z.literal('move'), id: requestId, move: z.string().min(1).max(LIMITS.maxMoveLength) }).strict(),
  /** Asks for the legal moves of the attached seat now, in notation. */
  z.object({ t: z.literal('legal'), id: requestId }).strict(),
  /** Stops following the match (the seat stays yours: come back with the token). */
  z.object({ t: z.literal('detach'), id: requestId }).strict(),
  z.object({ t: z.literal('ping'), id: requestId }).strict(),
  /**
   * Says something in the match: a seat writes to the players' channel, a spectator (signed in) to the
   * spectators'. Plain text, never HTML: clients show it as text.
   */
  z.object({ t: z.literal('chat'), id: requestId, text: z.string().trim().min(1).max(LIMITS.maxChatLength) }).strict(),
  /** Stops (on: true) or resumes the chat sent to this connection. */
  z.object({ t: z.literal('mute'), id: requestId, on: z.boolean() }).strict(),
  /** Gives up: in a two-player game the other seat wins; with more players a bot takes the seat. */
  z.object({ t: z.literal('resign'), id: requestId }).strict(),
  /** Offers a draw (Camelot), asks to take back one's last move (games without secrets), or a rematch (after the end). */
  z.object({ t: z.literal('offer'), id: requestId, kind: z.enum(['draw', 'takeback', 'rematch']) }).strict(),
  /** Answers the other seats' pending offer of that kind. */
  z
    .object({
      t: z.literal('answer'),
      id: requestId,
      kind: z.enum(['draw', 'takeback', 'rematch']),
      accept: z.boolean(),
    })
    .strict(),
  /** Watches an event's page live, or stops (event-live.ts). */
  WatchEventMessage,
  UnwatchEventMessage,
]);
export type ClientMessage = z.infer<typeof ClientMessage>;

/** Sent once after `attach`: who you are in the match and what you may know of it now. */
export interface AttachedMessage {
  readonly t: 'attached';
  readonly id?: number;
  readonly match: string;
  readonly game: string;
  /** Your seat, or null for a spectator. */
  readonly seat: Seat | null;
  readonly status: MatchStatus;
  readonly seats: readonly SeatInfo[];
  readonly view: unknown;
  readonly yourTurn: boolean;
  readonly outcome: Outcome | null;
  /** Moves played so far: only for games of perfect information (elsewhere it would tell who answered a window). */
  readonly ply?: number;
  /** When the current per-move clock of your seat runs out (epoch ms), if the match has a clock. */
  readonly deadline?: number;
  /** A Fischer clock's banks (see UpdateMessage). */
  readonly clocks?: FischerClocks;
}

/**
 * The banks of a Fischer clock: each seat's time left (ms) as of `since` (epoch ms); the banks of the seats in
 * `running` are running, so a table shows `banks[s] - (now - since)` for those. `ply`: when it was settled.
 */
export interface FischerClocks {
  readonly banks: readonly number[];
  readonly running: readonly Seat[];
  readonly since: number | null;
  readonly ply: number;
  /** Seats that berserked (arena events: half their bank, no increment); absent when none did. */
  readonly berserk?: readonly Seat[];
}

/**
 * The match changed in a way you may know. A seat receives it only when its own view changed, so a response
 * window looks the same to every eligible seat whoever answered. `ack` is set on the answer to your own move:
 * the move is then stored durably.
 */
export interface UpdateMessage {
  readonly t: 'update';
  readonly match: string;
  readonly ack?: number;
  readonly status: MatchStatus;
  readonly view: unknown;
  readonly yourTurn: boolean;
  readonly outcome: Outcome | null;
  readonly ply?: number;
  /** The move just played and by whom: only for games of perfect information. */
  readonly last?: { readonly seat: Seat; readonly move: string };
  readonly deadline?: number;
  /** With a Fischer clock: every seat's bank, to show clocks ticking. */
  readonly clocks?: FischerClocks;
}

/** Someone joined, left, connected, went away, or a bot took a seat over. */
export interface SeatsMessage {
  readonly t: 'seats';
  readonly match: string;
  readonly status: MatchStatus;
  readonly seats: readonly SeatInfo[];
}

/**
 * Who watches the match: the names of the signed-in spectators (each once) and how many watch without an account.
 * Sent to every connection on attaching and to all of them whenever a spectator comes or goes.
 */
export interface SpectatorsMessage {
  readonly t: 'spectators';
  readonly match: string;
  readonly names: readonly string[];
  readonly anonymous: number;
}

export interface LegalMessage {
  readonly t: 'legal';
  readonly id?: number;
  readonly moves: readonly string[];
}

export interface ErrorMessage extends ErrorBody {
  readonly t: 'error';
  /** The `id` of the request that failed, when it had one. */
  readonly id?: number;
}

export interface PongMessage {
  readonly t: 'pong';
  readonly id?: number;
}

export interface DetachedMessage {
  readonly t: 'detached';
  readonly id?: number;
}

/** One chat line. `from.seat` is null for a spectator; `text` is plain text (never HTML). */
export interface ChatLine {
  readonly channel: 'players' | 'spectators';
  /** `bot`: said by a bot account's seat (an engine), shown as such. */
  readonly from: { readonly seat: Seat | null; readonly name: string | null; readonly bot?: boolean };
  readonly text: string;
  readonly at: number;
}

export interface ChatMessage extends ChatLine {
  readonly t: 'chat';
  readonly match: string;
}

/** Sent after `attached`: the chat lines this connection may see, oldest first. */
export interface ChatHistoryMessage {
  readonly t: 'chat-history';
  readonly match: string;
  readonly lines: readonly ChatLine[];
}

/** An offer made (`by`), answered (`accepted`), or withdrawn by a move (`accepted: false`). */
export interface OfferMessage {
  readonly t: 'offer';
  readonly match: string;
  readonly kind: 'draw' | 'takeback' | 'rematch';
  readonly by: Seat;
  /** Absent while pending. */
  readonly accepted?: boolean;
}

/** To each seat of a finished match whose rematch was accepted: the new match and this seat's token in it. */
export interface RematchMessage {
  readonly t: 'rematch';
  readonly match: string;
  readonly next: string;
  readonly seat: Seat;
  readonly token: string;
  /**
   * `same-address`: not a rematch but a club's unrated offer taken (SECURITY.md "Clubs and households"): the player
   * who joined plays from the host's address and was refused the rated seat, so this rated match gave way to an
   * unrated copy, and the host's table says why.
   */
  readonly unrated?: 'same-address';
}

/** The answer to a table message that has nothing else to say (a chat line said, an offer made…). */
export interface OkMessage {
  readonly t: 'ok';
  readonly id?: number;
}

/** The answer to `mute`: whether this connection now receives no chat. */
export interface MutedMessage {
  readonly t: 'muted';
  readonly id?: number;
  readonly on: boolean;
}

/**
 * One seat's rating in the match's game before and after a rated match, as stored (the leaderboard's and the
 * player page's figure after it; `before` is 1500 for a first rated match there). Glicko-2 at two players,
 * OpenSkill on the same scale at three or more.
 */
export interface RatingChange {
  readonly seat: Seat;
  readonly name: string;
  readonly before: number;
  readonly after: number;
}

/**
 * A rated match's rating changes, every seat's: to everyone at the table once the new ratings are stored, and on
 * attaching to the finished match afterwards.
 */
export interface RatingsMessage {
  readonly t: 'ratings';
  readonly match: string;
  readonly game: string;
  readonly changes: readonly RatingChange[];
}

export type ServerMessage =
  | OkMessage
  | MutedMessage
  | ChatMessage
  | ChatHistoryMessage
  | OfferMessage
  | RematchMessage
  | AttachedMessage
  | UpdateMessage
  | SeatsMessage
  | SpectatorsMessage
  | LegalMessage
  | ErrorMessage
  | PongMessage
  | DetachedMessage
  | RatingsMessage
  | EventChangedMessage;
