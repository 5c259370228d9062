import {
  createRng,
  describeError,
  replay,
  type AnyGame,
  type Lang,
  type Outcome,
  type Seat,
  type Viewer,
} from '@roundtable/core';
import type {
  ChatLine,
  ClientMessage,
  FischerClocks,
  MatchSummary,
  RatingChange,
  SeatInfo,
  ServerMessage,
} from '@roundtable/protocol';
import { tableError } from '../social/table-words.ts';
import { stepsFromReplay } from '../shell/replay-steps.ts';
import { LogBook, type Step } from './narration.ts';
import { personName } from './names.ts';
import type { ChatEntry, OfferKind, SeatState, Session, Snapshot, Social, SocialState, TableClock } from './types.ts';

type Status = Snapshot['status'];

/** What the page that opens an online table tells it beyond the match id and token. */
export interface OnlineOptions {
  /** The match's clock as the lobby summary gives it (`{moveSeconds, days?}` or Fischer's), to show it ticking. */
  readonly clock?: MatchSummary['clock'];
  /** A rematch was agreed: this seat's place in the new match. */
  readonly onRematch?: (next: { match: string; seat: Seat; token: string; unrated?: 'same-address' }) => void;
  /** Other keepalive times than KEEPALIVE's (tests). */
  readonly keepalive?: Keepalive;
}

/** What the server answers that the protocol package does not type (the table's acknowledgements). */
type Incoming =
  | ServerMessage
  | { readonly t: 'ok'; readonly id?: number }
  | { readonly t: 'muted'; readonly id?: number; readonly on: boolean };

/** A client message without its request id (`request` numbers it). */
type Request = ClientMessage extends infer M ? (M extends ClientMessage ? Omit<M, 'id'> : never) : never;

/**
 * The server messages this client reads: anything else from the wire is dropped at the edge. A record over every
 * type of `Incoming`, so a message added to the protocol cannot be forgotten here (it would be dropped unseen).
 */
const INCOMING_TYPES: Record<Incoming['t'], true> = {
  attached: true,
  update: true,
  seats: true,
  spectators: true,
  legal: true,
  error: true,
  pong: true,
  detached: true,
  chat: true,
  'chat-history': true,
  offer: true,
  rematch: true,
  ok: true,
  muted: true,
  ratings: true,
  // Sent only to a connection that watches an event (events/live.ts), never to a table's.
  event: true,
};
const INCOMING: ReadonlySet<string> = new Set(Object.keys(INCOMING_TYPES));

/**
 * Telling a live server process from a frozen one (paused, or cut off without the socket closing): a server
 * process answers a ping at once, even while a move it forwarded waits (up to 3 s) for the match's owner.
 * - A request unanswered for `askMs`, or `idleMs` without a word from the server, is followed by a ping.
 * - A ping unanswered for `silentMs`, or a new socket that has not answered its attach in `silentMs`: the socket is
 *   dropped and another opened (behind a balancer, on another process once this one is marked down), as after a
 *   drop. Without it, a seat on a paused process waited for it to wake while its clock ran at the match's owner.
 */
export const KEEPALIVE: Keepalive = { askMs: 2000, idleMs: 15_000, silentMs: 5000, tickMs: 1000 };
export interface Keepalive {
  readonly askMs: number;
  readonly idleMs: number;
  readonly silentMs: number;
  /** How often it looks. */
  readonly tickMs: number;
}

/** A line from the WebSocket as one of the protocol's server messages, or null when it is none. */
export function readIncoming(data: string): Incoming | null {
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return null;
  }
  const t = (value as { t?: unknown } | null)?.t;
  return typeof value === 'object' && typeof t === 'string' && INCOMING.has(t) ? (value as Incoming) : null;
}

const chatEntry = (l: ChatLine): ChatEntry => ({
  channel: l.channel,
  seat: l.from.seat,
  name: l.from.name,
  text: l.text,
  at: l.at,
});
/** At most this many chat lines are kept on screen (the server sends the last 200 on attach). */
const MAX_LINES = 300;

/**
 * A match followed through the server's WebSocket (`/ws`): as a seat (with its token) or as a spectator. The
 * connection comes back by itself after a drop or a reload (the token is in localStorage), with a growing delay.
 */
