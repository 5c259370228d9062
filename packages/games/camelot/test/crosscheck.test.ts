/**
 * The fast engine against the slow reference (./reference.ts, written from the rules alone). For thousands of
 * positions the set of resulting positions must be the same, every reference path must be read by the
 * engine's parser and lead to the same result, and perft from the start must agree.
 *
 * Positions come from random games played by the engine and from random hand-built setups with few pieces,
 * aimed at the rare rules: knights next to enemies (charges), pieces in their own castle, pieces in the enemy
 * castle with 0, 1 or 2 castle moves used.
 */
import { describe, expect, it } from 'vitest';
import { camelot } from '@roundtable/camelot';
import {
  FILES,
  SQUARES,
  START,
  buildPosition,
  enemyCastle,
  neighbours,
  ownCastle,
  parsePosition,
  referenceMoves,
  referencePerft,
  squareName,
  type Colour,
} from './reference.ts';

/** Random games played from the start, and the longest one in plies (CAMELOT_GAMES=… for a longer hunt). */
const RANDOM_GAMES = Number(process.env.CAMELOT_GAMES ?? 3);
const MAX_PLIES = 160;
/** Random hand-built setups (CAMELOT_SETUPS=… for a longer hunt), and the PRNG seed of both. */
const RANDOM_SETUPS = Number(process.env.CAMELOT_SETUPS ?? 2500);
const SEED = Number(process.env.CAMELOT_SEED ?? 2026);
/** A test may run long when the counts above are raised from the environment. */
const LONG_HUNT = 20 * 60_000;
/** Disagreements shown in a failure message. */
const SHOWN = 8;

// ---------------------------------------------------------------------------------------------------------
// A seeded PRNG (mulberry32), so a failure can be replayed.
// ---------------------------------------------------------------------------------------------------------

function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)]!;
}

// ---------------------------------------------------------------------------------------------------------
// The engine, through its public interface only.
// ---------------------------------------------------------------------------------------------------------

type State = Parameters<typeof camelot.legalMoves>[0];

const parsedOptions = camelot.parseOptions({}, 2);
if (!parsedOptions.ok) throw new Error(`parseOptions: ${JSON.stringify(parsedOptions.error)}`);
const options = parsedOptions.value;

function read(text: string): State {
  const result = camelot.position!.read(text, { players: 2, options });
  if (!result.ok) throw new Error(`engine refuses ${text}: ${JSON.stringify(result.error)}`);
  return result.value;
}

const write = (state: State): string => camelot.position!.write(state);

/** The value of an engine result, or a thrown error naming the refusal. */
function must<T>(result: { ok: true; value: T } | { ok: false; error: unknown }): T {
  if (!result.ok) throw new Error(`engine refuses: ${JSON.stringify(result.error)}`);
  return result.value;
}

/** The engine's moves from a state: each written in its notation, with the resulting position string. */
function engineMoves(state: State): { path: string; result: string }[] {
  const seat = camelot.toMove(state)[0];
  if (seat === undefined) return [];
  return camelot.legalMoves(state, seat).map((move) => {
    const next = camelot.play(state, seat, move);
    if (!next.ok) throw new Error(`engine refuses its own move ${camelot.formatMove(state, move)} in ${write(state)}`);
    return { path: camelot.formatMove(state, move), result: write(next.value) };
  });
}

// ---------------------------------------------------------------------------------------------------------
// The comparison of one position.
// ---------------------------------------------------------------------------------------------------------

interface Disagreement {
  readonly position: string;
  readonly what: string;
  readonly moves: readonly string[];
}

/**
 * Compares the engine with the reference in one position (the engine says the game is not over) and returns
 * what differs: moves only one side has, duplicate engine moves, reference paths the parser refuses or reads
 * as another move.
 */
