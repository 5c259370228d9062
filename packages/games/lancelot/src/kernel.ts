import { nextInt, type RngState } from '@roundtable/core';
import type { Field } from './geometry.ts';

/**
 * The rules on flat typed arrays: one implementation shared by `play`, `legalMoves`, `explainSquare` and
 * `playout`, so that the fast path cannot drift from the rules. A kernel is mutable scratch space; the pure
 * interface (rules.ts) loads a state into a fresh kernel, works on it and writes a new state out.
 *
 * Steps are encoded as `kind << 8 | cell` (a field has at most 196 cells).
 */

export const PLACE = 0;
/** A knight placement after which the same seat invokes Excalibur (`G8 E:?`). */
export const PLACE_THEN_SWORD = 1;
/** Excalibur's initial placement, or an invocation (`E:G6`). */
export const SWORD = 2;
export const PASS = 3;

export const PH_SWORD = 0;
export const PH_TURN = 1;
export const PH_KNIGHT = 2;
export const PH_SWORD_AFTER = 3;
export const PH_OVER = 4;

export const MAX_SEATS = 5;

export class Kernel {
  readonly cells: Int8Array;
  /** Knights per line and seat: `cnt[line * 5 + seat]`. */
  readonly cnt: Int16Array;
  /** Knights per line, every colour. */
  readonly tot: Int16Array;
  sword = -1;
  holder = -1;
  readonly shields: Uint8Array;
  readonly hand: Int16Array;
  readonly captures: Int16Array;
  first = 0;
  seat = 0;
  phase = PH_TURN;
  passes = 0;
  /** Legal steps of the seat to move, filled by `generate`. */
  readonly moves: Int32Array;
  moveCount = 0;
  /** Scratch: lines where a knight of the seat being generated for would break the rule of chivalry. */
  private readonly blocked: Uint8Array;
  /** Undo log of cell changes during a look-ahead (pairs cell, old value); -1 when not logging. */
  private readonly log: Int16Array;
  private logLen = -1;

  constructor(
    readonly field: Field,
    readonly n: number,
    readonly target: number,
    readonly excaliburOn: boolean,
  ) {
    this.cells = new Int8Array(field.cellCount).fill(-1);
    this.cnt = new Int16Array(field.lineCount * MAX_SEATS);
    this.tot = new Int16Array(field.lineCount);
    this.shields = new Uint8Array(n);
    this.hand = new Int16Array(n);
    this.captures = new Int16Array(n);
    this.moves = new Int32Array(field.cellCount * 3 + 1);
    this.log = new Int16Array(field.cellCount * 2 + 2);
    this.blocked = new Uint8Array(field.lineCount);
  }

  setCell(cell: number, value: number): void {
    const old = this.cells[cell] as number;
    if (old === value) return;
    if (this.logLen >= 0) {
      this.log[this.logLen++] = cell;
      this.log[this.logLen++] = old;
    }
    const f = this.field;
    const k0 = cell * 4;
    const k1 = k0 + (f.cellLineCount[cell] as number);
    for (let k = k0; k < k1; k++) {
      const l = f.cellLines[k] as number;
      if (old >= 0) {
        this.cnt[l * MAX_SEATS + old] = (this.cnt[l * MAX_SEATS + old] as number) - 1;
        this.tot[l] = (this.tot[l] as number) - 1;
      }
      if (value >= 0) {
        this.cnt[l * MAX_SEATS + value] = (this.cnt[l * MAX_SEATS + value] as number) + 1;
        this.tot[l] = (this.tot[l] as number) + 1;
      }
    }
    this.cells[cell] = value;
  }

  private swordOn(line: number): boolean {
    const s = this.sword;
    if (s < 0) return false;
    const f = this.field;
    const k1 = s * 4 + (f.cellLineCount[s] as number);
    for (let k = s * 4; k < k1; k++) if (f.cellLines[k] === line) return true;
    return false;
  }

