import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { BIN, ENV } from './fixtures/engine-process.ts';

/** Runs the real executable; the tests run concurrently, each process being mostly start-up time. */
function run(args: string[], input = ''): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], { env: ENV, timeout: 30_000 });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(input);
  });
}

/** A usage error: exit code 2, one clear line on stderr, no stack trace. */
async function expectUsage(args: string[], message: string | RegExp): Promise<void> {
  const r = await run(args);
  expect(r.code).toBe(2);
  expect(r.stderr).toMatch(message);
  expect(r.stderr).not.toMatch(/\n\s+at /);
}

describe.concurrent('command line: bad flags exit with code 2 and a clear message', () => {
  it('unknown game', () => expectUsage(['play', 'chess'], /Unknown game "chess" \(known: camelot, .*nim/));
  it('players out of range', () =>
    expectUsage(['play', 'camelot', '--players', '3'], /This game is for 2 players, not 3\./));
  it('players not a number', () =>
    expectUsage(['play', 'nim', '--players', 'two'], /--players must be a whole number/));
  it('an unknown option', () =>
    expectUsage(['play', 'nim', '--option', 'speed=3'], /Option "speed": unknown option \(known: heaps, misere\)/));
  it('an option out of range', () =>
    expectUsage(['play', 'nim', '--option', 'heaps=9'], /Option "heaps": must be a whole number from 1 to 6/));
  it('an option without a value', () =>
    expectUsage(['play', 'nim', '--option', 'heaps'], /--option expects key=value/));
  it('a bad seat', () => expectUsage(['play', 'nim', '--seat1', 'wizard'], /--seat1: "wizard" is not a player/));
  it('a seat the game does not have', () =>
    expectUsage(['play', 'nim', '--seat2', 'human'], /no seat 2 in a 2-player game/));
  it('--white for a game without sides', () =>
    expectUsage(['play', 'nim', '--white', 'human'], /--white is for games with a white side/));
  it('a bad position', () => expectUsage(['play', 'camelot', '--position', 'nonsense'], /Bad position string/));
  it('an unknown flag', () => expectUsage(['play', 'camelot', '--colour'], /unknown option '--colour'/));
  it('an unknown command', () =>
    expectUsage(['fly'], /unknown command "fly" \(commands: play, serve, arena, .*engine, perft, bench/));
  it('a bad language', () =>
    expectUsage(['--lang', 'de', 'play', 'camelot'], /--lang.*de.*is invalid|Allowed choices/));
  it('perft with a bad depth', () => expectUsage(['perft', 'camelot', 'deep'], /the depth must be a whole number/));
  it('perft of a game that hides information', () =>
    expectUsage(['perft', 'secret-nim', '2'], /perft is only defined for games of perfect information/));
  it('messages in French with --lang fr', () =>
    expectUsage(['--lang', 'fr', 'play', 'echecs'], /Jeu inconnu «\u00a0echecs\u00a0»/));
  // Issue 14: arguments that used to be accepted, or to print help, or to block.
  it('perft with a negative depth', () =>
    expectUsage(['perft', 'camelot', '-1'], /The depth must be a whole number from 0 to 6, not -1\./));
  it('perft deeper than the game allows', () => expectUsage(['perft', 'camelot', '12'], /from 0 to 6, not 12/));
  it('engine with extra arguments', () => expectUsage(['engine', 'extra'], /too many arguments for 'engine'/));
  it('perft with extra arguments', () =>
    expectUsage(['perft', 'camelot', '1', 'extra'], /too many arguments for 'perft'/));
  it('rules with extra arguments', () => expectUsage(['rules', 'camelot', 'extra'], /too many arguments for 'rules'/));
  it('engine with an unknown level', () =>
    expectUsage(['engine', '--level', 'wizard'], /--level: Unknown bot level "wizard" \(known: .*strong, book\)/));
  it("a book seat for a game without a book, naming the game's levels", () =>
    expectUsage(
      ['play', 'joust', '--seat1', 'bot-book'],
      /--seat1: The bot level "book" is not offered for joust, only for camelot \(levels for joust: random, greedy, easy, medium, strong\)\./,
    ));
  it('and in French', () =>
    expectUsage(
      ['--lang', 'fr', 'play', 'joust', '--players', '3', '--seat2', 'book'],
      /--seat2: Le niveau de bot «\u00a0book\u00a0» n’est pas proposé pour joust, seulement pour camelot \(niveaux pour joust\u00a0: random, greedy, easy, medium, strong\)\./,
    ));
  it('help for an unknown command', () =>
    expectUsage(
      ['help', 'nonsense'],
      /^error: unknown command "nonsense" \(commands: play, serve, arena, .*engine, perft, bench/,
    ));
  it('an option named like a prototype', () =>
    expectUsage(['play', 'nim', '--option', '__proto__={"heaps":9}'], /Option "__proto__": unknown option/));
});

describe.concurrent('command line: prototype names typed as moves (issue 14)', () => {
  for (const [game, players] of [
    ['joust', 3],
    ['tournament', 3],
    ['shadows', 3],
  ] as const) {
    it(`${game}: "constructor" and "__proto__" are bad moves, not a crash`, async () => {
      const seats = Array.from({ length: players }, (_, s) => [`--seat${s}`, 'human']).flat();
      const r = await run(
        ['play', game, '--players', String(players), '--seed', '1', '--no-color', ...seats],
        '\nconstructor\n__proto__\nquit\n',
      ); // Enter first: the privacy screen
      expect(r.stderr).not.toMatch(/TypeError|Cannot read properties/);
      expect(r.stdout).not.toMatch(/TypeError|Cannot read properties|Internal error/);
      expect(r.stdout).toMatch(/unknown word "constructor"/);
      expect(r.stdout).toMatch(/unknown word "__proto__"/);
      expect(r.code).toBe(0);
    });
  }
});

describe.concurrent('command line: commands', () => {
  it('perft prints per-depth lines and the count alone on the last line', async () => {
    const r = await run(['perft', 'camelot', '2']);
    expect(r.code).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^perft\(1\) = \d+/);
    expect(lines[lines.length - 1]).toMatch(/^\d+$/);
  });

  it('play with --white/--black bots plays a whole game and prints the outcome', async () => {
    const r = await run(['play', 'camelot', '--white', 'bot-greedy', '--black', 'random', '--seed', '4', '--no-color']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/Game over\. (White wins|Black wins|Draw)/);
    expect(r.stdout).not.toContain('\u001b[');
  });

  it('play reads moves from standard input', async () => {
    const r = await run(['play', 'nim', '--seat1', 'human', '--no-color'], '1-9\n1-3\nquit\n');
    expect(r.stdout).toContain('Heap 1 holds only 3 stones');
    expect(r.stdout).toContain('Player 1 plays 1-3');
    expect(r.code).toBe(0);
  });

  it('bench prints a table for the games asked', async () => {
    const r = await run(['bench', '--games', 'nim', '--seconds', '0.5']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^game\s+playouts\/s/);
    expect(r.stdout).toMatch(/\nnim\s+[\d,]+/);
  });

  it('help exits 0', async () => {
    const r = await run(['--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('engine');
  });

  it('"help <command>" is "<command> --help"', async () => {
    const perft = await run(['help', 'perft']);
    expect(perft.code).toBe(0);
    expect(perft.stdout).toContain('depth');
    const all = await run(['help']);
    expect(all.code).toBe(0);
    expect(all.stdout).toContain('arena');
  });

  it("play GAME --help lists that game's bot levels: book only for Camelot", async () => {
    const [forJoust, forCamelot] = await Promise.all([
      run(['play', 'joust', '--help']),
      run(['play', 'camelot', '--help']),
    ]);
    expect(forJoust.stdout).toContain('Bot levels for joust: random, greedy, easy, medium, strong.');
    expect(forCamelot.stdout).toContain('Bot levels for camelot: random, greedy, easy, medium, strong, book.');
  });
});

describe.concurrent('the rules reference', () => {
  it('prints the rules of a game in English, with our decisions marked', async () => {
    const r = await run(['rules', 'camelot']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Capturing is compulsory');
    expect(r.stdout).toContain('[decision');
  });

  it('and in French', async () => {
    const r = await run(['--lang', 'fr', 'rules', 'camelot']);
    expect(r.stdout).toContain('La prise est obligatoire');
  });

  it('refuses an unknown game', () => expectUsage(['rules', 'chess'], /Unknown game "chess"/));
});