function compare(state: State): Disagreement[] {
  const position = write(state);
  const found: Disagreement[] = [];
  const reference = referenceMoves(position);
  const engine = engineMoves(state);
  const engineResults = new Map(engine.map((m) => [m.result, m.path]));

  const missing = [...reference].filter(([result]) => !engineResults.has(result)).map(([, path]) => path);
  if (missing.length > 0) found.push({ position, what: 'legal by the rules, missing from the engine', moves: missing });
  const extra = engine.filter((m) => !reference.has(m.result)).map((m) => m.path);
  if (extra.length > 0) found.push({ position, what: 'offered by the engine, illegal by the rules', moves: extra });
  if (engineResults.size !== engine.length) {
    // A move is its resulting position (rules: Notation and counting): two engine moves with one result are one.
    const groups = [...engineResults.keys()].map((result) =>
      engine.filter((m) => m.result === result).map((m) => m.path),
    );
    const duplicates = groups.filter((paths) => paths.length > 1).map((paths) => paths.join(' = '));
    found.push({ position, what: 'engine lists one resulting position twice', moves: duplicates });
  }
  if (reference.size === 0) found.push({ position, what: 'engine says not over, but no legal move', moves: [] });

  // Every reference path must be read by the engine's parser and lead to the same position.
  const seat = camelot.toMove(state)[0]!;
  const unread: string[] = [];
  for (const [result, path] of reference) {
    const parsed = camelot.parseMove(state, seat, path);
    const next = parsed.ok ? camelot.play(state, seat, parsed.value) : null;
    if (next === null || !next.ok || write(next.value) !== result) {
      unread.push(
        parsed.ok
          ? `${path} (read as ${camelot.formatMove(state, parsed.value)})`
          : `${path} (${JSON.stringify(parsed.error)})`,
      );
    }
  }
  if (unread.length > 0)
    found.push({ position, what: 'reference path refused or misread by parseMove', moves: unread });
  return found;
}

/**
 * What the compared positions exercised, counted from the reference's moves, so a reader can see that the rare
 * rules were reached (a crosscheck that never meets a charge proves nothing about charges).
 */
class Coverage {
  private readonly counts = new Map<string, number>();

  add(position: string): void {
    const [, side] = position.split(' ') as [string, 'w' | 'b'];
    const colour: Colour = side === 'w' ? 'white' : 'black';
    const paths = [...referenceMoves(position).values()];
    const ends = (path: string) => path.split(/[-x]/).at(-1)!;
    const board = parsePosition(position).board;
    this.count(
      'own-castle piece to move',
      ownCastle(colour).some((s) => board.get(s)?.colour === colour),
    );
    this.count('compulsory capture', paths.length > 0 && paths.every((p) => p.includes('x')));
    this.count(
      'knight’s charge',
      paths.some((p) => /-.*x/.test(p)),
    );
    this.count(
      'jump into own castle',
      paths.some((p) => ownCastle(colour).includes(ends(p))),
    );
    this.count(
      'entry into enemy castle',
      paths.some((p) => enemyCastle(colour).includes(ends(p))),
    );
    this.count(
      'castle move',
      paths.some((p) => enemyCastle(colour).includes(p.split('-')[0]!)),
    );
    this.count('no legal move', paths.length === 0);
  }

  private count(what: string, present: boolean): void {
    if (present) this.counts.set(what, (this.counts.get(what) ?? 0) + 1);
  }

  toString(): string {
    return [...this.counts].map(([what, n]) => `${what} ${n}`).join(', ');
  }
}

/** The first few disagreements of each kind, smallest positions first (the easiest to read). */
function report(disagreements: readonly Disagreement[]): string {
  const kinds = [...new Set(disagreements.map((d) => d.what))];
  return kinds
    .map((what) => {
      const ofKind = disagreements
        .filter((d) => d.what === what)
        .sort((a, b) => pieces(a.position) - pieces(b.position));
      const shown = ofKind.slice(0, SHOWN).map((d) => `  ${d.position}: ${d.moves.slice(0, 10).join(' ')}`);
      return `${what} (${ofKind.length} positions)\n${shown.join('\n')}`;
    })
    .join('\n');
}

