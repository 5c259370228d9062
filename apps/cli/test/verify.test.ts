import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createRng, Match, nextInt, seedCommitment } from '@roundtable/core';
import { gameById } from '@roundtable/catalog';
import { verifyCommand } from '../src/verify.ts';

const dir = mkdtempSync(join(tmpdir(), 'rt-verify-'));
const SEED = 'v2:0123456789abcdef0123456789abcdef';

/** A finished joust record, as the server exports it (seed and commitment). */
function record(): Record<string, unknown> {
  const game = gameById('joust')!;
  const m = Match.create(game, { players: 3, options: {}, seed: SEED });
  if (!m.ok) throw new Error('setup');
  const rng = createRng(1);
  const match = m.value;
  while (!match.outcome()) {
    const seat = match.toMove()[0]!;
    const moves = match.legalNotation(seat);
    const played = match.play(seat, moves[nextInt(rng, moves.length)]!);
    if (!played.ok) throw new Error(played.error.code);
  }
  return { ...match.record(), commitment: seedCommitment(SEED) };
}

function run(args: string[]): { code: number; out: string; err: string } {
  const out = new PassThrough();
  const err = new PassThrough();
  const code = verifyCommand(args, gameById, out, err);
  return { code, out: String(out.read() ?? ''), err: String(err.read() ?? '') };
}

describe('roundtable verify', () => {
  const rec = record();
  const file = join(dir, 'ok.json');
  writeFileSync(file, JSON.stringify(rec));

  it('checks the revealed seed against the commitment seen at the start, and replays every move', () => {
    const r = run([file, '--commitment', seedCommitment(SEED)]);
    expect(r.code).toBe(0);
    expect(r.out).toContain('matches');
    expect(r.out).toMatch(/replay +\d+ moves, all legal; ended/);
  });

  it('says so when the seed is not the one committed to (exit 1)', () => {
    const r = run([file, '--commitment', seedCommitment(`${SEED.slice(0, -1)}e`)]);
    expect(r.code).toBe(1);
    expect(r.out).toContain('DOES NOT MATCH');
    const swapped = join(dir, 'swapped.json');
    writeFileSync(swapped, JSON.stringify({ ...rec, seed: 'v2:ffffffffffffffffffffffffffffffff' }));
    const s = run([swapped]);
    expect(s.code).toBe(1);
    expect(s.out).toContain('DOES NOT MATCH');
  });

  it('refuses what it cannot check, with one clear line (exit 2)', () => {
    expect(run([]).err).toContain('name the record file');
    expect(run([join(dir, 'missing.json')]).code).toBe(2);
    const noSeed = join(dir, 'noseed.json');
    writeFileSync(noSeed, JSON.stringify({ ...rec, seed: undefined }));
    expect(run([noSeed]).err).toContain('no seed');
    expect(run([file, '--commitment', 'abc']).err).toContain('64 hex digits');
  });
});
