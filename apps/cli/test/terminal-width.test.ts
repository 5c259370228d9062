/**
 * The terminal for a new player (issue 14), through the real `roundtable` executable at 80 columns: no line of
 * a board or table, the hints, the rules, the help or the end screen is wider than the terminal; the end
 * screen names the winner (and, in the Chevaliers, the traitor); French command words are understood; the
 * record of an unfinished game with secrets leaves the seed out; undo stops at a card drawn.
 */
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { games } from '@roundtable/catalog';
import { rulesText } from '../src/terminal/pager.ts';
import { displayWidth } from '../src/terminal/wrap.ts';
import { BIN, ENV } from './fixtures/engine-process.ts';

const WIDTH = 80;

function run(args: string[], input = ''): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], { env: { ...ENV, COLUMNS: String(WIDTH) }, timeout: 60_000 });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(input);
  });
}

/** Lines wider than the terminal, the JSON record excepted (one line on purpose, for copying). */
function tooWide(text: string): string[] {
  return text.split('\n').filter((l) => displayWidth(l) > WIDTH && !l.startsWith('{"game"'));
}

const BOTS: Record<string, { args: string[]; winner: RegExp }> = {
  camelot: { args: ['--white', 'random', '--black', 'random'], winner: /Game over\. (White wins|Black wins|Draw)/ },
  lancelot: {
    args: ['--players', '3', '--seat0', 'random', '--seat1', 'random', '--seat2', 'random'],
    winner: /Game over\. ((Red|Blue|Green) wins|Shared win for (Red|Blue|Green)|Draw)/,
  },
  joust: {
    args: ['--players', '3', '--seat0', 'random', '--seat1', 'random', '--seat2', 'random'],
    winner: /Game over\. Knight \d wins: collected tokens/,
  },
  tournament: {
    args: ['--players', '3', '--seat0', 'random', '--seat1', 'random', '--seat2', 'random'],
    winner: /Game over\. Knight \d( and Knight \d)? wins?: a knight fell to 0 life/,
  },
  shadows: {
    args: ['--players', '4', '--seat0', 'random', '--seat1', 'random', '--seat2', 'random', '--seat3', 'random'],
    winner: /Game over\. (((King Arthur|Sir \w+)(, | and )?)+ wins?|Nobody wins)/,
  },
};

describe.concurrent('every game at 80 columns, bots to the end', () => {
  for (const [game, { args, winner }] of Object.entries(BOTS)) {
    it(`${game}: every screen fits, and the end names the winner`, async () => {
      const r = await run(['play', game, ...args, '--seed', '2', '--no-color']);
      expect(r.code).toBe(0);
      expect(tooWide(r.stdout)).toEqual([]);
      expect(r.stdout).toMatch(winner);
      if (game === 'shadows')
        expect(r.stdout).toMatch(/\n(The traitor was (King Arthur|Sir \w+)\.|There was no traitor at the table\.)\n/);
      // The last board's footer says the game is over, not whose turn it would be.
      if (game === 'camelot')
        expect(
          r.stdout
            .split('\n')
            .filter((l) => l.includes('castle moves'))
            .pop(),
        ).toMatch(/^Game over · move \d+/);
    }, 60_000);
  }
});

/** A person at seat 0 asks for help, hints, the board and the rules, then leaves. */
const HUMAN: Record<string, string[]> = {
  camelot: ['--black', 'random'],
  lancelot: ['--players', '3', '--seat1', 'random', '--seat2', 'random'],
  joust: ['--players', '3', '--seat1', 'random', '--seat2', 'random'],
  tournament: ['--players', '3', '--seat1', 'random', '--seat2', 'random'],
  shadows: ['--players', '4', '--seat1', 'random', '--seat2', 'random', '--seat3', 'random'],
};

/** Half the games are tried in English, half in French; both languages' texts are wrapped the same way. */
const LANG: Record<string, 'en' | 'fr'> = {
  camelot: 'en',
  lancelot: 'fr',
  joust: 'en',
  tournament: 'fr',
  shadows: 'en',
};

describe.concurrent('a person at 80 columns: help, hints, board and rules fit', () => {
  for (const [game, args] of Object.entries(HUMAN)) {
    const lang = LANG[game] ?? 'en';
    it(`${game} (${lang})`, async () => {
      const r = await run(
        ['--lang', lang, 'play', game, ...args, '--seed', '3', '--no-color'],
        'help\nhints\nboard\nrules\nquit\n',
      );
      expect(r.code).toBe(0);
      expect(tooWide(r.stdout)).toEqual([]);
      // The game screen says where help is, in the player's language.
      expect(r.stdout).toContain(
        lang === 'fr' ? 'ou «\u00a0aide\u00a0» pour les commandes' : 'or "help" for the commands',
      );
      expect(r.stdout).toMatch(lang === 'fr' ? /Coups légaux/ : /Legal moves/);
      expect(r.stdout).not.toContain('**');
    }, 60_000);
  }
});