function pieces(position: string): number {
  return position.split(' ')[0]!.replace(/[^mkMK]/g, '').length;
}

// ---------------------------------------------------------------------------------------------------------
// Random hand-built setups.
// ---------------------------------------------------------------------------------------------------------

type Letter = 'M' | 'K' | 'm' | 'k';

function letter(colour: Colour, knight: boolean): Letter {
  if (colour === 'white') return knight ? 'K' : 'M';
  return knight ? 'k' : 'm';
}

function colourOf(piece: Letter | undefined): Colour | undefined {
  if (piece === undefined) return undefined;
  return piece === 'M' || piece === 'K' ? 'white' : 'black';
}

/** Squares near the castles, where the castle rules bite. */
const NEAR_CASTLES = SQUARES.filter((s) => {
  const rank = Number(s.slice(1));
  return rank <= 4 || rank >= 13;
});

/**
 * A random position that is not over: each side has at least one piece and one side at least two; no side holds
 * both enemy castle squares; only the side to move may have a piece in its own castle (NOTATION.md).
 */
function randomSetup(random: () => number): string {
  const side: Colour = random() < 0.5 ? 'white' : 'black';
  const pieces: Record<string, Letter> = {};
  const free = (square: string) => pieces[square] === undefined;
  const place = (square: string, colour: Colour, knight: boolean) => {
    if (!free(square)) return false;
    // No side has more pieces of a kind than at the start (the engine refuses such setups).
    const kind = letter(colour, knight);
    if (Object.values(pieces).filter((l) => l === kind).length >= (knight ? 4 : 10)) return false;
    // Only the side to move may stand in its own castle, and a side may hold one enemy castle square at most
    // (and never two pieces at once: the second could only have jumped in while the first had to leave).
    if (ownCastle(colour).includes(square) && (colour !== side || ownCastle(colour).some((s) => !free(s))))
      return false;
    if (enemyCastle(colour).includes(square) && enemyCastle(colour).some((s) => colourOf(pieces[s]) === colour))
      return false;
    pieces[square] = letter(colour, knight);
    return true;
  };

  // The castle scenarios, each in a fraction of the setups.
  if (random() < 0.3) place(pick(random, ownCastle(side)), side, random() < 0.4);
  for (const colour of ['white', 'black'] as const) {
    if (random() < 0.3) place(pick(random, enemyCastle(colour)), colour, random() < 0.3);
  }
  // A jump into one's own castle: an enemy next to it (E2 F2 G2 for White) and a piece of the side to move
  // behind that enemy (D3 F3 H3 or E3 G3 I3).
  if (random() < 0.2) {
    const castle = pick(random, ownCastle(side));
    const enemy: Colour = side === 'white' ? 'black' : 'white';
    const inward = side === 'white' ? 1 : -1;
    const df = pick(random, [-1, 0, 1]);
    const file = FILES.indexOf(castle[0]!);
    const rank = Number(castle.slice(1));
    place(squareName(file + df, rank + inward), enemy, random() < 0.3);
    place(squareName(file + 2 * df, rank + 2 * inward), side, random() < 0.3);
  }
  // Knights with enemies and friends next to them: charges and the knight's canter rule.
  const knights = Math.floor(random() * 3);
  for (let i = 0; i < knights; i++) {
    const colour: Colour = random() < 0.6 ? side : side === 'white' ? 'black' : 'white';
    const at = pick(random, SQUARES);
    if (!place(at, colour, true)) continue;
    for (const near of neighbours(at)) {
      const r = random();
      if (r < 0.25) place(near, colour === 'white' ? 'black' : 'white', random() < 0.2);
      else if (r < 0.4) place(near, colour, random() < 0.3);
    }
  }
  // A few more pieces, mostly near the castles.
  const more = Math.floor(random() * 6);
  for (let i = 0; i < more; i++) {
    const square = random() < 0.7 ? pick(random, NEAR_CASTLES) : pick(random, SQUARES);
    place(square, random() < 0.5 ? 'white' : 'black', random() < 0.3);
  }
  // At least one piece each, two for one side (else the game is a draw or already won).
  const count = (colour: Colour) => Object.values(pieces).filter((l) => colourOf(l) === colour).length;
  for (const colour of ['white', 'black'] as const) {
    while (count(colour) < 1) place(pick(random, SQUARES), colour, random() < 0.3);
  }
  while (count('white') < 2 && count('black') < 2) place(pick(random, SQUARES), side, false);

  const castles = (): number => pick(random, [0, 1, 2]);
  return buildPosition(
    pieces,
    side === 'white' ? 'w' : 'b',
    [castles(), castles()],
    Math.floor(random() * 90),
    1 + Math.floor(random() * 60),
  );
}

