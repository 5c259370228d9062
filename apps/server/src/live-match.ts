import { seedCommitment, type AnyGame, type Lang, type Outcome, type Seat } from '@roundtable/core';
import type { AttachedMessage, MatchStatus, MatchSummary, SeatInfo, UpdateMessage } from '@roundtable/protocol';

/** The part of `attached` and `update` messages that `payloadText` writes. */
type UpdatePayload = Omit<UpdateMessage, 't' | 'match' | 'ack' | 'last'>;
import type { MatchRow, SeatRow } from './storage/store.ts';
import { FischerClock, isFischer } from './clocks/fischer.ts';

/** A connection following a match: a seat (its token was checked) or a spectator. */
export interface Listener {
  readonly seat: Seat | null;
  readonly lang: Lang;
  send(text: string): void;
  /** The last view-bearing payload sent, to send nothing when what this listener may know did not change. */
  lastKey: string | null;
  /** A spectator's account name (shown to the table), null when it watches without one. */
  readonly watcher?: string | null;
}

/**
 * One match in memory: the single authority over its state. `state` runs ahead of storage by the moves whose
 * commit is pending; `committed` is what storage holds, and it is all a newly attached client is shown.
 */
export class LiveMatch {
  readonly listeners = new Set<Listener>();
  pendingWrites = 0;
  lastActivity = Date.now();
  /** Seats whose bot is thinking. */
  readonly thinking = new Set<Seat>();
  clockTimer: NodeJS.Timeout | null = null;
  deadline: number | null = null;
  /** The deadline the store's index holds for this match (written when `deadline` changes). */
  storedDeadline: number | null = null;
  private deadlineFor: readonly Seat[] = [];
  committed: { state: unknown; ply: number };
  /** The seats' banks when the match has a Fischer clock (clocks/fischer.ts). */
  readonly fischer: FischerClock | null;
  /** Seats connected to other server processes (cluster/), by process: `connected` counts them too. */
  readonly remoteSeats = new Map<string, ReadonlySet<Seat>>();

  constructor(
    readonly game: AnyGame,
    readonly row: MatchRow,
    readonly seats: SeatRow[],
    public state: unknown,
    public ply: number,
    public status: MatchStatus,
    public outcome: Outcome | null,
  ) {
    this.committed = { state, ply };
    const clock = row.settings.clock;
    this.fischer = isFischer(clock) ? new FischerClock(row.players, clock) : null;
  }

  private readonly isHuman = (seat: Seat): boolean => this.seats[seat]?.kind === 'human';

  get id(): string {
    return this.row.id;
  }

  toMove(): readonly Seat[] {
    return this.status === 'active' ? this.game.toMove(this.state) : [];
  }

  seatInfo(): SeatInfo[] {
    const connected = new Set<Seat>();
    for (const l of this.listeners) if (l.seat !== null) connected.add(l.seat);
    for (const seats of this.remoteSeats.values()) for (const seat of seats) connected.add(seat);
    return this.seats.map((s) => ({
      seat: s.seat,
      kind: s.kind,
      name: s.name,
      level: s.level,
      connected: connected.has(s.seat),
    }));
  }

  summary(): MatchSummary {
    return summaryOf(this.row, this.seats, this.status, this.outcome, this.seatInfo());
  }

  /**
   * Re-arms the per-move deadline when seats that were not already on the clock come to move. In a response
   * window the answers only shrink `toMove`, so the deadline does not move and tells nobody who answered.
   */
  updateDeadline(now: number): boolean {
    const clock = this.row.settings.clock;
    if (!clock || this.status !== 'active') {
      const had = this.deadline !== null;
      this.deadline = null;
      this.deadlineFor = [];
      return had;
    }
    const toMove = this.game.toMove(this.committed.state);
    if (this.fischer) {
      // Banks run only for the seats to move; a bot's never flags (it is charged, and plays on).
      const settled = this.fischer.settle(now, this.committed.ply, toMove);
      const next = this.fischer.deadline(this.isHuman);
      const moved = next !== this.deadline;
      this.deadline = next;
      return settled || moved;
    }
    const fresh = toMove.some((s) => !this.deadlineFor.includes(s));
    this.deadlineFor = toMove;
    if (fresh || this.deadline === null) {
      this.deadline = now + clock.moveSeconds * 1000;
      return true;
    }
    return false;
  }

  /**
   * The deadline of a match brought back from storage (after a restart, or an unload): the stored one (else
   * the last move's time plus the move time), so the clock kept running as it would have; but a seat always
   * gets at least `grace` ms after the server started, so a restart never flags anybody before they could
   * reconnect. [decision] A match unloaded and reloaded while the server runs keeps its deadline exactly.
   */
  resumeDeadline(
    stored: number | null,
    lastMoveAt: number | null,
    now: number,
    startedAt: number,
    grace = 30_000,
  ): void {
    const clock = this.row.settings.clock;
    if (!clock || this.status !== 'active') return;
    const ms = clock.moveSeconds * 1000;
    if (this.fischer) {
      // The banks were restored from storage (MatchService.load) before this: their deadline, with the grace.
      const at = this.fischer.deadline(this.isHuman);
      this.deadline = at === null ? null : Math.max(at, startedAt + Math.min(ms, grace));
      return;
    }
    const since = lastMoveAt ?? now;
    this.deadlineFor = this.game.toMove(this.committed.state);
    this.deadline = Math.max(stored ?? since + ms, startedAt + Math.min(ms, grace));
  }

