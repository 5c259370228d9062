import { Match, describeError, type AnyGame, type Lang, type Seat, type Viewer } from '@roundtable/core';
import type { BotMemory } from '@roundtable/ai';
import { askBot } from '../bots/client.ts';
import { saveLocalSetup } from './local-store.ts';
import { LogBook, type Step } from './narration.ts';
import { personName } from './names.ts';
import type { StepEntry, SeatState, Session, Snapshot } from './types.ts';

export interface LocalSeat {
  readonly kind: 'human' | 'bot';
  readonly level?: string;
  readonly name?: string;
}

export interface LocalSetup {
  readonly game: AnyGame;
  readonly seats: readonly LocalSeat[];
  readonly options: Record<string, unknown>;
  readonly seed: number | string;
  /** Moves already played (a saved match resumed after a reload). */
  readonly moves?: readonly { readonly seat: Seat; readonly move: string }[];
}

/**
 * A match played entirely in this page with the same engine the server runs: people take turns at one screen
 * (hot-seat) and bots think in a Web Worker. In games with hidden cards, the screen hides itself when it passes
 * from one person to another.
 */
export class LocalSession implements Session {
  private readonly match: Match;
  private listeners = new Set<() => void>();
  private viewer: Viewer;
  private privacy: Seat | null = null;
  private thinking: Seat | null = null;
  private closed = false;
  private botToken = 0;
  private lang: Lang;
  private cached: Snapshot | null = null;
  /** The log told to each viewer (the screen's seat, or the spectator while the privacy screen is up). */
  private books = new Map<string, LogBook>();
  /** What this match's bots remember of the table (packages/ai `BotMemory`), dropped with the session. */
  private readonly botMemory: BotMemory = {};

  constructor(
    private readonly setup: LocalSetup,
    lang: Lang,
  ) {
    this.lang = lang;
    const created = Match.create(setup.game, { players: setup.seats.length, options: setup.options, seed: setup.seed });
    if (!created.ok) throw new Error(describeError(created.error, lang, setup.game.messages));
    this.match = created.value;
    for (const m of setup.moves ?? []) if (!this.match.play(m.seat, m.move).ok) break;
    const firstHuman = setup.seats.findIndex((s) => s.kind === 'human');
    this.viewer = firstHuman >= 0 ? firstHuman : 'spectator';
    this.advance();
  }

  private get game(): AnyGame {
    return this.setup.game;
  }

  private humansToMove(): Seat[] {
    return this.match.toMove().filter((s) => this.setup.seats[s]?.kind === 'human');
  }

  /** Decides who sits at the screen now, and starts a bot if one must move. */
  private advance(): void {
    this.cached = null;
    saveLocalSetup({
      gameId: this.game.id,
      seats: this.setup.seats.map((s) =>
        s.kind === 'bot'
          ? { kind: 'bot', level: s.level ?? 'easy' }
          : { kind: 'human', ...(s.name ? { name: s.name } : {}) },
      ),
      options: this.setup.options,
      seed: this.setup.seed,
      moves: this.match.history,
    });
    const humans = this.humansToMove();
    const bots = this.match.toMove().filter((s) => this.setup.seats[s]?.kind === 'bot');
    const next = humans[0];
    if (next !== undefined && bots.length === 0 && next !== this.viewer) {
      if (!this.game.perfectInformation && typeof this.viewer === 'number') this.privacy = next;
      this.viewer = next;
    }
    if (bots.length > 0 && !this.match.outcome()) this.runBot(bots[0] as Seat);
    this.emit();
  }

  private runBot(seat: Seat): void {
    const token = ++this.botToken;
    this.thinking = seat;
    const level = this.setup.seats[seat]?.level ?? 'easy';
    const view = this.game.view(this.match.state, seat);
    const ply = this.match.ply;
    const seed = `${String(this.setup.seed)}:${ply}:${seat}`;
    askBot({ gameId: this.game.id, view, seat, level, seed, memory: this.botMemory })
      .then((move) => {
        if (this.closed || token !== this.botToken) return;
        this.thinking = null;
        const played = move === null ? null : this.match.play(seat, move);
        if (played === null || !played.ok) {
          // A bot that finds nothing (or errs) plays the first legal move, so a match never stalls.
          const legal = this.match.legalMoves(seat);
          if (legal.length > 0) this.match.playMove(seat, legal[0]);
        }
        this.advance();
      })
      .catch((error: unknown) => {
        console.error('bot failed', error);
        if (this.closed || token !== this.botToken) return;
        this.thinking = null;
        const legal = this.match.legalMoves(seat);
        if (legal.length > 0) this.match.playMove(seat, legal[0]);
        this.advance();
      });
  }