  /**
   * advantage(P, L) of the rules page: P's pieces on the line minus every other piece, Excalibur counting for
   * its holder and against everybody else (seed 002: "Excalibur compte comme pion d'un adversaire").
   */
  advantage(seat: number, line: number): number {
    const mine = this.cnt[line * MAX_SEATS + seat] as number;
    let adv = 2 * mine - (this.tot[line] as number);
    if (this.swordOn(line)) adv += this.holder === seat ? 1 : -1;
    return adv;
  }

  /** The highest advantage `seat` would have on a line through `cell` after placing a knight there. */
  knightAdvantage(seat: number, cell: number): number {
    const f = this.field;
    let max = -1000;
    const k1 = cell * 4 + (f.cellLineCount[cell] as number);
    for (let k = cell * 4; k < k1; k++) {
      const a = this.advantage(seat, f.cellLines[k] as number) + 1;
      if (a > max) max = a;
    }
    return max;
  }

  /** The same for Excalibur moved to `cell` by `seat` (lifted from its square, then counting as `seat`'s). */
  swordAdvantage(seat: number, cell: number): number {
    const saved = this.sword;
    this.sword = -1;
    const max = this.knightAdvantage(seat, cell);
    this.sword = saved;
    return max;
  }

  knightLegal(seat: number, cell: number): boolean {
    return (
      this.cells[cell] === -1 &&
      cell !== this.sword &&
      (this.hand[seat] as number) > 0 &&
      this.knightAdvantage(seat, cell) <= 2
    );
  }

  /** seed 002: Excalibur must be moved to another square ("elle ne doit pas rester dans sa position antérieure"). */
  swordLegal(seat: number, cell: number): boolean {
    return this.sword >= 0 && this.cells[cell] === -1 && cell !== this.sword && this.swordAdvantage(seat, cell) <= 2;
  }

  canInvoke(seat: number): boolean {
    return this.excaliburOn && this.shields[seat] === 1 && (this.hand[seat] as number) > 0 && this.sword >= 0;
  }

  /**
   * seed 002, "Maintenir sa position": after `seat` put a piece on `cell`, every line through it where `seat`
   * has exactly +2 loses all its opponent knights (Excalibur stays). Lines through one cell meet only there,
   * so resolving them one after the other is the same as all at once.
   */
  private resolveCaptures(seat: number, cell: number): number {
    const f = this.field;
    let captured = 0;
    const k1 = cell * 4 + (f.cellLineCount[cell] as number);
    for (let k = cell * 4; k < k1; k++) {
      const l = f.cellLines[k] as number;
      const opponents = (this.tot[l] as number) - (this.cnt[l * MAX_SEATS + seat] as number);
      if (opponents === 0 || this.advantage(seat, l) !== 2) continue;
      for (let i = f.lineStart[l] as number; i < (f.lineStart[l + 1] as number); i++) {
        const x = f.lineCells[i] as number;
        const v = this.cells[x] as number;
        if (v >= 0 && v !== seat) {
          this.setCell(x, -1);
          captured++;
        }
      }
    }
    this.captures[seat] = (this.captures[seat] as number) + captured;
    return captured;
  }

  placeKnight(seat: number, cell: number): number {
    this.setCell(cell, seat);
    this.hand[seat] = (this.hand[seat] as number) - 1;
    return this.resolveCaptures(seat, cell);
  }

  invoke(seat: number, cell: number): number {
    this.sword = cell;
    this.holder = seat;
    this.shields[seat] = 0;
    return this.resolveCaptures(seat, cell);
  }

  private endTurn(): void {
    this.seat = (this.seat + 1) % this.n;
    this.phase = PH_TURN;
  }