export class OnlineSession implements Session, Social {
  readonly social: Social = this;
  private ws: WebSocket | null = null;
  private listeners = new Set<() => void>();
  private closed = false;
  private retry = 0;
  private nextId = 1;
  private waiting = new Map<number, (error: string | null) => void>();
  private view: unknown = null;
  private seat: Seat | null = null;
  private seats: readonly SeatInfo[] = [];
  private status: Status = 'open';
  private outcome: Outcome | null = null;
  private yourTurn = false;
  private ply: number | null = null;
  private legal: string[] = [];
  /** The log in words: each update as this screen saw it (its view before and after, the move when known). */
  private book: LogBook;
  private updates = 0;
  /** Moves this screen sent and the server has not answered yet, by request id. */
  private sent = new Map<number, { seat: Seat; move: string }>();
  private lastMove: { seat: Seat; move: string } | null = null;
  private connection: Snapshot['connection'] = 'connecting';
  private cached: Snapshot | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** The keepalive (KEEPALIVE): its tick, when the socket last said anything, the oldest request and ping since. */
  private watchdog: ReturnType<typeof setInterval> | null = null;
  private heardAt = 0;
  /** The socket has said nothing yet (its attach unanswered). */
  private opening = false;
  private askedAt: number | null = null;
  private pingAt: number | null = null;
  // The social side: chat, clocks, offers.
  private socialListeners = new Set<() => void>();
  private socialCached: SocialState | null = null;
  private lines: ChatEntry[] = [];
  private chatReady = false;
  private spectators: { names: readonly string[]; anonymous: number } = { names: [], anonymous: 0 };
  private ratings: readonly RatingChange[] | null = null;
  private muted = false;
  private fischer: FischerClocks | null = null;
  private deadline: number | null = null;
  /**
   * This device's clock minus the server's (ms), for display only: the estimate from the server's Date header,
   * capped by what the clocks prove (a bank started, or a deadline was set, no later than the server's now).
   */
  private dateOffset: number | null = null;
  private offsetBound = Infinity;
  private get offset(): number {
    return Math.min(this.dateOffset ?? 0, this.offsetBound);
  }
  private pending = new Map<OfferKind, Seat>();
  private result: SocialState['result'] = null;
  private results = 0;

  constructor(
    private readonly game: AnyGame,
    private readonly matchId: string,
    private readonly token: string | null,
    private lang: Lang,
    private readonly options: OnlineOptions = {},
  ) {
    this.book = new LogBook(game);
    this.connect();
    if (options.clock) void this.measureOffset();
  }

  /**
   * The server's time from its Date header (a second's precision, so the middle of that second): enough to count
   * down a clock for the eyes on a device whose clock is off. The clocks' own times cap it (clocksFrom()).
   */
  private async measureOffset(): Promise<void> {
    try {
      const sent = Date.now();
      const res = await fetch('/healthz', { cache: 'no-store' });
      const got = Date.now();
      const date = Date.parse(res.headers.get('date') ?? '');
      if (!Number.isFinite(date)) return;
      this.dateOffset = Math.round((sent + got) / 2 - (date + 500));
      this.emitSocial();
    } catch {
      // the device's clock then
    }
  }