describe('the menu at 80 columns', () => {
  it('lists the option choices one to a line and takes a number for a choice', async () => {
    const r = await run(['--no-color'], 'shadows\n4\nhuman\nrandom\nrandom\nrandom\n2\n\nquit\n');
    expect(tooWide(r.stdout)).toEqual([]);
    expect(r.stdout).toMatch(/\n {4}2\. boxed — /);
    expect(r.stdout).toContain('Who sits at each seat: human, or a bot');
    expect(r.stdout).toContain('Game left unfinished.');
  });
});

describe('the rules at 80 columns', () => {
  it('roundtable rules: Markdown reflowed to $COLUMNS when piped, without colour', async () => {
    const r = await run(['rules', 'shadows']);
    expect(r.code).toBe(0);
    expect(tooWide(r.stdout)).toEqual([]);
    expect(r.stdout).not.toContain('**');
    expect(r.stdout).not.toContain('\u001b[');
  });

  it('every game, in English and French: no line wider than 80, paragraphs joined, list items kept', () => {
    for (const game of Object.values(games)) {
      for (const lang of ['en', 'fr'] as const) {
        const text = rulesText(game, lang, WIDTH, false);
        expect(tooWide(text), `${game.id} ${lang}`).toEqual([]);
        expect(text).not.toContain('**');
        // Reflowed: lines end where the width or the paragraph ends, not where the source broke them.
        const full = text.split('\n').filter((l) => displayWidth(l) >= WIDTH - 15).length;
        expect(full, `${game.id} ${lang}`).toBeGreaterThan(10);
      }
    }
  });
});

describe.concurrent('French command words and synonyms', () => {
  it('"aide", "coups" and "quitter" under --lang fr; the help lists the French words', async () => {
    const r = await run(
      ['--lang', 'fr', 'play', 'camelot', '--black', 'random', '--no-color'],
      'aide\ncoups\nquitter\n',
    );
    expect(r.stdout).toMatch(/\n {2}coups +la liste de vos coups légaux/);
    expect(r.stdout).toMatch(/\n {2}annuler +reprendre votre dernier coup/);
    expect(r.stdout).toContain('Coups légaux (');
    expect(r.stdout).toContain('Partie abandonnée en cours.');
    expect(r.stdout).not.toContain('mot inconnu');
  });

  it('"hint" is read as "hints", and hints are grouped by piece', async () => {
    const r = await run(['play', 'camelot', '--black', 'random', '--no-color'], 'hint\nquit\n');
    expect(r.stdout).toContain('Legal moves (');
    // One line per piece: its square, then where it can go.
    expect(r.stdout).toMatch(/\n {2}[A-L]\d{1,2}: +([A-Lx]\S* ?)+\n/);
    expect(r.stdout).not.toContain('Cannot read the move');
  });
});

describe.concurrent('record and undo in a game with secrets', () => {
  it("the record of an unfinished Chevaliers game is refused, saying why (its seed gives the deal, its moves name face-down cards); Camelot's prints", async () => {
    const secret = await run(
      [
        'play',
        'shadows',
        '--players',
        '4',
        '--seat1',
        'random',
        '--seat2',
        'random',
        '--seat3',
        'random',
        '--seed',
        '3',
        '--no-color',
      ],
      'lay grail\nrecord\nquit\n',
    );
    expect(secret.stdout).toContain('In a game with hidden cards the record waits for the end');
    expect(secret.stdout).not.toContain('{"game"');
    expect(secret.stdout).not.toMatch(/"seed"|"moves"/);
    const open = await run(['play', 'camelot', '--black', 'random', '--seed', '3', '--no-color'], 'record\nquit\n');
    expect(JSON.parse(open.stdout.split('\n').find((l) => l.startsWith('{"game"')) ?? '')).toMatchObject({
      game: 'camelot',
      seed: 3,
    });
  });

  it('undo after drawing a black card is refused, in words, and the game goes on from there', async () => {
    const args = [
      'play',
      'shadows',
      '--players',
      '4',
      '--seat1',
      'random',
      '--seat2',
      'random',
      '--seat3',
      'random',
      '--seed',
      '3',
      '--no-color',
    ];
    const r = await run(args, 'lay grail\npropose 0 1 2 3\nevil black\nundo\nhints\nquit\n');
    expect(r.stdout).toContain('("evil black") cannot be taken back: it revealed what was hidden');
    expect(r.stdout).not.toMatch(/Took back \d+ move/);
    const fr = await run(['--lang', 'fr', ...args], 'lay grail\npropose 0 1 2 3\nevil black\nannuler\nquitter\n');
    expect(fr.stdout).toContain('(«\u00a0evil black\u00a0») ne peut pas être repris');
  });
});
