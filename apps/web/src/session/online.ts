import { createRng, describeError, replay, type AnyGame, type Lang, type Outcome, type Seat, type Viewer } from '@roundtable/core';
import type { SeatInfo, ServerMessage } from '@roundtable/protocol';
import { LogBook, type Step } from './narration.ts';
import { personName } from './names.ts';
import type { SeatState, Session, Snapshot } from './types.ts';

type Status = Snapshot['status'];

/**
 * A match followed through the server's WebSocket (`/ws`): as a seat (with its token) or as a spectator. The
 * connection comes back by itself after a drop or a reload (the token is in localStorage), with a growing delay.
 */
export class OnlineSession implements Session {
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

  constructor(
    private readonly game: AnyGame,
    private readonly matchId: string,
    private readonly token: string | null,
    private lang: Lang,
  ) {
    this.book = new LogBook(game);
    this.connect();
  }

  private connect(): void {
    if (this.closed) return;
    const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`;
    const ws = new WebSocket(url);
    this.ws = ws;
    this.connection = this.connection === 'online' ? 'lost' : this.connection;
    ws.onopen = () => {
      this.retry = 0;
      ws.send(JSON.stringify({ t: 'attach', id: this.nextId++, match: this.matchId, ...(this.token ? { token: this.token } : {}), lang: this.lang }));
    };
    ws.onmessage = (e) => this.receive(JSON.parse(String(e.data)) as ServerMessage);
    ws.onclose = () => {
      if (this.ws !== ws) return;
      this.ws = null;
      for (const w of this.waiting.values()) w(this.lang === 'fr' ? 'Connexion perdue.' : 'Connection lost.');
      this.waiting.clear();
      if (this.closed) return;
      this.connection = 'lost';
      this.emit();
      const delay = Math.min(5000, 300 * 2 ** this.retry++);
      this.timer = setTimeout(() => this.connect(), delay);
    };
  }

  private receive(msg: ServerMessage): void {
    switch (msg.t) {
      case 'attached':
        this.connection = 'online';
        this.seat = msg.seat;
        this.seats = msg.seats;
        this.step(msg.view, null);
        this.apply(msg.status, msg.view, msg.yourTurn, msg.outcome, msg.ply);
        if (msg.ply !== undefined && msg.ply > 0 && this.book.length <= msg.ply) void this.loadHistory();
        if (msg.status === 'finished' && msg.ply === undefined) void this.loadPlies();
        break;
      case 'update': {
        const own = msg.ack !== undefined ? this.sent.get(msg.ack) : undefined;
        if (msg.last) this.lastMove = msg.last;
        this.step(msg.view, msg.last ?? own ?? null);
        this.apply(msg.status, msg.view, msg.yourTurn, msg.outcome, msg.ply);
        if (msg.ack !== undefined) this.answer(msg.ack, null);
        if (msg.status === 'finished' && msg.ply === undefined) void this.loadPlies();
        break;
      }
      case 'seats':
        this.seats = msg.seats;
        this.status = msg.status;
        break;
      case 'legal':
        this.legal = [...msg.moves];
        break;
      case 'error':
        if (msg.id !== undefined && this.waiting.has(msg.id)) this.answer(msg.id, msg.message);
        else console.warn('server error', msg);
        break;
      default:
        break;
    }
    this.emit();
  }

  /** After a reload, the moves so far (games of perfect information publish their record while being played). */
  private async loadHistory(): Promise<void> {
    try {
      const res = await fetch(`/api/matches/${encodeURIComponent(this.matchId)}/record`);
      if (!res.ok) return;
      const record = (await res.json()) as { moves?: { seat: Seat; move: string }[] };
      if (!record.moves || record.moves.length + 1 < this.book.length) return;
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
    const step: Step = { before, after: next, move: move ? { seat: move.seat, notation: move.move } : null, seat: move?.seat ?? null };
    this.book.push(step);
    this.updates++;
  }

  private apply(status: Status, view: unknown, yourTurn: boolean, outcome: Outcome | null, ply: number | undefined): void {
    this.status = status;
    this.view = view;
    this.yourTurn = yourTurn;
    this.outcome = outcome;
    this.ply = ply ?? null;
    this.legal = [];
    if (yourTurn && this.ws) this.ws.send(JSON.stringify({ t: 'legal', id: this.nextId++ }));
  }

  private answer(id: number, error: string | null): void {
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
    }));
    const toMove = this.toMove();
    // Your turn begins when the server's list of your legal moves has arrived (it follows each update).
    const active = this.yourTurn && this.legal.length > 0 && this.seat !== null && this.connection === 'online' && this.status === 'active' ? this.seat : null;
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
      log: this.book.entries(this.seat ?? 'spectator', this.lang, this.seats.length, (s) => personName(seats, s, this.lang), seats.map((s) => s.name ?? '').join('|')),
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
    if (!ws || ws.readyState !== WebSocket.OPEN) return Promise.resolve(this.lang === 'fr' ? 'Pas de connexion au serveur.' : 'Not connected to the server.');
    if (!this.yourTurn) return Promise.resolve(describeError({ code: 'NOT_YOUR_TURN', seat: this.seat, toMove: [] }, this.lang, this.game.messages));
    const id = this.nextId++;
    const seat = this.seat;
    if (seat !== null) this.sent.set(id, { seat, move });
    return new Promise((resolve) => {
      this.waiting.set(id, (error) => {
        this.sent.delete(id);
        resolve(error);
      });
      ws.send(JSON.stringify({ t: 'move', id, move }));
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

  setLang(lang: Lang): void {
    if (lang === this.lang) return;
    this.lang = lang;
    this.emit();
  }

  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.listeners.clear();
    const ws = this.ws;
    this.ws = null;
    ws?.close();
  }
}
