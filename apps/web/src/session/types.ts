import type { RatingChange } from '@roundtable/protocol';
import type { Lang, LogEntry, Outcome, Seat, Viewer } from '@roundtable/core';

export type { LogEntry };

/** A log entry and the step it tells (local matches: the ply after which it happened, 0 for the start). */
export type StepEntry = LogEntry & { readonly step: number };

export type SeatKind = 'human' | 'bot' | 'open' | 'remote';

export interface SeatState {
  readonly kind: SeatKind;
  readonly name: string | null;
  readonly level: string | null;
  /** Online: a client holding the seat is connected. */
  readonly connected: boolean;
  /** Online: a bot account (an engine) holds the seat; its name carries the BOT mark. */
  readonly botAccount?: boolean;
}

/** Everything the shell draws, from a local match or an online one alike. */
export interface Snapshot {
  readonly view: unknown;
  readonly viewer: Viewer;
  readonly players: number;
  readonly seats: readonly SeatState[];
  readonly toMove: readonly Seat[];
  readonly outcome: Outcome | null;
  /** The seat this screen may play now. */
  readonly active: Seat | null;
  readonly legal: readonly string[];
  /** The log in words, told to this screen's viewer from its own views (never a secret). */
  readonly log: readonly StepEntry[];
  readonly lastMove: { readonly seat: Seat; readonly move: string } | null;
  /** How many changes this screen has been shown (grows with every move it learns of). */
  readonly updates: number;
  /** Moves played (games of perfect information online; every local match). */
  readonly ply: number | null;
  readonly status: 'open' | 'active' | 'finished' | 'abandoned' | 'archived';
  /** Hot-seat card games: the screen is hidden until this seat says it is ready. */
  readonly privacy: Seat | null;
  readonly thinking: Seat | null;
  readonly connection: 'local' | 'connecting' | 'online' | 'lost';
  /** Online: the match id, for the invitation link. */
  readonly matchId: string | null;
  readonly canUndo: boolean;
  readonly replayable: boolean;
}

export interface Session {
  snapshot(): Snapshot;
  subscribe(listener: () => void): () => void;
  /** Plays a move for the active seat; resolves to the reason it was refused, or null. */
  play(move: string): Promise<string | null>;
  /** The view after `ply` moves and the move that led there (when this screen may know it), for replays. */
  viewAt(
    ply: number,
  ): Promise<{ readonly view: unknown; readonly last: { readonly seat: Seat; readonly move: string } | null }>;
  revealFor(seat: Seat): void;
  undo(): void;
  setLang(lang: Lang): void;
  close(): void;
  /** Online tables only: chat, clocks, resigning and offers (a local match has none). */
  readonly social?: Social;
}

/** One chat line as the table shows it (the server's, plain text: it is never read as HTML). */
export interface ChatEntry {
  readonly channel: 'players' | 'spectators';
  readonly seat: Seat | null;
  readonly name: string | null;
  readonly text: string;
  readonly at: number;
}

export type OfferKind = 'draw' | 'takeback' | 'rematch';

/**
 * A table's clock, as the server last told it. Times are the server's (epoch ms); `offset` is how far this
 * device's clock is ahead of the server's (an estimate), so a display shows `remaining` against server time.
 * The server alone decides when time is up: the client only counts down for the eyes.
 */
export type TableClock =
  | { readonly kind: 'none' }
  | {
      readonly kind: 'move';
      readonly moveSeconds: number;
      readonly days: number | null;
      readonly deadline: number | null;
      readonly running: readonly Seat[];
    }
  | {
      readonly kind: 'fischer';
      readonly baseSeconds: number;
      readonly incrementSeconds: number;
      readonly banks: readonly number[];
      readonly running: readonly Seat[];
      readonly since: number | null;
      /** Seats that berserked (arena events): half their bank, no increment. */
      readonly berserk?: readonly Seat[];
    };

/** What the social side of an online table holds: chat, clocks, offers. */
export interface SocialState {
  /** This screen's seat, null for a spectator. */
  readonly seat: Seat | null;
  readonly lines: readonly ChatEntry[];
  readonly muted: boolean;
  /** The chat has been read from the server (history arrived). */
  readonly chatReady: boolean;
  readonly clock: TableClock;
  /** This device's clock minus the server's, in ms (display only). */
  readonly offset: number;
  /** Offers waiting for an answer, by kind (who made it). */
  readonly pending: readonly { readonly kind: OfferKind; readonly by: Seat }[];
  /** The last answer to an offer (`id` grows, so a banner can show each once). */
  readonly result: {
    readonly id: number;
    readonly kind: OfferKind;
    readonly by: Seat;
    readonly accepted: boolean;
  } | null;
  /** A game without secrets (takebacks are possible; everyone reads both chat channels). */
  readonly open: boolean;
  /** Who watches: the signed-in spectators' names and how many watch without an account. */
  readonly spectators: { readonly names: readonly string[]; readonly anonymous: number };
  /** A rated match over: each seat's rating before and after it, once the server stored them (null until then). */
  readonly ratings: readonly RatingChange[] | null;
}

/** The online table's social actions; each resolves to a sentence when the server refused it, else null. */
export interface Social {
  tableState(): SocialState;
  subscribeTable(listener: () => void): () => void;
  chat(text: string): Promise<string | null>;
  mute(on: boolean): Promise<string | null>;
  resign(): Promise<string | null>;
  offer(kind: OfferKind): Promise<string | null>;
  answer(kind: OfferKind, accept: boolean): Promise<string | null>;
}
