/**
 * `roundtable play --plain`, for a screen reader, through the real executable with piped input: nothing drawn (no
 * box drawing, no ANSI escape), the bots' moves as lines of words, the questions of each game and of the match
 * answered in sentences, in English and French.
 */
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { foldedWords } from '@roundtable/core';
import { registry } from '../src/games/index.ts';
import { canonicalLine, commandOf } from '../src/play/commands.ts';
import { BIN, ENV } from './fixtures/engine-process.ts';

function run(args: string[], input: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
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

/** Nothing a screen reader reads badly or that means something by its look only. */
function expectPlain(stdout: string): void {
  expect(stdout).not.toMatch(/[\u2500-\u259f]/); // box drawing and blocks
  expect(stdout).not.toMatch(/\u001b/); // ANSI escapes: colour, clearing
  expect(stdout).not.toMatch(/^ *\d+ +[.A-Za-z[\]]( +[.A-Za-z[\]]){5,}/m); // a board row of the drawn board
}

const plain = (game: string, more: string[], input: readonly string[]) =>
  run(['play', game, '--plain', ...more], `${input.join('\n')}\n`);

describe.concurrent('play --plain through the real command', () => {
  it('Camelot: a short game against a bot to its end, the bot’s move and the end told in words', async () => {
    // White to move with a man already on F16 of Black's castle and another on G14: two moves win.
    const position = 'M1/8/5M4/12/12/12/12/12/12/12/12/m10k/12/10/8/2 w 0,0 0 30';
    const r = await plain(
      'camelot',
      ['--position', position, '--seat1', 'easy'],
      ['where', 'square G14', 'G14-G15', 'last', 'turn', 'board', 'G15-G16'],
    );
    expectPlain(r.stdout);
    expect(r.stdout).toContain('White: 2 men on G14 and F16. Black: 1 knight on L5; 1 man on A5.');
    expect(r.stdout).toContain('G14, white man.');
    expect(r.stdout).toContain("White's man moves from G14 to G15.");
    const bot = /^Black's (man|knight) .+\.$/m.exec(r.stdout)?.[0];
    expect(bot).toBeDefined();
    expect(r.stdout.split('\n').filter((l) => l === bot).length).toBeGreaterThanOrEqual(2); // told, then "last"
    expect(r.stdout).toContain('White to move (you).');
    expect(r.stdout).toContain("White's man moves from G15 to G16, into the enemy castle.");
    expect(r.stdout).toMatch(/Game over\. White wins/);
    expect(r.code).toBe(0);
  });

  it('Camelot in French: help lists the questions, a square and a row answered, an unknown word refused', async () => {
    const r = await run(
      ['--lang', 'fr', 'play', 'camelot', '--plain', '--seed', '1'],
      'aide\ncase F6\nrangée 16\nxyzzy\nquitter\n',
    );
    expectPlain(r.stdout);
    expect(r.stdout).toContain('Questions sur le jeu');
    expect(r.stdout).toMatch(/^ {2}case <case> +ce qui occupe une case/m);
    expect(r.stdout).toMatch(/^ {2}plateau +toute la table en mots/m);
    expect(r.stdout).toContain('F6, pion blanc.');
    expect(r.stdout).toContain('Rangée 16 (F16–G16)\u00a0: vide.');
    expect(r.stdout).toMatch(/xyzzy/);
    expect(r.stdout).toContain('Partie abandonnée en cours.');
  });

  it('Lancelot: my knights, the scores, the board in words', async () => {
    const r = await plain(
      'lancelot',
      ['--players', '2', '--seed', '2'],
      ['mine', 'scores', 'board', 'lines K4', 'quit'],
    );
    expectPlain(r.stdout);
    expect(r.stdout).toMatch(/^Red(: \d+ knights? on .+| has no knight on the field)\.$/m);
    expect(r.stdout).toMatch(
      /^Captures: Red 0 \(\d+ left to place\), Blue 0 \(\d+ left to place\)\. 7 captures win\.$/m,
    );
    expect(r.stdout).toMatch(/^K4, .+\. Row 4: .+; Column K: .+\.$/m);
  });

  it('the jousting game in French: my hand, the tokens, the table in words', async () => {
    const r = await run(
      // A greedy bot plays the same under a seed on any machine (the default level thinks for a time, and once
      // withdrew at once on a loaded machine, so that the tokens were not what this test expected).
      ['--lang', 'fr', 'play', 'joust', '--plain', '--seed', '3', '--seat1', 'greedy'],
      'main\njetons\nplateau\ntour\nquitter\n',
    );
    expectPlain(r.stdout);
    expect(r.stdout).toMatch(/^Votre main, \d+ cartes\u00a0: 1, .+\.$/m);
    expect(r.stdout).toMatch(/^Jetons\. Chevalier 0\u00a0: [^;]+\u00a0; Chevalier 1\u00a0: [^.]+\. On gagne/m);
    expect(r.stdout).toMatch(/^Tournoi \d, [^.]+\./m);
    expect(r.stdout).toMatch(/^Chevalier 1 (ouvre|pioche|joue)/m); // the bot's moves, told
    expect(r.stdout).toContain('Au tour de Chevalier 0 (vous).');
    expect(r.stdout).toMatch(/^Tournoi 1\u00a0:$/m); // a heading read as words, French spacing kept
  });

  it('the Tournament: my hand, the combat, life', async () => {
    const r = await plain('tournament', ['--players', '3', '--seed', '4'], ['hand', 'combat', 'life', 'board', 'quit']);
    expectPlain(r.stdout);
    expect(r.stdout).toMatch(/^Your hand, \d+ cards: .+\.$/m);
    expect(r.stdout).toMatch(/^Combat 1 of round 1\./m);
    expect(r.stdout).toMatch(/^Life: Knight 0 400, Knight 1 400, Knight 2 400\./m);
  });

  it('the Chevaliers: my loyalty, the quests, the accusation state', async () => {
    const r = await plain(
      'shadows',
      ['--players', '3', '--seed', '5'],
      ['loyalty', 'quests', 'traitor', 'board', 'quit'],
    );
    expectPlain(r.stdout);
    expect(r.stdout).toMatch(/^You are (loyal to Arthur|the traitor)/m);
    expect(r.stdout).toMatch(/^Black Knight: white .+ Saxons war: \d figures? of 4/m);
    expect(r.stdout).toMatch(/^No traitor has been unmasked\. Accusations open at 6 swords/m);
    expect(r.stdout).toMatch(/^Round Table: \d+ white swords?/m);
  });

  it('--help documents --plain', async () => {
    const r = await run(['play', '--help'], '');
    expect(r.stdout.replace(/\s+/g, ' ')).toMatch(/--plain for a screen reader: no board drawn, no colour/);
    const top = await run(['--help'], '');
    expect(top.stdout.replace(/\s+/g, ' ')).toMatch(/--plain for a screen reader: the menu, then its game in words/);
  });

  it('the menu with --plain (what a newcomer runs): its game is told in words, nothing drawn', async () => {
    // Camelot, a human against the default bot, the default board and ends; then questions in the game.
    const r = await run(['--plain'], 'camelot\nhuman\n\n\n\nturn\nboard\nquit\n');
    expectPlain(r.stdout);
    expect(r.stdout).toContain('White to move (you).');
    expect(r.stdout).toMatch(/^White: \d+ (men|knights)/m);
    // And before a command, as a global flag: the same as play --plain.
    const before = await run(['--plain', 'play', 'camelot', '--seed', '1'], 'turn\nquit\n');
    expectPlain(before.stdout);
    expect(before.stdout).toContain('White to move (you).');
  });
});

describe('the questions never take a word the terminal or a game already reads', () => {
  it('no question word is a terminal command or an adapter’s command', () => {
    for (const game of Object.values(registry.games)) {
      const adapterWords = new Set((registry.adapters[game.id]?.commands ?? []).map((c) => c.usage.split(' ')[0]));
      for (const command of game.speech?.commands ?? [])
        for (const phrase of [...command.words.en, ...command.words.fr]) {
          const first = foldedWords(phrase)[0]!;
          expect(commandOf(first), `${game.id} "${phrase}"`).toBeUndefined();
          expect(canonicalLine(first), `${game.id} "${phrase}"`).toBe(first);
          expect(adapterWords.has(first), `${game.id} "${phrase}"`).toBe(false);
        }
    }
  });
});
