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
  viewAt(ply: number): Promise<{ readonly view: unknown; readonly last: { readonly seat: Seat; readonly move: string } | null }>;
  revealFor(seat: Seat): void;
  undo(): void;
  setLang(lang: Lang): void;
  close(): void;
}
