import { seedCommitment, type AnyGame, type Lang, type Outcome, type Seat } from '@roundtable/core';
import type {
  SpectatorsMessage,
  AttachedMessage,
  MatchStatus,
  MatchSummary,
  SeatInfo,
  SeatsMessage,
  UpdateMessage,
} from '@roundtable/protocol';
import { encode, type Outgoing } from './outgoing.ts';
import type { MatchRow, SeatRow } from './storage/store.ts';
import { initialTiming, type Timing } from './clocks/timing.ts';

/** The part of `attached` and `update` messages that `payloadText` writes. */
type UpdatePayload = Pick<UpdateMessage, 'status' | 'view' | 'yourTurn' | 'outcome' | 'ply' | 'deadline' | 'clocks'>;
/** The part of an `update` written around the payload. */
type UpdateHead = Pick<UpdateMessage, 't' | 'match' | 'ack' | 'last'>;

/** A connection following a match: a seat (its token was checked) or a spectator. */
export interface Listener {
  readonly seat: Seat | null;
  readonly lang: Lang;
  send(text: Outgoing): void;
  /** The last view-bearing payload sent, to send nothing when what this listener may know did not change. */
  lastKey: string | null;
  /** A connection that muted the chat (social/table.ts). */
  readonly muted?: boolean;
  /** A spectator's account name (shown to the table), null when it watches without one. */
  readonly watcher?: string | null;
}

/**
 * One match in memory: the single authority over its state where it is owned (a copy that follows the owner
 * elsewhere). Everything here is what storage holds: a change is computed, written, and only then applied
 * (`state`, `seats`, `status`, `timing` never run ahead of storage). The owner's writes for the match run one at a
 * time through `serial`, each on the memory the previous one left.
 */
export class LiveMatch {
  readonly listeners = new Set<Listener>();
  lastActivity = Date.now();
  /** Seats whose bot is thinking. */
  readonly thinking = new Set<Seat>();
  clockTimer: NodeJS.Timeout | null = null;
  timing: Timing;
  /** Time lost to a fault (ms) not yet given back to the running clock: the next write of the clock does. */
  pendingCredit = 0;
  /** Seats connected to other server processes (cluster/), by process: `connected` counts them too. */
  readonly remoteSeats = new Map<string, ReadonlySet<Seat>>();
  /** Changes each time the match is read again from storage (a takeover, a resync): stale work notices. */
  generation = 0;
  private tail: Promise<void> = Promise.resolve();
  /** Writes waiting or under way in `serial`. */
  queued = 0;

  constructor(
    readonly game: AnyGame,
    readonly row: MatchRow,
    readonly seats: SeatRow[],
    public state: unknown,
    public ply: number,
    public status: MatchStatus,
    public outcome: Outcome | null,
  ) {
    this.timing = initialTiming(row.settings.clock, row.players);
  }

  readonly isHuman = (seat: Seat): boolean => this.seats[seat]?.kind === 'human';

  get id(): string {
    return this.row.id;
  }

  get deadline(): number | null {
    return this.timing.deadline;
  }

  toMove(): readonly Seat[] {
    return this.status === 'active' ? this.game.toMove(this.state) : [];
  }

  /**
   * Runs `task` once every write queued before it for this match is done (whatever their outcome): one write of
   * the match at a time, each seeing what the previous one stored. Its errors are its own (the caller's promise).
   */
  serial<T>(task: () => Promise<T>): Promise<T> {
    this.queued++;
    const run = this.tail.then(task);
    this.tail = run.then(
      () => void this.queued--,
      () => void this.queued--,
    );
    return run;
  }

  /** Whether the match needs memory now: someone follows it, a write is under way, or a bot is thinking. */
  busy(): boolean {
    return this.listeners.size > 0 || this.queued > 0 || this.thinking.size > 0;
  }