  private connect(): void {
    if (this.closed) return;
    // The match in the address lets a balancer send every client of a match to one server process (SCALING.md).
    const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws?match=${encodeURIComponent(this.matchId)}`;
    const ws = new WebSocket(url);
    this.ws = ws;
    this.connection = this.connection === 'online' ? 'lost' : this.connection;
    // Until it opens and answers the attach, a new socket counts as a request unanswered.
    this.heardAt = Date.now();
    this.askedAt = this.heardAt;
    this.opening = true;
    this.pingAt = null;
    this.watchdog ??= setInterval(() => this.watch(), this.keepalive.tickMs);
    ws.onopen = () => {
      this.retry = 0;
      const attach: ClientMessage = {
        t: 'attach',
        id: this.nextId++,
        match: this.matchId,
        ...(this.token ? { token: this.token } : {}),
        lang: this.lang,
      };
      // On this socket, even if another has replaced it since (its `onclose` then gives up).
      ws.send(JSON.stringify(attach));
    };
    ws.onmessage = (e) => {
      if (this.ws === ws) {
        this.heardAt = Date.now();
        this.opening = false;
        this.askedAt = null;
        this.pingAt = null;
      }
      const msg = readIncoming(String(e.data));
      if (msg) this.receive(msg);
    };
    ws.onclose = () => this.lost(ws);
    // An error is followed by a close, handled there (a listener, so that Node's `ws` does not throw it).
    ws.onerror = () => undefined;
  }

  /** The socket closed, or was dropped as silent: requests on it fail, and another is opened after a delay. */
  private lost(ws: WebSocket): void {
    if (this.ws !== ws) return;
    this.ws = null;
    for (const w of this.waiting.values()) w(this.lang === 'fr' ? 'Connexion perdue.' : 'Connection lost.');
    this.waiting.clear();
    if (this.closed) return;
    this.connection = 'lost';
    this.emit();
    const delay = Math.min(5000, 300 * 2 ** this.retry++);
    this.timer = setTimeout(() => this.connect(), delay);
  }

  private get keepalive(): Keepalive {
    return this.options.keepalive ?? KEEPALIVE;
  }

  /** The keepalive's tick (KEEPALIVE): a ping when the server has been quiet, the socket dropped when it stays so. */
  private watch(): void {
    const k = this.keepalive;
    const ws = this.ws;
    if (!ws) return;
    const now = Date.now();
    // A new socket has longer when the last ones failed too (a server slow to answer is not dropped for ever).
    const wait = this.opening ? k.silentMs * 2 ** Math.min(this.retry, 3) : k.silentMs;
    const since = this.opening ? this.heardAt : this.pingAt;
    if (since !== null && now - since >= wait) {
      // Dropped without waiting for a closing handshake that a frozen process would never answer.
      ws.onopen = ws.onmessage = ws.onclose = null;
      ws.close();
      this.lost(ws);
      return;
    }
    if (this.opening || this.pingAt !== null || ws.readyState !== WebSocket.OPEN) return;
    const asked = this.askedAt !== null && now - this.askedAt >= k.askMs;
    if (asked || now - this.heardAt >= k.idleMs) {
      this.pingAt = now;
      this.send({ t: 'ping', id: this.nextId++ });
    }
  }

  private receive(msg: Incoming): void {
    switch (msg.t) {
      case 'attached':
        this.connection = 'online';
        this.seat = msg.seat;
        this.seats = msg.seats;
        this.step(msg.view, null);
        this.apply(msg.status, msg.view, msg.yourTurn, msg.outcome, msg.ply);
        this.clocksFrom(msg.deadline, msg.clocks);
        // Offers live in the server's memory and are not sent again on attach: an old banner would be stale.
        this.pending.clear();
        if (this.muted) this.send({ t: 'mute', id: this.nextId++, on: true });
        this.emitSocial();
        if (msg.ply !== undefined && msg.ply > 0 && this.book.length <= msg.ply) void this.loadHistory();
        if (msg.status === 'finished' && msg.ply === undefined) void this.loadPlies();
        break;
      case 'update': {
        const own = msg.ack !== undefined ? this.sent.get(msg.ack) : undefined;
        const before = this.ply;
        // A takeback: the server sends the earlier position; the log is told again from the record.
        const back = msg.ply !== undefined && before !== null && msg.ply < before;
        if (msg.last && !back) this.lastMove = msg.last;
        this.step(msg.view, back ? null : (msg.last ?? own ?? null));
        this.apply(msg.status, msg.view, msg.yourTurn, msg.outcome, msg.ply);
        if (back) void this.loadHistory(true);
        // An offer lapses once a move is played (the server no longer takes an answer to it).
        if (msg.ply === undefined || msg.ply !== before) this.pending.clear();
        this.clocksFrom(msg.deadline, msg.clocks);
        this.emitSocial();
        if (msg.ack !== undefined) this.resolveRequest(msg.ack, null);
        if (msg.status === 'finished' && msg.ply === undefined) void this.loadPlies();
        break;
      }
      case 'seats':
        this.seats = msg.seats;
        this.status = msg.status;
        this.emitSocial();
        break;
      case 'spectators':
        this.spectators = { names: msg.names, anonymous: msg.anonymous };
        this.emitSocial();
        break;
      case 'ratings':
        if (msg.match !== this.matchId) break;
        this.ratings = msg.changes;
        this.emitSocial();
        break;
      case 'chat-history':
        this.lines = msg.lines.map(chatEntry);
        this.chatReady = true;
        this.emitSocial();
        return;
      case 'chat':
        this.lines = [...this.lines, chatEntry(msg)].slice(-MAX_LINES);
        this.emitSocial();
        return;
      case 'offer':
        if (msg.accepted === undefined) this.pending.set(msg.kind, msg.by);
        else {
          this.pending.delete(msg.kind);
          this.result = { id: ++this.results, kind: msg.kind, by: msg.by, accepted: msg.accepted };
        }
        this.emitSocial();
        return;
      case 'rematch':
        this.options.onRematch?.({
          match: msg.next,
          seat: msg.seat,
          token: msg.token,
          ...(msg.unrated ? { unrated: msg.unrated } : {}),
        });
        return;
      case 'muted':
        this.muted = msg.on;
        if (msg.id !== undefined) this.resolveRequest(msg.id, null);
        this.emitSocial();
        return;
      case 'ok':
        if (msg.id !== undefined) this.resolveRequest(msg.id, null);
        return;
      case 'pong':
        return;
      case 'legal':
        this.legal = [...msg.moves];
        break;
      case 'error':
        if (msg.id !== undefined && this.waiting.has(msg.id))
          this.resolveRequest(msg.id, tableError(msg, this.lang) ?? msg.message);
        else console.warn('server error', msg);
        break;
      default:
        break;
    }
    this.emit();
  }

  /**
   * After a reload, the moves so far (games of perfect information publish their record while being played);
   * after a takeback (`shorter`), the log told again without the moves taken back.
   */
  private async loadHistory(shorter = false): Promise<void> {
    try {
      const res = await fetch(`/api/matches/${encodeURIComponent(this.matchId)}/record`);
      if (!res.ok) return;
      const record = (await res.json()) as { moves?: { seat: Seat; move: string }[] };
      if (!record.moves || (!shorter && record.moves.length + 1 < this.book.length)) return;
      if (shorter && this.ply !== null && record.moves.length !== this.ply) return;
      const replayed = replay(this.game, record);
      if (!replayed.ok) return;
      const m = replayed.value;
      const viewer: Viewer = this.seat ?? 'spectator';
      const steps: Step[] = [];
      let before: unknown = null;
      for (let i = 0; i <= m.ply; i++) {
        const after = this.game.view(m.stateAt(i), viewer);
        const h = i > 0 ? m.history[i - 1] : undefined;
        steps.push({ before, after, move: h ? { seat: h.seat, notation: h.move } : null, seat: h?.seat ?? null });
        before = after;
      }
      this.book.reset(steps);
      this.lastMove = record.moves[record.moves.length - 1] ?? null;
      this.emit();
    } catch {
      // the log stays as it is
    }
  }

  /** Card games do not publish the number of moves while playing; once over, the replay says it. */
  private async loadPlies(): Promise<void> {
    try {
      const res = await fetch(`/api/matches/${encodeURIComponent(this.matchId)}/replay`);
      if (!res.ok) return;
      const info = (await res.json()) as { plies?: number };
      if (typeof info.plies === 'number') {
        // The log told again, one step a ply, from the replay's views: opened after the end (a reload, a link)
        // it had only the last position, and live updates are not one a ply (a view that did not change is not
        // sent, a clock's change is), so the replay could not find each step's entry.
        const steps = await stepsFromReplay(this.matchId, info.plies, this.token, this.lang);
        if (steps) this.book.reset(steps);
        // The number of plies (which opens the replay) comes with the log told again, never before it: a replay
        // opened in between stepped through the live log, whose steps are not plies.
        this.ply = info.plies;
        this.emit();
      }
    } catch {
      // no replay then
    }
  }

  /** One more step of the log: the view before (the last one this screen had) and after. */
  private step(next: unknown, move: { seat: Seat; move: string } | null): void {
    const before = this.book.length === 0 ? null : this.view;
    const step: Step = {
      before,
      after: next,
      move: move ? { seat: move.seat, notation: move.move } : null,
      seat: move?.seat ?? null,
    };
    this.book.push(step);
    this.updates++;
  }

  private apply(
    status: Status,
    view: unknown,
    yourTurn: boolean,
    outcome: Outcome | null,
    ply: number | undefined,
  ): void {
    this.status = status;
    this.view = view;
    this.yourTurn = yourTurn;
    this.outcome = outcome;
    this.ply = ply ?? null;
    this.legal = [];
    if (yourTurn) this.send({ t: 'legal', id: this.nextId++ });
  }

  private resolveRequest(id: number, error: string | null): void {
    const w = this.waiting.get(id);
    if (!w) return;
    this.waiting.delete(id);
    w(error);
  }

  snapshot(): Snapshot {
    if (this.cached) return this.cached;
    const seats = this.seats.map<SeatState>((s) => ({
      kind: s.kind === 'human' ? (s.seat === this.seat ? 'human' : 'remote') : s.kind,
      name: s.name,
      level: s.level,
      connected: s.connected,
      ...(s.botAccount ? { botAccount: true } : {}),
    }));
    const toMove = this.toMove();
    // Your turn begins when the server's list of your legal moves has arrived (it follows each update).
    const active =
      this.yourTurn &&
      this.legal.length > 0 &&
      this.seat !== null &&
      this.connection === 'online' &&
      this.status === 'active'
        ? this.seat
        : null;
    const thinking = toMove.find((s) => this.seats[s]?.kind === 'bot') ?? null;
    this.cached = {
      view: this.view,
      viewer: this.seat ?? 'spectator',
      players: this.seats.length,
      seats,
      toMove,
      outcome: this.outcome,
      active,
      legal: active === null ? [] : this.legal,
      log: this.book.entries(
        this.seat ?? 'spectator',
        this.lang,
        this.seats.length,
        (s) => personName(seats, s, this.lang),
        seats.map((s) => s.name ?? '').join('|'),
      ),
      lastMove: this.lastMove,
      updates: this.updates,
      ply: this.ply,
      status: this.status,
      privacy: null,
      thinking: this.status === 'active' ? thinking : null,
      connection: this.connection,
      matchId: this.matchId,
      canUndo: false,
      replayable: this.status === 'finished' && this.ply !== null,
    };
    return this.cached;
  }

  /** Who may act: from the view when it says so, else from the engine on a state rebuilt from the view. */
  private toMove(): readonly Seat[] {
    const v = this.view as { toMove?: Seat[] } | null;
    if (v === null) return [];
    if (Array.isArray(v.toMove)) return v.toMove;
    try {
      return this.game.toMove(this.game.determinize(v, this.seat ?? 0, createRng(1)));
    } catch {
      return [];
    }
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit(): void {
    this.cached = null;
    for (const l of this.listeners) l();
  }

  play(move: string): Promise<string | null> {
    const ws = this.ws;
    if (!ws || ws.readyState !== WebSocket.OPEN)
      return Promise.resolve(this.lang === 'fr' ? 'Pas de connexion au serveur.' : 'Not connected to the server.');
    if (!this.yourTurn)
      return Promise.resolve(
        describeError({ code: 'NOT_YOUR_TURN', seat: this.seat, toMove: [] }, this.lang, this.game.messages),
      );
    const id = this.nextId++;
    const seat = this.seat;
    if (seat !== null) this.sent.set(id, { seat, move });
    return new Promise((resolve) => {
      this.waiting.set(id, (error) => {
        this.sent.delete(id);
        resolve(error);
      });
      this.send({ t: 'move', id, move });
    });
  }

  async viewAt(ply: number): Promise<{ view: unknown; last: { seat: Seat; move: string } | null }> {
    const res = await fetch(`/api/matches/${encodeURIComponent(this.matchId)}/replay/${ply}?lang=${this.lang}`, {
      headers: this.token ? { authorization: `Bearer ${this.token}` } : {},
    });
    const data = (await res.json()) as { view?: unknown; last?: { seat: Seat; move: string } | null };
    return { view: data.view ?? data, last: data.last ?? null };
  }

  revealFor(): void {}
  undo(): void {}

  // ------------------------------------------------------------------------------------------------------
  // The social side (Social): chat, clocks, resigning, offers

  /** The clock as the server last told it: a Fischer clock's banks, or a per-move deadline. */
  private clocksFrom(deadline: number | undefined, clocks: FischerClocks | undefined): void {
    const now = Date.now();
    this.deadline = deadline ?? null;
    // The server set these at or before its "now": the device is at most that far ahead of it (a bank that
    // started, or a per-move deadline set a move's time ahead; tight when they were set just now).
    if (clocks) {
      if (clocks.since !== null) this.offsetBound = Math.min(this.offsetBound, now - clocks.since);
      this.fischer = clocks;
    } else if (this.deadline !== null) {
      const c = this.options.clock as { moveSeconds?: number } | null | undefined;
      // A deadline further than a move away is a clock stopped for a vacation (vacation/): it bounds nothing.
      if (typeof c?.moveSeconds === 'number' && this.deadline - c.moveSeconds * 1000 <= now)
        this.offsetBound = Math.min(this.offsetBound, now - (this.deadline - c.moveSeconds * 1000));
    }
  }

  private clock(): TableClock {
    const c = this.options.clock as
      { moveSeconds?: number; days?: number; baseSeconds?: number; incrementSeconds?: number } | null | undefined;
    if (!c) return { kind: 'none' };
    const over = this.status !== 'active';
    if (typeof c.baseSeconds === 'number') {
      const f = this.fischer;
      const banks = f?.banks ?? Array.from({ length: this.seats.length }, () => (c.baseSeconds as number) * 1000);
      return {
        kind: 'fischer',
        baseSeconds: c.baseSeconds,
        incrementSeconds: c.incrementSeconds ?? 0,
        banks,
        running: over ? [] : (f?.running ?? []),
        since: f?.since ?? null,
        ...(f?.berserk ? { berserk: f.berserk } : {}),
      };
    }
    if (typeof c.moveSeconds !== 'number') return { kind: 'none' };
    return {
      kind: 'move',
      moveSeconds: c.moveSeconds,
      days: c.days ?? null,
      deadline: over ? null : this.deadline,
      running: over || this.deadline === null ? [] : this.toMove(),
    };
  }

  tableState(): SocialState {
    if (this.socialCached) return this.socialCached;
    this.socialCached = {
      seat: this.seat,
      lines: this.lines,
      muted: this.muted,
      chatReady: this.chatReady,
      clock: this.clock(),
      offset: this.offset,
      pending: [...this.pending].map(([kind, by]) => ({ kind, by })),
      result: this.result,
      open: this.game.perfectInformation,
      spectators: this.spectators,
      ratings: this.ratings,
    };
    return this.socialCached;
  }

  subscribeTable(listener: () => void): () => void {
    this.socialListeners.add(listener);
    return () => this.socialListeners.delete(listener);
  }

  private emitSocial(): void {
    this.socialCached = null;
    for (const l of this.socialListeners) l();
  }

  /** Every message this client sends is one of the protocol's (`ClientMessage`). */
  private send(message: ClientMessage): boolean {
    const ws = this.ws;
    if (!ws || ws.readyState !== WebSocket.OPEN) return false;
    ws.send(JSON.stringify(message));
    this.askedAt ??= Date.now();
    return true;
  }

  /** Sends a request and resolves to the server's refusal in a sentence, or null once it is done. */
  private request(message: Request): Promise<string | null> {
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.waiting.set(id, resolve);
      if (!this.send({ ...message, id } as ClientMessage)) {
        this.waiting.delete(id);
        resolve(this.lang === 'fr' ? 'Pas de connexion au serveur.' : 'Not connected to the server.');
      }
    });
  }

  chat(text: string): Promise<string | null> {
    return this.request({ t: 'chat', text });
  }

  mute(on: boolean): Promise<string | null> {
    return this.request({ t: 'mute', on });
  }

  resign(): Promise<string | null> {
    return this.request({ t: 'resign' });
  }

  offer(kind: OfferKind): Promise<string | null> {
    return this.request({ t: 'offer', kind });
  }

  answer(kind: OfferKind, accept: boolean): Promise<string | null> {
    return this.request({ t: 'answer', kind, accept });
  }

  setLang(lang: Lang): void {
    if (lang === this.lang) return;
    this.lang = lang;
    this.emit();
  }

  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    if (this.watchdog) clearInterval(this.watchdog);
    this.listeners.clear();
    this.socialListeners.clear();
    const ws = this.ws;
    this.ws = null;
    ws?.close();
  }
}
