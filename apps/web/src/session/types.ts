import type { Lang, Outcome, Seat, Viewer } from '@roundtable/core';

export type SeatKind = 'human' | 'bot' | 'open' | 'remote';

export interface SeatState {
  readonly kind: SeatKind;
  readonly name: string | null;
  readonly level: string | null;
  /** Online: a client holding the seat is connected. */
  readonly connected: boolean;
}

export interface LogEntry {
  readonly seat: Seat | null;
  /** A move in notation, or an event text. */
  readonly text: string;
  readonly move: boolean;
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
  readonly log: readonly LogEntry[];
  readonly lastMove: { readonly seat: Seat; readonly move: string } | null;
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
  /** The view after `ply` moves, for replays. */
  viewAt(ply: number): Promise<unknown>;
  revealFor(seat: Seat): void;
  undo(): void;
  setLang(lang: Lang): void;
  close(): void;
}
