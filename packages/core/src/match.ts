import type { AnyGame, Outcome } from './game.ts';
import type { Seat } from './seat.ts';
import { err, ok, type GameError, type Result } from './result.ts';
import { createRng, isRngState, isSeed, type Seed } from './rng.ts';

/** Guesses of the hidden part tried per seat when deciding whether a move revealed something. */
const UNDO_SAMPLES = 8;

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
      if (typeof setup.position !== 'string')
        return err({
          code: 'BAD_POSITION',
          reason: 'the position must be a string',
          reasonFr: 'la position doit être une chaîne',
        });
      if (!game.position)
        return err({
          code: 'BAD_POSITION',
          reason: `${game.id} has no position strings`,
          reasonFr: `${game.id} n'a pas de chaîne de position`,
        });
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
      return err({
        code: 'BAD_NOTATION',
        text: String(text ?? ''),
        reason: 'the move must be a non-empty string',
        reasonFr: 'le coup doit être une chaîne non vide',
      });
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

  /**
   * Takes back the last `count` moves (never more than were played) and returns how many were taken back.
   * Refuses, changing nothing, when one of them is an undo barrier (see `isUndoBarrier`): a player who drew a
   * card or rolled the die must not see the result and choose again.
   */
  undo(count = 1): Result<number> {
    const n = Math.max(0, Math.min(Math.floor(count), this.moves.length));
    for (let i = this.moves.length - 1; i >= this.moves.length - n; i--) {
      if (this.isUndoBarrier(i)) {
        const m = this.moves[i] as { seat: Seat; move: string };
        return err({ code: 'UNDO_BARRIER', move: m.move, seat: m.seat, ply: i + 1 });
      }
    }
    for (let k = 0; k < n; k++) {
      this.moves.pop();
      this.states.pop();
    }
    return ok(n);
  }

  /** How many of the last moves can be taken back before the first undo barrier (0 if the last move is one). */
  undoable(): number {
    let n = 0;
    while (n < this.moves.length && !this.isUndoBarrier(this.moves.length - 1 - n)) n++;
    return n;
  }

  /**
   * True when move `i` (0-based) revealed something that taking it back would not hide again: it consumed
   * randomness (the state's PRNG, kept in an `rng` field, advanced: a shuffle, a die roll), or some seat's view
   * after it is not fixed by that seat's view before and the move itself (a card drawn, a card turned face up).
   * The second test asks the game: states that seat could not tell from the real one (`determinize`) are played
   * the same move; if the seat would then see something else, the move showed it what it did not know. A card
   * the mover plays from their own hand is the move itself, not a revelation. Computed on demand from the
   * stored states, so playing costs nothing more.
   */
  isUndoBarrier(i: number): boolean {
    const before = this.states[i];
    const after = this.states[i + 1];
    const move = this.moves[i];
    if (before === undefined || after === undefined || move === undefined) return false;
    const game = this.game;
    if (JSON.stringify(rngsOf(game.serialize(before))) !== JSON.stringify(rngsOf(game.serialize(after)))) return true;
    if (game.perfectInformation) return false;
    // The mover first: a draw shows the drawer what it drew.
    const seats = [move.seat, ...Array.from({ length: this.players }, (_, s) => s).filter((s) => s !== move.seat)];
    for (const seat of seats) {
      const seen = game.view(before, seat);
      const real = sameCopies(game.view(after, seat));
      for (let k = 0; k < UNDO_SAMPLES; k++) {
        let differs: boolean;
        try {
          const sample = game.determinize(seen, seat, createRng(`undo/${i}/${seat}/${k}`));
          const parsed = game.parseMove(sample, move.seat, move.move);
          // A sample where the move is impossible (another seat's hand guessed wrong) says nothing.
          if (!parsed.ok) continue;
          const next = game.play(sample, move.seat, parsed.value);
          differs = next.ok && sameCopies(game.view(next.value, seat)) !== real;
        } catch {
          differs = true; // a game that cannot guess this seat's unknowns: keep the move, to be safe
        }
        if (differs) return true;
      }
    }
    return false;
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

/**
 * A view as text with copies of one card made alike: card games tell identical copies apart by a suffix
 * (`squire-3.1`, `merlin.2`) that carries no information, so a guess holding another copy is the same guess.
 */
function sameCopies(view: unknown): string {
  return JSON.stringify(view).replace(/"([a-z][a-z0-9-]*)\.\d+"/g, '"$1"');
}

/** The PRNG states inside a serialised state: every `rng` field, wherever it is. */
function rngsOf(value: unknown, out: unknown[] = []): unknown[] {
  if (Array.isArray(value)) for (const v of value) rngsOf(v, out);
  else if (typeof value === 'object' && value !== null) {
    for (const [k, v] of Object.entries(value)) {
      if (k === 'rng' && isRngState(v)) out.push(v);
      else rngsOf(v, out);
    }
  }
  return out;
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
    if (!played.ok)
      return bad(`move ${i} (${String(move)}) was refused: ${played.error.code}`, { index: i, cause: played.error });
  }
  return ok(match);
}
