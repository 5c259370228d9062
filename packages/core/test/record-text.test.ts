import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { gameById } from '@roundtable/catalog';
import {
  addMove,
  countNodes,
  createRng,
  nextFloat,
  nextInt,
  readRecordText,
  setComment,
  writeRecordText,
  Match,
  type AnyGame,
  type RecordTree,
  type RngState,
  type TreePath,
} from '../src/index.ts';

const camelot = gameById('camelot') as AnyGame;
const lancelot = gameById('lancelot') as AnyGame;
const read = (text: unknown) => readRecordText(text, gameById);

const COMMENTS = [
  'A quiet start',
  'He said "no" (twice)',
  'Une prise forcée\u00a0: le cavalier saute',
  'line one\nline two',
  '[not a tag] @1 12. ((',
  'Ξ ünïcødé 🐴',
];

/** A random tree: a random main line, with variations branching at random points and random comments. */
function randomTree(game: AnyGame, players: number, rng: RngState, plies: number): RecordTree {
  const seed = nextInt(rng, 2) === 0 ? nextInt(rng, 1_000_000) : `seed-${nextInt(rng, 1000)}`;
  const made = Match.create(game, { players, seed });
  if (!made.ok) throw new Error(made.error.code);
  let tree: RecordTree = {
    game: game.id,
    players,
    options: made.value.options as RecordTree['options'],
    seed,
    tags:
      nextInt(rng, 2) === 0
        ? []
        : [
            { name: 'White', value: 'Sir "Kay" \\ of Camelot' },
            { name: 'Event', value: 'Test' },
          ],
    children: [],
  };
  if (nextInt(rng, 4) === 0) tree = setComment(tree, [], COMMENTS[nextInt(rng, COMMENTS.length)] as string);
  // Walk lines: the main one, then variations from random points of what exists.
  const grow = (from: TreePath, state: unknown, length: number): void => {
    let path = from;
    let s = state;
    for (let i = 0; i < length; i++) {
      if (game.outcome(s)) return;
      const seats = game.toMove(s);
      const seat = seats[nextInt(rng, seats.length)] as number;
      const moves = game.legalMoves(s, seat);
      if (moves.length === 0) return;
      const move = moves[nextInt(rng, moves.length)];
      const text = game.formatMove(s, move);
      const next = game.play(s, seat, move);
      if (!next.ok) throw new Error(next.error.code);
      const added = addMove(tree, path, seat, text);
      tree = added.tree;
      path = added.path;
      if (nextFloat(rng) < 0.1) tree = setComment(tree, path, COMMENTS[nextInt(rng, COMMENTS.length)] as string);
      s = next.value;
    }
  };
  grow([], made.value.state, plies);
  const branches = nextInt(rng, 4);
  for (let b = 0; b < branches; b++) {
    // Replay a random prefix of a random existing line, then grow a variation from there.
    const path: number[] = [];
    let s = made.value.state;
    let children = tree.children;
    const stop = nextInt(rng, plies + 1);
    while (children.length > 0 && path.length < stop) {
      const i = nextInt(rng, children.length);
      const node = children[i]!;
      const parsed = game.parseMove(s, node.seat, node.move);
      if (!parsed.ok) throw new Error('bad tree');
      const next = game.play(s, node.seat, parsed.value);
      if (!next.ok) throw new Error('bad tree');
      s = next.value;
      path.push(i);
      children = node.children;
    }
    grow(path, s, 1 + nextInt(rng, 8));
  }
  return tree;
}

