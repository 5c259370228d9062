import type { AnyGame, Outcome, Seat } from './game.ts';
import { err, ok, type GameError, type Result } from './result.ts';
import { isSeed, type Seed } from './rng.ts';

/** Everything needed to replay a match exactly: the game, its set-up and the moves in notation. */
export interface MatchRecord {
  readonly game: string;
  readonly players: number;
  readonly options: Readonly<Record<string, unknown>>;
  readonly seed: Seed;
  /** Optional starting position (games with a position string). */
  readonly position?: string;
  readonly moves: readonly { readonly seat: Seat; readonly move: string }[];
}

export interface MatchSetup {
  readonly players?: number;
  readonly options?: unknown;
  readonly seed?: unknown;
  readonly position?: unknown;
}

/**
 * A running match: a game, its current state, and the states it went through (for undo and replays).
 * Front doors (terminal, engine protocol, server) use this rather than the raw interface, so every one of them
 * validates input the same way. Nothing here mutates a state: a refused move leaves the match as it was.
 */
export class Match<S = unknown, M = unknown> {
  private readonly states: S[];
  private readonly moves: { seat: Seat; move: string }[] = [];

  private constructor(
    readonly game: AnyGame,
    readonly players: number,
    readonly options: Readonly<Record<string, unknown>>,
    readonly seed: Seed,
    readonly startPosition: string | undefined,
    initial: S,
  ) {
    this.states = [initial];
  }

  static create(game: AnyGame, setup: MatchSetup = {}): Result<Match> {
    const players = setup.players ?? game.minPlayers;
    if (!Number.isInteger(players) || players < game.minPlayers || players > game.maxPlayers) {
      return err({ code: 'BAD_PLAYERS', players, min: game.minPlayers, max: game.maxPlayers });
    }
    const seed = setup.seed ?? 1;
    if (!isSeed(seed)) return err({ code: 'BAD_SEED', seed });
    const options = game.parseOptions(setup.options, players);
    if (!options.ok) return options;
    let state: Result<unknown>;
    if (setup.position !== undefined && setup.position !== null) {
      if (typeof setup.position !== 'string') return err({ code: 'BAD_POSITION', reason: 'the position must be a string', reasonFr: 'la position doit être une chaîne' });
      if (!game.position) return err({ code: 'BAD_POSITION', reason: `${game.id} has no position strings`, reasonFr: `${game.id} n'a pas de chaîne de position` });
      state = game.position.read(setup.position, { players, options: options.value });
    } else {
      state = game.setup({ players, options: options.value, seed });
    }
    if (!state.ok) return state;
    const position = typeof setup.position === 'string' ? setup.position : undefined;
    return ok(new Match(game, players, options.value as Record<string, unknown>, seed, position, state.value));
  }

  get state(): S {
    return this.states[this.states.length - 1] as S;
  }

  /** Number of moves played so far. */
  get ply(): number {
    return this.moves.length;
  }

  get history(): readonly { readonly seat: Seat; readonly move: string }[] {
    return this.moves;
  }

  /** The state before move `i` (0 = the start). */
  stateAt(i: number): S | undefined {
    return this.states[i];
  }

  toMove(): readonly Seat[] {
    return this.game.toMove(this.state);
  }

  outcome(): Outcome | null {
    return this.game.outcome(this.state);
  }

  legalMoves(seat: Seat): M[] {
    return this.game.legalMoves(this.state, seat) as M[];
  }

  legalNotation(seat: Seat): string[] {
    return this.legalMoves(seat).map((m) => this.game.formatMove(this.state, m));
  }

  /** Checks that `seat` is a seat of this match and may act now. */
  checkSeat(seat: unknown): Result<Seat> {
    if (typeof seat !== 'number' || !Number.isInteger(seat) || seat < 0 || seat >= this.players) {
      return err({ code: 'BAD_SEAT', seat, max: this.players - 1 });
    }
    if (this.outcome()) return err({ code: 'GAME_OVER' });
    const toMove = this.toMove();
    if (!toMove.includes(seat)) return err({ code: 'NOT_YOUR_TURN', seat, toMove: [...toMove] });
    return ok(seat);
  }

  /** Plays a move given in notation. On success returns the canonical notation of the move played. */
  play(seat: unknown, text: unknown): Result<string> {
    const checked = this.checkSeat(seat);
    if (!checked.ok) return checked;
    if (typeof text !== 'string' || text.trim() === '') {
      return err({ code: 'BAD_NOTATION', text: String(text ?? ''), reason: 'the move must be a non-empty string', reasonFr: 'le coup doit être une chaîne non vide' });
    }
    const parsed = this.game.parseMove(this.state, checked.value, text.trim());
    if (!parsed.ok) return parsed;
    return this.playMove(checked.value, parsed.value as M);
  }

  /** Plays a typed move (from `legalMoves` or a bot). */
  playMove(seat: Seat, move: M): Result<string> {
    const checked = this.checkSeat(seat);
    if (!checked.ok) return checked;
    const before = this.state;
    const next = this.game.play(before, seat, move);
    if (!next.ok) return next;
    const notation = this.game.formatMove(before, move);
    this.states.push(next.value as S);
    this.moves.push({ seat, move: notation });
    return ok(notation);
  }

  /** Takes back the last `count` moves (hot-seat undo). Returns how many were taken back. */
  undo(count = 1): number {
    let n = 0;
    while (n < count && this.moves.length > 0) {
      this.moves.pop();
      this.states.pop();
      n++;
    }
    return n;
  }

  record(): MatchRecord {
    return {
      game: this.game.id,
      players: this.players,
      options: this.options,
      seed: this.seed,
      ...(this.startPosition !== undefined ? { position: this.startPosition } : {}),
      moves: this.moves.map((m) => ({ ...m })),
    };
  }
}

/** Replays a record move by move. The error says which move (0-based `index`) failed and why. */
export function replay(game: AnyGame, record: unknown): Result<Match> {
  const bad = (reason: string, extra: Record<string, unknown> = {}): { ok: false; error: GameError } =>
    err({ code: 'BAD_RECORD', reason, ...extra });
  if (typeof record !== 'object' || record === null) return bad('a record must be an object');
  const r = record as Partial<MatchRecord>;
  if (r.game !== game.id) return bad(`the record is for game "${String(r.game)}", not "${game.id}"`);
  if (!Array.isArray(r.moves)) return bad('"moves" must be a list');
  const created = Match.create(game, { players: r.players, options: r.options, seed: r.seed, position: r.position });
  if (!created.ok) return created;
  const match = created.value;
  for (let i = 0; i < r.moves.length; i++) {
    const m = r.moves[i] as unknown;
    if (typeof m !== 'object' || m === null) return bad(`move ${i} must be an object {seat, move}`, { index: i });
    const { seat, move } = m as { seat?: unknown; move?: unknown };
    const played = match.play(seat, move);
    if (!played.ok) return bad(`move ${i} (${String(move)}) was refused: ${played.error.code}`, { index: i, cause: played.error });
  }
  return ok(match);
}
