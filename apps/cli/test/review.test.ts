import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { gameById } from '@roundtable/catalog';
import { Match, createRng, nextInt } from '@roundtable/core';
import { reviewCommand } from '../src/review.ts';
import { BIN, ENV } from './fixtures/engine-process.ts';

const dir = mkdtempSync(join(tmpdir(), 'rt-review-'));
// A quiet opening, then a man stepped aside that leaves a piece to black's compulsory jump.
const MOVES = ['C6-E8', 'J11-H9', 'G6-G8', 'D11-F9', 'D7-C7'];
const record = {
  game: 'camelot',
  players: 2,
  options: {},
  seed: 1,
  moves: MOVES.map((move, i) => ({ seat: i % 2, move })),
};
const file = join(dir, 'match.json');
writeFileSync(file, JSON.stringify(record));

function run(args: string[], lang: 'en' | 'fr' = 'en'): { code: number; out: string; err: string } {
  const out = new PassThrough();
  const err = new PassThrough();
  const code = reviewCommand(args, gameById, lang, out, err);
  return { code, out: String(out.read() ?? ''), err: String(err.read() ?? '') };
}

describe('roundtable review', () => {
  it('prints one line per move with the chances, and the blunder with its class and the better move', () => {
    const r = run([file, '--nodes', '20000']);
    expect(r.code).toBe(0);
    const lines = r.out.trim().split('\n');
    expect(lines[0]).toMatch(/^Camelot: review at 20,000 nodes a position/);
    expect(lines).toHaveLength(1 + MOVES.length + 2);
    expect(lines[5]).toMatch(/5\. White +D7-C7 +White \d+% +blunder \(−\d+\), better [A-L]\d+-/);
    expect(lines[6]).toMatch(/^White: accuracy [\d.]+, 0 inaccuracies, 0 mistakes, 1 blunder$/);
    const fr = run([file, '--nodes', '20000'], 'fr');
    expect(fr.out).toMatch(/gaffe \(−\d+\), mieux/);
    expect(fr.out).toContain('Blanc\u00a0: précision');
  });

  it('reviews a card game from each seat’s own view: what the strong bot preferred, the loss, each seat’s luck', () => {
    const game = gameById('joust')!;
    const made = Match.create(game, { players: 2, seed: 2 });
    if (!made.ok) throw new Error('setup');
    const m = made.value;
    const rng = createRng('cli-review');
    while (!m.outcome()) {
      const seat = m.toMove()[0]!;
      const legal = m.legalNotation(seat);
      m.play(seat, legal[nextInt(rng, legal.length)]!);
    }
    const cards = join(dir, 'joust.json');
    writeFileSync(cards, JSON.stringify(m.record()));
    const r = run([cards, '--iterations', '100']);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^Camelot, le jeu de cartes|review at 100 iterations a decision/m);
    expect(r.out).toMatch(/preferred [^\n]+ \d+%/);
    // Each decision in the words of the match's log, never the engine's notation ("end", "start yellow").
    expect(r.out).toMatch(/^ +1\. Knight \d opens the tournament: it will be \w+\./m);
    expect(r.out).toMatch(/^ +\d+\. Knight \d ends their turn \(total \d+\)\./m);
    expect(r.out).not.toMatch(/^ +\d+\. Knight \d +(end|start|play|token) /m);
    const seats = r.out.trim().split('\n').slice(-2);
    for (const line of seats) expect(line).toMatch(/mean loss \d+%, luck [+−]\d+%$/);
  });

  it('reads a record text with variations (its main line) as well as JSON', () => {
    const text = join(dir, 'match.txt');
    writeFileSync(text, `[Game "camelot"]\n\n1. C6-E8 J11-H9 (1... C11-E9) 2. G6-G8\n`);
    const r = run([text, '--json', '--nodes', '2000']);
    expect(r.code).toBe(0);
    const review = JSON.parse(r.out);
    expect(review.plies.map((p: { move: string }) => p.move)).toEqual(['C6-E8', 'J11-H9', 'G6-G8']);
  });

  it('refuses a record that does not replay (exit 1, the move named) and bad flags (exit 2)', () => {
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify({ ...record, moves: [{ seat: 0, move: 'C6-C9' }] }));
    const r = run([bad]);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/move 0 \(C6-C9\)/);
    expect(run([]).code).toBe(2);
    expect(run([file, '--nodes', 'lots']).err).toMatch(/--nodes must be a whole number/);
    const broken = join(dir, 'broken.txt');
    writeFileSync(broken, '[Game "camelot"]\n\n1. C6-E8 (');
    const t = run([broken]);
    expect(t.code).toBe(1);
    expect(t.err).toMatch(/line 3, column 10/);
  });

  it('answers scripts through the real executable: --json, every ply with its evaluation, class and better move', async () => {
    const { stdout, code } = await new Promise<{ stdout: string; code: number | null }>((resolve) => {
      const child = spawn(process.execPath, [BIN, 'review', file, '--json', '--nodes', '3000'], { env: ENV });
      let stdout = '';
      child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
      child.on('close', (c) => resolve({ stdout, code: c }));
    });
    expect(code).toBe(0);
    const review = JSON.parse(stdout);
    expect(review.plies).toHaveLength(MOVES.length);
    for (const p of review.plies) {
      expect(p.chances).toHaveLength(2);
      expect(p).toHaveProperty('class');
      expect(p).toHaveProperty('best');
    }
  });
});