  /**
   * What `seat` (or a spectator, `null`) is sent about the committed state, as JSON text:
   * `{status, view, yourTurn, outcome, ply? (games without secrets), deadline?}`. Built on the hot path of every
   * move: the view is serialised once per distinct view (once for everybody in a game without secrets, where
   * every seat sees the whole state) and the rest is put around it by hand (tested against JSON.stringify).
   */
  payloadText(seat: Seat | null, views: Map<Seat | 'spectator', string>): string {
    const { state, ply } = this.committed;
    const perfect = this.game.perfectInformation;
    const viewer = perfect || seat === null ? 'spectator' : seat;
    let view = views.get(viewer);
    if (view === undefined) {
      view = this.game.viewJson ? this.game.viewJson(state, viewer) : JSON.stringify(this.game.view(state, viewer));
      views.set(viewer, view);
    }
    const yourTurn = seat !== null && this.status === 'active' && this.game.toMove(state).includes(seat);
    return (
      `{"status":"${this.status}","view":${view},"yourTurn":${yourTurn},"outcome":${JSON.stringify(this.outcome)}` +
      `${perfect ? `,"ply":${ply}` : ''}${this.deadline !== null ? `,"deadline":${this.deadline}` : ''}` +
      `${this.fischer ? `,"clocks":${JSON.stringify(this.fischer.state())}` : ''}}`
    );
  }

  attachedMessage(listener: Listener, id: number | undefined): string {
    const body = this.payloadText(listener.seat, new Map());
    listener.lastKey = body;
    const head: Omit<AttachedMessage, keyof UpdatePayload> = {
      t: 'attached',
      ...(id !== undefined ? { id } : {}),
      match: this.id,
      game: this.game.id,
      seat: listener.seat,
      seats: this.seatInfo(),
    };
    return `${JSON.stringify(head).slice(0, -1)},${body.slice(1)}`;
  }

  /**
   * Sends every listener its own view of the committed state, if it changed for them. The mover always gets an
   * answer carrying `ack`. Views are computed once per seat and once for all spectators (once in all in a game
   * without secrets).
   */
  broadcast(last: { seat: Seat; move: string } | null, mover?: { listener: Listener; ack: number | undefined }): void {
    const perfect = this.game.perfectInformation;
    const views = new Map<Seat | 'spectator', string>();
    const bodies = new Map<Seat | null, string>();
    const head = `{"t":"update","match":${JSON.stringify(this.id)}`;
    const lastText = perfect && last ? `,"last":${JSON.stringify(last)}` : '';
    for (const listener of this.listeners) {
      let key = bodies.get(listener.seat);
      if (key === undefined) {
        key = this.payloadText(listener.seat, views);
        bodies.set(listener.seat, key);
      }
      const isMover = mover !== undefined && mover.listener === listener;
      if (!isMover && key === listener.lastKey) continue;
      listener.lastKey = key;
      const ack = isMover && mover.ack !== undefined ? `,"ack":${mover.ack}` : '';
      listener.send(`${head}${ack}${lastText},${key.slice(1)}`);
    }
    if (mover && !this.listeners.has(mover.listener)) {
      // The mover detached while its move was being stored: still acknowledge it.
      const key = this.payloadText(mover.listener.seat, views);
      mover.listener.send(`${head}${mover.ack !== undefined ? `,"ack":${mover.ack}` : ''},${key.slice(1)}`);
    }
  }

  /** The `spectators` message: the signed-in spectators by name (each once), the others counted. */
  spectatorsText(): string {
    const names = new Set<string>();
    let anonymous = 0;
    for (const l of this.listeners) {
      if (l.seat !== null) continue;
      if (l.watcher) names.add(l.watcher);
      else anonymous++;
    }
    return JSON.stringify({ t: 'spectators', match: this.id, names: [...names].sort(), anonymous });
  }

  broadcastSpectators(): void {
    const text = this.spectatorsText();
    for (const l of this.listeners) l.send(text);
  }

  broadcastSeats(): void {
    const text = JSON.stringify({ t: 'seats', match: this.id, status: this.status, seats: this.seatInfo() });
    for (const l of this.listeners) l.send(text);
  }
}

export function summaryOf(
  row: MatchRow,
  seats: readonly SeatRow[],
  status: MatchStatus,
  outcome: Outcome | null,
  info?: SeatInfo[],
): MatchSummary {
  return {
    id: row.id,
    game: row.game,
    players: row.players,
    options: row.options,
    status,
    seats: info ?? seats.map((s) => ({ seat: s.seat, kind: s.kind, name: s.name, level: s.level, connected: false })),
    clock: row.settings.clock,
    abandon: row.settings.abandon,
    outcome,
    createdAt: row.createdAt,
    seeded: row.settings.seeded ?? false,
    ...(row.settings.rated ? { rated: true } : {}),
    commitment: seedCommitment(row.seed),
    // The seed only once nothing is left to hide.
    ...(status === 'finished' || status === 'abandoned' || status === 'archived' ? { seed: row.seed } : {}),
  };
}