  /** Plays a legal step (the caller has checked it). */
  apply(code: number): void {
    const kind = code >> 8;
    const cell = code & 255;
    const seat = this.seat;
    switch (kind) {
      case PLACE:
      case PLACE_THEN_SWORD:
        this.placeKnight(seat, cell);
        this.passes = 0;
        if ((this.captures[seat] as number) >= this.target) this.phase = PH_OVER;
        else if (kind === PLACE_THEN_SWORD) this.phase = PH_SWORD_AFTER;
        else this.endTurn();
        break;
      case SWORD:
        if (this.phase === PH_SWORD) {
          // seed 002: placed before the first turn by the player to the right of the first player.
          this.sword = cell;
          this.seat = this.first;
          this.phase = PH_TURN;
          break;
        }
        this.invoke(seat, cell);
        this.passes = 0;
        if ((this.captures[seat] as number) >= this.target) this.phase = PH_OVER;
        else if (this.phase === PH_TURN) this.phase = PH_KNIGHT;
        else this.endTurn();
        break;
      default:
        // [decision] every seat passing in a row ends the game.
        this.passes++;
        if (this.passes >= this.n) this.phase = PH_OVER;
        else this.endTurn();
    }
  }

  /** Look-ahead: would `seat`, after the knight on `cell`, have a legal square for Excalibur? */
  private swordExistsAfterKnight(seat: number, cell: number): boolean {
    const save = this.save(seat);
    this.logLen = 0;
    this.placeKnight(seat, cell);
    let found = (this.captures[seat] as number) >= this.target;
    for (let x = 0; !found && x < this.field.cellCount; x++) found = this.swordLegal(seat, x);
    this.restore(seat, save);
    return found;
  }

  /** Look-ahead: would `seat`, after moving Excalibur to `cell`, have a legal square for its knight? */
  private knightExistsAfterSword(seat: number, cell: number): boolean {
    const save = this.save(seat);
    this.logLen = 0;
    this.invoke(seat, cell);
    let found = (this.captures[seat] as number) >= this.target;
    for (let x = 0; !found && x < this.field.cellCount; x++) found = this.knightLegal(seat, x);
    this.restore(seat, save);
    return found;
  }

  private save(seat: number): number {
    // sword (8 bits + sign), holder, shield, hand, captures packed into one number: no allocation.
    return (
      this.sword +
      1 +
      (this.holder + 1) * 256 +
      (this.shields[seat] as number) * 2048 +
      (this.hand[seat] as number) * 4096 +
      (this.captures[seat] as number) * 4096 * 64
    );
  }

  private restore(seat: number, saved: number): void {
    const len = this.logLen;
    this.logLen = -1;
    for (let i = len - 2; i >= 0; i -= 2) this.setCell(this.log[i] as number, this.log[i + 1] as number);
    this.sword = (saved % 256) - 1;
    this.holder = (Math.floor(saved / 256) % 8) - 1;
    this.shields[seat] = Math.floor(saved / 2048) % 2;
    this.hand[seat] = Math.floor(saved / 4096) % 64;
    this.captures[seat] = Math.floor(saved / (4096 * 64));
  }

  /** Is `code` a legal step of the seat to move? (Without generating the whole list.) */
  isLegal(code: number): boolean {
    const kind = code >> 8;
    const cell = code & 255;
    const seat = this.seat;
    switch (this.phase) {
      case PH_SWORD:
        return kind === SWORD && this.cells[cell] === -1;
      case PH_TURN:
        if (kind === PLACE) return this.knightLegal(seat, cell);
        if (kind === PLACE_THEN_SWORD)
          return this.canInvoke(seat) && this.knightLegal(seat, cell) && this.swordExistsAfterKnight(seat, cell);
        if (kind === SWORD)
          return this.canInvoke(seat) && this.swordLegal(seat, cell) && this.knightExistsAfterSword(seat, cell);
        this.generate();
        return this.moveCount === 1 && this.moves[0] === PASS << 8;
      case PH_KNIGHT:
        return kind === PLACE && this.knightLegal(seat, cell);
      case PH_SWORD_AFTER:
        return kind === SWORD && this.swordLegal(seat, cell);
      default:
        return false;
    }
  }

