import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { describeError, replay, seedCommitment, seedText, type AnyGame, type Seed } from '@roundtable/core';

export const VERIFY_USAGE = 'roundtable verify RECORD.json [--commitment HEX]';

const VERIFY_HELP = `Checks that a finished online match was dealt fairly: the seed its record reveals is the one the server
committed to when the match started (SHA-256 of the seed text), and the record replays, every move legal.

usage: ${VERIFY_USAGE}

  RECORD.json        the record, as GET /api/matches/:id/record exports it ("-" reads standard input)
  --commitment HEX   the commitment you saw at the start (the match summary's "commitment"); without it, the
                     one inside the record is checked (that only proves the record is self-consistent)
  -h, --help         this help

By hand: printf %s "$SEED" | sha256sum   (a number seed N is hashed as "#N")
Exit code: 0 verified, 1 a mismatch or a move that does not replay, 2 a usage error.
`;

/** `roundtable verify`: prints what it checked, line by line; returns the exit code. */
export function verifyCommand(
  argv: readonly string[],
  findGame: (id: string) => AnyGame | undefined,
  out: NodeJS.WritableStream = process.stdout,
  errOut: NodeJS.WritableStream = process.stderr,
): number {
  const usage = (message: string): number => {
    errOut.write(`error: ${message}\nusage: ${VERIFY_USAGE}\n`);
    return 2;
  };
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      options: { commitment: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    });
  } catch (e) {
    return usage((e as Error).message);
  }
  if (parsed.values.help) {
    out.write(VERIFY_HELP);
    return 0;
  }
  const [file, ...extra] = parsed.positionals;
  if (file === undefined) return usage('name the record file to check');
  if (extra.length > 0) return usage(`one record at a time, not also "${extra[0]}"`);
  let record: Record<string, unknown>;
  try {
    const text = readFileSync(file === '-' ? 0 : file, 'utf8');
    const value = JSON.parse(text) as unknown;
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      return usage(`${file} does not hold a record (a JSON object)`);
    record = value as Record<string, unknown>;
  } catch (e) {
    return usage(`cannot read ${file}: ${(e as Error).message}`);
  }
  const seed = record.seed as Seed;
  if (!((typeof seed === 'number' && Number.isSafeInteger(seed)) || (typeof seed === 'string' && seed.length > 0))) {
    return usage("the record has no seed (only a finished match's record reveals it)");
  }
  const expected = parsed.values.commitment ?? (typeof record.commitment === 'string' ? record.commitment : undefined);
  if (expected === undefined)
    return usage('no commitment to check against: pass --commitment (the one the match summary showed at the start)');
  if (!/^[0-9a-fA-F]{64}$/.test(expected))
    return usage(`the commitment must be 64 hex digits (SHA-256), not "${expected}"`);
  const actual = seedCommitment(seed);
  out.write(`seed        ${JSON.stringify(seed)} (hashed as ${JSON.stringify(seedText(seed))})\n`);
  out.write(`sha256      ${actual}\n`);
  const same = actual === expected.toLowerCase();
  out.write(
    `commitment  ${expected.toLowerCase()} ${same ? 'matches' : 'DOES NOT MATCH: the deal is not the one committed to'}\n`,
  );
  const game = typeof record.game === 'string' ? findGame(record.game) : undefined;
  if (!game) return usage(`unknown game ${JSON.stringify(record.game)}`);
  const replayed = replay(game, record);
  if (!replayed.ok) {
    out.write(`replay      FAILED: ${describeError(replayed.error, 'en', game.messages)}\n`);
    return 1;
  }
  const outcome = replayed.value.outcome();
  out.write(
    `replay      ${replayed.value.history.length} moves, all legal; ${outcome ? `ended: ${outcome.reason}, winners ${JSON.stringify(outcome.winners)}` : 'not over'}\n`,
  );
  return same ? 0 : 1;
}