describe('The record text (RECORD.md): exact round trip', () => {
  it('writes and reads back 1,000 random games with variations and comments, every game, the same tree and the same text', () => {
    const rng = createRng('record-round-trip');
    const line = (id: string, players: number, plies: number) => ({ game: gameById(id) as AnyGame, players, plies });
    const kinds = [
      line('camelot', 2, 40),
      line('lancelot', 2, 40),
      line('lancelot', 3, 30),
      line('joust', 3, 30),
      line('tournament', 3, 30),
      line('shadows', 4, 20),
    ];
    let nodes = 0;
    for (let i = 0; i < 1000; i++) {
      // Mostly the analysis board's games; every game some of the time.
      const kind = i % 10 < 4 ? kinds[0]! : i % 10 < 7 ? kinds[1]! : kinds[(i % 10) - 5]!;
      const tree = randomTree(kind.game, kind.players, rng, kind.plies);
      const text = writeRecordText(kind.game, tree);
      const back = read(text);
      if (!back.ok) throw new Error(`${JSON.stringify(back.error)}\n${text}`);
      expect(back.value).toEqual(tree);
      expect(writeRecordText(kind.game, back.value)).toBe(text);
      nodes += countNodes(tree);
    }
    expect(nodes).toBeGreaterThan(20_000);
  });

  it('reads a record typed by hand: lower case, spare spaces, no move numbers, and writes it canonically', () => {
    const text = '[Game "camelot"]\n\nf6-f5   g10-g9 {fine} (e10-e9)  e6-e5';
    const tree = read(text);
    if (!tree.ok) throw new Error(JSON.stringify(tree.error));
    expect(writeRecordText(camelot, tree.value)).toBe(
      '[Game "camelot"]\n[Players "2"]\n[Options "variant=camelot ends=seed"]\n[Seed "#1"]\n\n1. F6-F5 G10-G9 {fine} (1... E10-E9) 2. E6-E5\n',
    );
  });

  it('names a seat when several may move, and quotes a move written with spaces (Lancelot’s announced invocation)', () => {
    const made = Match.create(lancelot, { players: 2, options: { excalibur: true }, seed: 3 });
    if (!made.ok) throw new Error('setup');
    const m = made.value;
    let tree: RecordTree = {
      game: 'lancelot',
      players: 2,
      options: m.options as RecordTree['options'],
      seed: 3,
      tags: [],
      children: [],
    };
    let path: number[] = [];
    for (;;) {
      const seat = m.toMove()[0]!;
      const legal = m.legalNotation(seat);
      const move = legal.find((x) => x.includes(' ')) ?? (legal[0] as string);
      m.play(seat, move);
      ({ tree, path } = addMove(tree, path, seat, move));
      if (move.includes(' ')) break;
    }
    const text = writeRecordText(lancelot, tree);
    expect(text).toMatch(/"[A-N]\d+ E:\?"/);
    const back = read(text);
    expect(back.ok && back.value).toEqual(tree);
  });

  it('numbers the first move of a Lancelot match whose first knight is not seat 0 (`1...`), and reads it back', () => {
    // Lancelot draws its first player: seed 1 gives seat 1 the first move at two players.
    const made = Match.create(lancelot, { players: 2, seed: 1 });
    if (!made.ok) throw new Error('setup');
    const m = made.value;
    expect(m.toMove()).toEqual([1]);
    let tree: RecordTree = {
      game: 'lancelot',
      players: 2,
      options: m.options as RecordTree['options'],
      seed: 1,
      tags: [],
      children: [],
    };
    let path: number[] = [];
    for (let i = 0; i < 3; i++) {
      const seat = m.toMove()[0]!;
      const move = m.legalNotation(seat)[0]!;
      m.play(seat, move);
      ({ tree, path } = addMove(tree, path, seat, move));
    }
    const text = writeRecordText(lancelot, tree);
    const moves = text.split('\n\n')[1]!.trim().split(' ');
    expect([moves[0], moves[2], moves.length]).toEqual(['1...', '2.', 5]);
    const back = read(text);
    expect(back.ok && writeRecordText(lancelot, back.value)).toBe(text);
    // A text written before the first move was numbered still reads.
    expect(read(text.replace('1... ', '')).ok).toBe(true);
  });

  it('a record without its Game tag is refused naming the game the reader is for, not another', () => {
    const lancelotOnly = (id: string) => (id === 'lancelot' ? lancelot : undefined);
    const r = readRecordText('[Players "2"]\n\nK4', lancelotOnly, 'lancelot');
    if (r.ok) throw new Error('accepted');
    expect([r.error.reason, r.error.reasonFr]).toEqual([
      'the record names no game: begin it with [Game "lancelot"]',
      'l’enregistrement ne nomme aucun jeu\u00a0: commencez-le par [Game "lancelot"]',
    ]);
    const any = readRecordText('K4', lancelotOnly);
    expect(!any.ok && any.error.reason).toBe('the record names no game: begin it with [Game "…"]');
  });
});