// ---------------------------------------------------------------------------------------------------------
// The tests.
// ---------------------------------------------------------------------------------------------------------

/**
 * A piece that ends its jump in its own castle must leave on its side's next turn (rules: Settled points), so the
 * two plies after such a jump are compared too. They are reached by playing, so the random setups (which
 * follow NOTATION.md: only the side to move may stand in its own castle) still meet the ply in between.
 */
function afterStayingInOwnCastle(state: State, random: () => number): Disagreement[] {
  const seat = camelot.toMove(state)[0]!;
  const colour: Colour = seat === 0 ? 'white' : 'black';
  const found: Disagreement[] = [];
  for (const move of camelot.legalMoves(state, seat)) {
    let next = must(camelot.play(state, seat, move));
    const stays = ownCastle(colour).some((s) => parsePosition(write(next)).board.get(s)?.colour === colour);
    if (!stays) continue;
    for (let ply = 0; ply < 2 && camelot.outcome(next) === null; ply++) {
      found.push(...compare(next));
      const mover = camelot.toMove(next)[0]!;
      next = must(camelot.play(next, mover, pick(random, camelot.legalMoves(next, mover))));
    }
  }
  return found;
}

describe('engine and reference agree on the legal moves', () => {
  it(
    `in ${RANDOM_GAMES} random games from the start`,
    () => {
      const random = prng(SEED);
      const disagreements: Disagreement[] = [];
      let positions = 0;
      const coverage = new Coverage();
      for (let game = 0; game < RANDOM_GAMES; game++) {
        let state = read(START);
        for (let ply = 0; ply < MAX_PLIES && camelot.outcome(state) === null; ply++) {
          const text = write(state);
          const again = camelot.position!.read(text, { players: 2, options });
          if (!again.ok || write(again.value) !== text) {
            disagreements.push({ position: text, what: 'engine cannot read back its own position string', moves: [] });
          }
          disagreements.push(...compare(state));
          coverage.add(text);
          positions++;
          const seat = camelot.toMove(state)[0]!;
          const moves = camelot.legalMoves(state, seat);
          if (moves.length === 0) break;
          const next = camelot.play(state, seat, pick(random, moves));
          if (!next.ok) throw new Error(JSON.stringify(next.error));
          state = next.value;
        }
      }
      console.log(`random games: ${positions} positions compared; ${coverage}`);
      expect(report(disagreements)).toBe('');
    },
    LONG_HUNT,
  );

  it(
    `in ${RANDOM_SETUPS} random hand-built setups near the castles and around knights`,
    () => {
      const random = prng(SEED + 1);
      const disagreements: Disagreement[] = [];
      let compared = 0;
      const coverage = new Coverage();
      for (let i = 0; i < RANDOM_SETUPS; i++) {
        const text = randomSetup(random);
        const state = read(text);
        expect(write(state)).toBe(text);
        const outcome = camelot.outcome(state);
        if (outcome === null) {
          disagreements.push(...compare(state));
          coverage.add(text);
          compared++;
          disagreements.push(...afterStayingInOwnCastle(state, random));
        } else if (referenceMoves(text).size > 0) {
          // These setups are built not to be over unless the side to move has no legal move.
          disagreements.push({
            position: text,
            what: `engine says over (${JSON.stringify(outcome)}) but moves exist`,
            moves: [],
          });
        }
      }
      console.log(`random setups: ${compared} of ${RANDOM_SETUPS} compared (the rest: no legal move); ${coverage}`);
      expect(report(disagreements)).toBe('');
    },
    LONG_HUNT,
  );
});