  /**
   * Whether `seat` is connected here or to another process. Asked after every move (push/notices.ts: a turn is
   * told only to seats connected nowhere), so it allocates nothing, unlike `seatInfo`.
   */
  connected(seat: Seat): boolean {
    for (const l of this.listeners) if (l.seat === seat) return true;
    for (const seats of this.remoteSeats.values()) if (seats.has(seat)) return true;
    return false;
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
      ...(this.row.settings.botSeats?.includes(s.seat) ? { botAccount: true } : {}),
    }));
  }

  summary(): MatchSummary {
    return summaryOf(this.row, this.seats, this.status, this.outcome, this.seatInfo());
  }

  /**
   * What `seat` (or a spectator, `null`) is sent about the match, as JSON text:
   * `{status, view, yourTurn, outcome, ply? (games without secrets), deadline?, clocks?}`. Built on the hot path of
   * every move: the view is serialised once per distinct view (once for everybody in a game without secrets,
   * where every seat sees the whole state) and the rest is put around it by hand (tested against `encode`).
   */
  payloadText(
    seat: Seat | null,
    views: Map<Seat | 'spectator', string>,
    toMove: readonly Seat[] = this.status === 'active' ? this.game.toMove(this.state) : [],
  ): string {
    const perfect = this.game.perfectInformation;
    const viewer = perfect || seat === null ? 'spectator' : seat;
    let view = views.get(viewer);
    if (view === undefined) {
      view = this.game.viewJson
        ? this.game.viewJson(this.state, viewer)
        : JSON.stringify(this.game.view(this.state, viewer));
      views.set(viewer, view);
    }
    const yourTurn = seat !== null && this.status === 'active' && toMove.includes(seat);
    // Each part as the field of UpdatePayload it writes (the order is that of `encode`, checked in payload.test.ts).
    const outcome: UpdatePayload['outcome'] = this.outcome;
    const ply: UpdatePayload['ply'] = perfect ? this.ply : undefined;
    const deadline: UpdatePayload['deadline'] = this.timing.deadline ?? undefined;
    const clocks: UpdatePayload['clocks'] = this.timing.banks ?? undefined;
    return (
      `{"status":"${this.status}","view":${view},"yourTurn":${yourTurn},"outcome":${outcome === null ? 'null' : JSON.stringify(outcome)}` +
      `${ply !== undefined ? `,"ply":${ply}` : ''}${deadline !== undefined ? `,"deadline":${deadline}` : ''}` +
      `${clocks !== undefined ? `,"clocks":${JSON.stringify(clocks)}` : ''}}`
    );
  }

  attachedMessage(listener: Listener, id: number | undefined): Outgoing {
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
    return joined(head, body);
  }

  /**
   * Sends every listener its own view of the match, if it changed for them. The mover always gets an answer
   * carrying `ack`. Views are computed once per seat and once for all spectators (once in all in a game without
   * secrets).
   */
  broadcast(last: { seat: Seat; move: string } | null, mover?: { listener: Listener; ack: number | undefined }): void {
    const perfect = this.game.perfectInformation;
    const views = new Map<Seat | 'spectator', string>();
    const bodies = new Map<Seat | null, string>();
    /** The texts of the listeners that are not the mover, by seat: a crowd of spectators shares one. */
    const texts = new Map<Seat | null, Outgoing>();
    const toMove = this.status === 'active' ? this.game.toMove(this.state) : [];
    const shown = perfect && last ? { last } : {};
    // The heads, written once: everybody's, and the mover's with its ack.
    const head = headText({ t: 'update', match: this.id, ...shown });
    const moverHead =
      mover?.ack !== undefined ? headText({ t: 'update', match: this.id, ack: mover.ack, ...shown }) : head;
    for (const listener of this.listeners) {
      let key = bodies.get(listener.seat);
      if (key === undefined) {
        key = this.payloadText(listener.seat, views, toMove);
        bodies.set(listener.seat, key);
      }
      const isMover = mover !== undefined && mover.listener === listener;
      if (!isMover && key === listener.lastKey) continue;
      listener.lastKey = key;
      if (isMover) {
        listener.send(`${moverHead},${key.slice(1)}` as Outgoing);
        continue;
      }
      let text = texts.get(listener.seat);
      if (text === undefined) {
        text = `${head},${key.slice(1)}` as Outgoing;
        texts.set(listener.seat, text);
      }
      listener.send(text);
    }
    if (mover && !this.listeners.has(mover.listener)) {
      // The mover detached while its move was being stored: still acknowledge it.
      const bare = headText({ t: 'update', match: this.id, ...(mover.ack !== undefined ? { ack: mover.ack } : {}) });
      mover.listener.send(`${bare},${this.payloadText(mover.listener.seat, views).slice(1)}` as Outgoing);
    }
  }

  /** The `spectators` message: the signed-in spectators by name (each once), the others counted. */
  spectatorsText(): Outgoing {
    const names = new Set<string>();
    let anonymous = 0;
    for (const l of this.listeners) {
      if (l.seat !== null) continue;
      if (l.watcher) names.add(l.watcher);
      else anonymous++;
    }
    const message: SpectatorsMessage = { t: 'spectators', match: this.id, names: [...names].sort(), anonymous };
    return encode(message);
  }

  broadcastSpectators(): void {
    const text = this.spectatorsText();
    for (const l of this.listeners) l.send(text);
  }

  broadcastSeats(): void {
    const message: SeatsMessage = { t: 'seats', match: this.id, status: this.status, seats: this.seatInfo() };
    const text = encode(message);
    for (const l of this.listeners) l.send(text);
  }
}

/** A typed head, open for the payload that `payloadText` writes after it. */
function headText(head: Omit<AttachedMessage, keyof UpdatePayload> | UpdateHead): string {
  return JSON.stringify(head).slice(0, -1);
}

/** A typed head and a payload built by `payloadText`, as one message. */
function joined(head: Omit<AttachedMessage, keyof UpdatePayload>, body: string): Outgoing {
  return `${headText(head)},${body.slice(1)}` as Outgoing;
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
    seats:
      info ??
      seats.map((s) => ({
        seat: s.seat,
        kind: s.kind,
        name: s.name,
        level: s.level,
        connected: false,
        ...(row.settings.botSeats?.includes(s.seat) ? { botAccount: true } : {}),
      })),
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