describe('The record text: bad and hostile records are refused with the line and the reason', () => {
  const refusal = (text: string) => {
    const r = read(text);
    if (r.ok) throw new Error(`accepted: ${text}`);
    return r.error;
  };
  const head = '[Game "camelot"]\n';
  const cases: [string, string, number, RegExp][] = [
    ['no game', '1. F6-F5', 1, /names no game/],
    ['an unknown game', '[Game "chess"]\n1. e4', 1, /unknown game "chess"/],
    ['a tag without quotes', '[Game camelot]', 1, /double quotes/],
    ['a tag not closed', '[Game "camelot"\n1. F6-F5', 2, /not closed/],
    ['a tag given twice', `${head}[Game "camelot"]`, 2, /given twice/],
    ['an unknown option', `${head}[Options "speed=fast"]`, 2, /no option "speed"/],
    ['a bad option value', `${head}[Options "variant=hexagons"]`, 2, /variant/],
    ['a bad position', `${head}[Position "8/8 w"]`, 2, /position/i],
    ['an illegal move', `${head}\n1. F6-F5 G10-G9 2. F5-F7`, 3, /F7 is occupied/],
    ['a move that is not notation', `${head}\n1. F6-F5 hello`, 3, /hello/],
    ['a wrong move number', `${head}\n1. F6-F5 G10-G9 3. E6-E5`, 3, /numbered 2\./],
    ['a number with the wrong dots', `${head}\n1... F6-F5`, 3, /numbered 1\./],
    ['an unclosed variation', `${head}\n1. F6-F5 (1. E6-E5\n`, 3, /never closed/],
    ['a variation before any move', `${head}\n(1. F6-F5)`, 3, /must follow the move/],
    ['an empty variation', `${head}\n1. F6-F5 ()`, 3, /at least one move/],
    ['a stray ")"', `${head}\n1. F6-F5 )`, 3, /closes no variation/],
    ['an unclosed comment', `${head}\n1. F6-F5 {oops`, 3, /never closed/],
    ['a stray "}"', `${head}\n1. F6-F5 }`, 3, /closes no comment/],
    ['two comments on a move', `${head}\n1. F6-F5 {a} {b}`, 3, /one comment/],
    ['a tag after the moves', `${head}\n1. F6-F5 [Seed "2"]`, 3, /tags come before/],
    ['a seat that may not move', `${head}\n1. @1 F6-F5`, 3, /seat 1 may not move/],
    ['a bad seat', `${head}\n1. @x F6-F5`, 3, /not a seat/],
    ['a number at the end', `${head}\n1. F6-F5 2.`, 3, /ends before a move/],
    ['the same move twice at one point', `${head}\n1. F6-F5 (1. F6-F5)`, 3, /already a move here/],
    ['a bad escape', `${head}[White "a\\b"]`, 2, /escaped/],
  ];
  for (const [name, text, line, reason] of cases) {
    it(`refuses ${name}, at line ${line}`, () => {
      const e = refusal(text);
      expect(e.code).toBe('BAD_RECORD_TEXT');
      expect(e.line).toBe(line);
      expect(e.reason).toMatch(reason);
      expect(e.reasonFr.length).toBeGreaterThan(5);
      expect(e.column).toBeGreaterThan(0);
    });
  }

  it('refuses what is not text, and records past the limits (length, nesting, moves) without running out of stack', () => {
    expect(refusal(42 as unknown as string).reason).toMatch(/text/);
    expect(refusal(`${head}${' '.repeat(1_000_001)}`).reason).toMatch(/longer than/);
    // Each variation replaces the one it is in: 100 different first moves, nested.
    const firsts = (Match.create(camelot).ok ? (Match.create(camelot) as any).value.legalNotation(0) : []) as string[];
    const deep = `${head}\n${firsts.map((m) => `1. ${m}`).join(' (')}`;
    expect(refusal(deep).reason).toMatch(/nested at most 64/);
    const many = `${head}${Array.from({ length: 65 }, (_, i) => `[T${i} "x"]`).join('\n')}`;
    expect(refusal(many).reason).toMatch(/at most 64 tags/);
  });

  it('answers every string with a tree or a refusal, never an exception', () => {
    const alphabet = fc.constantFrom(...'[]{}()"\\@.0123456789 \nF6-5Gx1abc'.split(''));
    fc.assert(
      fc.property(fc.string({ unit: alphabet, maxLength: 80 }), (tail) => {
        const r = read(`${head}\n${tail}`);
        if (!r.ok) {
          expect(r.error.code).toBe('BAD_RECORD_TEXT');
          expect(r.error.line).toBeGreaterThanOrEqual(1);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('leaves nothing half-read: a refusal returns no tree, and the same text gives the same refusal', () => {
    const text = `${head}\n1. F6-F5 G10-G9 2. E6-E5 (2. Z9-Z9)`;
    expect(read(text)).toEqual(read(text));
  });
});
