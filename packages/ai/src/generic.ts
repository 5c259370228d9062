import type { AnyGame, Seat } from '@roundtable/core';
import { WIN, alphaBeta, type AbPosition } from './alphabeta.ts';
import { Deadline } from './budget.ts';
import type { RootReport, SearchRequest } from './search.ts';
import type { GameTuning } from './tuning.ts';

/** A generic position's score is the difference of the two seats' chances times this. */
export const SCALE = 10_000;

/**
 * Any two-player game of perfect information as an alpha-beta position, over the pure interface: a stack of
 * immutable states, one per ply (make pushes, unmake pops), hashed from the game's key or position string.
 * Slower than a game's own make/unmake, but written once; a game's tuning supplies the evaluation and ordering.
 */
export class GamePosition implements AbPosition {
  private readonly states: unknown[];
  private readonly moves: unknown[][] = [];
  private readonly movers: Seat[] = [];
  private readonly orders: number[][] = [];
  private readonly keys: (readonly [number, number] | null)[] = [];

  constructor(
    readonly game: AnyGame,
    root: unknown,
    readonly tuning: GameTuning,
  ) {
    this.states = [root];
  }

  private state(ply: number): unknown {
    return this.states[ply];
  }

  movesAt(ply: number): unknown[] {
    return this.moves[ply] ?? [];
  }

  generate(ply: number): number {
    const s = this.state(ply);
    const seat = this.game.toMove(s)[0] as Seat;
    const moves = seat === undefined ? [] : this.game.legalMoves(s, seat);
    this.moves[ply] = moves;
    this.movers[ply] = seat;
    const order = this.tuning.order;
    this.orders[ply] = order ? moves.map((m) => order(this.game, s, seat, m)) : [];
    return moves.length;
  }

  make(ply: number, i: number): void {
    const s = this.state(ply);
    const next = this.game.play(s, this.movers[ply] as Seat, (this.moves[ply] as unknown[])[i]);
    if (!next.ok) throw new Error(`alpha-beta: a legal move was refused (${next.error.code})`);
    this.states[ply + 1] = next.value;
    this.keys[ply + 1] = null;
  }

  sameMover(ply: number): boolean {
    const seats = this.game.toMove(this.states[ply + 1]);
    return seats.length > 0 && seats[0] === this.movers[ply];
  }

  unmake(_ply: number, _i: number): void {}

  private key(): readonly [number, number] {
    const ply = this.current;
    let k = this.keys[ply];
    if (!k) {
      const s = this.state(ply);
      const text = this.tuning.key
        ? this.tuning.key(s)
        : this.game.position
          ? this.game.position.write(s)
          : JSON.stringify(this.game.serialize(s));
      k = hash(text);
      this.keys[ply] = k;
    }
    return k;
  }

  /** The ply alpha-beta last looked at (`terminal` and `mayStandPat` come first at every node, then the keys). */
  private current = 0;

  keyLo(): number {
    return this.key()[0];
  }
  keyHi(): number {
    return this.key()[1];
  }

  terminal(ply: number): number | null {
    this.current = ply;
    const s = this.state(ply);
    const over = this.game.outcome(s);
    if (!over) return null;
    const me = this.sideToMove(ply);
    if (over.winners.length === 1) return over.winners[0] === me ? WIN : -WIN;
    return 0;
  }

  private sideToMove(ply: number): Seat {
    // After the game ends nobody is to move: the side "to move" is the one that did not make the last move.
    const s = this.state(ply);
    const seats = this.game.toMove(s);
    if (seats.length > 0) return seats[0] as Seat;
    return ply > 0 ? 1 - (this.movers[ply - 1] as Seat) : 0;
  }

  noMoves(_ply: number): number {
    return 0;
  }

  evaluate(ply: number, _count: number): number {
    const s = this.state(ply);
    const v = this.tuning.evaluate ? this.tuning.evaluate(this.game, s) : [0.5, 0.5];
    const me = this.sideToMove(ply);
    return Math.round(((v[me] ?? 0) - (v[1 - me] ?? 0)) * SCALE);
  }

  orderScore(ply: number, i: number): number {
    return this.orders[ply]?.[i] ?? 0;
  }

  noisy(ply: number, i: number): boolean {
    return this.orderScore(ply, i) > 0;
  }

  mayStandPat(ply: number): boolean {
    this.current = ply;
    return true;
  }

  moveId(ply: number, i: number): number {
    const m = (this.moves[ply] as unknown[])[i];
    return hash(this.game.formatMove(this.state(ply), m))[0] & 0x7ffff;
  }
}

export function searchAlphaBetaGeneric(request: SearchRequest, tuning: GameTuning): RootReport {
  const { game, view, seat, rng, budget, share, maxDepth } = request;
  const state = game.determinize(view, seat, rng);
  if (game.outcome(state) || game.toMove(state)[0] !== seat) return { kind: 'none', iterations: 0 };
  const pos = new GamePosition(game, state, tuning);
  const result = alphaBeta(pos, new Deadline(budget), {
    ...(budget.onInfo ? { moveName: (i: number) => game.formatMove(state, pos.movesAt(0)[i]) } : {}),
    quiescenceDepth: 2,
    ...(maxDepth !== undefined ? { maxDepth } : {}),
    ...(share && share.of > 1 ? { rootFilter: (_i: number, rank: number) => rank % share.of === share.index } : {}),
  });
  pos.generate(0);
  const moves = pos.movesAt(0);
  return {
    kind: 'depths',
    depths: result.depths.map((d) => ({ depth: d.depth, move: game.formatMove(state, moves[d.move]), score: d.score })),
    iterations: result.nodes,
  };
}

/** FNV-1a in two independent 32-bit lanes. */
function hash(text: string): readonly [number, number] {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ 0x5bd1e995;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    a = Math.imul(a ^ ch, 0x01000193);
    b = Math.imul(b ^ ch, 0x5bd1e995) ^ (b >>> 15);
  }
  return [a >>> 0, b >>> 0];
}