  /**
   * Appends the legal knight placements of `seat` in cell order: the rule of chivalry is worked out once per line
   * rather than once per square (the same answer as `knightLegal`, several times faster).
   */
  private generatePlacements(seat: number, count: number): number {
    if ((this.hand[seat] as number) <= 0) return count;
    const f = this.field;
    const blocked = this.blocked;
    for (let l = 0; l < f.lineCount; l++) blocked[l] = this.advantage(seat, l) + 1 > 2 ? 1 : 0;
    const cells = this.cells;
    const sword = this.sword;
    for (let c = 0; c < f.cellCount; c++) {
      if (cells[c] !== -1 || c === sword) continue;
      const k1 = c * 4 + (f.cellLineCount[c] as number);
      let ok = true;
      for (let k = c * 4; k < k1; k++) {
        if (blocked[f.cellLines[k] as number] === 1) {
          ok = false;
          break;
        }
      }
      if (ok) this.moves[count++] = c;
    }
    return count;
  }

  /** Fills `moves` with the legal steps of the seat to move, in a fixed order: placements, announced invocations, invocations. */
  generate(): number {
    const n = this.field.cellCount;
    const seat = this.seat;
    const moves = this.moves;
    let count = 0;
    switch (this.phase) {
      case PH_SWORD:
        for (let c = 0; c < n; c++) if (this.cells[c] === -1) moves[count++] = (SWORD << 8) | c;
        break;
      case PH_TURN: {
        count = this.generatePlacements(seat, count);
        if (this.canInvoke(seat)) {
          const placements = count;
          for (let i = 0; i < placements; i++) {
            const c = moves[i] as number;
            if (this.swordExistsAfterKnight(seat, c)) moves[count++] = (PLACE_THEN_SWORD << 8) | c;
          }
          for (let c = 0; c < n; c++) {
            if (this.swordLegal(seat, c) && this.knightExistsAfterSword(seat, c)) moves[count++] = (SWORD << 8) | c;
          }
        }
        // [decision] a seat with no legal placement passes; the pass is then its only move.
        if (count === 0) moves[count++] = PASS << 8;
        break;
      }
      case PH_KNIGHT:
        count = this.generatePlacements(seat, count);
        break;
      case PH_SWORD_AFTER:
        for (let c = 0; c < n; c++) if (this.swordLegal(seat, c)) moves[count++] = (SWORD << 8) | c;
        break;
      default:
        break;
    }
    this.moveCount = count;
    return count;
  }

  /** Uniformly random legal steps until the game ends (the same choices as `legalMoves` + `nextInt`). */
  playout(rng: RngState): void {
    while (this.phase !== PH_OVER) {
      const count = this.generate();
      this.apply(this.moves[nextInt(rng, count)] as number);
    }
  }

  /** The most knights `seat` could capture with one knight placed now (Excalibur invocations not counted). */
  bestCapture(seat: number, victim: number): number {
    if ((this.hand[seat] as number) <= 0) return 0;
    const f = this.field;
    let best = 0;
    for (let c = 0; c < f.cellCount; c++) {
      if (this.cells[c] !== -1 || c === this.sword) continue;
      let ok = true;
      let gain = 0;
      const k1 = c * 4 + (f.cellLineCount[c] as number);
      for (let k = c * 4; k < k1; k++) {
        const l = f.cellLines[k] as number;
        const a = this.advantage(seat, l) + 1;
        if (a > 2) {
          ok = false;
          break;
        }
        if (a === 2)
          gain +=
            victim < 0
              ? (this.tot[l] as number) - (this.cnt[l * MAX_SEATS + seat] as number)
              : (this.cnt[l * MAX_SEATS + victim] as number);
      }
      if (ok && gain > best) best = gain;
    }
    return best;
  }
}