describe('minimised positions, each named after the rule that decides it', () => {
  /** The engine's results as a sorted list, duplicates kept, beside the reference's. */
  function both(text: string) {
    return {
      engine: engineMoves(read(text))
        .map((m) => m.result)
        .sort(),
      reference: [...referenceMoves(text).keys()].sort(),
    };
  }

  it('a move is identified by its result: two knights each charging back to their own square are one move', () => {
    // I10-I12-K10xI10 and J11-H11-J9xJ11 both remove J10 and leave every other piece where it stood.
    const { engine, reference } = both(buildPosition({ I10: 'K', I11: 'M', J11: 'K', J10: 'm', A13: 'm' }));
    expect(engine).toEqual(reference);
  });

  it('a jump may end in its own castle, and the position after it can be written and read back', () => {
    // Rules: "A jump may land there; … if it stays it must leave on the next turn": so Black moves in between.
    const start = read(buildPosition({ F3: 'M', F2: 'm', A13: 'm', L13: 'm' }));
    const text = write(must(camelot.play(start, 0, must(camelot.parseMove(start, 0, 'F3xF1')))));
    expect(text).toBe(buildPosition({ F1: 'M', A13: 'm', L13: 'm' }, 'b'));
    expect(camelot.position!.read(text, { players: 2, options }).ok).toBe(true);
  });

  it('a straight run of canters may be abbreviated (Chaxx–Nolan J11-F11-D11xF9)', () => {
    // F11 is a jump square (over E10 to D9); the knight canters past it and captures from D11.
    const text = buildPosition({ J11: 'k', I11: 'm', G11: 'm', E11: 'm', E10: 'M', A4: 'M' }, 'b');
    const state = read(text);
    const full = must(camelot.parseMove(state, 1, 'J11-H11-F11-D11xF9'));
    const short = must(camelot.parseMove(state, 1, 'J11-F11-D11xF9'));
    expect(write(must(camelot.play(state, 1, short)))).toBe(write(must(camelot.play(state, 1, full))));
  });
});

describe('perft from the start (rules: Notation and counting)', () => {
  /** Leaf count through the engine's legalMoves/play; at the last level the moves are counted, not played. */
  function enginePerft(state: State, depth: number): number {
    const seat = camelot.toMove(state)[0];
    if (seat === undefined) return 0;
    const moves = camelot.legalMoves(state, seat);
    if (depth === 1) return moves.length;
    let total = 0;
    for (const move of moves) total += enginePerft(must(camelot.play(state, seat, move)), depth - 1);
    return total;
  }

  /**
   * Perft 3 through legalMoves/play costs ~8 s, so from depth 3 the engine's own fast `perft` is compared (it
   * must agree with legalMoves/play: the engine's tests check that). The reference computes every depth.
   */
  for (const depth of [1, 2, 3]) {
    it(`perft(${depth}): the reference and the engine count the same leaves`, () => {
      const start = read(START);
      const engine =
        depth <= 2 || camelot.perft === undefined ? enginePerft(start, depth) : camelot.perft(start, depth);
      if (depth <= 2 && camelot.perft !== undefined) expect(camelot.perft(start, depth)).toBe(engine);
      const reference = referencePerft(START, depth);
      console.log(`perft(${depth}): reference ${reference}, engine ${engine}`);
      expect(engine).toBe(reference);
    });
  }
});