  snapshot(): Snapshot {
    if (this.cached) return this.cached;
    const m = this.match;
    const humans = this.humansToMove();
    const active =
      this.privacy === null && this.thinking === null && typeof this.viewer === 'number' && humans.includes(this.viewer)
        ? this.viewer
        : null;
    const history = m.history;
    const last = history[history.length - 1] ?? null;
    const outcome = m.outcome();
    const seats = this.setup.seats.map<SeatState>((s) => ({
      kind: s.kind,
      name: s.name ?? null,
      level: s.level ?? null,
      connected: true,
    }));
    this.cached = {
      view: this.game.view(m.state, this.viewer),
      viewer: this.viewer,
      players: m.players,
      seats,
      toMove: m.toMove(),
      outcome,
      active,
      legal: active === null ? [] : m.legalNotation(active),
      log: this.logFor(this.privacy !== null ? 'spectator' : this.viewer, seats),
      lastMove: this.game.perfectInformation || last?.seat === this.viewer ? last : null,
      updates: m.ply,
      ply: m.ply,
      status: outcome ? 'finished' : 'active',
      privacy: this.privacy,
      thinking: this.thinking,
      connection: 'local',
      matchId: null,
      canUndo: active !== null && this.undoPlan() > 0,
      replayable: true,
    };
    return this.cached;
  }

  /**
   * The log in words for `viewer`, from its own view of each state: in games with secrets, another seat's move
   * is not given (only what the views show), so hot-seat players never read each other's cards in it.
   */
  private logFor(viewer: Viewer, seats: readonly SeatState[]): StepEntry[] {
    const key = String(viewer);
    let book = this.books.get(key);
    if (!book) this.books.set(key, (book = new LogBook(this.game)));
    const m = this.match;
    const view = (i: number): unknown => this.game.view(m.stateAt(i), viewer);
    let before = book.length > 0 ? view(book.length - 1) : null;
    while (book.length <= m.ply) {
      const i = book.length;
      const after = view(i);
      const h = i > 0 ? m.history[i - 1] : undefined;
      const known = h !== undefined && (this.game.perfectInformation || h.seat === viewer);
      const step: Step = {
        before,
        after,
        move: known && h ? { seat: h.seat, notation: h.move } : null,
        seat: known && h ? h.seat : null,
      };
      book.push(step);
      before = after;
    }
    const name = (s: Seat): string => personName(seats, s, this.lang);
    return book.entries(viewer, this.lang, m.players, name, seats.map((s) => s.name ?? '').join('|'));
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit(): void {
    this.cached = null;
    for (const l of this.listeners) l();
  }

  async play(move: string): Promise<string | null> {
    const snap = this.snapshot();
    if (snap.active === null)
      return describeError(
        { code: 'NOT_YOUR_TURN', seat: this.viewer, toMove: [...snap.toMove] },
        this.lang,
        this.game.messages,
      );
    const played = this.match.play(snap.active, move);
    if (!played.ok) return describeError(played.error, this.lang, this.game.messages);
    this.advance();
    return null;
  }

  async viewAt(ply: number): Promise<{ view: unknown; last: { seat: Seat; move: string } | null }> {
    const p = Math.max(0, Math.min(ply, this.match.ply));
    const viewer = this.privacy !== null ? 'spectator' : this.viewer;
    const last = p > 0 ? (this.match.history[p - 1] ?? null) : null;
    return {
      view: this.game.view(this.match.stateAt(p), viewer),
      last: last && (this.game.perfectInformation || last.seat === viewer) ? last : null,
    };
  }

  revealFor(seat: Seat): void {
    if (this.privacy === seat) {
      this.privacy = null;
      this.emit();
    }
  }

  private planned: { ply: number; viewer: Viewer; moves: number } | null = null;

  /**
   * How many moves "take back" would undo: the bots' answers since this screen's player last moved, and that
   * move; 0 when another person moved since (hot-seat: nobody takes back someone else's move) or when one of
   * them revealed something hidden (a card drawn, a die rolled: the engine's undo barrier).
   */
  private undoPlan(): number {
    const m = this.match;
    if (this.planned && this.planned.ply === m.ply && this.planned.viewer === this.viewer) return this.planned.moves;
    let moves = 0;
    if (!m.outcome()) {
      for (let i = m.ply - 1; i >= 0; i--) {
        const seat = (m.history[i] as { seat: Seat }).seat;
        if (m.isUndoBarrier(i)) break;
        if (this.setup.seats[seat]?.kind === 'human') {
          if (seat === this.viewer) moves = m.ply - i;
          break;
        }
      }
    }
    this.planned = { ply: m.ply, viewer: this.viewer, moves };
    return moves;
  }

  /** Takes back this screen's player's last move and the bots' answers to it (see `undoPlan`). */
  undo(): void {
    const n = this.undoPlan();
    if (n === 0) return;
    if (!this.match.undo(n).ok) return;
    this.botToken++;
    this.thinking = null;
    this.books.clear();
    this.planned = null;
    this.advance();
  }

  setLang(lang: Lang): void {
    if (lang === this.lang) return;
    this.lang = lang;
    this.emit();
  }

  close(): void {
    this.closed = true;
    this.botToken++;
    this.listeners.clear();
  }
}
